package planner_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/westrail/railplan/planner"
	"github.com/westrail/railplan/render"
	"github.com/westrail/railplan/timetable"
)

func load(t *testing.T) *timetable.Timetable {
	t.Helper()
	tt, err := timetable.LoadFile(filepath.Join("..", "data", "weekday.tt"))
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

func plan(t *testing.T, from, to, after string, opt planner.Options) []planner.Itinerary {
	t.Helper()
	its, err := planner.Plan(load(t), from, to, timetable.MustClock(after), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(its) == 0 {
		t.Fatalf("no journeys %s -> %s after %s", from, to, after)
	}
	return its
}

func services(it planner.Itinerary) []string {
	var ids []string
	for _, l := range it.Legs {
		ids = append(ids, l.Service.ID)
	}
	return ids
}

func TestDirectTrain(t *testing.T) {
	best := plan(t, "Inverness", "Perth", "06:00", planner.DefaultOptions)[0]
	if got := render.Summary(best); got != "06:40 Inverness -> 08:43 Perth, 2h03, direct" {
		t.Errorf("summary = %q", got)
	}
}

func TestOneChangeTakesLaterFasterTrain(t *testing.T) {
	best := plan(t, "Perth", "Birmingham New Street", "08:00", planner.DefaultOptions)[0]
	if want := []string{"1B20", "1M08"}; !reflect.DeepEqual(services(best), want) {
		t.Errorf("services = %v, want %v", services(best), want)
	}
	if best.Depart.String() != "09:10" || best.Arrive.String() != "15:05" {
		t.Errorf("got %s -> %s, want 09:10 -> 15:05", best.Depart, best.Arrive)
	}
}

func TestMinimumConnectionTime(t *testing.T) {
	// 1B20 reaches Edinburgh at 10:35; 1V60 leaves at 10:38 but Edinburgh
	// needs 10 minutes, so the next Leeds train is 1V64.
	best := plan(t, "Perth", "Leeds", "09:00", planner.DefaultOptions)[0]
	if best.Arrive.String() != "15:08" {
		t.Errorf("arrive %s, want 15:08 (%v)", best.Arrive, services(best))
	}
	if want := []string{"1B20", "1V64"}; !reflect.DeepEqual(services(best), want) {
		t.Errorf("services = %v, want %v", services(best), want)
	}
}

func TestTwoChanges(t *testing.T) {
	best := plan(t, "Pitlochry", "Bristol Temple Meads", "08:00", planner.DefaultOptions)[0]
	if want := []string{"Edinburgh", "Birmingham New Street"}; !reflect.DeepEqual(best.Via(), want) {
		t.Errorf("via = %v, want %v", best.Via(), want)
	}
	if want := []string{"1S11", "1V60", "1V25"}; !reflect.DeepEqual(services(best), want) {
		t.Errorf("services = %v, want %v", services(best), want)
	}
	if got := render.Summary(best); got != "08:13 Pitlochry -> 17:16 Bristol Temple Meads, 9h03, 2 changes" {
		t.Errorf("summary = %q", got)
	}
}

func TestMaxTrains(t *testing.T) {
	opt := planner.DefaultOptions
	opt.MaxLegs = 2
	its := plan(t, "Inverness", "Penzance", "06:00", opt)
	for _, it := range its {
		if len(it.Legs) > 2 {
			t.Errorf("journey with %d trains: %v", len(it.Legs), services(it))
		}
	}
	if got := render.Summary(its[0]); got != "06:40 Inverness -> 22:40 Penzance, 16h00, 1 change" {
		t.Errorf("summary = %q", got)
	}
}

func TestInvernessToPenzance(t *testing.T) {
	its := plan(t, "Inverness", "Penzance", "06:00", planner.DefaultOptions)
	want := `06:40 Inverness -> 21:42 Penzance, 15h02, 3 changes
  06:40  Inverness              10:15  Edinburgh              1S11 (ScotRail)
    change at Edinburgh, 23 min
  10:38  Edinburgh              15:38  Birmingham New Street  1V60 (CrossCountry)
    change at Birmingham New Street, 17 min
  15:55  Birmingham New Street  17:16  Bristol Temple Meads   1V25 (CrossCountry)
    change at Bristol Temple Meads, 16 min
  17:32  Bristol Temple Meads   21:42  Penzance               1C88 (GWR)
`
	if got := render.Detail(its[0]); got != want {
		t.Errorf("best journey:\n%s\nwant:\n%s", got, want)
	}
	if len(its) < 2 || render.Summary(its[1]) != "06:40 Inverness -> 22:40 Penzance, 16h00, 1 change" {
		t.Errorf("second journey missing or wrong")
	}
}

func TestUnknownStation(t *testing.T) {
	_, err := planner.Plan(load(t), "Inverness", "Truro", timetable.MustClock("06:00"), planner.DefaultOptions)
	if !errors.Is(err, planner.ErrUnknownStation) {
		t.Errorf("err = %v, want ErrUnknownStation", err)
	}
}

func TestNothingAfterLastTrain(t *testing.T) {
	its, err := planner.Plan(load(t), "Inverness", "Edinburgh", timetable.MustClock("20:00"), planner.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if len(its) != 0 {
		t.Errorf("got %d journeys, want none", len(its))
	}
}
