"""Aging of open invoices in working days, and contractual late interest."""

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Optional

from .models import CENT, Client, Invoice
from .terms import parse_terms

# Working days per year used to turn an annual rate into a daily one.
WORKDAYS_PER_YEAR = 252

BUCKETS = (
    ("current", 0, 0),
    ("1-5", 1, 5),
    ("6-20", 6, 20),
    ("21-40", 21, 40),
    ("41+", 41, None),
)


def bucket_for(days_overdue: int) -> str:
    for name, lo, hi in BUCKETS:
        if days_overdue >= lo and (hi is None or days_overdue <= hi):
            return name
    raise ValueError("negative days overdue: %d" % days_overdue)


@dataclass(frozen=True)
class AgingLine:
    number: str
    client_id: str
    currency: str
    issued: date
    due: date
    days_overdue: int     # working days in the client's calendar
    bucket: str
    balance: Decimal
    interest: Decimal
    disputed: bool


def late_interest(balance: Decimal, annual_rate: Decimal, days_overdue: int) -> Decimal:
    if days_overdue <= 0 or annual_rate <= 0 or balance <= 0:
        return Decimal("0.00")
    raw = balance * annual_rate * days_overdue / WORKDAYS_PER_YEAR
    return raw.quantize(CENT, rounding=ROUND_HALF_UP)


def age_invoice(inv: Invoice, client: Client, cal, as_of: date) -> Optional[AgingLine]:
    """The aging line for an invoice as of a date, or None if nothing is owed."""
    if inv.issued > as_of:
        return None
    balance = inv.balance(as_of)
    if balance <= 0:
        return None
    due = parse_terms(client.terms).due_date(inv.issued, cal)
    days = max(0, cal.workdays_between(due, as_of))
    interest = Decimal("0.00") if inv.disputed else late_interest(balance, client.annual_rate, days)
    return AgingLine(
        number=inv.number,
        client_id=client.id,
        currency=inv.currency,
        issued=inv.issued,
        due=due,
        days_overdue=days,
        bucket=bucket_for(days),
        balance=balance,
        interest=interest,
        disputed=inv.disputed,
    )
