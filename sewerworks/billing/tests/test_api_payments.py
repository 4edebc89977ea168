"""Payments over the API: taking one is idempotent on the receipt number (201, then 200 with the same
payment, never a second one); refusals are 403 for a role that may not and 422 naming the field; the
statement gives each entry with the running balance and each bill with what is overdue."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sewerworks.billing.actions import do_open_period
from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill

pytestmark = pytest.mark.django_db
D = dt.date
URL = "/api/billing/payments"


@pytest.fixture
def owing(make_account: Any, staff: Any) -> Any:
    account = make_account()
    older = posted_bill(account, do_open_period(D(2025, 9, 30), acting_user=staff.clerk), "36.20")
    penalty(older, "3.62", D(2025, 11, 11))
    newer = posted_bill(account, do_open_period(D(2026, 3, 31), acting_user=staff.clerk), "41.90")
    return account, older, newer


def pay(client: Any, account: Any, **kw: Any) -> Any:
    body = {
        "account_id": account.pk,
        "receipt_number": "W-1",
        "amount": "50.00",
        "method": "online",
        "reference": "CONF-88",
        "received_on": "2026-05-01",
        **kw,
    }
    return client.post(URL, body, content_type="application/json")


def test_a_payment_posted_twice_is_one_payment_201_then_200(client_as: Any, owing: Any) -> None:
    account, older, newer = owing
    clerk = client_as("clerk")
    first = pay(clerk, account)
    assert first.status_code == 201, first.content
    body = first.json()
    assert body["amount"] == "50.00" and body["credit"] == "0.00" and body["method"] == "online"
    assert [(a["bill_id"], a["part"], a["amount"]) for a in body["allocations"]] == [
        (older.pk, "penalty", "3.62"),
        (older.pk, "charge", "36.20"),
        (newer.pk, "charge", "10.18"),
    ]
    again = pay(clerk, account)
    assert again.status_code == 200 and again.json() == body
    assert Payment.objects.count() == 1 and LedgerEntry.objects.filter(kind="payment").count() == 3
    clash = pay(clerk, account, amount="49.00")
    assert clash.status_code == 422 and "receipt_number" in clash.json()["detail"]
    listed = clerk.get(URL, {"account_id": account.pk}).json()
    assert listed["count"] == 1 and listed["items"][0]["receipt_number"] == "W-1"
    assert clerk.get(URL, {"received_on": "2026-05-02"}).json()["count"] == 0
    assert clerk.get(f"{URL}/{body['id']}").json() == body


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"amount": "0.00"}, "amount"),
        ({"amount": "1.001"}, "amount"),
        ({"amount": 10.5}, "amount"),
        ({"method": "iou"}, "method"),
        ({"reference": ""}, "reference"),
        ({"receipt_number": "no spaces"}, "receipt_number"),
        ({"received_on": "2999-01-01"}, "received_on"),
        ({"received_on": "2026-02-30"}, "received_on"),
        ({"payer": "a\u0000b"}, "payer"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(client_as: Any, owing: Any, kw: dict[str, Any], field: str) -> None:
    answer = pay(client_as("clerk"), owing[0], **kw)
    assert answer.status_code == 422 and field in str(answer.json()["detail"])
    assert not Payment.objects.exists()


def test_roles_and_unknown_ids(client_as: Any, owing: Any) -> None:
    account = owing[0]
    assert pay(client_as("inspector"), account).status_code == 403
    assert pay(client_as("clerk"), account, account_id=999_999).status_code == 404
    assert pay(client_as("clerk"), account, account_id=2**63).status_code in (404, 422)
    assert pay(client_as("clerk"), account).status_code == 201
    paid = Payment.objects.get()
    clerk_reversal = client_as("clerk").post(
        f"{URL}/{paid.pk}/reversal", {"reason": "x"}, content_type="application/json"
    )
    assert clerk_reversal.status_code == 403
    sup = client_as("superintendent")
    assert sup.post(f"{URL}/{paid.pk}/reversal", {"reason": " "}, content_type="application/json").status_code == 422
    done = sup.post(f"{URL}/{paid.pk}/reversal", {"reason": "Check returned"}, content_type="application/json")
    assert done.status_code == 200 and done.json()["reversed_on"] is not None
    assert sup.get(f"{URL}/999999").status_code == 404


def test_the_statement_has_the_running_balance_and_what_is_overdue(client_as: Any, owing: Any) -> None:
    account, older, newer = owing
    clerk = client_as("clerk")
    pay(clerk, account)
    st = clerk.get(f"/api/billing/accounts/{account.pk}/statement", {"on": "2026-06-01"}).json()
    assert st["balance"] == "31.72" and st["overdue"] == "31.72" and st["credit"] == "0.00"
    assert [e["balance"] for e in st["entries"]] == ["36.20", "39.82", "81.72", "78.10", "41.90", "31.72"]
    assert [(b["bill_id"], b["balance"], b["overdue"], b["penalty_date"]) for b in st["bills"]] == [
        (older.pk, "0.00", False, "2025-11-10"),
        (newer.pk, "31.72", True, "2026-05-11"),
    ]
    early = clerk.get(f"/api/billing/accounts/{account.pk}/statement", {"on": "2026-04-30"}).json()
    assert early["balance"] == "81.72" and [b["overdue"] for b in early["bills"]] == [True, False]
    assert clerk.get(f"/api/billing/accounts/{account.pk}/statement", {"on": "junk"}).status_code == 422


def test_the_list_gives_each_payment_its_own_allocations_in_a_fixed_number_of_queries(
    client_as: Any, owing: Any, make_account: Any
) -> None:
    account, older, newer = owing
    clerk = client_as("clerk")
    assert pay(clerk, account, receipt_number="W-1", amount="20.00").status_code == 201
    assert pay(clerk, account, receipt_number="W-12", amount="30.00").status_code == 201  # W-1 starts it
    assert pay(clerk, account, receipt_number="W-2", amount="100.00").status_code == 201  # leaves a credit
    one_by_one = {p.pk: clerk.get(f"{URL}/{p.pk}").json()["allocations"] for p in Payment.objects.all()}
    with CaptureQueriesContext(connection) as queries:
        listed = clerk.get(URL).json()["items"]
    billing = [q["sql"] for q in queries.captured_queries if '"billing_' in q["sql"]]
    assert len(billing) <= 3, billing  # count, page, allocations (one per payment before: 3 + 3)
    assert {p["id"]: p["allocations"] for p in listed} == one_by_one
    assert [a["part"] for a in next(p for p in listed if p["receipt_number"] == "W-2")["allocations"]][-1] == "credit"
