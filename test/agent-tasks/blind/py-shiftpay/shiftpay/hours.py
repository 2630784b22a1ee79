"""Turning shifts into worked hours."""

from collections import defaultdict
from dataclasses import dataclass
from datetime import time, timedelta

from .timeutil import at_local, hours_between, round_quarter, week_start

NIGHT_START = time(22, 0)
NIGHT_END = time(6, 0)


@dataclass
class DayHours:
    worked: float = 0.0
    night: float = 0.0


def night_hours(start, end):
    """Hours of [start, end) that fall inside the 22:00-06:00 night window."""
    tz = start.tzinfo
    total = 0.0
    d = start.date() - timedelta(days=1)
    while d <= end.date():
        win_start = at_local(d, NIGHT_START, tz)
        win_end = at_local(d + timedelta(days=1), NIGHT_END, tz)
        lo = max(start, win_start)
        hi = min(end, win_end)
        if hi > lo:
            total += hours_between(lo, hi)
        d += timedelta(days=1)
    return total


def shift_hours(shift):
    """Paid hours and night hours for one shift (unpaid break comes off day time)."""
    gross = hours_between(shift.start, shift.end)
    night = night_hours(shift.start, shift.end)
    paid = gross - shift.break_minutes / 60.0
    night = min(night, paid)
    return round_quarter(paid), round_quarter(night)


def hours_by_week(shifts, first_weekday=0):
    """{(emp_id, week_start_date): {shift_date: DayHours}}"""
    out = defaultdict(lambda: defaultdict(DayHours))
    for s in shifts:
        paid, night = shift_hours(s)
        wk = week_start(s.start.date(), first_weekday)
        day = out[(s.emp_id, wk)][s.start.date()]
        day.worked += paid
        day.night += night
    return out
