# workcal - working-day arithmetic over holiday calendars
# SPDX-License-Identifier: MIT
# Copyright (c) 2021-2024 Ines Kowalczyk
"""The WorkCalendar class and holiday file loading."""

import bisect
import calendar as _stdcal
import datetime as _dt


def parse_date(value):
    """Accepts a date, a datetime (date part is used) or an ISO 'YYYY-MM-DD' string."""
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, str):
        return _dt.date.fromisoformat(value.strip())
    raise TypeError("expected a date or ISO string, got %r" % (value,))


def load_holidays(path):
    """Reads a holiday file: one 'YYYY-MM-DD [description]' per line, '#' comments."""
    days = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            try:
                days.append(parse_date(line.split(None, 1)[0]))
            except ValueError as exc:
                raise ValueError("%s:%d: %s" % (path, lineno, exc)) from None
    return days


class WorkCalendar:
    """Weekdays minus weekend days minus holidays.

    Month tables of working days are built on first use and kept, so that
    arithmetic over long ranges is a few bisects per month instead of a walk
    over every day.
    """

    name = ""
    weekend = frozenset({5, 6})
    holidays = frozenset()
    _months = {}

    def __init__(self, holidays=(), weekend=None, name=""):
        self.holidays = frozenset(parse_date(h) for h in holidays)
        if weekend is not None:
            self.weekend = frozenset(weekend)
        self.name = name

    def __repr__(self):
        return "WorkCalendar(%r, %d holidays)" % (self.name, len(self.holidays))

    # -- single days ---------------------------------------------------------

    def is_workday(self, day):
        day = parse_date(day)
        return day.weekday() not in self.weekend and day not in self.holidays

    def next_workday(self, day, include_today=True):
        """The first working day on or after `day` (after, if not include_today)."""
        day = parse_date(day)
        if not include_today:
            day += _dt.timedelta(days=1)
        while not self.is_workday(day):
            day += _dt.timedelta(days=1)
        return day

    def previous_workday(self, day, include_today=True):
        day = parse_date(day)
        if not include_today:
            day -= _dt.timedelta(days=1)
        while not self.is_workday(day):
            day -= _dt.timedelta(days=1)
        return day

    # -- month tables --------------------------------------------------------

    def month_workdays(self, year, month):
        """Day-of-month numbers of the working days in a month, ascending."""
        key = (year, month)
        days = self._months.get(key)
        if days is None:
            last = _stdcal.monthrange(year, month)[1]
            days = tuple(
                d for d in range(1, last + 1) if self.is_workday(_dt.date(year, month, d))
            )
            self._months[key] = days
        return days

    def add_holidays(self, extra):
        """Adds holidays in place (e.g. a one-off closure day)."""
        self.holidays = self.holidays | frozenset(parse_date(h) for h in extra)
        self._months.clear()

    # -- arithmetic ----------------------------------------------------------

    def add_workdays(self, day, n):
        """The n-th working day after `day` (n > 0) or before it (n < 0).

        n == 0 returns `day` itself if it is a working day, else the next one.
        """
        day = parse_date(day)
        if n == 0:
            return self.next_workday(day)
        step = 1 if n > 0 else -1
        remaining = abs(n)
        year, month, dom = day.year, day.month, day.day
        while True:
            days = self.month_workdays(year, month)
            if step > 0:
                i = bisect.bisect_right(days, dom)
                avail = len(days) - i
                if remaining <= avail:
                    return _dt.date(year, month, days[i + remaining - 1])
                remaining -= avail
                year, month = _next_month(year, month)
                dom = 0
            else:
                i = bisect.bisect_left(days, dom)
                if remaining <= i:
                    return _dt.date(year, month, days[i - remaining])
                remaining -= i
                year, month = _prev_month(year, month)
                dom = 32

    def workdays_between(self, start, end):
        """Number of working days d with start < d <= end (negative if end < start)."""
        start, end = parse_date(start), parse_date(end)
        if end < start:
            return -self.workdays_between(end, start)
        count = 0
        year, month = start.year, start.month
        while (year, month) <= (end.year, end.month):
            days = self.month_workdays(year, month)
            lo = start.day if (year, month) == (start.year, start.month) else 0
            hi = end.day if (year, month) == (end.year, end.month) else 31
            count += bisect.bisect_right(days, hi) - bisect.bisect_right(days, lo)
            year, month = _next_month(year, month)
        return count


def _next_month(year, month):
    return (year + 1, 1) if month == 12 else (year, month + 1)


def _prev_month(year, month):
    return (year - 1, 12) if month == 1 else (year, month - 1)
