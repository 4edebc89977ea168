"""What the load mix's billing requests cost (issue 19): the bill page reads its void, rebilling and ledger
entries with the bill and the law in force once; the parcel page reads billing's records only where the
parcel has some, and shows each of them (bills, late penalties, payments, the ledger and its balance)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.billing.actions import do_open_period, do_take_payment
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.core.testing.queries import own_queries

pytestmark = pytest.mark.django_db
D = dt.date
BILL_PAGE_QUERIES = 6  # 15 before issue 19, 7 before issue 38 (the late penalty's payments summed from its entries)
PARCEL_PAGE_QUERIES = 16  # the registry's 14 at most, and billing's bills and payments (the ledger is shown)
PAYMENTS_PAGE_QUERIES = 6  # the user, roles, the table generations, the count, the page, its allocations
PAYMENTS_PAGE_KEPT_QUERIES = 5  # the same page again while nothing changed: the count is kept


@pytest.fixture
def owing(make_account: Any, staff: Any) -> Any:
    """An account with two posted bills, a late penalty on the older, and a payment that settled it."""
    account = make_account(meters=[(1000, 1500)])
    older = posted_bill(account, do_open_period(D(2025, 9, 30), acting_user=staff.clerk), "36.20")
    penalty(older, "3.62", D(2025, 11, 11))
    newer = posted_bill(account, do_open_period(D(2026, 3, 31), acting_user=staff.clerk), "41.90")
    do_take_payment(
        account,
        amount="39.82",
        method="check",
        reference="1042",
        receipt_number="R-118",
        received_on=D(2026, 1, 5),
        acting_user=staff.clerk,
    )
    return account, older, newer


def test_the_bill_page_is_a_fixed_number_of_queries(owing: Any, client_as: Any) -> None:
    _, older, newer = owing
    client = client_as("clerk")
    client.get(f"/billing/bills/{older.pk}/")  # the law in force merged once per process
    for bill in (older, newer):
        page, queries = own_queries(client, f"/billing/bills/{bill.pk}/")
        assert page.status_code == 200 and len(queries) <= BILL_PAGE_QUERIES, queries
    page = client.get(f"/billing/bills/{older.pk}/").content.decode()
    assert "3.62" in page and "R-118" in page  # its late penalty and the payment on its ledger


def test_the_parcel_page_shows_billings_records_in_a_fixed_number_of_queries(owing: Any, client_as: Any) -> None:
    account, older, newer = owing
    client = client_as("clerk")
    client.get(f"/registry/parcels/{account.parcel_id}/")
    response, queries = own_queries(client, f"/registry/parcels/{account.parcel_id}/")
    assert len(queries) <= PARCEL_PAGE_QUERIES, queries
    page = response.content.decode()
    assert "Sewer bill posted: $36.20" in page and "Sewer bill posted: $41.90" in page
    assert "Late penalty added: $3.62" in page
    assert "Payment $39.82 (check), receipt R-118" in page
    assert "Balance: <strong>$41.90</strong>" in page  # 36.20 + 3.62 + 41.90 − 39.82


def test_a_parcel_without_billing_records_skips_billings_queries(make_account: Any, client_as: Any) -> None:
    account = make_account(meters=[(1000, 1500)])
    client = client_as("clerk")
    client.get(f"/registry/parcels/{account.parcel_id}/")
    response, queries = own_queries(client, f"/registry/parcels/{account.parcel_id}/")
    probes = ("SELECT EXISTS", 'SELECT "registry_parcel"')  # the probes, alone or read with the parcel
    billing = [q for q in queries if '"billing_' in q and not q.startswith(probes)]
    assert len(queries) <= PARCEL_PAGE_QUERIES - 4 and not billing, queries
    page = response.content.decode()
    assert "Balance: <strong>$0.00</strong>" in page and "Sewer bill posted" not in page


def test_the_payments_list_is_a_fixed_number_of_queries(
    owing: Any, make_account: Any, staff: Any, client_as: Any
) -> None:
    spring = owing[2].period
    for n in range(5):  # more payments on more accounts: still one query for all their allocations
        other = make_account(meters=[(0, 10)])
        posted_bill(other, spring, "20.00")
        do_take_payment(other, amount="25.00", method="cash", receipt_number=f"C-{n}", acting_user=staff.clerk)
    client = client_as("clerk")
    response, queries = own_queries(client, "/api/billing/payments", limit=50)
    assert len(queries) <= PAYMENTS_PAGE_QUERIES, queries
    again, queries = own_queries(client, "/api/billing/payments", limit=50)
    assert len(queries) <= PAYMENTS_PAGE_KEPT_QUERIES and again.json() == response.json(), queries
    items = response.json()["items"]
    assert len(items) == 6
    parts = {p["receipt_number"]: [(a["part"], a["amount"]) for a in p["allocations"]] for p in items}
    assert parts["C-0"] == [("charge", "20.00"), ("credit", "5.00")]
    assert parts["R-118"] == [("penalty", "3.62"), ("charge", "36.20")]
