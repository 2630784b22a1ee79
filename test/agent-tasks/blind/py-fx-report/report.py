#!/usr/bin/env python3
"""Print monthly revenue converted to one reporting currency.

usage: report.py [--currency EUR] [--base EUR] INVOICES.csv RATES_DIR
"""
import argparse
import sys

from ledger.invoices import load_invoices
from ledger.rates import RateBook
from ledger.report import monthly_report, render


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("invoices")
    ap.add_argument("rates_dir")
    ap.add_argument("--currency", default="EUR", help="reporting currency")
    ap.add_argument("--base", default="EUR", help="base currency of the rate files")
    args = ap.parse_args(argv)

    invoices = load_invoices(args.invoices)
    book = RateBook(args.rates_dir, args.base)
    try:
        summaries = monthly_report(invoices, book, args.currency.upper())
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 1
    print(render(summaries, args.currency.upper()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
