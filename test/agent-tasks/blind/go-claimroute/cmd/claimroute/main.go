// Command claimroute assigns an approver to each expense claim.
//
//	claimroute -staff data/staff.csv data/claims.csv
package main

import (
	"flag"
	"fmt"
	"os"

	"example.com/claimroute/internal/expense"
	"example.com/claimroute/internal/org"
	"example.com/claimroute/internal/report"
)

func main() {
	staffPath := flag.String("staff", "data/staff.csv", "staff directory CSV")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: claimroute [-staff FILE] CLAIMS.csv")
		os.Exit(2)
	}
	if err := run(*staffPath, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "claimroute:", err)
		os.Exit(1)
	}
}

func run(staffPath, claimsPath string) error {
	sf, err := os.Open(staffPath)
	if err != nil {
		return err
	}
	defer sf.Close()
	dir, err := org.Load(sf)
	if err != nil {
		return err
	}

	cf, err := os.Open(claimsPath)
	if err != nil {
		return err
	}
	defer cf.Close()
	claims, err := expense.LoadClaims(cf)
	if err != nil {
		return err
	}

	decisions, err := expense.Route(dir, expense.DefaultPolicy(), claims)
	if err != nil {
		return err
	}
	return report.Write(os.Stdout, decisions)
}
