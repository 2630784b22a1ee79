"""bizhours - business-hours arithmetic for Python datetimes.

Add working time to a datetime, measure working time between two datetimes,
and find the next opening time, all with respect to a weekly schedule and a
list of holidays.

    >>> from datetime import datetime, time
    >>> from bizhours import WorkCalendar
    >>> cal = WorkCalendar(opens=time(9), closes=time(17))
    >>> cal.add(datetime(2024, 3, 1, 16, 0), hours=2)
    datetime.datetime(2024, 3, 4, 10, 0)

:copyright: (c) 2019-2023 Tomasz Wierzbicki and contributors.
:license: MIT, see LICENSE for more details.
"""

from ._util import parse_clock, to_seconds
from .calendar import WorkCalendar

__all__ = ["WorkCalendar", "parse_clock", "to_seconds"]
__version__ = "0.4.2"
