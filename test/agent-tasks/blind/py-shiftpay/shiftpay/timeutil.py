"""Small helpers for working with local (site) time."""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

CLOCK_FORMAT = "%Y-%m-%d %H:%M"


def site_zone(name):
    return ZoneInfo(name)


def parse_local(text, tz):
    """Parse a time-clock stamp ("2026-10-26 07:00") as local time in `tz`."""
    naive = datetime.strptime(text.strip(), CLOCK_FORMAT)
    return naive.replace(tzinfo=tz)


def hours_between(start, end):
    """Elapsed hours from `start` to `end` (both timezone-aware)."""
    return (end - start).total_seconds() / 3600.0


def week_start(d, first_weekday=0):
    """Date of the first day of the pay week containing `d` (0 = Monday)."""
    return d - timedelta(days=(d.weekday() - first_weekday) % 7)


def at_local(d, t, tz):
    return datetime.combine(d, t, tzinfo=tz)


def round_quarter(hours):
    """Round to the nearest quarter hour (payroll policy, half up)."""
    quarters = int(hours * 4 + 0.5)
    return quarters / 4.0


def day_range(first, last):
    d = first
    while d <= last:
        yield d
        d += timedelta(days=1)


MIDNIGHT = time(0, 0)
