package render

import (
	"testing"

	"github.com/westrail/railplan/planner"
	"github.com/westrail/railplan/timetable"
)

func TestDetailOneChange(t *testing.T) {
	a := &timetable.Service{ID: "1A01", Operator: "North"}
	b := &timetable.Service{ID: "2B02", Operator: "South"}
	it := planner.Itinerary{
		Legs: []timetable.Leg{
			{Service: a, From: "Alpha", To: "Beta", Dep: 480, Arr: 540},
			{Service: b, From: "Beta", To: "Gamma", Dep: 552, Arr: 605},
		},
		Depart: 480, Arrive: 605, Changes: 1,
	}
	want := "08:00 Alpha -> 10:05 Gamma, 2h05, 1 change\n" +
		"  08:00  Alpha                  09:00  Beta                   1A01 (North)\n" +
		"    change at Beta, 12 min\n" +
		"  09:12  Beta                   10:05  Gamma                  2B02 (South)\n"
	if got := Detail(it); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
