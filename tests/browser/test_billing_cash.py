"""The clerk's cash and the Board's review (§118-50, §118-53, issue 34): the clerk takes payments, closes the
day's deposit and reads its slip back; the month's turnover PDF and CSV equal its deposits per fund and the month
is closed; an adjustment waits for approval and the Superintendent approves it; a returned check adds the fee and
prints the letter; a refund is authorised, audited, paid and its credit closed; the Board member opens the rate
review and sees the revenue against the cost per area. axe-core checks every screen."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import Adjustment, Deposit, MonthlyTurnover, Payment, Refund, ReturnedCheck
from sewerworks.registry.models import MeterRead, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f
from tests.browser.test_billing_counter import _open_pdf, _text

pytestmark = pytest.mark.django_db(transaction=True)
NOV_30 = "2026-11-30"


def _town(make_user: Any) -> dict[str, SewerAccount]:
    """Two areas; the autumn 2026 period billed, posted and penalised: Ada Hudson (Marlborough, 12,000 gal: $36.00
    and a $3.60 penalty), Cal Reed (Marlborough, 9,000 gal: $27.00 + $2.70), Olive Lane (Milton, $27.00 + $2.70);
    the Board's returned-check fee of $20.00, its 2026 budgets, and the 2026 rate review with one candidate."""
    from sewerworks.billing.actions import (
        do_add_candidate,
        do_enter_budget,
        do_open_period,
        do_open_review,
        do_post_period,
        do_review_period,
    )
    from sewerworks.billing.engine.run import run_drafts
    from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
    from sewerworks.enforcement.actions import do_sweep

    marl, milton = f.area(), f.area("milton", "Hamlet of Milton")
    accounts = {}
    for n, (owner, area, used) in enumerate(
        (("HUDSON, ADA", marl, 12_000), ("REED, CAL", marl, 9_000), ("LANE, OLIVE", milton, 9_000)), start=1
    ):
        parcel = f.parcel(f"108.12-3-{44 + n}", street_number=str(12 + 2 * n), improvement_area=area, dx=100 + 150 * n)
        f.owned(parcel, owner)
        account = SewerAccount.objects.create(account_number=f"MAR-{n:06d}", parcel=parcel)
        meter = WaterMeter.objects.create(serial=f"WM-{n}", account=account, dials=6, installed_on=dt.date(2015, 3, 1))
        MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=1_000)
        MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 9, 30), reading=1_000 + used)
        accounts[owner.split(",")[0].lower()] = account
    clerk, sup = make_user("clerk"), make_user("superintendent")
    period = do_open_period(dt.date(2026, 9, 30), acting_user=clerk)
    run_drafts(period, acting_user=clerk)
    do_review_period(period, acting_user=sup)
    do_post_period(period, acting_user=sup)
    do_sweep(dt.date(2026, 11, 10))  # the day after the penalty date: three penalties
    do_record_resolution(
        instrument="Res. 2026-77",
        adopted_on=dt.date(2026, 7, 20),
        effective_on=dt.date(2026, 8, 1),
        title="Returned-check fee",
        values=[ProposedValue("charges.returned_check_fee", "20.00")],
        acting_user=clerk,
    )
    budget = do_record_resolution(
        instrument="Res. 2025-141",
        adopted_on=dt.date(2025, 11, 18),
        title="Budget 2026",
        effective_on=dt.date(2026, 1, 1),
        values=[],
        acting_user=clerk,
    )
    do_enter_budget(area=marl, fiscal_year=2026, amount="100.00", resolution=budget, acting_user=clerk)
    do_enter_budget(area=milton, fiscal_year=2026, amount="80.00", resolution=budget, acting_user=clerk)
    review = do_open_review(fiscal_year=2026, period=period, acting_user=sup)
    do_add_candidate(
        review,
        label="Rate $0.004",
        rate_per_gallon="0.004",
        minimum_charge="10.00",
        minimum_gallons=5000,
        acting_user=sup,
    )
    return accounts


