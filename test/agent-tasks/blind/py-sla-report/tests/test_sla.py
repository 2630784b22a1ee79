import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from sla import SlaTracker, load_config, weekly_report
from sla.models import Ticket, load_tickets

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def config():
    return load_config(ROOT / "config" / "sla.json")


@pytest.fixture
def tracker(config):
    return SlaTracker(config)


def test_policy_loading(config):
    assert sorted(config.targets) == ["P1", "P2", "P3"]
    assert config.targets["P2"].resolve_hours == 17.0
    assert config.calendar.is_working_day(datetime(2024, 11, 27))
    assert not config.calendar.is_working_day(datetime(2024, 11, 28))


def test_response_deadline_same_day(tracker):
    t = Ticket("X-1", "P1", datetime(2024, 11, 25, 10, 15))
    response_due, resolve_due = tracker.deadlines(t)
    assert response_due == datetime(2024, 11, 25, 11, 15)
    assert resolve_due == datetime(2024, 11, 26, 9, 45)


def test_deadline_rolls_over_night(tracker):
    t = Ticket("X-2", "P2", datetime(2024, 11, 25, 16, 0))
    response_due, _ = tracker.deadlines(t)
    assert response_due == datetime(2024, 11, 26, 11, 30)


def test_weekend_creation_starts_monday(tracker):
    t = Ticket("X-3", "P2", datetime(2024, 11, 23, 11, 0))
    response_due, resolve_due = tracker.deadlines(t)
    assert response_due == datetime(2024, 11, 25, 13, 0)
    assert resolve_due == datetime(2024, 11, 26, 17, 30)


def test_holiday_is_skipped(tracker):
    t = Ticket("X-4", "P2", datetime(2024, 11, 27, 9, 30))
    _, resolve_due = tracker.deadlines(t)
    assert resolve_due == datetime(2024, 12, 2, 9, 30)


def test_business_time_to_resolve(config):
    cal = config.calendar
    assert cal.between(datetime(2024, 11, 22, 16, 45), datetime(2024, 11, 26, 15, 0)) == timedelta(
        hours=15, minutes=15
    )
    assert cal.between(datetime(2024, 11, 27, 9, 0), datetime(2024, 11, 29, 10, 0)) == timedelta(
        hours=9, minutes=30
    )


def test_at_risk_when_little_time_left(tracker):
    t = Ticket("X-5", "P1", datetime(2024, 11, 25, 9, 0))
    ev = tracker.evaluate(t, now=datetime(2024, 11, 25, 16, 0))
    assert ev.resolve_due == datetime(2024, 11, 25, 17, 0)
    assert ev.resolve_status == "at_risk"
    assert ev.response_status == "breached"


def test_weekly_report_2024w48(config):
    rows = json.loads((ROOT / "data" / "tickets_2024w48.json").read_text())
    report = weekly_report(load_tickets(rows), config, now=datetime(2024, 12, 2, 10, 0))
    assert report.response_breaches == {"P1": [], "P2": [], "P3": []}
    assert report.resolve_breaches == {"P1": ["T-202"], "P2": ["T-207"], "P3": []}
    assert report.at_risk == []
    assert report.median_hours_to_resolve["P2"] == pytest.approx(15.875)
