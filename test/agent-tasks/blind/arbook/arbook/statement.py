"""Per-client aging statements and the portfolio summary."""

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Dict, List

from .aging import BUCKETS, AgingLine, age_invoice
from .loader import Ledger


@dataclass
class ClientStatement:
    client_id: str
    name: str
    currency: str
    lines: List[AgingLine] = field(default_factory=list)

    @property
    def outstanding(self) -> Decimal:
        return sum((l.balance for l in self.lines), Decimal("0.00"))

    @property
    def interest(self) -> Decimal:
        return sum((l.interest for l in self.lines), Decimal("0.00"))

    def by_bucket(self) -> Dict[str, Decimal]:
        totals = OrderedDict((name, Decimal("0.00")) for name, _, _ in BUCKETS)
        for l in self.lines:
            totals[l.bucket] += l.balance
        return OrderedDict((k, v) for k, v in totals.items() if v)


@dataclass
class Statement:
    as_of: date
    clients: List[ClientStatement]

    def client(self, client_id: str) -> ClientStatement:
        for c in self.clients:
            if c.client_id == client_id:
                return c
        raise KeyError(client_id)

    def totals_by_currency(self) -> Dict[str, Dict[str, Decimal]]:
        out: Dict[str, Dict[str, Decimal]] = {}
        for c in self.clients:
            t = out.setdefault(c.currency, {"outstanding": Decimal("0.00"), "interest": Decimal("0.00")})
            t["outstanding"] += c.outstanding
            t["interest"] += c.interest
        return out


def build_statement(ledger: Ledger, as_of: date) -> Statement:
    result = []
    for client_id in sorted(ledger.clients):
        client = ledger.clients[client_id]
        cal = ledger.calendar_for(client)
        lines = []
        currency = None
        for inv in ledger.invoices_of(client_id):
            line = age_invoice(inv, client, cal, as_of)
            if line is None:
                continue
            currency = currency or line.currency
            lines.append(line)
        if lines:
            result.append(ClientStatement(client.id, client.name, currency, lines))
    return Statement(as_of, result)


def render(stmt: Statement) -> str:
    out = ["AGED RECEIVABLES as of %s (working days overdue)" % stmt.as_of.isoformat(), ""]
    for c in stmt.clients:
        out.append("%s  %s  [%s]" % (c.client_id, c.name, c.currency))
        for l in c.lines:
            flag = "  DISPUTED" if l.disputed else ""
            out.append("  %-12s issued %s due %s  %3d wd  %-7s %12s  int %9s%s" % (
                l.number, l.issued, l.due, l.days_overdue, l.bucket,
                "{:,.2f}".format(l.balance), "{:,.2f}".format(l.interest), flag))
        buckets = ", ".join("%s %s" % (k, "{:,.2f}".format(v)) for k, v in c.by_bucket().items())
        out.append("  total %s, interest %s   (%s)" % (
            "{:,.2f}".format(c.outstanding), "{:,.2f}".format(c.interest), buckets))
        out.append("")
    for cur, t in sorted(stmt.totals_by_currency().items()):
        out.append("%s outstanding %14s   late interest %10s" % (
            cur, "{:,.2f}".format(t["outstanding"]), "{:,.2f}".format(t["interest"])))
    return "\n".join(out) + "\n"
