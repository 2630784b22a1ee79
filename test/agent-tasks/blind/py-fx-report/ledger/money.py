"""Decimal money helpers."""
from decimal import Decimal, ROUND_HALF_EVEN

CENT = Decimal("0.01")
RATE_PLACES = Decimal("0.000001")


def to_decimal(text):
    """Parse an amount like '1,234.50' or '-12' into a Decimal."""
    cleaned = text.strip().replace(",", "").replace("_", "")
    if not cleaned:
        raise ValueError("empty amount")
    return Decimal(cleaned)


def round_cents(amount):
    """Banker's rounding to whole cents (what our accounting system uses)."""
    return amount.quantize(CENT, rounding=ROUND_HALF_EVEN)


def round_rate(rate):
    return rate.quantize(RATE_PLACES, rounding=ROUND_HALF_EVEN)


def fmt(amount, currency):
    sign = "-" if amount < 0 else ""
    whole, _, frac = f"{abs(amount):.2f}".partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f"{sign}{','.join(groups)}.{frac} {currency}"
