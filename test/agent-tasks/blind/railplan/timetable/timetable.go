// Package timetable loads a working timetable and answers "what leaves
// station X after time T" queries.
package timetable

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Call is one stop of a service.
type Call struct {
	Station string
	Arr     Clock // NoTime at the origin
	Dep     Clock // NoTime at the terminus
}

// Service is one train run.
type Service struct {
	ID       string
	Operator string
	Calls    []Call
}

// Leg is a ride on one service from one of its calls to a later one.
type Leg struct {
	Service *Service
	From    string
	To      string
	Dep     Clock
	Arr     Clock
}

func (l Leg) String() string {
	return fmt.Sprintf("%s %s %s -> %s %s", l.Service.ID, l.Dep, l.From, l.Arr, l.To)
}

// Timetable holds all services and the minimum connection time per station.
type Timetable struct {
	Services  []*Service
	minChange map[string]Clock
	departing map[string][]Leg
}

// DefaultMinChange applies to stations without a "station" line.
const DefaultMinChange Clock = 5

// LoadFile reads a timetable file.
func LoadFile(path string) (*Timetable, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tt, err := Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return tt, nil
}

// Load parses the timetable format:
//
//	station <name> | <min change minutes>
//	service <id> <operator>
//	  <station> | <arr> | <dep>
//	end
func Load(r io.Reader) (*Timetable, error) {
	tt := &Timetable{minChange: map[string]Clock{}, departing: map[string][]Leg{}}
	sc := bufio.NewScanner(r)
	var cur *Service
	lineno := 0
	for sc.Scan() {
		lineno++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		switch {
		case strings.HasPrefix(line, "station "):
			name, mins, ok := strings.Cut(strings.TrimPrefix(line, "station "), "|")
			if !ok {
				return nil, fmt.Errorf("line %d: want 'station NAME | MINUTES'", lineno)
			}
			n, err := strconv.Atoi(strings.TrimSpace(mins))
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", lineno, err)
			}
			tt.minChange[strings.TrimSpace(name)] = Clock(n)
		case strings.HasPrefix(line, "service "):
			if cur != nil {
				return nil, fmt.Errorf("line %d: service %s not closed with 'end'", lineno, cur.ID)
			}
			f := strings.Fields(line)
			if len(f) < 3 {
				return nil, fmt.Errorf("line %d: want 'service ID OPERATOR'", lineno)
			}
			cur = &Service{ID: f[1], Operator: strings.Join(f[2:], " ")}
		case line == "end":
			if cur == nil {
				return nil, fmt.Errorf("line %d: 'end' outside a service", lineno)
			}
			if err := validate(cur); err != nil {
				return nil, fmt.Errorf("line %d: %v", lineno, err)
			}
			tt.Services = append(tt.Services, cur)
			cur = nil
		default:
			if cur == nil {
				return nil, fmt.Errorf("line %d: call outside a service", lineno)
			}
			parts := strings.Split(line, "|")
			if len(parts) != 3 {
				return nil, fmt.Errorf("line %d: want 'STATION | ARR | DEP'", lineno)
			}
			arr, err := ParseClock(parts[1])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", lineno, err)
			}
			dep, err := ParseClock(parts[2])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", lineno, err)
			}
			cur.Calls = append(cur.Calls, Call{Station: strings.TrimSpace(parts[0]), Arr: arr, Dep: dep})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if cur != nil {
		return nil, fmt.Errorf("service %s not closed with 'end'", cur.ID)
	}
	tt.index()
	return tt, nil
}

func validate(s *Service) error {
	if len(s.Calls) < 2 {
		return fmt.Errorf("service %s: needs at least two calls", s.ID)
	}
	last := NoTime
	for i, c := range s.Calls {
		if i > 0 && c.Arr == NoTime {
			return fmt.Errorf("service %s: no arrival time at %s", s.ID, c.Station)
		}
		if i < len(s.Calls)-1 && c.Dep == NoTime {
			return fmt.Errorf("service %s: no departure time at %s", s.ID, c.Station)
		}
		for _, t := range []Clock{c.Arr, c.Dep} {
			if t == NoTime {
				continue
			}
			if t < last {
				return fmt.Errorf("service %s: time goes backwards at %s", s.ID, c.Station)
			}
			last = t
		}
	}
	return nil
}

// index builds, per station, every leg that can be boarded there, ordered by
// departure time and then by arrival time.
func (tt *Timetable) index() {
	for _, s := range tt.Services {
		for i := 0; i < len(s.Calls)-1; i++ {
			from := s.Calls[i]
			for j := i + 1; j < len(s.Calls); j++ {
				to := s.Calls[j]
				tt.departing[from.Station] = append(tt.departing[from.Station], Leg{
					Service: s, From: from.Station, To: to.Station, Dep: from.Dep, Arr: to.Arr,
				})
			}
		}
	}
	for st := range tt.departing {
		legs := tt.departing[st]
		sort.SliceStable(legs, func(a, b int) bool {
			if legs[a].Dep != legs[b].Dep {
				return legs[a].Dep < legs[b].Dep
			}
			return legs[a].Arr < legs[b].Arr
		})
	}
}

// Departures returns the legs boardable at station departing in [from, to].
func (tt *Timetable) Departures(station string, from, to Clock) []Leg {
	legs := tt.departing[station]
	i := sort.Search(len(legs), func(k int) bool { return legs[k].Dep >= from })
	j := i
	for j < len(legs) && legs[j].Dep <= to {
		j++
	}
	return legs[i:j]
}

// MinChange is the minimum connection time at a station.
func (tt *Timetable) MinChange(station string) Clock {
	if m, ok := tt.minChange[station]; ok {
		return m
	}
	return DefaultMinChange
}

// HasStation reports whether any service calls at the station.
func (tt *Timetable) HasStation(name string) bool {
	for _, s := range tt.Services {
		for _, c := range s.Calls {
			if c.Station == name {
				return true
			}
		}
	}
	return false
}
