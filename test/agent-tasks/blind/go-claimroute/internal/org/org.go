// Package org loads the staff directory and answers reporting-line questions.
package org

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Level is a position in the management hierarchy.
type Level int

const (
	IC Level = iota
	Manager
	Director
	VP
	Executive
)

func (l Level) String() string {
	switch l {
	case IC:
		return "IC"
	case Manager:
		return "Mgr"
	case Director:
		return "Dir"
	case VP:
		return "VP"
	case Executive:
		return "Exec"
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

func parseLevel(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "ic":
		return IC, nil
	case "mgr", "manager":
		return Manager, nil
	case "dir", "director":
		return Director, nil
	case "vp":
		return VP, nil
	case "exec", "executive":
		return Executive, nil
	}
	return 0, fmt.Errorf("unknown level %q", s)
}

// Employee is one row of the staff directory.
type Employee struct {
	ID        string
	Name      string
	ManagerID string
	Team      string
	Level     Level
	// LimitCents is the largest single claim this person may approve.
	LimitCents int64
}

// Directory is the loaded staff directory.
type Directory struct {
	byID    map[string]*Employee
	reports map[string][]string // manager ID -> direct report IDs, file order
	rootID  string
	chains  map[string][]string // employee ID -> IDs from the top down to the direct manager
}

// Load reads "id,name,manager_id,team,level,approval_limit" rows.
func Load(r io.Reader) (*Directory, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	d := &Directory{byID: map[string]*Employee{}, reports: map[string][]string{}}
	for i, row := range rows {
		if i == 0 && row[0] == "id" {
			continue
		}
		if len(row) != 6 {
			return nil, fmt.Errorf("staff line %d: want 6 fields, got %d", i+1, len(row))
		}
		lvl, err := parseLevel(row[4])
		if err != nil {
			return nil, fmt.Errorf("staff line %d: %v", i+1, err)
		}
		limit, err := strconv.ParseInt(row[5], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("staff line %d: bad approval limit %q", i+1, row[5])
		}
		e := &Employee{ID: row[0], Name: row[1], ManagerID: row[2], Team: row[3], Level: lvl, LimitCents: limit * 100}
		if _, dup := d.byID[e.ID]; dup {
			return nil, fmt.Errorf("staff line %d: duplicate id %s", i+1, e.ID)
		}
		d.byID[e.ID] = e
		if e.ManagerID == "" {
			if d.rootID != "" {
				return nil, fmt.Errorf("staff line %d: second top-level employee %s", i+1, e.ID)
			}
			d.rootID = e.ID
		} else {
			d.reports[e.ManagerID] = append(d.reports[e.ManagerID], e.ID)
		}
	}
	if d.rootID == "" {
		return nil, fmt.Errorf("staff: no top-level employee")
	}
	for id, e := range d.byID {
		if e.ManagerID != "" && d.byID[e.ManagerID] == nil {
			return nil, fmt.Errorf("staff: %s reports to unknown %s", id, e.ManagerID)
		}
	}
	return d, nil
}

// Get returns the employee with the given ID, or nil.
func (d *Directory) Get(id string) *Employee {
	return d.byID[id]
}

// Size is the number of employees.
func (d *Directory) Size() int {
	return len(d.byID)
}
