// Command railplan prints the best train journeys between two stations.
//
//	railplan -tt data/weekday.tt -from Inverness -to Penzance -after 06:00
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/westrail/railplan/planner"
	"github.com/westrail/railplan/render"
	"github.com/westrail/railplan/timetable"
)

func main() {
	ttPath := flag.String("tt", "data/weekday.tt", "timetable file")
	from := flag.String("from", "", "origin station")
	to := flag.String("to", "", "destination station")
	after := flag.String("after", "06:00", "leave at or after HH:MM")
	maxLegs := flag.Int("max-trains", planner.DefaultOptions.MaxLegs, "most trains per journey")
	limit := flag.Int("n", planner.DefaultOptions.Limit, "journeys to show")
	flag.Parse()

	if *from == "" || *to == "" {
		fmt.Fprintln(os.Stderr, "railplan: -from and -to are required")
		os.Exit(2)
	}
	t, err := timetable.ParseClock(*after)
	if err != nil {
		fmt.Fprintln(os.Stderr, "railplan:", err)
		os.Exit(2)
	}
	tt, err := timetable.LoadFile(*ttPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "railplan:", err)
		os.Exit(1)
	}
	opt := planner.DefaultOptions
	opt.MaxLegs = *maxLegs
	opt.Limit = *limit
	its, err := planner.Plan(tt, *from, *to, t, opt)
	if err != nil {
		fmt.Fprintln(os.Stderr, "railplan:", err)
		os.Exit(1)
	}
	if len(its) == 0 {
		fmt.Printf("No journeys from %s to %s after %s.\n", *from, *to, t)
		return
	}
	for i, it := range its {
		if i > 0 {
			fmt.Println()
		}
		fmt.Printf("%d. %s", i+1, render.Detail(it))
	}
}
