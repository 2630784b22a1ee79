"""Weekly gross pay: regular, overtime (over 40h/week) and night premium."""

from dataclasses import dataclass
from decimal import Decimal, ROUND_HALF_UP

OVERTIME_THRESHOLD = 40.0
OVERTIME_FACTOR = Decimal("1.5")
NIGHT_PREMIUM = Decimal("1.75")   # per night hour, on top of base pay
CENT = Decimal("0.01")


@dataclass
class PayLine:
    emp_id: str
    name: str
    week: object
    total_hours: float
    regular_hours: float
    overtime_hours: float
    night_hours: float
    gross: Decimal


def _dec(hours):
    return Decimal(str(hours))


def pay_for_week(emp, week, days):
    total = sum(d.worked for d in days.values())
    night = sum(d.night for d in days.values())
    regular = min(total, OVERTIME_THRESHOLD)
    overtime = max(0.0, total - OVERTIME_THRESHOLD)
    gross = (
        _dec(regular) * emp.rate
        + _dec(overtime) * emp.rate * OVERTIME_FACTOR
        + _dec(night) * NIGHT_PREMIUM
    ).quantize(CENT, rounding=ROUND_HALF_UP)
    return PayLine(emp.emp_id, emp.name, week, total, regular, overtime, night, gross)


def run_payroll(employees, weekly_hours):
    lines = []
    for (emp_id, week), days in sorted(weekly_hours.items()):
        lines.append(pay_for_week(employees[emp_id], week, days))
    return lines
