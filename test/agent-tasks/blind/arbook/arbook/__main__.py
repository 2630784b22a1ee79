"""python3 -m arbook LEDGER_DIR --as-of YYYY-MM-DD"""

import argparse
import sys
from datetime import date

from .loader import LedgerError, load_ledger
from .statement import build_statement, render


def main(argv=None):
    ap = argparse.ArgumentParser(prog="arbook", description="Aged receivables statement")
    ap.add_argument("ledger", help="ledger directory (clients.csv, invoices.csv, ...)")
    ap.add_argument("--as-of", required=True, type=date.fromisoformat,
                    help="statement date, YYYY-MM-DD")
    args = ap.parse_args(argv)
    try:
        ledger = load_ledger(args.ledger)
    except (OSError, LedgerError, ValueError) as exc:
        print("arbook: %s" % exc, file=sys.stderr)
        return 1
    sys.stdout.write(render(build_statement(ledger, args.as_of)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
