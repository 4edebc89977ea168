"""At the counter (§118-53): the clerk finds an account by its owner's name, takes a partial payment from the
keyboard and prints the receipt; the daily sweep the day after the bill's penalty date adds the 10% late
penalty, which the clerk then sees on the counter page and the statement; the bill's PDF prints its line items
with their citations, the due date and the penalty date. axe-core checks every screen."""

from __future__ import annotations

import datetime as dt
import io
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from sewerworks.billing.models import Bill, LedgerEntry, Payment
from sewerworks.billing.penalties.sweep import terms_of
from sewerworks.registry.models import MeterRead, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)


def _text(path: Path) -> str:
    """A PDF's text, every page, spaces and line breaks folded to single spaces."""
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(path.read_bytes())).pages)


def _open_pdf(page: Any, link: Any, into: Path) -> Path:
    """Click ``link`` to a PDF as the clerk does (Chromium opens it inline in its viewer, for printing), save
    the same document, fetched in the clerk's session, in ``into``, and come back to the page."""
    href = link.get_attribute("href")
    with page.expect_response(lambda r: r.url.endswith(href)) as caught:
        link.click()
    opened = caught.value
    assert opened.status == 200 and opened.headers["content-type"] == "application/pdf"
    assert opened.headers["content-disposition"].startswith("inline;")
    saved = page.request.get(href)  # the viewer keeps the bytes it shows to itself: ask again, signed in
    assert saved.ok and saved.body().startswith(b"%PDF-")
    into.write_bytes(saved.body())
    page.go_back()
    page.wait_for_load_state()
    return into


def _posted_autumn(make_user: Any) -> Bill:
    """The autumn 2026 period billed and posted (bill date Saturday 2026-10-10, due Saturday 2026-10-31):
    Ada Hudson's house at 14 Main St used 12,000 gallons ($15.00 + 7,000 × $0.003 = $36.00); a neighbour,
    owned by someone else, is billed in the same run."""
    from sewerworks.billing.actions import do_open_period, do_post_period, do_review_period
    from sewerworks.billing.engine.run import run_drafts

    area = f.area()
    accounts = []
    for n, (owner, used_to) in enumerate((("HUDSON, ADA", 13_000), ("LANE, OLIVE", 9_000)), start=1):
        parcel = f.parcel(f"108.12-3-{44 + n}", street_number=str(12 + 2 * n), improvement_area=area, dx=100 + 150 * n)
        f.owned(parcel, owner)
        account = SewerAccount.objects.create(account_number=f"MAR-{n:06d}", parcel=parcel)
        meter = WaterMeter.objects.create(serial=f"WM-{n}", account=account, dials=6, installed_on=dt.date(2015, 3, 1))
        MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=1_000)
        MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 9, 30), reading=used_to)
        accounts.append(account)
    clerk, superintendent = make_user("clerk"), make_user("superintendent")
    period = do_open_period(dt.date(2026, 9, 30), acting_user=clerk)
    run_drafts(period, acting_user=clerk)
    do_review_period(period, acting_user=superintendent)
    do_post_period(period, acting_user=superintendent)
    return Bill.objects.get(account=accounts[0], status="posted")


