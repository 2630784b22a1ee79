"""Exchange-rate tables.

A rate file is a CSV with a header line `currency,per_base` listing how many
units of each currency one unit of the base currency buys on a given date,
e.g. for base EUR: `USD,1.0812` means 1 EUR = 1.0812 USD.
"""
import csv
import os
import re
from decimal import Decimal

from .money import round_rate, to_decimal

# Cross rates are derived with two divisions and rounded; computing them is
# the hot spot when a report converts thousands of lines, so remember them.
_CROSS_CACHE = {}

_FILE_RE = re.compile(r"^(\d{4}-\d{2})\.csv$")


class RateTable:
    def __init__(self, base, as_of, per_base):
        self.base = base
        self.as_of = as_of
        self.per_base = dict(per_base)
        self.per_base[base] = Decimal(1)

    @classmethod
    def from_csv(cls, path, base):
        as_of = os.path.splitext(os.path.basename(path))[0]
        per_base = {}
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                per_base[row["currency"].strip().upper()] = to_decimal(row["per_base"])
        return cls(base, as_of, per_base)

    def cross_rate(self, src, dst):
        """Units of dst per one unit of src."""
        if src == dst:
            return Decimal(1)
        key = (self.base, src, dst)
        rate = _CROSS_CACHE.get(key)
        if rate is None:
            try:
                rate = round_rate(self.per_base[dst] / self.per_base[src])
            except KeyError as exc:
                raise KeyError(f"no {self.as_of} rate for {exc.args[0]}") from None
            _CROSS_CACHE[key] = rate
        return rate

    def convert(self, amount, src, dst):
        return amount * self.cross_rate(src, dst)


class RateBook:
    """All monthly rate tables found in a directory (files named YYYY-MM.csv)."""

    def __init__(self, directory, base):
        self.base = base
        self.tables = {}
        for name in sorted(os.listdir(directory)):
            m = _FILE_RE.match(name)
            if m:
                self.tables[m.group(1)] = RateTable.from_csv(os.path.join(directory, name), base)

    def for_month(self, month):
        try:
            return self.tables[month]
        except KeyError:
            raise KeyError(f"no rate table for {month}") from None
