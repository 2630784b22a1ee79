from datetime import date
from decimal import Decimal

import pytest

from arbook.aging import age_invoice, bucket_for, late_interest
from arbook.models import Client, Invoice, Payment
from workcal import WorkCalendar, load_holidays

GB = WorkCalendar(load_holidays("data/holidays/gb-eng-2024.txt"), name="GB")
CLIENT = Client("T01", "Test Ltd", "GB", "NET 30", Decimal("0.08"))


@pytest.mark.parametrize("days,bucket", [
    (0, "current"), (1, "1-5"), (5, "1-5"), (6, "6-20"), (20, "6-20"),
    (21, "21-40"), (40, "21-40"), (41, "41+"), (400, "41+"),
])
def test_bucket_boundaries(days, bucket):
    assert bucket_for(days) == bucket


def test_bucket_rejects_negative():
    with pytest.raises(ValueError):
        bucket_for(-1)


def test_late_interest_rounds_half_up():
    assert late_interest(Decimal("1000.00"), Decimal("0.08"), 3) == Decimal("0.95")
    # 630 * 0.10 * 2 / 252 = 0.5 exactly
    assert late_interest(Decimal("630.00"), Decimal("0.10"), 2) == Decimal("0.50")
    assert late_interest(Decimal("1000.00"), Decimal("0.08"), 0) == Decimal("0.00")


def test_overdue_counted_in_working_days_over_easter():
    inv = Invoice("X-1", "T01", date(2024, 2, 26), Decimal("2520.00"))
    line = age_invoice(inv, CLIENT, GB, date(2024, 4, 5))
    # due Wed 27 Mar; Good Friday and Easter Monday are not working days
    assert line.due == date(2024, 3, 27)
    assert line.days_overdue == 5
    assert line.bucket == "1-5"
    assert line.interest == Decimal("4.00")


def test_partly_paid_invoice_ages_the_balance():
    inv = Invoice("X-2", "T01", date(2024, 2, 26), Decimal("2520.00"),
                  payments=[Payment(date(2024, 3, 20), Decimal("1260.00"))])
    line = age_invoice(inv, CLIENT, GB, date(2024, 4, 5))
    assert line.balance == Decimal("1260.00")
    assert line.interest == Decimal("2.00")


def test_paid_invoice_is_not_aged():
    inv = Invoice("X-3", "T01", date(2024, 2, 26), Decimal("100.00"),
                  payments=[Payment(date(2024, 3, 1), Decimal("100.00"))])
    assert age_invoice(inv, CLIENT, GB, date(2024, 4, 5)) is None


def test_disputed_invoice_accrues_no_interest():
    inv = Invoice("X-4", "T01", date(2024, 2, 26), Decimal("2520.00"), disputed=True)
    line = age_invoice(inv, CLIENT, GB, date(2024, 4, 5))
    assert line.days_overdue == 5
    assert line.interest == Decimal("0.00")
