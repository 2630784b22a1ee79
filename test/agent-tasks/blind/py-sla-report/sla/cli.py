"""python -m sla.cli CONFIG TICKETS --now 2024-12-02T10:00"""

import argparse
import json
from datetime import datetime

from .models import load_tickets
from .policy import load_config
from .report import weekly_report


def main(argv=None):
    ap = argparse.ArgumentParser(description="Weekly SLA report")
    ap.add_argument("config")
    ap.add_argument("tickets")
    ap.add_argument("--now", required=True, type=datetime.fromisoformat)
    args = ap.parse_args(argv)
    config = load_config(args.config)
    with open(args.tickets, encoding="utf-8") as fh:
        tickets = load_tickets(json.load(fh))
    print(weekly_report(tickets, config, args.now).render())


if __name__ == "__main__":
    main()
