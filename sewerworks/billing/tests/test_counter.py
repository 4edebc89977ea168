"""The counter, the receipt, the statement and the day's receipts, as the clerk uses them."""

from __future__ import annotations

import datetime as dt
import io
import re
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone
from pypdf import PdfReader

from sewerworks.billing.actions import do_open_period, do_take_payment
from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.registry.models import Owner, Ownership

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def owing(make_account: Any, staff: Any) -> Any:
    """Account MAR-000001 on 108.1-1-1, owned by Hudson, with an overdue bill and its penalty, and a newer bill."""
    account = make_account()
    owner = Owner.objects.create(name="Hudson, Ada")
    Ownership.objects.create(parcel=account.parcel, owner=owner, start=D(2010, 1, 1))
    older = posted_bill(account, do_open_period(D(2025, 9, 30), acting_user=staff.clerk), "36.20")
    penalty(older, "3.62", D(2025, 11, 11))
    posted_bill(account, do_open_period(D(2026, 3, 31), acting_user=staff.clerk), "41.90")
    return account


@pytest.mark.parametrize("query", ["MAR-000001", "108.1-1-1", "hudson", "1 "])
def test_the_clerk_finds_the_account_by_any_search_key(client_as: Any, owing: Any, query: str) -> None:
    clerk = client_as("clerk")
    page = clerk.get("/billing/counter/", {"q": query})
    assert page.status_code == 302 and page["Location"] == f"/billing/counter/accounts/{owing.pk}/"
    partial = clerk.get("/billing/counter/", {"q": query}, headers={"HX-Request": "true"}).content.decode()
    assert "MAR-000001" in partial and "Hudson, Ada" in partial and "<html" not in partial


