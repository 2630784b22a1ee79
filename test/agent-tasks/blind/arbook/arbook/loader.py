"""Loads a ledger directory: clients.csv, invoices.csv, payments.csv,
calendars.csv and the holiday files it names."""

import csv
import os
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Dict, List

from workcal import WorkCalendar, load_holidays

from .models import Client, Invoice, Payment
from .terms import parse_terms


class LedgerError(ValueError):
    pass


@dataclass
class Ledger:
    clients: Dict[str, Client] = field(default_factory=dict)
    invoices: List[Invoice] = field(default_factory=list)
    calendars: Dict[str, WorkCalendar] = field(default_factory=dict)

    def calendar_for(self, client: Client) -> WorkCalendar:
        try:
            return self.calendars[client.country]
        except KeyError:
            raise LedgerError("no calendar for country %s (client %s)" % (client.country, client.id))

    def invoices_of(self, client_id: str) -> List[Invoice]:
        return sorted((i for i in self.invoices if i.client_id == client_id),
                      key=lambda i: (i.issued, i.number))


def _money(text: str, where: str) -> Decimal:
    try:
        return Decimal(text.replace(",", "").strip())
    except InvalidOperation:
        raise LedgerError("%s: bad amount %r" % (where, text)) from None


def _date(text: str, where: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise LedgerError("%s: bad date %r" % (where, text)) from None


def _rows(path: str, required):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(row for row in fh if not row.startswith("#"))
        missing = set(required) - set(reader.fieldnames or ())
        if missing:
            raise LedgerError("%s: missing columns %s" % (path, ", ".join(sorted(missing))))
        for n, row in enumerate(reader, 2):
            yield "%s:%d" % (os.path.basename(path), n), row


def load_calendars(directory: str) -> Dict[str, WorkCalendar]:
    calendars = {}
    path = os.path.join(directory, "calendars.csv")
    for where, row in _rows(path, ("country", "holidays", "weekend")):
        weekend = [int(d) for d in row["weekend"].split()] if row["weekend"].strip() else None
        holidays = load_holidays(os.path.join(directory, row["holidays"].strip()))
        calendars[row["country"].strip()] = WorkCalendar(holidays, weekend=weekend,
                                                         name=row["country"].strip())
    return calendars


def load_ledger(directory: str) -> Ledger:
    ledger = Ledger(calendars=load_calendars(directory))

    for where, row in _rows(os.path.join(directory, "clients.csv"),
                            ("id", "name", "country", "terms", "annual_rate")):
        parse_terms(row["terms"])  # fail early on bad terms
        client = Client(
            id=row["id"].strip(),
            name=row["name"].strip(),
            country=row["country"].strip(),
            terms=row["terms"].strip(),
            annual_rate=_money(row["annual_rate"], where),
        )
        if client.id in ledger.clients:
            raise LedgerError("%s: duplicate client %s" % (where, client.id))
        ledger.clients[client.id] = client

    by_number = {}
    for where, row in _rows(os.path.join(directory, "invoices.csv"),
                            ("number", "client", "issued", "amount", "currency")):
        inv = Invoice(
            number=row["number"].strip(),
            client_id=row["client"].strip(),
            issued=_date(row["issued"], where),
            amount=_money(row["amount"], where),
            currency=row["currency"].strip(),
            disputed=row.get("disputed", "").strip().lower() in ("y", "yes", "1", "true"),
        )
        if inv.client_id not in ledger.clients:
            raise LedgerError("%s: unknown client %s" % (where, inv.client_id))
        if inv.number in by_number:
            raise LedgerError("%s: duplicate invoice %s" % (where, inv.number))
        by_number[inv.number] = inv
        ledger.invoices.append(inv)

    pay_path = os.path.join(directory, "payments.csv")
    if os.path.exists(pay_path):
        for where, row in _rows(pay_path, ("invoice", "date", "amount")):
            inv = by_number.get(row["invoice"].strip())
            if inv is None:
                raise LedgerError("%s: payment for unknown invoice %s" % (where, row["invoice"]))
            inv.payments.append(Payment(_date(row["date"], where), _money(row["amount"], where)))

    return ledger
