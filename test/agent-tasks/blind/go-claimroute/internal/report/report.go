// Package report formats routing decisions for the finance inbox.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"example.com/claimroute/internal/expense"
)

// Money formats cents as 1,234.56.
func Money(cents int64) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	whole := fmt.Sprint(cents / 100)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	s := fmt.Sprintf("%s.%02d", b.String(), cents%100)
	if neg {
		s = "-" + s
	}
	return s
}

type approverTotal struct {
	name   string
	claims int
	cents  int64
}

// Write prints one line per claim followed by totals per approver.
func Write(w io.Writer, decisions []expense.Decision) error {
	sorted := append([]expense.Decision(nil), decisions...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Claim.ID < sorted[j].Claim.ID })

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CLAIM\tDATE\tCLAIMANT\tCATEGORY\tAMOUNT\tAPPROVER\tREASON")
	totals := map[string]*approverTotal{}
	for _, d := range sorted {
		approver := "FINANCE REVIEW"
		if d.Approver != nil {
			approver = fmt.Sprintf("%s (%s, %s)", d.Approver.Name, d.Approver.Level, d.Approver.Team)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.Claim.ID, d.Claim.Date.Format("2006-01-02"),
			d.Claimant.Name, d.Claim.Category, Money(d.Claim.AmountCents), approver, d.Reason)
		key := approver
		if d.Approver != nil {
			key = d.Approver.Name
		}
		t := totals[key]
		if t == nil {
			t = &approverTotal{name: key}
			totals[key] = t
		}
		t.claims++
		t.cents += d.Claim.AmountCents
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	list := make([]*approverTotal, 0, len(totals))
	for _, t := range totals {
		list = append(list, t)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].cents != list[j].cents {
			return list[i].cents > list[j].cents
		}
		return list[i].name < list[j].name
	})
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Approver queues")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, t := range list {
		fmt.Fprintf(tw, "  %s\t%d claims\t%s\t\n", t.name, t.claims, Money(t.cents))
	}
	return tw.Flush()
}
