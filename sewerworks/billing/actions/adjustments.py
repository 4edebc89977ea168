"""Adjustments nobody makes alone (§118-53, I-128): a change to one posted bill's charge or late penalty, for
a reason from a fixed list, made by one person and, when larger than the threshold in force
(``charges.adjustment_approval_threshold``, a Board resolution value; 0.00 until one is set, so every
adjustment), approved by another holding ``billing.approve_adjustment`` (the Superintendent). Maker and checker
are both kept, and they are never the same person (the model's constraint says so too).

A wrong bill (a misread meter, a wrong class) is voided and rebilled (``billing.corrections.void``), never
adjusted; the reasons here do not include one. An adjustment lowers a part by at most what is still owed on
it (a bill paid in full that turns out wrong is voided, which gives back what was paid as credit): so no part
is ever paid beyond what it charges. Posted, it is one ledger entry of kind ``adjustment`` naming the bill,
``adjustment:<id>:bill:<bill>:<part>``, on the day approved; the statement, the counter and the audit trail show
it. Adjustments are not payments (I-98): they do not decide a late penalty.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.ledger.owed import ZERO, bills_owed
from sewerworks.billing.models import Adjustment, AdjustmentReason, AdjustmentStatus, Bill, LedgerEntry
from sewerworks.billing.penalties.sweep import hold_off_sweep
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import MoneySum, dollars
from sewerworks.core.parameters import current_parameters
from sewerworks.core.records.events import now as event_now
from sewerworks.core.text import check_text
from sewerworks.ordinance.parameters.model import NotInForce, ParameterError
from sewerworks.registry.models import SewerAccount

THRESHOLD = "charges.adjustment_approval_threshold"
PARTS = ("charge", "penalty")
SECTIONS = {"charge": "118-52", "penalty": "118-53"}


def approval_threshold(day: dt.date) -> Decimal:
    try:
        value = Decimal(current_parameters().at(day).number(THRESHOLD))
    except (NotInForce, ParameterError, KeyError) as exc:
        raise ValidationError({"amount": f"{THRESHOLD} cannot be read on {day}: {exc}"}) from exc
    if value < 0:
        raise ValidationError({"amount": f"{THRESHOLD} in force on {day} is ${value}: a threshold is never negative."})
    return value


def still_owed(bill: Bill, part: str, day: dt.date) -> Decimal:
    """What is still owed on the bill's part, less what adjustments waiting for approval would take off."""
    owed = next((b for b in bills_owed(bill.account, on=day, dates=False) if b.bill.pk == bill.pk), None)
    due = ZERO if owed is None else (owed.charge_due if part == "charge" else owed.penalty_due)
    waiting = Adjustment.objects.filter(bill=bill, part=part, status=AdjustmentStatus.PENDING, amount__lt=0)
    return due + Decimal(waiting.aggregate(t=MoneySum("amount"))["t"])


def _check_lowering(bill: Bill, part: str, amount: Decimal, day: dt.date, *, field: str = "amount") -> None:
    if amount >= 0:
        return
    left = still_owed(bill, part, day)
    if -amount > left:
        raise ValidationError(
            {
                field: f"The {part} of bill {bill.pk} has ${max(left, ZERO):,} still owed (after adjustments "
                f"waiting for approval): an adjustment lowers it by at most that; a bill paid and found wrong is "
                "voided and "
                "rebilled (I-128)."
            }
        )


def _post(adjustment: Adjustment, day: dt.date, user: Any) -> LedgerEntry:
    bill = adjustment.bill
    words = "Late penalty" if adjustment.part == "penalty" else "Sewer user charge"
    entry = LedgerEntry.objects.create(
        parcel_id=bill.parcel_id,
        account_id=bill.account_id,
        kind=LedgerKind.ADJUSTMENT,
        amount=adjustment.amount,
        posted_on=day,
        source_key=adjustment.source_key,
        description=f"{words} adjusted: {adjustment.get_reason_display()} — {adjustment.explanation}"[:200],
        section=SECTIONS[adjustment.part],
        period_id=bill.period_id,
        bill=bill,
        run=f"adjustment:{adjustment.pk}",
        created_at=timezone.now(),
        created_by=user,
    )
    adjustment.status, adjustment.posted_on = AdjustmentStatus.POSTED, day
    return entry


def _on(on: dt.date | None) -> dt.date:
    day = on or timezone.localdate()
    if day > timezone.localdate():
        raise ValidationError({"on": f"{day} is after today: an adjustment is recorded when it is made."})
    return day


