from datetime import date

import pytest

from arbook.terms import Terms, TermsError, parse_terms
from workcal import WorkCalendar


@pytest.mark.parametrize("text,expected", [
    ("NET 30", Terms("NET", 30)),
    ("net 45", Terms("NET", 45)),
    ("NET 10BD", Terms("NETBD", 10)),
    ("NET 10 bd", Terms("NETBD", 10)),
    ("EOM 15", Terms("EOM", 15)),
    ("DUE", Terms("DUE")),
])
def test_parse_terms(text, expected):
    assert parse_terms(text) == expected


@pytest.mark.parametrize("text", ["NET", "NET -5", "EOM 10BD", "NET 400", "2/10 NET 30", ""])
def test_parse_terms_rejects(text):
    with pytest.raises(TermsError):
        parse_terms(text)


def test_terms_str_round_trips():
    for text in ("NET 30", "NET 10BD", "EOM 15", "DUE"):
        assert str(parse_terms(text)) == text


def test_net_rolls_forward_over_weekend_and_holidays():
    cal = WorkCalendar(["2023-12-25", "2023-12-26"], name="test")
    # 2023-11-25 + 30 = Mon 25 Dec (holiday) -> Tue 26 (holiday) -> Wed 27
    assert parse_terms("NET 30").due_date(date(2023, 11, 25), cal) == date(2023, 12, 27)


def test_net_working_days_skip_holidays():
    cal = WorkCalendar(["2022-08-29"], name="test")
    # Mon 22 Aug 2022 + 5 working days, Mon 29 Aug is a holiday
    assert parse_terms("NET 5BD").due_date(date(2022, 8, 22), cal) == date(2022, 8, 30)


def test_net_working_days_cross_year():
    cal = WorkCalendar(["2021-01-01"], name="test")
    assert parse_terms("NET 3BD").due_date(date(2020, 12, 30), cal) == date(2021, 1, 5)


def test_eom():
    cal = WorkCalendar(name="test")
    assert parse_terms("EOM 15").due_date(date(2024, 1, 17), cal) == date(2024, 2, 15)
    # 31 Aug 2025 + 30 = Tue 30 Sep
    assert parse_terms("EOM 30").due_date(date(2025, 8, 2), cal) == date(2025, 9, 30)


def test_due_on_issue():
    cal = WorkCalendar(name="test")
    assert parse_terms("DUE").due_date(date(2024, 3, 9), cal) == date(2024, 3, 9)
