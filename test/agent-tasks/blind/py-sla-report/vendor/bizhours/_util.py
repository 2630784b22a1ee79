# bizhours - helpers shared by the calendar implementation.
# SPDX-License-Identifier: MIT
"""Small conversion helpers."""

import re
from datetime import time, timedelta
from numbers import Real

_CLOCK_RE = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*$")


def parse_clock(value):
    """Return a :class:`datetime.time` from ``"9"``, ``"09:30"`` or a ``time``."""
    if isinstance(value, time):
        return value
    m = _CLOCK_RE.match(str(value))
    if not m:
        raise ValueError("invalid clock value: %r" % (value,))
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if hour == 24 and minute == 0:
        return time.max
    return time(hour, minute)


def to_seconds(value=None, *, hours=0, minutes=0, seconds=0):
    """Normalise an amount of working time to a float number of seconds.

    ``value`` may be a :class:`datetime.timedelta` or a number of hours; the
    keyword arguments are added on top.  Negative amounts are rejected.
    """
    total = 0.0
    if isinstance(value, timedelta):
        total += value.seconds + value.microseconds / 1e6
    elif isinstance(value, Real):
        total += float(value) * 3600.0
    elif value is not None:
        raise TypeError("expected timedelta or number of hours, got %s" % type(value).__name__)
    total += hours * 3600.0 + minutes * 60.0 + seconds
    if total < 0:
        raise ValueError("working time must not be negative")
    return total
