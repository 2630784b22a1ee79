"""Volume pricing: each line of an order gets the discount of the highest tier its quantity reaches."""
from bisect import bisect_right
from dataclasses import dataclass

# (minimum quantity, discount in percent), ascending.
TIERS = [(1, 0), (10, 5), (50, 12), (100, 20)]
_THRESHOLDS = [q for q, _ in TIERS]


@dataclass
class Line:
    sku: str
    unit_cents: int
    qty: int


def tier_discount(qty: int) -> int:
    i = bisect_right(_THRESHOLDS, qty - 1) - 1
    return TIERS[max(i, 0)][1]


def line_total(line: Line) -> int:
    gross = line.unit_cents * line.qty
    pct = tier_discount(line.qty)
    return gross - gross * pct // 100


def order_total(lines: list[Line]) -> int:
    total = 0
    for line in lines:
        total += line_total(line)
    return total
