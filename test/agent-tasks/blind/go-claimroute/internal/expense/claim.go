// Package expense parses expense claims and decides who has to approve them.
package expense

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Claim is one submitted expense claim.
type Claim struct {
	ID          string
	EmployeeID  string
	Date        time.Time
	Category    string
	AmountCents int64
	Note        string
}

// ParseAmount converts "1234.5" / "1,234.50" / "12" into cents.
func ParseAmount(s string) (int64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" {
		whole = "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 {
		return 0, fmt.Errorf("bad amount %q", s)
	}
	var f int64
	if hasFrac {
		if len(frac) == 0 || len(frac) > 2 {
			return 0, fmt.Errorf("bad amount %q", s)
		}
		if len(frac) == 1 {
			frac += "0"
		}
		f, err = strconv.ParseInt(frac, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("bad amount %q", s)
		}
	}
	return w*100 + f, nil
}

// LoadClaims reads "claim_id,employee_id,date,category,amount,note" rows.
func LoadClaims(r io.Reader) ([]Claim, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	var out []Claim
	for i, row := range rows {
		if i == 0 && row[0] == "claim_id" {
			continue
		}
		if len(row) < 5 {
			return nil, fmt.Errorf("claims line %d: want at least 5 fields", i+1)
		}
		date, err := time.Parse("2006-01-02", row[2])
		if err != nil {
			return nil, fmt.Errorf("claims line %d: %v", i+1, err)
		}
		amt, err := ParseAmount(row[4])
		if err != nil {
			return nil, fmt.Errorf("claims line %d: %v", i+1, err)
		}
		c := Claim{ID: row[0], EmployeeID: row[1], Date: date, Category: strings.ToLower(row[3]), AmountCents: amt}
		if len(row) > 5 {
			c.Note = row[5]
		}
		out = append(out, c)
	}
	return out, nil
}
