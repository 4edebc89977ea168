"""Refunds of a credit balance (§118-53, I-128): the clerk pays nothing out. Authorised (the credit held), audited
by the Town Board as a claim, paid by the Supervisor; that day the credit is closed on the ledger."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from sewerworks.billing.actions import (
    do_authorise_refund,
    do_cancel_refund,
    do_record_refund_audit,
    do_record_refund_paid,
    do_reverse_payment,
    do_take_payment,
)
from sewerworks.billing.actions.credits import apply_credits, credit_by_receipt
from sewerworks.billing.actions.refunds import refundable
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import unapplied_credit
from sewerworks.billing.models import LedgerEntry, Refund
from sewerworks.billing.tests.ledger_factory import posted_bill
from sewerworks.core.models import AuditEvent

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def in_credit(staff: Any, make_account: Any) -> Any:
    """An account that paid $80.00 with no bill: $80.00 of credit (I-63)."""
    account = make_account()
    do_take_payment(
        account,
        amount="80.00",
        method="check",
        reference="310",
        receipt_number="R-CR",
        received_on=D(2026, 11, 2),
        acting_user=staff.clerk,
    )
    return account


def test_a_refund_is_authorised_audited_paid_and_the_credit_closed(staff: Any, in_credit: Any) -> None:
    refund = do_authorise_refund(in_credit, amount="80.00", payee="Ann Lee", acting_user=staff.superintendent)
    assert refund.status == "authorised" and refundable(in_credit) == 0
    assert not LedgerEntry.objects.filter(kind="refund").exists()  # nothing paid out yet
    audited = do_record_refund_audit(
        refund, audited_on=None, claim_number="C-2026-311", abstract="Abstract 22", acting_user=staff.clerk
    )
    assert (audited.status, audited.claim_number) == ("audited", "C-2026-311")
    paid = do_record_refund_paid(refund, paid_on=None, supervisor_check="10422", acting_user=staff.clerk)
    entry = LedgerEntry.objects.get(kind="refund")
    assert (entry.source_key, entry.amount, entry.posted_on) == (
        f"credit:R-CR:refund-{refund.pk}",
        Decimal("80.00"),
        timezone.localdate(),
    )
    assert paid.status == "paid" and unapplied_credit(in_credit) == 0 and balance(account=in_credit) == 0
    steps = list(AuditEvent.objects.filter(run=f"refund:{refund.pk}").order_by("id").values_list("action", flat=True))
    assert steps == ["do_authorise_refund", "do_record_refund_audit", "do_record_refund_paid"]


def test_a_refund_larger_than_the_credit_is_refused(staff: Any, in_credit: Any) -> None:
    with pytest.raises(ValidationError) as raised:
        do_authorise_refund(in_credit, amount="80.01", payee="Ann Lee", acting_user=staff.superintendent)
    assert "never exceeds the credit" in raised.value.message_dict["amount"][0]
    do_authorise_refund(in_credit, amount="50.00", payee="Ann Lee", acting_user=staff.superintendent)
    with pytest.raises(ValidationError, match=r"\$30.00"):  # the rest is what no refund holds
        do_authorise_refund(in_credit, amount="30.01", payee="Ann Lee", acting_user=staff.superintendent)
    assert Refund.objects.count() == 1


def test_the_credit_an_authorised_refund_holds_pays_no_bill_meanwhile(staff: Any, in_credit: Any, autumn: Any) -> None:
    do_authorise_refund(in_credit, amount="60.00", payee="Ann Lee", acting_user=staff.superintendent)
    posted_bill(in_credit, autumn, "50.00")
    assert credit_by_receipt(in_credit) == {"R-CR": (Decimal("20.00"), D(2026, 11, 2))}
    apply_credits(in_credit, timezone.localdate(), staff.clerk)
    assert unapplied_credit(in_credit) == Decimal("60.00")  # $20.00 paid the bill, $60.00 still held
    assert balance(account=in_credit) == Decimal("-30.00")


def test_steps_in_order_and_only_by_their_roles(staff: Any, in_credit: Any) -> None:
    with pytest.raises(PermissionDenied):
        do_authorise_refund(in_credit, amount="10.00", payee="Ann Lee", acting_user=staff.clerk)
    refund = do_authorise_refund(in_credit, amount="10.00", payee="Ann Lee", acting_user=staff.superintendent)
    with pytest.raises(ValidationError, match="after the Board audits"):
        do_record_refund_paid(refund, paid_on=None, supervisor_check="1", acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_record_refund_audit(refund, audited_on=None, claim_number="C-1", abstract="", acting_user=staff.board)
    with pytest.raises(ValidationError) as raised:
        do_record_refund_audit(refund, audited_on=None, claim_number="", abstract="", acting_user=staff.clerk)
    assert "claim_number" in raised.value.message_dict
    with pytest.raises(ValidationError) as raised:
        do_record_refund_audit(
            refund, audited_on=D(2020, 1, 1), claim_number="C-1", abstract="", acting_user=staff.clerk
        )
    assert "audited_on" in raised.value.message_dict
    cancelled = do_cancel_refund(refund, acting_user=staff.superintendent, note="The owner asked to keep the credit")
    assert cancelled.status == "cancelled" and refundable(in_credit) == Decimal("80.00")
    with pytest.raises(ValidationError, match="not yet paid"):
        do_cancel_refund(refund, acting_user=staff.superintendent, note="again")


def test_a_check_returned_after_its_credit_was_refunded_leaves_the_account_owing_it(staff: Any, in_credit: Any) -> None:
    refund = do_authorise_refund(in_credit, amount="80.00", payee="Ann Lee", acting_user=staff.superintendent)
    do_record_refund_audit(refund, audited_on=None, claim_number="C-9", abstract="", acting_user=staff.clerk)
    do_record_refund_paid(refund, paid_on=None, supervisor_check="10423", acting_user=staff.clerk)
    payment = in_credit.payments.get()
    do_reverse_payment(payment, acting_user=staff.superintendent, reason="Check returned")
    assert balance(account=in_credit) == Decimal("80.00")  # the Supervisor paid out money never received
    assert LedgerEntry.objects.filter(kind="refund").count() == 1  # the refund stands