def test_the_counter_shows_what_is_owed_and_why_then_takes_the_payment(client_as: Any, owing: Any) -> None:
    clerk = client_as("clerk")
    page = clerk.get(f"/billing/counter/accounts/{owing.pk}/").content.decode()
    assert "$81.72" in page and "Overdue" in page and "$3.62" in page and "autofocus" in page
    assert 'accesskey="p"' in page and 'accesskey="a"' in page
    prefilled = re.search(r'name="receipt_number" id="[^"]+" class="[^"]+" value="([^"]+)"', page)
    assert prefilled and re.fullmatch(r"\d{6}-[0-9A-F]{6}", prefilled[1])  # the form carries its own receipt number
    form = {
        "amount": "50.00",
        "method": "cash",
        "received_on": timezone.localdate().isoformat(),
        "receipt_number": "C-1001",
    }
    done = clerk.post(f"/billing/counter/accounts/{owing.pk}/", form)
    payment = Payment.objects.get()
    assert done.status_code == 302 and done["Location"] == f"/billing/receipts/{payment.pk}/"
    again = clerk.post(f"/billing/counter/accounts/{owing.pk}/", form)  # the form sent twice: a double click
    assert again["Location"] == done["Location"] and Payment.objects.count() == 1
    assert LedgerEntry.objects.filter(kind="payment").count() == 3
    shown = clerk.get(done["Location"]).content.decode()
    assert "C-1001" in shown and "Late penalty" in shown and "$10.18" in shown
    pdf = clerk.get(f"/billing/receipts/{payment.pk}/receipt.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Receipt C-1001" in text and "$50.00" in text and "MAR-000001" in text and "$31.72" in text


def test_a_refused_payment_names_the_field_on_the_form(client_as: Any, owing: Any) -> None:
    clerk = client_as("clerk")
    form = {"amount": "12.345", "method": "check", "received_on": "2026-01-05", "receipt_number": "C-1"}
    page = clerk.post(f"/billing/counter/accounts/{owing.pk}/", form)
    assert page.status_code == 200 and "fraction of a cent" in page.content.decode()
    form["amount"] = "12.34"
    page = clerk.post(f"/billing/counter/accounts/{owing.pk}/", form)
    assert "needs its reference" in page.content.decode() and not Payment.objects.exists()


@pytest.mark.parametrize("role", ["inspector", "board member"])
def test_an_inspector_or_a_board_member_cannot_take_a_payment(client_as: Any, owing: Any, role: str) -> None:
    client = client_as(role)
    assert client.get("/billing/counter/").status_code == 403
    form = {"amount": "5", "method": "cash", "received_on": "2026-01-05", "receipt_number": "X-1"}
    assert client.post(f"/billing/counter/accounts/{owing.pk}/", form).status_code == 403
    assert not Payment.objects.exists()
    assert client.get(f"/billing/accounts/{owing.pk}/statement/").status_code == 200


def test_the_statement_shows_each_entry_with_the_running_balance(client_as: Any, owing: Any, staff: Any) -> None:
    do_take_payment(
        owing, amount="50.00", method="cash", receipt_number="C-1", acting_user=staff.clerk, received_on=D(2026, 5, 1)
    )
    page = client_as("board member").get(f"/billing/accounts/{owing.pk}/statement/").content.decode()
    for running in ("$36.20", "$39.82", "$81.72", "$78.10", "$41.90", "$31.72"):
        assert running in page
    earlier = client_as("clerk").get(f"/billing/accounts/{owing.pk}/statement/", {"on": "2025-12-31"})
    assert "$39.82" in earlier.content.decode() and "$81.72" not in earlier.content.decode()
    bad = client_as("clerk").get(f"/billing/accounts/{owing.pk}/statement/", {"on": "2025-13-45"})
    assert bad.status_code == 200 and "is not a date" in bad.content.decode()


def test_the_days_receipts_total_by_method_for_the_deposit(client_as: Any, owing: Any, staff: Any) -> None:
    from sewerworks.billing.actions import do_reverse_payment

    day = D(2026, 5, 1)
    for n, (amount, method, ref) in enumerate(
        [("10.00", "cash", ""), ("20.00", "check", "101"), ("5.50", "cash", ""), ("7.00", "check", "102")]
    ):
        do_take_payment(
            owing,
            amount=amount,
            method=method,
            reference=ref,
            receipt_number=f"D-{n}",
            acting_user=staff.clerk,
            received_on=day,
        )
    do_reverse_payment(Payment.objects.get(receipt_number="D-3"), acting_user=staff.superintendent, reason="returned")
    page = client_as("clerk").get("/billing/receipts/", {"day": "2026-05-01"}).content.decode()
    assert "$15.50" in page and "$20.00" in page and "$35.50" in page and "reversed" in page
    assert Decimal("35.50") == sum(p.amount for p in Payment.objects.filter(reversed_on__isnull=True))


def test_the_parcel_page_links_the_statement_and_the_counter_and_lists_the_payment(
    client_as: Any, owing: Any, staff: Any
) -> None:
    paid = do_take_payment(owing, amount="9.00", method="cash", receipt_number="C-7", acting_user=staff.clerk)
    page = client_as("clerk").get(f"/registry/parcels/{owing.parcel_id}/").content.decode()
    assert f"/billing/accounts/{owing.pk}/statement/" in page and f"/billing/counter/accounts/{owing.pk}/" in page
    assert "Payment $9.00 (cash), receipt C-7" in page and f"receipt {paid.payment.receipt_number}:" in page


def test_the_counter_offers_to_apply_a_credit_to_a_bill_posted_since(client_as: Any, owing: Any, staff: Any) -> None:
    do_take_payment(
        owing, amount="100.00", method="cash", receipt_number="C-9", acting_user=staff.clerk, received_on=D(2026, 5, 1)
    )
    posted_bill(owing, do_open_period(D(2026, 9, 30), acting_user=staff.clerk), "24.00")
    clerk = client_as("clerk")
    page = clerk.get(f"/billing/counter/accounts/{owing.pk}/").content.decode()
    assert "Apply the $18.28 credit" in page
    assert client_as("inspector").post(f"/billing/counter/accounts/{owing.pk}/apply-credit/").status_code == 403
    clerk = client_as("clerk")
    assert clerk.post(f"/billing/counter/accounts/{owing.pk}/apply-credit/").status_code == 302
    page = clerk.get(f"/billing/counter/accounts/{owing.pk}/").content.decode()
    assert "Apply the" not in page and "$5.72" in page


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31", "2026-02-30", "x"])
def test_any_day_asked_of_the_days_receipts_is_answered(client_as: Any, day: str) -> None:
    assert client_as("board member").get("/billing/receipts/", {"day": day}).status_code == 200


@pytest.mark.parametrize("on", ["0001-01-01", "9999-12-31"])
def test_a_statement_as_of_any_day_is_answered(client_as: Any, owing: Any, on: str) -> None:
    page = client_as("clerk").get(f"/billing/accounts/{owing.pk}/statement/", {"on": on})
    assert page.status_code == 200
