// Package render formats journeys for the terminal.
package render

import (
	"fmt"
	"strings"

	"github.com/westrail/railplan/planner"
)

// Summary is a one-line description: "06:40 Inverness -> 21:42 Penzance, 15h02, 3 changes".
func Summary(it planner.Itinerary) string {
	first, last := it.Legs[0], it.Legs[len(it.Legs)-1]
	changes := "direct"
	switch it.Changes {
	case 0:
	case 1:
		changes = "1 change"
	default:
		changes = fmt.Sprintf("%d changes", it.Changes)
	}
	return fmt.Sprintf("%s %s -> %s %s, %s, %s",
		it.Depart, first.From, it.Arrive, last.To, it.Duration().Duration(), changes)
}

// Detail lists every leg and the connection time between legs.
func Detail(it planner.Itinerary) string {
	var b strings.Builder
	b.WriteString(Summary(it))
	b.WriteByte('\n')
	for i, l := range it.Legs {
		if i > 0 {
			wait := l.Dep - it.Legs[i-1].Arr
			fmt.Fprintf(&b, "    change at %s, %d min\n", l.From, int(wait))
		}
		fmt.Fprintf(&b, "  %s  %-22s %s  %-22s %s (%s)\n",
			l.Dep, l.From, l.Arr, l.To, l.Service.ID, l.Service.Operator)
	}
	return b.String()
}
