# bizhours - weekly schedule with holidays.
# SPDX-License-Identifier: MIT
"""The :class:`WorkCalendar` type."""

from datetime import date, datetime, timedelta

from ._util import parse_clock, to_seconds

MONDAY_TO_FRIDAY = (0, 1, 2, 3, 4)

# Guard against schedules with no working days at all.
_MAX_SCAN_DAYS = 3660


class WorkCalendar(object):
    """A weekly working schedule.

    :param opens: opening time (``time`` or ``"HH:MM"``)
    :param closes: closing time, must be after ``opens``
    :param workdays: iterable of weekday numbers (Monday is 0)
    :param holidays: iterable of :class:`datetime.date` that are closed all day
    """

    def __init__(self, opens="09:00", closes="17:00", workdays=MONDAY_TO_FRIDAY, holidays=()):
        self.opens = parse_clock(opens)
        self.closes = parse_clock(closes)
        if self.closes <= self.opens:
            raise ValueError("closing time must be after opening time")
        self.workdays = frozenset(workdays)
        self.holidays = frozenset(holidays)

    def __repr__(self):
        return "WorkCalendar(opens=%s, closes=%s, workdays=%s)" % (
            self.opens.strftime("%H:%M"),
            self.closes.strftime("%H:%M"),
            sorted(self.workdays),
        )

    # -- days ---------------------------------------------------------------

    def is_working_day(self, day):
        if isinstance(day, datetime):
            day = day.date()
        return day.weekday() in self.workdays and day not in self.holidays

    def window(self, day, tzinfo=None):
        """Return ``(open_dt, close_dt)`` for ``day`` or ``None`` if closed."""
        if not self.is_working_day(day):
            return None
        return (
            datetime.combine(day, self.opens, tzinfo=tzinfo),
            datetime.combine(day, self.closes, tzinfo=tzinfo),
        )

    def _days_from(self, day):
        for offset in range(_MAX_SCAN_DAYS):
            yield day + timedelta(days=offset)
        raise RuntimeError("no working day within %d days" % _MAX_SCAN_DAYS)

    # -- instants -----------------------------------------------------------

    def is_open(self, dt):
        win = self.window(dt.date(), dt.tzinfo)
        return win is not None and win[0] <= dt < win[1]

    def next_open(self, dt):
        """Earliest instant at or after ``dt`` when the calendar is open."""
        for day in self._days_from(dt.date()):
            win = self.window(day, dt.tzinfo)
            if win is None:
                continue
            start, end = win
            if dt < end:
                return max(dt, start)

    def add(self, dt, amount=None, **kwargs):
        """Return the instant ``amount`` of working time after ``dt``.

        ``amount`` is a ``timedelta`` or a number of hours; ``hours=``,
        ``minutes=`` and ``seconds=`` keywords are accepted as well.
        """
        remaining = to_seconds(amount, **kwargs)
        cursor = self.next_open(dt)
        for day in self._days_from(cursor.date()):
            win = self.window(day, dt.tzinfo)
            if win is None:
                continue
            start = max(cursor, win[0])
            available = (win[1] - start).total_seconds()
            if available <= 0:
                continue
            if remaining <= available:
                return start + timedelta(seconds=remaining)
            remaining -= available

    def between(self, start, end):
        """Working time from ``start`` to ``end`` as a ``timedelta``.

        Returns a negative value if ``end`` is before ``start``.
        """
        if end < start:
            return -self.between(end, start)
        total = 0.0
        day = start.date()
        while day <= end.date():
            win = self.window(day, start.tzinfo)
            if win is not None:
                lo = max(start, win[0])
                hi = min(end, win[1])
                if hi > lo:
                    total += (hi - lo).total_seconds()
            day += timedelta(days=1)
        return timedelta(seconds=total)

    def working_days(self, first, last):
        """Number of working days in the inclusive range ``first..last``."""
        if isinstance(first, datetime):
            first = first.date()
        if isinstance(last, datetime):
            last = last.date()
        count = 0
        day = first
        while day <= last:
            if self.is_working_day(day):
                count += 1
            day += timedelta(days=1)
        return count
