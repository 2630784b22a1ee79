"""Monthly revenue report in a single reporting currency."""
from collections import OrderedDict, defaultdict
from decimal import Decimal

from .money import fmt, round_cents


class MonthSummary:
    def __init__(self, month):
        self.month = month
        self.count = 0
        self.total = Decimal(0)
        self.by_currency = defaultdict(Decimal)

    def add(self, invoice, converted):
        self.count += 1
        self.total += converted
        self.by_currency[invoice.currency] += invoice.amount


def monthly_report(invoices, ratebook, target):
    """Group non-void invoices by month and convert each one with the rate
    table of the month it was issued in. Converted amounts are rounded to
    cents per invoice, as the accounting system does."""
    months = OrderedDict()
    for inv in sorted(invoices, key=lambda i: (i.issued, i.number)):
        if inv.status == "void":
            continue
        table = ratebook.for_month(inv.month)
        converted = round_cents(table.convert(inv.amount, inv.currency, target))
        if inv.month not in months:
            months[inv.month] = MonthSummary(inv.month)
        months[inv.month].add(inv, converted)
    return list(months.values())


def render(summaries, target):
    lines = []
    grand = Decimal(0)
    for s in summaries:
        native = ", ".join(fmt(v, c) for c, v in sorted(s.by_currency.items()))
        lines.append(f"{s.month}  {s.count:3d} invoices  {fmt(s.total, target):>16}   ({native})")
        grand += s.total
    lines.append(f"{'total':7}  {sum(s.count for s in summaries):3d} invoices  {fmt(grand, target):>16}")
    return "\n".join(lines)
