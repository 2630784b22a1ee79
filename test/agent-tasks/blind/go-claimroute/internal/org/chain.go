package org

// buildChains records, for every employee, the management line above them.
// The directory is walked once from the top down.
func (d *Directory) buildChains() {
	d.chains = make(map[string][]string, len(d.byID))
	d.walk(d.rootID, nil, 0)
}

func (d *Directory) walk(id string, above []string, depth int) {
	if depth > len(d.byID) {
		return // cycle guard; Load already rejects unknown managers
	}
	d.chains[id] = above
	line := append(above, id)
	for _, r := range d.reports[id] {
		d.walk(r, line, depth+1)
	}
}

// ApprovalChain returns the managers of id, nearest first, ending with the
// top of the organisation. It is empty for the top-level employee.
func (d *Directory) ApprovalChain(id string) []*Employee {
	if d.chains == nil {
		d.buildChains()
	}
	above := d.chains[id]
	out := make([]*Employee, 0, len(above))
	for i := len(above) - 1; i >= 0; i-- {
		out = append(out, d.byID[above[i]])
	}
	return out
}

// Manager returns the direct manager of id, or nil for the top-level employee.
func (d *Directory) Manager(id string) *Employee {
	if c := d.ApprovalChain(id); len(c) > 0 {
		return c[0]
	}
	return nil
}
