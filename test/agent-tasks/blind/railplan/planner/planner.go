// Package planner finds journeys through a timetable.
package planner

import (
	"errors"
	"fmt"
	"sort"

	"github.com/westrail/railplan/timetable"
)

// Options bound the search.
type Options struct {
	MaxLegs int             // trains per journey, i.e. changes+1
	MaxWait timetable.Clock // longest wait for a connection
	Limit   int             // journeys to return
}

// DefaultOptions are what the command line uses.
var DefaultOptions = Options{MaxLegs: 5, MaxWait: 120, Limit: 5}

// Itinerary is one journey.
type Itinerary struct {
	Legs    []timetable.Leg
	Depart  timetable.Clock
	Arrive  timetable.Clock
	Changes int
}

// Duration is the door-to-door time from first departure to final arrival.
func (it Itinerary) Duration() timetable.Clock {
	return it.Arrive - it.Depart
}

// Via lists the stations where the traveller changes trains.
func (it Itinerary) Via() []string {
	var via []string
	for _, l := range it.Legs[:len(it.Legs)-1] {
		via = append(via, l.To)
	}
	return via
}

// ErrUnknownStation is returned when origin or destination is not served.
var ErrUnknownStation = errors.New("unknown station")

type search struct {
	tt      *timetable.Timetable
	dest    string
	opt     Options
	visited map[string]bool
	found   []Itinerary
}

// Plan returns up to opt.Limit journeys from origin to dest leaving at or
// after `after`, best first: earliest arrival, then fewest changes, then
// latest departure.
func Plan(tt *timetable.Timetable, origin, dest string, after timetable.Clock, opt Options) ([]Itinerary, error) {
	for _, st := range []string{origin, dest} {
		if !tt.HasStation(st) {
			return nil, fmt.Errorf("%w: %q", ErrUnknownStation, st)
		}
	}
	if origin == dest {
		return nil, fmt.Errorf("origin and destination are both %q", origin)
	}
	if opt.MaxLegs <= 0 {
		opt.MaxLegs = DefaultOptions.MaxLegs
	}
	if opt.MaxWait <= 0 {
		opt.MaxWait = DefaultOptions.MaxWait
	}
	s := &search{tt: tt, dest: dest, opt: opt, visited: map[string]bool{origin: true}}

	// The first train may be any within the wait window of `after`.
	for _, leg := range tt.Departures(origin, after, after+opt.MaxWait) {
		s.ride(nil, leg)
	}

	s.found = dropDominated(s.found)
	sort.SliceStable(s.found, func(i, j int) bool {
		a, b := s.found[i], s.found[j]
		if a.Arrive != b.Arrive {
			return a.Arrive < b.Arrive
		}
		if a.Changes != b.Changes {
			return a.Changes < b.Changes
		}
		return a.Depart > b.Depart
	})
	if opt.Limit > 0 && len(s.found) > opt.Limit {
		s.found = s.found[:opt.Limit]
	}
	return s.found, nil
}

// ride extends the journey so far with one more leg and keeps searching
// from where that leg ends.
func (s *search) ride(sofar []timetable.Leg, leg timetable.Leg) {
	if s.visited[leg.To] {
		return
	}
	path := append(sofar, leg)
	if leg.To == s.dest {
		s.found = append(s.found, newItinerary(path))
		return
	}
	if len(path) >= s.opt.MaxLegs {
		return
	}

	s.visited[leg.To] = true
	defer delete(s.visited, leg.To)

	ready := leg.Arr + s.tt.MinChange(leg.To)
	for _, next := range s.tt.Departures(leg.To, ready, ready+s.opt.MaxWait) {
		if next.Service == leg.Service {
			continue // staying on board is not a change
		}
		s.ride(path, next)
	}
}

func newItinerary(legs []timetable.Leg) Itinerary {
	return Itinerary{
		Legs:    legs,
		Depart:  legs[0].Dep,
		Arrive:  legs[len(legs)-1].Arr,
		Changes: len(legs) - 1,
	}
}

// dropDominated removes journeys for which another journey leaves no
// earlier, arrives no later and changes no more often; of identical
// (depart, arrive, changes) journeys the first found is kept.
func dropDominated(all []Itinerary) []Itinerary {
	var keep []Itinerary
	for i, a := range all {
		dominated := false
		for j, b := range all {
			if i == j {
				continue
			}
			if b.Depart >= a.Depart && b.Arrive <= a.Arrive && b.Changes <= a.Changes {
				same := b.Depart == a.Depart && b.Arrive == a.Arrive && b.Changes == a.Changes
				if !same || j < i {
					dominated = true
					break
				}
			}
		}
		if !dominated {
			keep = append(keep, a)
		}
	}
	return keep
}
