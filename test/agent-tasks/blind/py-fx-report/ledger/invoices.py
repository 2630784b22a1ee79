"""Invoice loading."""
import csv
from dataclasses import dataclass
from datetime import date

from .money import to_decimal


@dataclass(frozen=True)
class Invoice:
    number: str
    issued: date
    customer: str
    currency: str
    amount: object  # Decimal
    status: str

    @property
    def month(self):
        return f"{self.issued.year:04d}-{self.issued.month:02d}"


def load_invoices(path):
    out = []
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                out.append(Invoice(
                    number=row["number"].strip(),
                    issued=date.fromisoformat(row["issued"].strip()),
                    customer=row["customer"].strip(),
                    currency=row["currency"].strip().upper(),
                    amount=to_decimal(row["amount"]),
                    status=row.get("status", "open").strip().lower() or "open",
                ))
            except (ValueError, KeyError) as exc:
                raise ValueError(f"{path}:{lineno}: {exc}") from None
    return out
