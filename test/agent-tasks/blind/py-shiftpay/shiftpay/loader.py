"""Reading employees and time-clock punches."""

import csv
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from .timeutil import parse_local


@dataclass
class Employee:
    emp_id: str
    name: str
    rate: Decimal
    site: str


@dataclass
class Shift:
    emp_id: str
    start: datetime
    end: datetime
    break_minutes: int = 0
    notes: list = field(default_factory=list)


class LoadError(Exception):
    pass


def load_employees(path):
    employees = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            emp = Employee(
                emp_id=row["emp_id"].strip(),
                name=row["name"].strip(),
                rate=Decimal(row["hourly_rate"].strip()),
                site=row["site"].strip(),
            )
            employees[emp.emp_id] = emp
    return employees


def load_shifts(path, tz, employees):
    shifts = []
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            emp_id = row["emp_id"].strip()
            if emp_id not in employees:
                raise LoadError(f"{path}:{lineno}: unknown employee {emp_id!r}")
            start = parse_local(row["clock_in"], tz)
            end = parse_local(row["clock_out"], tz)
            if end <= start:
                raise LoadError(f"{path}:{lineno}: clock_out before clock_in")
            brk = int(row.get("break_min") or 0)
            shifts.append(Shift(emp_id, start, end, brk))
    shifts.sort(key=lambda s: (s.emp_id, s.start))
    return shifts
