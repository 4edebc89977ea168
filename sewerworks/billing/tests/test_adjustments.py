"""Adjustments nobody makes alone (§118-53, I-128): a bill's charge or penalty adjusted for a listed reason, made
by one person and, above the threshold the Board resolved (0.00: every one), approved by another; maker and
checker kept; on the statement, the counter and the audit trail; a wrong bill still voided and rebilled."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from sewerworks.billing.actions import do_approve_adjustment, do_make_adjustment, do_refuse_adjustment, do_take_payment
from sewerworks.billing.corrections.void import do_void_bill
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import bills_owed
from sewerworks.billing.models import Adjustment, LedgerEntry
from sewerworks.billing.statements.account import statement
from sewerworks.billing.tests.ledger_factory import penalty, posted_bill
from sewerworks.core.models import AuditEvent
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

pytestmark = pytest.mark.django_db
TODAY = dt.date.today()


@pytest.fixture
def penalised(make_account: Any, autumn: Any) -> Any:
    """A $50.00 bill of the autumn period with its $5.00 late penalty standing."""
    account = make_account()
    bill = posted_bill(account, autumn, "50.00")
    penalty(bill, "5.00", dt.date(2026, 11, 10))
    return bill


def waive(bill: Any, who: Any, amount: str = "-5.00", part: str = "penalty") -> Adjustment:
    return do_make_adjustment(
        bill,
        part=part,
        amount=amount,
        reason="penalty_error",
        acting_user=who,
        explanation="Payment mailed on time, opened late by the Town",
    )


def test_an_adjustment_waits_for_a_second_person_and_is_posted_when_the_superintendent_approves(
    staff: Any, penalised: Any
) -> None:
    made = waive(penalised, staff.clerk)
    assert (made.status, made.needs_approval, made.threshold) == ("pending", True, Decimal("0.00"))
    assert not LedgerEntry.objects.filter(kind="adjustment").exists()
    assert balance(account=penalised.account) == Decimal("55.00")
    approved = do_approve_adjustment(made, acting_user=staff.superintendent, note="Postmark seen")
    entry = LedgerEntry.objects.get(source_key=f"adjustment:{made.pk}:bill:{penalised.pk}:penalty")
    assert (entry.kind, entry.amount, entry.section, entry.bill_id) == (
        "adjustment",
        Decimal("-5.00"),
        "118-53",
        penalised.pk,
    )
    assert (approved.status, approved.made_by, approved.checked_by) == ("posted", staff.clerk, staff.superintendent)
    owed = bills_owed(penalised.account, on=TODAY)[0]
    assert (owed.penalty, owed.penalty_due, owed.charge_due) == (Decimal("0.00"), Decimal("0.00"), Decimal("50.00"))
    assert balance(account=penalised.account) == Decimal("50.00")
    # on the statement and in the audit trail, with both people
    st = statement(penalised.account, on=TODAY)
    assert any(
        line.entry.kind == "adjustment" and "Penalty added in error" in line.entry.description for line in st.lines
    )
    actions = list(AuditEvent.objects.filter(run=f"adjustment:{made.pk}").order_by("id").values_list("action", "actor"))
    assert actions == [("do_make_adjustment", staff.clerk.pk), ("do_approve_adjustment", staff.superintendent.pk)]


def test_an_adjustment_approved_by_its_maker_is_refused_and_writes_nothing(staff: Any, penalised: Any) -> None:
    made = waive(penalised, staff.superintendent)
    with pytest.raises(ValidationError) as raised:
        do_approve_adjustment(made, acting_user=staff.superintendent)
    assert "second person" in raised.value.message_dict["checked_by"][0]
    made.refresh_from_db()
    assert made.status == "pending" and made.checked_by is None
    assert not LedgerEntry.objects.filter(kind="adjustment").exists()
    # and the database says so too
    made.checked_by = made.made_by
    with pytest.raises(IntegrityError), transaction.atomic():
        made.save()


def test_a_refused_adjustment_never_reaches_the_ledger(staff: Any, penalised: Any) -> None:
    made = waive(penalised, staff.clerk)
    with pytest.raises(ValidationError, match="why"):
        do_refuse_adjustment(made, acting_user=staff.superintendent, note="")
    refused = do_refuse_adjustment(made, acting_user=staff.superintendent, note="Not received by the due date")
    assert refused.status == "refused" and refused.checked_by == staff.superintendent
    assert not LedgerEntry.objects.filter(kind="adjustment").exists()
    with pytest.raises(ValidationError, match="only one waiting"):
        do_approve_adjustment(refused, acting_user=staff.superintendent)


def test_only_the_approver_approves_and_no_inspector_adjusts(staff: Any, make_user: Any, penalised: Any) -> None:
    made = waive(penalised, staff.clerk)
    other_clerk = make_user("clerk")
    with pytest.raises(PermissionDenied):
        do_approve_adjustment(made, acting_user=other_clerk)
    with pytest.raises(PermissionDenied):
        waive(penalised, staff.inspector)
    with pytest.raises(PermissionDenied):
        waive(penalised, staff.board)


def test_at_or_below_the_resolved_threshold_one_person_posts_it(staff: Any, penalised: Any) -> None:
    do_record_resolution(
        instrument="Res. 2026-91",
        adopted_on=dt.date(2026, 1, 12),
        effective_on=dt.date(2026, 2, 1),
        title="Adjustments",
        values=[ProposedValue("charges.adjustment_approval_threshold", "5.00")],
        acting_user=staff.clerk,
    )
    at = waive(penalised, staff.clerk, "-5.00")
    assert (at.status, at.needs_approval) == ("posted", False)
    above = waive(penalised, staff.clerk, "-5.01", part="charge")
    assert (above.status, above.needs_approval) == ("pending", True)


def test_an_adjustment_lowers_a_part_by_at_most_what_is_still_owed(staff: Any, penalised: Any) -> None:
    with pytest.raises(ValidationError) as raised:
        waive(penalised, staff.clerk, "-5.01")
    assert "$5.00 still owed" in raised.value.message_dict["amount"][0]
    waive(penalised, staff.clerk, "-3.00")
    with pytest.raises(ValidationError, match=r"\$2.00 still owed"):  # the one waiting counts
        waive(penalised, staff.clerk, "-2.50")
    do_take_payment(penalised.account, amount="55.00", method="cash", receipt_number="R-ADJ", acting_user=staff.clerk)
    with pytest.raises(ValidationError, match=r"\$0.00 still owed"):
        waive(penalised, staff.clerk, "-1.00", part="charge")


def test_a_payment_received_before_a_waiver_but_entered_after_it_pays_only_the_penalty_left(
    staff: Any, penalised: Any
) -> None:
    """The $5.00 penalty (added 2026-11-10) lowered by $2.00 today; a $4.00 check received on 2026-11-24 and
    entered after the waiver pays the $3.00 penalty left and $1.00 of the charge, never $4.00 of a $3.00
    penalty (found by the interleavings' Hypothesis test)."""
    do_approve_adjustment(waive(penalised, staff.clerk, "-2.00"), acting_user=staff.superintendent)
    do_take_payment(
        penalised.account, amount="4.00", method="check", reference="311", receipt_number="R-LATE",
        received_on=dt.date(2026, 11, 24), acting_user=staff.clerk,
    )  # fmt: skip
    (owed,) = bills_owed(penalised.account, on=TODAY)
    assert (owed.penalty, owed.paid_penalty, owed.paid_charge) == (Decimal("3.00"), Decimal("3.00"), Decimal("1.00"))
    assert balance(account=penalised.account) == Decimal("49.00")


def test_a_payment_since_the_adjustment_was_made_refuses_its_approval(staff: Any, penalised: Any) -> None:
    made = waive(penalised, staff.clerk, "-10.00", part="charge")
    do_take_payment(penalised.account, amount="50.00", method="cash", receipt_number="R-ADJ2", acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="still owed now"):
        do_approve_adjustment(made, acting_user=staff.superintendent)


def test_bad_input_is_refused_naming_the_field(staff: Any, penalised: Any) -> None:
    cases = [
        ({"part": "interest"}, "part"),
        ({"amount": "0"}, "amount"),
        ({"amount": "ten"}, "amount"),
        ({"reason": "meter_misread"}, "reason"),
        ({"explanation": "x"}, "explanation"),
    ]
    for change, field in cases:
        args = {"part": "penalty", "amount": "-1.00", "reason": "penalty_error", "explanation": "A reason given"}
        with pytest.raises(ValidationError) as raised:
            do_make_adjustment(penalised, acting_user=staff.clerk, **{**args, **change})
        assert field in raised.value.message_dict, change
    assert not Adjustment.objects.exists()


def test_a_voided_bill_takes_its_adjustments_with_it(staff: Any, penalised: Any) -> None:
    charge = waive(penalised, staff.clerk, "-10.00", part="charge")
    do_approve_adjustment(charge, acting_user=staff.superintendent)
    pen = waive(penalised, staff.clerk, "-2.00")
    do_approve_adjustment(pen, acting_user=staff.superintendent)
    assert balance(account=penalised.account) == Decimal("43.00")
    waiting = waive(penalised, staff.clerk, "-1.00", part="charge")
    do_void_bill(penalised, by=staff.clerk, reason="Meter misread")
    assert balance(account=penalised.account) == Decimal("0.00")
    with pytest.raises(ValidationError, match="voided since"):
        do_approve_adjustment(waiting, acting_user=staff.superintendent)
    with pytest.raises(ValidationError, match="only a posted"):
        waive(penalised, staff.clerk, "-1.00", part="charge")
