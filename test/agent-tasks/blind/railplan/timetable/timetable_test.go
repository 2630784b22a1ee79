package timetable

import (
	"strings"
	"testing"
)

func TestParseClock(t *testing.T) {
	cases := []struct {
		in   string
		want Clock
		ok   bool
	}{
		{"06:40", 400, true},
		{"00:00", 0, true},
		{"24:10", 1450, true},
		{"-", NoTime, true},
		{"7:05", 425, true},
		{"07:5", 0, false},
		{"07:60", 0, false},
		{"x7:00", 0, false},
		{"0700", 0, false},
	}
	for _, c := range cases {
		got, err := ParseClock(c.in)
		if (err == nil) != c.ok {
			t.Errorf("ParseClock(%q) error = %v, want ok=%v", c.in, err, c.ok)
			continue
		}
		if c.ok && got != c.want {
			t.Errorf("ParseClock(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestClockString(t *testing.T) {
	if s := MustClock("09:05").String(); s != "09:05" {
		t.Errorf("got %q", s)
	}
	if s := Clock(902).Duration(); s != "15h02" {
		t.Errorf("got %q", s)
	}
}

const small = `
station A | 4
service X1 Test Rail
  A | -     | 08:00
  B | 08:30 | 08:32
  C | 09:00 | -
end
service X2 Test Rail
  A | -     | 08:00
  C | 08:50 | -
end
service X3 Test Rail
  B | -     | 09:10
  C | 09:40 | -
end
`

func TestLoadAndDepartures(t *testing.T) {
	tt, err := Load(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	if len(tt.Services) != 3 {
		t.Fatalf("services = %d", len(tt.Services))
	}
	legs := tt.Departures("A", MustClock("07:00"), MustClock("09:00"))
	var got []string
	for _, l := range legs {
		got = append(got, l.String())
	}
	want := []string{
		"X1 08:00 A -> 08:30 B",
		"X2 08:00 A -> 08:50 C",
		"X1 08:00 A -> 09:00 C",
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("departures from A:\n got %v\nwant %v", got, want)
	}
	if n := len(tt.Departures("B", MustClock("08:33"), MustClock("09:00"))); n != 0 {
		t.Errorf("B 08:33-09:00: %d legs, want 0", n)
	}
	if tt.MinChange("A") != 4 || tt.MinChange("B") != DefaultMinChange {
		t.Errorf("min change A=%d B=%d", tt.MinChange("A"), tt.MinChange("B"))
	}
}

func TestLoadRejectsBadServices(t *testing.T) {
	bad := map[string]string{
		"backwards": "service Z1 R\n A | - | 10:00\n B | 09:50 | -\nend\n",
		"one call":  "service Z1 R\n A | - | 10:00\nend\n",
		"unclosed":  "service Z1 R\n A | - | 10:00\n B | 10:50 | -\n",
		"no arr":    "service Z1 R\n A | - | 10:00\n B | - | 11:00\n C | 11:30 | -\nend\n",
	}
	for name, src := range bad {
		if _, err := Load(strings.NewReader(src)); err == nil {
			t.Errorf("%s: Load succeeded, want error", name)
		}
	}
}
