"""The clerk imports the Water District's read file from the billing period: the preview names the bad row,
the clerk uploads the corrected file and imports it, runs the draft; the Superintendent reviews and posts
the period and reads a bill's line items with their citations. axe-core checks every screen."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from playwright.sync_api import expect

from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.registry.models import MeterRead, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
HEADER = "meter_serial,account_number,read_on,reading,unit"


def _accounts() -> None:
    """Two metered houses read on 2026-03-31: MAR-000001 at 10,000 gallons, MAR-000002 at 9,500 on a
    4-dial register (its next read rolls over, I-48)."""
    area = f.area()
    for n, (serial, dials, start) in enumerate((("WM-A", 6, 10_000), ("WM-B", 4, 9_500)), start=1):
        parcel = f.parcel(f"108.12-3-{44 + n}", street_number=str(10 + 2 * n), improvement_area=area, dx=100 + 150 * n)
        account = SewerAccount.objects.create(account_number=f"MAR-{n:06d}", parcel=parcel)
        meter = WaterMeter.objects.create(serial=serial, account=account, dials=dials, installed_on=dt.date(2015, 3, 1))
        MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=start)


def test_the_clerk_imports_reads_fixes_a_bad_row_and_the_period_is_billed_and_posted(
    page, login, shot, settings, tmp_path: Path
) -> None:
    from sewerworks.billing.actions import do_open_period

    settings.TASKS = IMMEDIATE  # the bill run's job runs while the screen waits
    _accounts()
    clerk = login("clerk")
    period = do_open_period(dt.date(2026, 9, 30), acting_user=clerk)
    bad, good = tmp_path / "wd-2026-09.csv", tmp_path / "wd-2026-09-corrected.csv"
    bad.write_text(f"{HEADER}\nWM-A,MAR-000001,2026-09-30,18000,gal\nWM-B,MAR-000002,2026-09-30,4OO,gal\n")
    good.write_text(f"{HEADER}\nWM-A,MAR-000001,2026-09-30,18000,gal\nWM-B,MAR-000002,2026-09-30,400,gal\n")

    page.goto(f"/billing/periods/{period.pk}/")
    shot("billing-period-open")
    page.get_by_role("link", name="Import reads").click()
    page.get_by_label("Water District meter reads (CSV)").set_input_files(str(bad))
    page.get_by_role("button", name="Upload and preview").click()
    page.wait_for_load_state()
    error_row = page.get_by_role("row").filter(has_text="not a whole number")
    assert error_row.count() == 1
    cells = [c.strip() for c in error_row.get_by_role("cell").all_inner_texts()]
    assert cells[:2] == ["3", "reading"] and cells[2].startswith("'4OO' is not a whole number")
    assert page.get_by_role("button", name="Import all").is_disabled()
    expect(page.get_by_text("reads dated 2026-09-15 to 2026-10-15 count")).to_be_visible()
    shot("billing-reads-preview-bad-row")
    assert not MeterRead.objects.filter(read_on=dt.date(2026, 9, 30)).exists()

    page.get_by_role("link", name="Upload a different file").click()
    page.get_by_label("Water District meter reads (CSV)").set_input_files(str(good))
    page.get_by_role("button", name="Upload and preview").click()
    page.wait_for_load_state()
    expect(page.get_by_role("row", name="Reads to record 2")).to_be_visible()
    page.get_by_role("button", name="Import all").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Imported (run")).to_be_visible()
    shot("billing-reads-imported")
    assert MeterRead.objects.filter(read_on=dt.date(2026, 9, 30)).count() == 2

    page.get_by_role("link", name="Back to the billing period").click()
    page.get_by_role("button", name="Run the draft bills").click()
    page.wait_for_load_state()
    assert Bill.objects.filter(period=period, status="draft").count() == 2
    rollover = page.get_by_role("row").filter(has_text="MAR-000002")
    assert "rollover" in rollover.inner_text()  # exceptions first: the plausible rollover (I-48)
    shot("billing-period-draft")

    page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()
    login("superintendent")
    page.goto(f"/billing/periods/{period.pk}/")
    page.get_by_label("I have opened the exceptions").check()
    page.get_by_role("button", name="Mark reviewed").click()
    page.wait_for_load_state()
    page.get_by_label("to the ledger: they become final").check()
    page.get_by_role("button", name="Post to the ledger").click()
    page.wait_for_load_state()
    assert BillingPeriod.objects.get(pk=period.pk).status == "posted"
    assert LedgerEntry.objects.filter(period=period).count() == 2
    shot("billing-period-posted")

    page.get_by_role("link", name="MAR-000002").click()
    page.wait_for_load_state()
    items = page.get_by_role("table").filter(has_text="Line items")
    text = items.inner_text()
    assert "§ 118-52" in text and "I-24" in text and "$10.00" in text  # 900 gallons: the minimum charge
    expect(page.get_by_text("Agrees with the bill to the cent")).to_be_visible()
    shot("billing-bill-line-items")
