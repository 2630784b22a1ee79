"""Command line: python3 -m shiftpay EMPLOYEES.csv PUNCHES.csv [--tz ZONE] [--site NAME]"""

import argparse
import sys

from .hours import hours_by_week
from .loader import LoadError, load_employees, load_shifts
from .payroll import run_payroll
from .report import render
from .timeutil import site_zone


def main(argv=None):
    ap = argparse.ArgumentParser(prog="shiftpay")
    ap.add_argument("employees")
    ap.add_argument("punches")
    ap.add_argument("--tz", default="America/Chicago", help="site time zone of the time clock")
    ap.add_argument("--site", default=None, help="only employees of this site")
    ap.add_argument("--week-starts", type=int, default=0, help="0=Monday ... 6=Sunday")
    args = ap.parse_args(argv)

    tz = site_zone(args.tz)
    try:
        employees = load_employees(args.employees)
        if args.site:
            employees = {k: e for k, e in employees.items() if e.site == args.site}
        shifts = load_shifts(args.punches, tz, employees)
    except LoadError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    weekly = hours_by_week(shifts, args.week_starts)
    lines = run_payroll(employees, weekly)
    print(render(lines, args.site or "all"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
