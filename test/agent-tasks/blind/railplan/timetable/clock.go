package timetable

import (
	"fmt"
	"strconv"
	"strings"
)

// Clock is a time of the service day in minutes after midnight. Values of
// 24:00 and later are allowed for trains that run past midnight.
type Clock int

// NoTime marks a missing arrival (at an origin) or departure (at a terminus).
const NoTime Clock = -1

// ParseClock parses "HH:MM". A lone "-" is NoTime.
func ParseClock(s string) (Clock, error) {
	s = strings.TrimSpace(s)
	if s == "-" || s == "" {
		return NoTime, nil
	}
	hh, mm, ok := strings.Cut(s, ":")
	if !ok || len(mm) != 2 {
		return 0, fmt.Errorf("bad time %q: want HH:MM", s)
	}
	h, err := strconv.Atoi(hh)
	if err != nil || h < 0 || h > 29 {
		return 0, fmt.Errorf("bad hour in %q", s)
	}
	m, err := strconv.Atoi(mm)
	if err != nil || m < 0 || m > 59 {
		return 0, fmt.Errorf("bad minute in %q", s)
	}
	return Clock(h*60 + m), nil
}

// MustClock is ParseClock for constants; it panics on bad input.
func MustClock(s string) Clock {
	c, err := ParseClock(s)
	if err != nil {
		panic(err)
	}
	return c
}

func (c Clock) String() string {
	if c == NoTime {
		return "--:--"
	}
	return fmt.Sprintf("%02d:%02d", int(c)/60, int(c)%60)
}

// Minutes renders a duration as "4h05".
func (c Clock) Duration() string {
	return fmt.Sprintf("%dh%02d", int(c)/60, int(c)%60)
}
