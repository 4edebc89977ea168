"""A bill printed again at the window (issue 38, item 7) shows, below the bill as it was sent, what happened since
as of the day of the reprint: each receipt set against it, the late penalty, and what is left to pay. A bill
nobody paid says so; a bill paid in full says nothing is left."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from sewerworks.billing.actions import do_reverse_payment, do_take_payment
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.billing.tests.test_bill_pdfs import posted

pytestmark = pytest.mark.django_db


@pytest.fixture
def bill(staff: Any, make_account: Any, autumn: BillingPeriod, settings: Any, tmp_path: Any) -> Bill:
    settings.MEDIA_ROOT = tmp_path / "media"
    make_account(meters=[(0, 9_000)])
    posted(autumn, staff)
    return Bill.objects.get(basis="reads")


def _reprint(client_as: Any, bill: Bill) -> str:
    response = client_as("clerk").get(f"/billing/bills/{bill.pk}/pdf/")
    assert response.status_code == 200
    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)


def test_a_bill_paid_in_part_reprints_with_its_receipt_and_what_is_left(client_as: Any, bill: Bill,
                                                                       staff: Any) -> None:  # fmt: skip
    do_take_payment(bill.account, amount="10.00", method="cash", receipt_number="W-101", acting_user=staff.clerk)
    text = _reprint(client_as, bill)
    left = bill.total - 10
    assert "Since this bill, as of" in text and "W-101" in text and "$10.00" in text
    assert f"Left to pay: ${left:,.2f}." in text


def test_a_bill_nobody_paid_says_so_and_a_reversed_check_counts_for_nothing(client_as: Any, bill: Bill,
                                                                           staff: Any) -> None:  # fmt: skip
    check = do_take_payment(bill.account, amount="5.00", method="check", reference="77", receipt_number="W-102",
                            acting_user=staff.clerk).payment  # fmt: skip
    do_reverse_payment(check, acting_user=staff.superintendent, reason="Check returned: insufficient funds")
    text = _reprint(client_as, bill)
    assert "No payment received toward this bill." in text and "W-102" not in text
    assert f"Left to pay: ${bill.total:,.2f}." in text


def test_a_bill_paid_in_full_reprints_with_nothing_left(client_as: Any, bill: Bill, staff: Any) -> None:
    do_take_payment(bill.account, amount=str(bill.total), method="cash", receipt_number="W-103",
                    acting_user=staff.clerk)  # fmt: skip
    text = _reprint(client_as, bill)
    assert "W-103" in text and "Paid in full: nothing is left to pay." in text
