"""The clerk's day and month, corrections and the Board's review over the API (§118-50, §118-53): the same actions
as the screens; 201 for what is written, 403 for a role that may not, 422 naming the field and the rule."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client

from sewerworks.billing.actions import do_post_period, do_review_period, do_take_payment
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Deposit
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.core.resolutions.actions import do_record_resolution

pytestmark = pytest.mark.django_db
J = "application/json"


@pytest.fixture
def client_as(make_user: Any) -> Any:
    """A client of its own for each role (the shared ``client_as`` signs one client in again)."""

    def _as(role: str) -> Client:
        client = Client()
        client.force_login(make_user(role))
        return client

    return _as


def post(client: Any, url: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/billing/{url}", body, content_type=J)


def test_the_day_and_the_month_over_the_api(client_as: Any, staff: Any, make_account: Any) -> None:
    account = make_account()
    do_take_payment(
        account,
        amount="20.00",
        method="cash",
        receipt_number="A-1",
        received_on=dt.date(2026, 11, 27),
        acting_user=staff.clerk,
    )
    clerk = client_as("clerk")
    drawer = clerk.get("/api/billing/deposits/pending?day=2026-11-27").json()
    assert (drawer["total"], drawer["cash"], drawer["by_fund"][0]["key"]) == ("20.00", "20.00", "marlborough")
    assert (
        post(client_as("board member"), "deposits", {"day": "2026-11-27", "cash_counted": "20.00"}).status_code == 403
    )
    short = post(clerk, "deposits", {"day": "2026-11-27", "cash_counted": "19.00"})
    assert short.status_code == 422 and "difference_reason" in short.json()["detail"]
    made = post(clerk, "deposits", {"day": "2026-11-27", "cash_counted": "20.00"})
    assert made.status_code == 201 and made.json()["number"] == "D-20261127"
    again = post(clerk, "deposits", {"day": "2026-11-27", "cash_counted": "20.00"})
    assert again.status_code == 422 and "already closed" in again.json()["detail"]
    deposit = Deposit.objects.get()
    assert clerk.get(f"/api/billing/deposits/{deposit.pk}/slip")["Content-Type"] == "application/pdf"
    month = clerk.get("/api/billing/turnover/2026/11").json()
    assert (month["total"], month["closed"], month["deposits"]) == ("20.00", False, [deposit.pk])
    closed = clerk.post("/api/billing/turnover/2026/11/close")
    assert closed.status_code == 200 and closed.json()["closed"] is True
    assert clerk.get("/api/billing/turnover/2026/13").status_code == 422
    assert clerk.get("/api/billing/turnover/99999/1").status_code == 422


def test_corrections_over_the_api(client_as: Any, staff: Any, make_account: Any, autumn: Any) -> None:
    account = make_account()
    bill = posted_bill(account, autumn, "50.00")
    penalty(bill, "5.00", dt.date(2026, 11, 10))
    clerk, sup = client_as("clerk"), client_as("superintendent")
    body = {
        "bill_id": bill.pk,
        "part": "penalty",
        "amount": "-5.00",
        "reason": "penalty_error",
        "explanation": "Mailed on time",
    }
    made = post(clerk, "adjustments", body)
    assert made.status_code == 201 and made.json()["status"] == "pending"
    adjustment = made.json()["id"]
    assert post(clerk, f"adjustments/{adjustment}/approval", {}).status_code == 403
    approved = post(sup, f"adjustments/{adjustment}/approval", {"note": "ok"})
    assert approved.status_code == 200 and approved.json()["status"] == "posted"
    assert post(clerk, "adjustments", {**body, "amount": "1e400"}).status_code == 422
    do_take_payment(
        account, amount="90.00", method="check", reference="9", receipt_number="A-2", acting_user=staff.clerk
    )
    too_much = post(sup, f"accounts/{account.pk}/refunds", {"amount": "40.01", "payee": "Ann"})
    assert too_much.status_code == 422 and "never exceeds the credit" in too_much.json()["detail"]
    refund = post(sup, f"accounts/{account.pk}/refunds", {"amount": "40.00", "payee": "Ann"}).json()["id"]
    assert post(clerk, f"refunds/{refund}/payment", {"supervisor_check": "1"}).status_code == 422
    assert post(clerk, f"refunds/{refund}/audit", {"claim_number": "C-1"}).json()["status"] == "audited"
    assert post(clerk, f"refunds/{refund}/payment", {"supervisor_check": "1"}).json()["status"] == "paid"
    payment = account.payments.get(receipt_number="A-2")
    back = post(
        sup, f"payments/{payment.pk}/reversal", {"reason": "Returned", "bank_reference": "RT-9", "return_reason": "NSF"}
    )
    assert back.status_code == 200 and back.json()["reversed_on"]
    returned = payment.returned_check
    assert clerk.get(f"/api/billing/returned-checks/{returned.pk}/letter")["Content-Type"] == "application/pdf"


def test_the_rate_review_over_the_api(client_as: Any, staff: Any, make_account: Any, autumn: Any, area: Any) -> None:
    make_account(meters=[(1_000, 9_000)])
    run_drafts(autumn, acting_user=staff.clerk)
    do_review_period(autumn, acting_user=staff.superintendent)
    clerk = client_as("clerk")
    early = post(clerk, "rate-reviews", {"fiscal_year": 2026, "period_id": autumn.pk})
    assert early.status_code == 422 and "posted period" in early.json()["detail"]
    do_post_period(autumn, acting_user=staff.superintendent)
    review = post(clerk, "rate-reviews", {"fiscal_year": 2026, "period_id": autumn.pk}).json()["id"]
    bad = post(
        clerk,
        f"rate-reviews/{review}/candidates",
        {"label": "X", "rate_per_gallon": "-0.1", "minimum_charge": "10.00", "minimum_gallons": 5000},
    )
    assert bad.status_code == 422 and "rate_per_gallon" in bad.json()["detail"]
    made = post(
        clerk,
        f"rate-reviews/{review}/candidates",
        {"label": "Rate $0.004", "rate_per_gallon": "0.004", "minimum_charge": "10.00", "minimum_gallons": 5000},
    )
    assert made.status_code == 201
    resolution = do_record_resolution(
        instrument="Res. 2025-120",
        adopted_on=dt.date(2025, 11, 18),
        effective_on=dt.date(2026, 1, 1),
        title="Budget",
        values=[],
        acting_user=staff.clerk,
    )
    budget = post(
        clerk, "budgets", {"area_id": area.pk, "fiscal_year": 2026, "amount": "100.00", "resolution_id": resolution.pk}
    )
    assert budget.status_code == 201
    figures = client_as("board member").get(f"/api/billing/rate-reviews/{review}").json()
    marl = next(a for a in figures["areas"] if a["fund_id"] == area.pk)
    assert (marl["billed"], marl["proposed"], marl["annual_proposed"]) == ("24.00", ["32.00"], ["64.00"])
    assert marl["outcomes"] == ["revenue-short-of-cost"] and marl["cost"] == "100.00"
    revenue = clerk.get("/api/billing/revenue?start=2026-01-01&end=2026-12-31").json()
    assert revenue["total"]["billed"] == "24.00"
    assert clerk.get("/api/billing/revenue?start=2026-12-31&end=2026-01-01").status_code == 422