def _take(page: Any, account: SewerAccount, amount: str, method: str = "cash", reference: str = "") -> Payment:
    page.goto(f"/billing/counter/accounts/{account.pk}/")
    page.get_by_label(re.compile(r"^Amount \(\$\)")).fill(amount)
    page.get_by_label("Paid by", exact=True).select_option(method)
    page.get_by_label("Reference", exact=True).fill(reference)
    page.get_by_label("Received on").fill(NOV_30)
    page.get_by_role("button", name=re.compile("^Take the payment")).click()
    page.wait_for_url("**/billing/receipts/*/")
    return Payment.objects.filter(account=account).latest("pk")


def _sign_in_as(page: Any, login: Any, role: str) -> None:
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()
    login(role)


def test_the_day_the_month_the_corrections_and_the_boards_review(
    page: Any, login: Any, shot: Any, make_user: Any, tmp_path: Path
) -> None:
    town = _town(make_user)
    ada, cal, olive = town["hudson"], town["reed"], town["lane"]

    # The clerk takes the day's payments at the counter (received on Monday, November 30)
    login("clerk")
    _take(page, ada, "20.00")
    _take(page, cal, "60.00")
    check = _take(page, olive, "50.00", "check", "3141")
    assert check.credit == Decimal("20.30")

    # ... closes the drawer into the deposit, counting the cash, and prints the slip
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Cash").click()
    page.get_by_label("Day").fill(NOV_30)
    page.get_by_role("button", name="Show").click()
    page.wait_for_load_state()
    drawer = page.get_by_role("table").filter(has_text="By fund")
    assert "$80.00" in drawer.inner_text() and "$50.00" in drawer.inner_text()
    shot("billing-cash-drawer")
    page.get_by_label(re.compile(r"^Cash counted")).fill("80.00")
    page.get_by_role("button", name="Close the deposit").click()
    page.wait_for_url("**/billing/deposits/*/")
    deposit = Deposit.objects.get()
    assert (deposit.day, deposit.total, deposit.cash_difference) == (dt.date(2026, 11, 30), Decimal("130.00"), 0)
    shot("billing-cash-deposit")
    slip = _text(
        _open_pdf(page, page.get_by_role("link", name=re.compile("^Print the deposit slip")), tmp_path / "slip.pdf")
    )
    for words in (
        "DEPOSIT SLIP",
        "D-20261130",
        "$130.00",
        "3141",
        "Hamlet of Marlborough 2 $80.00",
        "Hamlet of Milton 1 $50.00",
        "Cash 2 $80.00",
        "Check 1 $50.00",
    ):
        assert words in slip, words

    # The month's turnover: its PDF and CSV equal its deposits per fund; the clerk closes and signs it
    page.get_by_role("link", name="Its month's turnover").click()
    page.wait_for_load_state()
    with page.expect_download() as caught:
        page.get_by_role("link", name="Turnover (CSV)").click()
    rows = list(csv.reader(io.StringIO(Path(caught.value.path()).read_text(encoding="utf-8-sig"))))
    assert rows[0][:4] == ["deposit", "day", "Hamlet of Marlborough", "Hamlet of Milton"]
    assert rows[1][:5] == ["D-20261130", NOV_30, "80.00", "50.00", "130.00"]
    assert rows[2][:5] == ["total", "", "80.00", "50.00", "130.00"]
    month = _text(_open_pdf(page, page.get_by_role("link", name="Turnover (PDF)"), tmp_path / "turnover.pdf"))
    assert "Hamlet of Marlborough 2 $80.00" in month and "Hamlet of Milton 1 $50.00" in month
    page.get_by_role("button", name="Close and sign November 2026").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Closed and signed")).to_be_visible()
    assert MonthlyTurnover.objects.get().total == Decimal("130.00")
    shot("billing-cash-turnover-closed")

    # An adjustment made at the counter waits for a second person's approval
    page.goto(f"/billing/counter/accounts/{ada.pk}/")
    page.get_by_text("Adjust a bill's charge or penalty").click()
    page.get_by_label("Part").select_option("charge")
    page.get_by_label(re.compile(r"^Amount \(\$, negative")).fill("-5.00")
    page.get_by_label("Reason").select_option("dispute")
    page.get_by_label("Explanation").fill("Leak repaired in May; owner agreed with the Superintendent")
    page.get_by_role("button", name="Make the adjustment").click()
    page.wait_for_load_state()
    expect(page.get_by_role("alert").filter(has_text="It waits for the Superintendent's approval")).to_be_visible()
    shot("billing-cash-adjustment-waiting")
    made = Adjustment.objects.get()
    assert made.status == "pending" and balance(account=ada) == Decimal("19.60")

    # The Superintendent approves it, records the returned check and authorises a refund of Cal's credit
    _sign_in_as(page, login, "superintendent")
    page.goto("/billing/adjustments/")
    page.get_by_role("button", name=f"Approve {made.pk}").click()
    page.wait_for_load_state()
    made.refresh_from_db()
    assert made.status == "posted" and balance(account=ada) == Decimal("14.60")
    shot("billing-cash-adjustment-approved")
    page.goto(f"/billing/receipts/{check.pk}/")
    page.get_by_label("Why").fill("Check returned by the bank")
    page.get_by_label("Bank's reference of the returned check").fill("RI-1130-07")
    page.get_by_label("Bank's reason").fill("NSF: insufficient funds")
    page.get_by_role("button", name="Reverse the payment").click()
    page.wait_for_load_state()
    returned = ReturnedCheck.objects.get()
    assert returned.fee == Decimal("20.00") and balance(account=olive) == Decimal("29.70")
    shot("billing-cash-returned-check")
    letter = _text(_open_pdf(page, page.get_by_role("link", name=re.compile("^Print the letter")), tmp_path / "l.pdf"))
    assert "returned unpaid by the bank (RI-1130-07: NSF: insufficient funds)" in letter and "$20.00" in letter
    page.goto(f"/billing/counter/accounts/{cal.pk}/")
    assert page.get_by_label(re.compile("^Refund of the credit")).input_value() == "30.30"
    page.get_by_role("button", name="Authorise the refund").click()
    page.wait_for_load_state()
    refund = Refund.objects.get()
    assert (refund.amount, refund.status, refund.payee) == (Decimal("30.30"), "authorised", "REED, CAL")

    # The clerk records the Board's audit of the claim and the Supervisor's payment: the credit is closed
    _sign_in_as(page, login, "clerk")
    page.goto("/billing/refunds/")
    page.get_by_label("Claim number").fill("2026-1187")
    page.get_by_role("button", name="Record the Board's audit").click()
    page.wait_for_load_state()
    page.get_by_label("Supervisor's check").fill("20418")
    page.get_by_role("button", name="Record it paid and close the credit").click()
    page.wait_for_load_state()
    expect(page.get_by_role("table").filter(has_text="Refunds paid or cancelled")).to_contain_text("20418")
    assert Refund.objects.get().status == "paid" and balance(account=cal) == 0
    shot("billing-cash-refund-paid")

    # The Board member opens the rate review: the revenue against the cost per area
    _sign_in_as(page, login, "board member")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Board review").click()
    page.wait_for_load_state()
    shot("billing-review-revenue")
    page.get_by_role("link", name=re.compile(r"^Rate reviews")).click()
    page.get_by_role("link", name="2026").click()
    page.wait_for_load_state()
    milton = page.get_by_role("table").filter(has_text="Revenue against cost (budget $80.00")
    assert "$54.00" in milton.inner_text() and "$72.00" in milton.inner_text()  # a year: as billed, at $0.004
    expect(page.get_by_text("$26.00 short of it")).to_be_visible()  # as billed: $54.00 against $80.00 (§118-50)
    expect(page.get_by_text("$8.00 short of it")).to_be_visible()  # at $0.004: $72.00
    assert page.locator("svg[role=img]").count() >= 2
    expect(page.get_by_role("button", name="Record the resolution")).to_have_count(0)
    shot("billing-review-rate-review")
