# workcal - working-day arithmetic over holiday calendars
# SPDX-License-Identifier: MIT
# Copyright (c) 2021-2024 Ines Kowalczyk
"""Working-day arithmetic over holiday calendars."""

from .calendar import WorkCalendar, load_holidays, parse_date

__all__ = ["WorkCalendar", "load_holidays", "parse_date"]
__version__ = "0.6.1"