def test_the_clerk_takes_a_partial_payment_prints_the_receipt_and_sees_the_late_penalty_after_the_sweep(
    page: Any, login: Any, shot: Any, make_user: Any, tmp_path: Path
) -> None:
    from sewerworks.enforcement.actions import do_sweep

    bill = _posted_autumn(make_user)
    account = bill.account
    terms = terms_of(bill.period)
    # The later of the due date (Saturday 10-31, so Monday 11-02) and 30 days after the bill date (Monday
    # 11-09), a business day (I-25, I-20); the sweep adds the penalty the day after.
    assert terms.penalty_date == dt.date(2026, 11, 9) and terms.added_on == dt.date(2026, 11, 10)
    assert bill.total == 36

    login("clerk")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Counter").click()
    page.wait_for_load_state()
    shot("billing-counter-find")
    search = page.get_by_label(re.compile("^Account no., tax map no."))
    assert search.evaluate("el => el === document.activeElement")  # the search box has the focus
    page.keyboard.type("hudson")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/billing/counter/accounts/{account.pk}/")
    owed = page.get_by_role("table").filter(has_text="Pay without penalty through")
    row = owed.get_by_role("row").filter(has_text="2026-10-10")
    assert "2026-11-09" in row.inner_text() and "$36.00" in row.inner_text()
    assert "HUDSON, ADA" in page.locator("p.lead").inner_text()
    shot("billing-counter-account-owing")

    amount = page.get_by_label(re.compile(r"^Amount \(\$\)"))
    assert amount.evaluate("el => el === document.activeElement")  # then the amount has the focus
    page.keyboard.type("20.00")
    page.keyboard.press("Enter")
    page.wait_for_url("**/billing/receipts/*/")
    payment = Payment.objects.get(account=account)
    assert payment.amount == 20 and payment.method == "cash"
    expect(page.get_by_role("heading", name=f"Receipt {payment.receipt_number}")).to_be_visible()
    settled = page.get_by_role("table").filter(has_text="What it settled")
    assert "Sewer user charge" in settled.inner_text() and "$20.00" in settled.inner_text()
    shot("billing-counter-receipt")

    text = _text(
        _open_pdf(page, page.get_by_role("link", name=re.compile("^Print the receipt")), tmp_path / "receipt.pdf")
    )
    assert f"Receipt {payment.receipt_number}" in text and "$20.00" in text
    assert account.account_number in text and "$16.00" in text  # what the account still owes after it

    # The daily sweep as the scheduled job runs it, the day after the penalty date: the bill owed $36.00 at
    # the end of Monday 11-09 (the payment came later), so it gets 10% of its amount, $3.60, once; the
    # neighbour's unpaid $24.00 bill gets its $2.40.
    assert do_sweep(terms.penalty_date).changes.get("late_penalties") is None  # on the penalty date: not yet
    run = do_sweep(terms.added_on)
    assert run.changes["late_penalties"] == 2
    neighbour = LedgerEntry.objects.get(kind="penalty", account__account_number="MAR-000002")
    assert neighbour.amount == Decimal("2.40")
    assert do_sweep(terms.added_on).changes.get("late_penalties") is None  # the same day again: nothing more
    penalty = LedgerEntry.objects.get(kind="penalty", bill=bill)
    assert (penalty.amount, penalty.posted_on, penalty.section) == (Decimal("3.60"), terms.added_on, "118-53")

    page.get_by_role("link", name=re.compile("^Next customer")).click()
    page.wait_for_load_state()
    page.get_by_label(re.compile("^Account no., tax map no.")).fill("108.12-3-45")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/billing/counter/accounts/{account.pk}/")
    row = page.get_by_role("table").filter(has_text="Pay without penalty through").get_by_role("row")
    cells = [c.strip() for c in row.filter(has_text="2026-10-10").get_by_role("cell").all_inner_texts()]
    assert cells[3:] == ["$36.00", "$3.60", "$20.00", "$19.60"]
    assert "Owed now: $19.60" in page.get_by_text("Owed now").inner_text()
    shot("billing-counter-account-penalised")

    page.get_by_role("link", name="Full statement").click()
    page.wait_for_load_state()
    entries = page.get_by_role("table").filter(has_text="Ledger entries")
    penalty_row = entries.get_by_role("row").filter(has_text="Late penalty")
    assert "2026-11-10" in penalty_row.inner_text() and "$3.60" in penalty_row.inner_text()
    paid_row = [
        c.strip() for c in entries.get_by_role("row").filter(has_text="Payment").get_by_role("cell").all_inner_texts()
    ]
    assert paid_row[-2:] == ["−$20.00", "$19.60"]  # a payment reads as money taken off, with its sign first
    assert "$19.60" in page.get_by_text("Balance on").inner_text()
    shot("billing-statement-penalised")

    page.get_by_role("link", name="2026-10-10").first.click()
    page.wait_for_load_state()
    assert "$3.60" in page.get_by_text("added 2026-11-10").inner_text()
    assert (
        f"$3.60 (penalty:bill:{bill.pk}); {payment.received_on.isoformat()} Payment −$20.00"
        in page.get_by_text("On the ledger:").inner_text()
    )
    shot("billing-bill-penalised")
    text = _text(_open_pdf(page, page.get_by_role("link", name=f"PDF of bill {bill.pk}"), tmp_path / "bill.pdf"))
    assert account.account_number in text and "108.12-3-45" in text
    assert "Water used, first 5,000 gallons or less" in text and "§ 118-52" in text and "I-24" in text
    assert "$36.00" in text
    assert "DUE DATE Saturday, October 31, 2026" in text
    assert "PENALTY DATE Monday, November 9, 2026" in text
    assert "a penalty of $3.60 (10% of the bill's amount $36.00) is added on November 10, 2026 (§ 118-53" in text
