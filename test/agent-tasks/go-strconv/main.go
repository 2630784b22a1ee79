// Reads a small key = value configuration and prints a meeting time in the office's local time.
package main

import (
	"fmt"
	"strings"

	"example.com/tzconfig/internal/strconv"
)

const configText = `
office = Bangalore
utc_offset_minutes = +330
meeting_utc = 540
`

type Config struct {
	Office     string
	Offset     int // minutes east of UTC
	MeetingUTC int // minutes after midnight, UTC
}

func parseValue(key, value string) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", key, err)
	}
	return n, nil
}

func parseLine(config *Config, line string) error {
	key, value, found := strings.Cut(line, "=")
	if !found {
		return nil
	}
	key, value = strings.TrimSpace(key), strings.TrimSpace(value)
	var err error
	switch key {
	case "office":
		config.Office = value
	case "utc_offset_minutes":
		config.Offset, err = parseValue(key, value)
	case "meeting_utc":
		config.MeetingUTC, err = parseValue(key, value)
	}
	return err
}

func loadConfig(text string) (Config, error) {
	var config Config
	for _, line := range strings.Split(text, "\n") {
		if err := parseLine(&config, line); err != nil {
			return config, err
		}
	}
	return config, nil
}

func clock(minutes int) string {
	minutes = ((minutes % 1440) + 1440) % 1440
	return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60)
}

func main() {
	config, err := loadConfig(configText)
	if err != nil {
		fmt.Println("config:", err)
		return
	}
	local := config.MeetingUTC + config.Offset
	fmt.Printf("meeting at %s UTC is %s in %s\n", clock(config.MeetingUTC), clock(local), config.Office)
}