def do_make_adjustment(
    bill: Bill,
    *,
    part: str,
    amount: Any,
    reason: str,
    explanation: str,
    acting_user: Any,
    on: dt.date | None = None,
) -> Adjustment:
    """Make an adjustment to ``bill``'s ``part`` (see the module): posted at once when not above the threshold,
    else waiting for a second person's approval. Refused, writing nothing, naming the field."""
    require(acting_user, "billing.make_adjustment", "adjust a bill", who_may="the Clerk's office or the Superintendent")
    if part not in PARTS:
        raise ValidationError({"part": f"{part!r} is not a part of a bill: charge or penalty."})
    try:
        value = dollars(amount, allow_negative=True)
    except ValidationError as exc:
        raise ValidationError({"amount": exc.messages}) from exc
    if value is None or value == 0:
        raise ValidationError({"amount": "An adjustment is an amount of dollars and cents other than zero."})
    if reason not in AdjustmentReason.values:
        raise ValidationError(
            {"reason": f"{reason!r} is not a reason for an adjustment; a wrong bill is voided and rebilled instead."}
        )
    words = check_text("explanation", (explanation or "").strip(), max_length=300)
    if len(words) < 5:
        raise ValidationError({"explanation": "Explain the adjustment in a few words (who asked, what it corrects)."})
    day = _on(on)
    threshold = approval_threshold(day)
    with transaction.atomic():
        hold_off_sweep()
        SewerAccount.objects.select_for_update().get(pk=bill.account_id)  # payments on the account wait
        locked = Bill.objects.select_related("account", "period").get(pk=bill.pk)
        if locked.status != BillStatus.POSTED:
            raise ValidationError(
                {"bill": f"Bill {locked.pk} is {locked.get_status_display().lower()}: only a posted bill is adjusted."}
            )
        _check_lowering(locked, part, value, day)
        needs = abs(value) > threshold
        adjustment = Adjustment(
            account_id=locked.account_id,
            bill=locked,
            part=part,
            amount=value,
            reason=reason,
            explanation=words,
            status=AdjustmentStatus.PENDING,
            needs_approval=needs,
            threshold=threshold,
            made_on=day,
            made_at=event_now(),
            made_by=acting_user,
        )
        adjustment._history_user = acting_user  # type: ignore[attr-defined]
        adjustment.save()
        if not needs:
            _post(adjustment, day, acting_user)
            adjustment.save(update_fields=["status", "posted_on"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_make_adjustment",
            run=f"adjustment:{adjustment.pk}",
            subject=f"bill {locked.pk} {part} {value:+}"[:200],
            rows=1,
            detail={
                "adjustment": adjustment.pk,
                "amount": format(value, "f"),
                "reason": reason,
                "needs_approval": needs,
                "threshold": format(threshold, "f"),
            },
        )
    return adjustment


def _checked(adjustment: Adjustment, user: Any, note: str, verb: str) -> Adjustment:
    locked = Adjustment.objects.select_for_update().select_related("bill").get(pk=adjustment.pk)
    if locked.status != AdjustmentStatus.PENDING:
        raise ValidationError(
            {
                "status": f"Adjustment {locked.pk} is {locked.get_status_display().lower()}: only one "
                f"waiting for approval is {verb}."
            }
        )
    if locked.made_by_id == getattr(user, "pk", None):
        raise ValidationError(
            {"checked_by": f"Adjustment {locked.pk} was made by you: a second person {verb} it (I-128)."}
        )
    locked.checked_by, locked.checked_at, locked.check_note = user, event_now(), note
    return locked


def do_approve_adjustment(
    adjustment: Adjustment, *, acting_user: Any, note: str = "", on: dt.date | None = None
) -> Adjustment:
    """The second person approves an adjustment waiting for it: posted to the ledger on the day approved."""
    require(acting_user, "billing.approve_adjustment", "approve an adjustment", who_may="the Superintendent")
    words = check_text("note", (note or "").strip(), max_length=300)
    day = _on(on)
    with transaction.atomic():
        hold_off_sweep()
        SewerAccount.objects.select_for_update().get(pk=adjustment.account_id)
        locked = _checked(adjustment, acting_user, words, "approves")
        if day < locked.made_on:
            raise ValidationError({"on": f"Adjustment {locked.pk} was made on {locked.made_on}: approved after."})
        if locked.bill.status != BillStatus.POSTED:
            raise ValidationError(
                {"bill": f"Bill {locked.bill_id} was voided since: make the adjustment on the bill that replaces it."}
            )
        if locked.amount < 0:  # a payment may have come in since it was made
            left = still_owed(locked.bill, locked.part, day) - locked.amount  # less the others waiting, not this one
            if -locked.amount > left:
                raise ValidationError(
                    {
                        "amount": f"Only ${max(left, ZERO):,} of the {locked.part} is still owed now: "
                        "refuse this adjustment and make a new one."
                    }
                )
        _post(locked, day, acting_user)
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked.save(update_fields=["status", "posted_on", "checked_by", "checked_at", "check_note"])
        _audit("do_approve_adjustment", locked, acting_user)
    return locked


def do_refuse_adjustment(adjustment: Adjustment, *, acting_user: Any, note: str) -> Adjustment:
    """The second person refuses an adjustment waiting for approval: nothing goes on the ledger."""
    require(acting_user, "billing.approve_adjustment", "refuse an adjustment", who_may="the Superintendent")
    words = check_text("note", (note or "").strip(), max_length=300)
    if not words:
        raise ValidationError({"note": "Say why the adjustment is refused."})
    with transaction.atomic():
        locked = _checked(adjustment, acting_user, words, "refuses")
        locked.status = AdjustmentStatus.REFUSED
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked.save(update_fields=["status", "checked_by", "checked_at", "check_note"])
        _audit("do_refuse_adjustment", locked, acting_user)
    return locked


def _audit(action: str, adjustment: Adjustment, user: Any) -> None:
    AuditEvent.objects.create(
        actor=user,
        action=action,
        run=f"adjustment:{adjustment.pk}",
        subject=f"bill {adjustment.bill_id} {adjustment.part} {adjustment.amount:+}"[:200],
        rows=1,
        detail={"adjustment": adjustment.pk, "made_by": adjustment.made_by_id, "note": adjustment.check_note},
    )
