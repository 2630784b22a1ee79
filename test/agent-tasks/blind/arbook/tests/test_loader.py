import shutil
from decimal import Decimal

import pytest

from arbook.loader import LedgerError, load_ledger
from arbook.models import Client


def test_load_sample_ledger():
    ledger = load_ledger("data")
    assert sorted(ledger.calendars) == ["DE", "GB", "US"]
    assert len(ledger.clients) == 6
    assert len(ledger.invoices) == 16
    inv = {i.number: i for i in ledger.invoices}
    assert inv["INV-24-0121"].paid_by(inv["INV-24-0121"].issued.replace(month=6)) == Decimal("2000.00")
    assert inv["INV-24-0125"].disputed
    assert inv["INV-24-0102"].settled_on().isoformat() == "2024-03-18"


def test_invoices_of_sorted_by_issue_date():
    ledger = load_ledger("data")
    assert [i.number for i in ledger.invoices_of("C003")] == [
        "INV-24-0113", "INV-24-0131", "INV-24-0150"]


def test_unknown_country_has_no_calendar():
    ledger = load_ledger("data")
    with pytest.raises(LedgerError):
        ledger.calendar_for(Client("Z", "Nowhere", "FR", "NET 30", Decimal("0")))


def test_bad_terms_fail_at_load(tmp_path):
    shutil.copytree("data", tmp_path / "data")
    clients = tmp_path / "data" / "clients.csv"
    clients.write_text(clients.read_text().replace("EOM 30", "EOM 30BD"))
    with pytest.raises(ValueError):
        load_ledger(str(tmp_path / "data"))


def test_payment_for_unknown_invoice(tmp_path):
    shutil.copytree("data", tmp_path / "data")
    with open(tmp_path / "data" / "payments.csv", "a") as fh:
        fh.write("INV-99-0001,2024-05-01,10.00\n")
    with pytest.raises(LedgerError):
        load_ledger(str(tmp_path / "data"))
