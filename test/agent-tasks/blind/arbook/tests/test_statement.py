from datetime import date
from decimal import Decimal

import pytest

from arbook.loader import load_ledger
from arbook.statement import build_statement, render

AS_OF = date(2024, 6, 4)


@pytest.fixture
def statement():
    return build_statement(load_ledger("data"), AS_OF)


def test_outstanding_by_currency(statement):
    totals = statement.totals_by_currency()
    assert totals["GBP"]["outstanding"] == Decimal("9020.00")
    assert totals["USD"]["outstanding"] == Decimal("11240.00")
    assert totals["EUR"]["outstanding"] == Decimal("7550.00")


def test_fully_paid_invoices_are_left_out(statement):
    numbers = {l.number for c in statement.clients for l in c.lines}
    assert "INV-24-0102" not in numbers
    assert "INV-24-0124" not in numbers
    assert "INV-24-0121" in numbers  # part paid


def test_gb_client_aging(statement):
    c = statement.client("C001")
    line = {l.number: l for l in c.lines}["INV-24-0121"]
    # due Fri 3 May; 6 and 27 May are bank holidays in England
    assert line.due == date(2024, 5, 3)
    assert line.days_overdue == 20
    assert line.bucket == "6-20"
    assert c.interest == Decimal("21.59")


def test_us_client_aging(statement):
    c = statement.client("C003")
    line = {l.number: l for l in c.lines}["INV-24-0131"]
    assert line.due == date(2024, 5, 3)
    assert dict(c.by_bucket()) == {
        "current": Decimal("2760.00"),
        "21-40": Decimal("4180.00"),
    }
    assert c.interest == Decimal("41.80")


def test_de_client_eom_terms(statement):
    c = statement.client("C005")
    line = {l.number: l for l in c.lines}["INV-24-0127"]
    assert line.due == date(2024, 5, 30)
    assert line.days_overdue == 3
    assert c.interest == Decimal("3.38")


def test_disputed_invoices_accrue_nothing(statement):
    c = statement.client("C006")
    assert c.interest == Decimal("0.00")
    assert {l.number: l.bucket for l in c.lines} == {
        "INV-24-0125": "21-40", "INV-24-0155": "1-5"}


def test_render_lists_every_client_with_balance(statement):
    text = render(statement)
    assert text.startswith("AGED RECEIVABLES as of 2024-06-04")
    for cid in ("C001", "C002", "C003", "C004", "C005", "C006"):
        assert "\n%s  " % cid in text
