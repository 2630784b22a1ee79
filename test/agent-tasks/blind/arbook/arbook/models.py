"""Plain data records for clients and invoices."""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import List, Optional

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Client:
    id: str
    name: str
    country: str          # key into the calendar table, e.g. "GB", "US", "DE"
    terms: str            # payment terms, see arbook.terms
    annual_rate: Decimal  # contractual late interest, e.g. Decimal("0.08")


@dataclass
class Payment:
    on: date
    amount: Decimal


@dataclass
class Invoice:
    number: str
    client_id: str
    issued: date
    amount: Decimal
    currency: str = "GBP"
    payments: List[Payment] = field(default_factory=list)
    disputed: bool = False

    def paid_by(self, as_of: date) -> Decimal:
        return sum((p.amount for p in self.payments if p.on <= as_of), Decimal("0"))

    def balance(self, as_of: date) -> Decimal:
        return (self.amount - self.paid_by(as_of)).quantize(CENT)

    def settled_on(self) -> Optional[date]:
        total = Decimal("0")
        for p in sorted(self.payments, key=lambda p: p.on):
            total += p.amount
            if total >= self.amount:
                return p.on
        return None
