package expense

import (
	"fmt"

	"example.com/claimroute/internal/org"
)

// Policy holds the routing rules from the finance handbook.
type Policy struct {
	// MinLevel is the lowest level allowed to approve a category,
	// regardless of the amount.
	MinLevel map[string]org.Level
	// Escalate moves claims of at least this many cents one level further
	// up than the limit alone would require.
	EscalateCents int64
}

// DefaultPolicy is the policy in force since FY2023.
func DefaultPolicy() Policy {
	return Policy{
		MinLevel: map[string]org.Level{
			"equipment": org.Director,
			"software":  org.Manager,
		},
		EscalateCents: 2_500_000,
	}
}

// Decision is the routing outcome for one claim.
type Decision struct {
	Claim    Claim
	Claimant *org.Employee
	Approver *org.Employee // nil when nobody in the line may approve
	Reason   string
}

// Route picks the approver for every claim.
func Route(dir *org.Directory, p Policy, claims []Claim) ([]Decision, error) {
	out := make([]Decision, 0, len(claims))
	for _, c := range claims {
		who := dir.Get(c.EmployeeID)
		if who == nil {
			return nil, fmt.Errorf("claim %s: unknown employee %s", c.ID, c.EmployeeID)
		}
		d := Decision{Claim: c, Claimant: who}
		d.Approver, d.Reason = p.pick(dir.ApprovalChain(who.ID), c)
		out = append(out, d)
	}
	return out, nil
}

func (p Policy) pick(chain []*org.Employee, c Claim) (*org.Employee, string) {
	min := p.MinLevel[c.Category]
	reason := "line manager"
	for i, m := range chain {
		switch {
		case m.Level < min:
			reason = "category " + c.Category
			continue
		case m.LimitCents < c.AmountCents:
			reason = "over limit"
			continue
		}
		if c.AmountCents >= p.EscalateCents && i+1 < len(chain) {
			return chain[i+1], "escalated"
		}
		return m, reason
	}
	return nil, "no approver in line"
}
