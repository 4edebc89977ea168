"""The clerk's billing day, walked as a new clerk would (issue 38): import the Water District's reads with one
bad row (the valid rows only, the bad one held back), run the draft, open a $10 minimum bill; the
Superintendent reviews with the exceptions opened and posts; the clerk takes a partial payment and sees on the
receipt what is still owed; the Superintendent previews the sweep past the penalty date and runs it; the clerk
prints a bill, whose PDF is read back with pypdf and saved as an image beside the screenshots. axe-core checks
every screen."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry, Payment
from sewerworks.registry.models import MeterRead, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f
from tests.browser.conftest import SHOTS
from tests.browser.test_billing_counter import _open_pdf, _text

pytestmark = pytest.mark.django_db(transaction=True)
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
HEADER = "meter_serial,account_number,read_on,reading,unit"


def _accounts() -> None:
    """Three houses read on 2026-03-31: MAR-000001 uses 12,000 gallons, MAR-000002 3,000 (the $10 minimum),
    MAR-000003's read is mistyped in the file."""
    area = f.area()
    for n, owner in enumerate(("HUDSON, ADA", "LANE, OLIVE", "MORSE, IDA"), start=1):
        parcel = f.parcel(f"108.12-3-{44 + n}", street_number=str(10 + 2 * n), improvement_area=area, dx=100 + 150 * n)
        f.owned(parcel, owner)
        account = SewerAccount.objects.create(account_number=f"MAR-{n:06d}", parcel=parcel)
        meter = WaterMeter.objects.create(serial=f"WM-{n}", account=account, dials=6, installed_on=dt.date(2015, 3, 1))
        MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=1_000)


def _sign_in_as(page: Any, login: Any, role: str) -> Any:
    if page.get_by_role("button", name="Sign out").count():
        page.get_by_role("button", name="Sign out").click()
        page.wait_for_load_state()
    return login(role)


def test_the_clerks_billing_day(page: Any, login: Any, shot: Any, settings: Any, tmp_path: Path) -> None:
    from sewerworks.billing.actions import do_open_period

    assert timezone.localdate() > dt.date(2026, 11, 10)  # the autumn period's penalty date has passed
    settings.TASKS = IMMEDIATE
    _accounts()
    clerk = _sign_in_as(page, login, "clerk")
    period = do_open_period(dt.date(2026, 9, 30), acting_user=clerk)
    reads = tmp_path / "wd-2026-09.csv"
    reads.write_text(f"{HEADER}\nWM-1,MAR-000001,2026-09-30,13000,gal\nWM-2,MAR-000002,2026-09-30,4000,gal\n"
                     "WM-3,MAR-000003,2026-09-30,9OOO,gal\n")  # fmt: skip

    page.goto(f"/billing/periods/{period.pk}/")
    page.get_by_role("link", name="Import reads").click()
    page.get_by_label("Water District meter reads (CSV)").set_input_files(str(reads))
    page.get_by_role("button", name="Upload and preview").click()
    page.wait_for_load_state()
    bad = page.get_by_role("row").filter(has_text="not a whole number")
    assert [c.strip() for c in bad.get_by_role("cell").all_inner_texts()][:2] == ["4", "reading"]
    shot("clerks-day-1-reads-preview")
    page.get_by_role("button", name="Import valid rows only").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Imported (run").first).to_be_visible()
    shot("clerks-day-2-reads-imported")
    assert MeterRead.objects.filter(read_on=dt.date(2026, 9, 30)).count() == 2

    page.goto(f"/billing/periods/{period.pk}/")
    page.get_by_role("button", name="Run the draft bills").click()
    page.wait_for_load_state()
    held = page.get_by_role("row").filter(has_text="MAR-000003")
    assert "held" in held.inner_text().lower()
    shot("clerks-day-3-draft-exceptions")
    minimum = Bill.objects.get(account__account_number="MAR-000002", period=period)
    page.goto(f"/billing/bills/{minimum.pk}/")
    items = page.get_by_role("table").filter(has_text="Line items").inner_text()
    assert "$10.00" in items and "first 5,000 gallons or less" in items  # 3,000 gallons: the minimum charge
    shot("clerks-day-4-minimum-bill")

    _sign_in_as(page, login, "superintendent")
    page.goto(f"/billing/periods/{period.pk}/")
    page.get_by_role("link", name="All exceptions").click()
    page.wait_for_load_state()
    page.get_by_role("link", name="MAR-000003").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Held").first).to_be_visible()
    page.go_back()
    page.wait_for_load_state()
    page.get_by_label(re.compile("I have opened the exceptions")).check()
    page.get_by_role("button", name="Mark reviewed").click()
    page.wait_for_load_state()
    page.get_by_label(re.compile("to the ledger: they become final")).check()
    page.get_by_role("button", name="Post to the ledger").click()
    page.wait_for_load_state()
    assert BillingPeriod.objects.get(pk=period.pk).status == "posted"
    shot("clerks-day-5-posted")

    _sign_in_as(page, login, "clerk")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Counter").click()
    page.wait_for_load_state()
    page.keyboard.type("hudson")
    page.keyboard.press("Enter")
    page.wait_for_url("**/billing/counter/accounts/*/")
    page.get_by_label(re.compile(r"^Amount \(\$\)")).fill("20.00")
    page.keyboard.press("Enter")
    page.wait_for_url("**/billing/receipts/*/")
    payment = Payment.objects.get(account__account_number="MAR-000001")
    owed = page.get_by_role("table").filter(has_text="Still owed on the account").inner_text()
    assert "$16.00" in owed  # $36.00 billed, $20.00 paid
    shot("clerks-day-6-receipt-balance")
    assert payment.amount == 20

    _sign_in_as(page, login, "superintendent")
    page.goto("/enforcement/sweep/")
    preview = page.get_by_role("region", name=re.compile("What a sweep as of")).inner_text()
    assert re.search(r"[Ll]ate penalt[^:]*: 2", preview), preview  # the two bills left owing; nothing written
    assert not LedgerEntry.objects.filter(kind="penalty").exists()
    shot("clerks-day-7-sweep-preview")
    page.get_by_role("button", name="Run the sweep as of today").click()
    page.wait_for_load_state()
    assert LedgerEntry.objects.filter(kind="penalty").count() == 2
    shot("clerks-day-8-sweep-run")

    _sign_in_as(page, login, "clerk")
    bill = Bill.objects.get(account__account_number="MAR-000001", period=period)
    page.goto(f"/billing/bills/{bill.pk}/")
    pdf = _open_pdf(page, page.get_by_role("link", name=f"PDF of bill {bill.pk}"), tmp_path / "bill.pdf")
    text = _text(pdf)
    assert "MAR-000001" in text and "$36.00" in text and "§ 118-52" in text and "Readings I-" not in text
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(pdf, SHOTS / "clerks-day-9-bill.pdf")
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(pdf), str(SHOTS / "clerks-day-9-bill")],
                   check=True)  # fmt: skip
    assert (SHOTS / "clerks-day-9-bill.png").stat().st_size > 10_000
