"""Refunds of a credit balance (§118-53, I-128). In a New York town the clerk pays no money out: a refund is

1. **authorised** here by the Superintendent (``billing.authorise_refund``), for no more than the account's credit
   not already held by another refund; from then on the credit it names is held (``actions.credits``: no bill
   posted meanwhile consumes it);
2. presented to the Town Board as a **claim**, which the Board audits: the clerk records the day, the claim's
   number and the abstract it was on (``billing.record_refund``);
3. **paid** by the Supervisor: the clerk records the day and the Supervisor's check, and that day the credit is
   closed on the ledger by entries of kind ``refund`` (``credit:<receipt>:refund-<id>``, one per receipt whose
   credit it takes, oldest first), which a later reversal of the receipt leaves standing (the money was paid
   out: the account then owes it).

A refund not yet paid may be cancelled (its hold released). Every step is audited and kept in its history.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.billing.actions.credits import credit_by_receipt, held_for_refunds
from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.owed import ZERO, unapplied_credit
from sewerworks.billing.models import LedgerEntry, Refund, RefundStatus
from sewerworks.billing.penalties.sweep import hold_off_sweep
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import dollars
from sewerworks.core.records.events import now as event_now
from sewerworks.core.text import check_text
from sewerworks.registry.models import SewerAccount


def refundable(account: Any) -> Decimal:
    """The account's credit that no refund holds yet."""
    return max(unapplied_credit(account) - held_for_refunds(account), ZERO)


def _day(value: dt.date | None, field: str, after: dt.date, what: str) -> dt.date:
    day = value or timezone.localdate()
    if day > timezone.localdate():
        raise ValidationError({field: f"{day} is after today."})
    if day < after:
        raise ValidationError({field: f"{day} is before {what} ({after})."})
    return day


def do_authorise_refund(
    account: Any, *, amount: Any, payee: str, acting_user: Any, note: str = "", on: dt.date | None = None
) -> Refund:
    """Authorise a refund of (part of) the account's credit; refused above the credit no refund holds."""
    require(acting_user, "billing.authorise_refund", "authorise a refund", who_may="the Superintendent")
    try:
        value = dollars(amount, allow_negative=False)
    except ValidationError as exc:
        raise ValidationError({"amount": exc.messages}) from exc
    if value is None or value <= 0:
        raise ValidationError({"amount": "A refund is an amount of dollars and cents above zero."})
    name = check_text("payee", (payee or "").strip(), max_length=120)
    if not name:
        raise ValidationError({"payee": "Name whom the Supervisor pays (the payer of the credit, or the owner)."})
    words = check_text("note", (note or "").strip(), max_length=300)
    with transaction.atomic():
        hold_off_sweep()
        locked = SewerAccount.objects.select_for_update().get(pk=account.pk)
        free = refundable(locked)
        if value > free:
            raise ValidationError(
                {
                    "amount": f"${value:,} is more than the credit of {locked.account_number} that no refund holds "
                    f"(${free:,}): a refund never exceeds the credit (I-128)."
                }
            )
        now, day = event_now(), on or timezone.localdate()
        if day > timezone.localdate():
            raise ValidationError({"on": f"{day} is after today: a refund is authorised when it is."})
        refund = Refund(
            account=locked,
            payee=name,
            amount=value,
            status=RefundStatus.AUTHORISED,
            authorised_on=day,
            authorised_at=now,
            authorised_by=acting_user,
            note=words,
        )
        refund._history_user = acting_user  # type: ignore[attr-defined]
        refund.save()
        _audit("do_authorise_refund", refund, acting_user, rows=1)
    return refund


def do_record_refund_audit(
    refund: Refund, *, audited_on: dt.date | None, claim_number: str, abstract: str, acting_user: Any
) -> Refund:
    """The Town Board audited the refund's claim: the day, the claim's number, the abstract it was on."""
    require(acting_user, "billing.record_refund", "record the Board's audit of a refund", who_may="the Town Clerk")
    number = check_text("claim_number", (claim_number or "").strip(), max_length=30)
    if not number:
        raise ValidationError({"claim_number": "Give the claim's (voucher's) number."})
    listed = check_text("abstract", (abstract or "").strip(), max_length=60)
    with transaction.atomic():
        locked = Refund.objects.select_for_update().get(pk=refund.pk)
        if locked.status != RefundStatus.AUTHORISED:
            raise ValidationError(
                {
                    "status": f"Refund {locked.pk} is {locked.get_status_display().lower()}: only an "
                    "authorised refund goes to the Board's audit."
                }
            )
        locked.audited_on = _day(audited_on, "audited_on", locked.authorised_on, "its authorisation")
        locked.claim_number, locked.abstract, locked.status = number, listed, RefundStatus.AUDITED
        locked.recorded_by = acting_user
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked.save()
        _audit("do_record_refund_audit", locked, acting_user, rows=1)
    return locked


def do_record_refund_paid(
    refund: Refund, *, paid_on: dt.date | None, supervisor_check: str, acting_user: Any
) -> Refund:
    """The Supervisor paid the audited refund: the day and the check, and the credit closed on the ledger."""
    require(acting_user, "billing.record_refund", "record a refund paid", who_may="the Town Clerk")
    check_number = check_text("supervisor_check", (supervisor_check or "").strip(), max_length=30)
    if not check_number:
        raise ValidationError({"supervisor_check": "Give the number of the Supervisor's check."})
    with transaction.atomic():
        hold_off_sweep()
        account = SewerAccount.objects.select_for_update().select_related("parcel").get(pk=refund.account_id)
        locked = Refund.objects.select_for_update().get(pk=refund.pk)
        if locked.status != RefundStatus.AUDITED:
            raise ValidationError(
                {
                    "status": f"Refund {locked.pk} is {locked.get_status_display().lower()}: the "
                    "Supervisor pays a refund after the Board audits it."
                }
            )
        assert locked.audited_on is not None  # audited
        day = _day(paid_on, "paid_on", locked.audited_on, "the Board's audit")
        credits = credit_by_receipt(account, held=False)
        if sum((c for c, _ in credits.values()), ZERO) < locked.amount:
            raise ValidationError(
                {
                    "amount": f"The account's credit is now below ${locked.amount:,}: a refund never "
                    "exceeds the credit (I-128)."
                }
            )
        rows, left, now = [], locked.amount, timezone.now()
        for receipt, (credit, _arose) in credits.items():
            if left <= 0:
                break
            taken = min(credit, left)
            left -= taken
            rows.append(
                LedgerEntry(
                    parcel=account.parcel,
                    account=account,
                    kind=LedgerKind.REFUND,
                    amount=taken,
                    posted_on=day,
                    source_key=f"credit:{receipt}:refund-{locked.pk}",
                    section="118-53",
                    description=f"Credit of receipt {receipt} refunded: Supervisor's check {check_number} (refund "
                    f"{locked.pk}, claim {locked.claim_number})"[:200],
                    run=f"refund:{locked.pk}",
                    created_at=now,
                    created_by=acting_user,
                )
            )
        LedgerEntry.objects.bulk_create(rows)
        locked.paid_on, locked.supervisor_check, locked.status = day, check_number, RefundStatus.PAID
        locked.recorded_by = acting_user
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked.save()
        _audit("do_record_refund_paid", locked, acting_user, rows=len(rows) + 1)
    return locked


def do_cancel_refund(refund: Refund, *, acting_user: Any, note: str) -> Refund:
    """Cancel a refund not yet paid: its credit is no longer held."""
    require(acting_user, "billing.authorise_refund", "cancel a refund", who_may="the Superintendent")
    words = check_text("note", (note or "").strip(), max_length=300)
    if not words:
        raise ValidationError({"note": "Say why the refund is cancelled."})
    with transaction.atomic():
        locked = Refund.objects.select_for_update().get(pk=refund.pk)
        if not locked.open:
            raise ValidationError(
                {
                    "status": f"Refund {locked.pk} is {locked.get_status_display().lower()}: only a "
                    "refund not yet paid is cancelled."
                }
            )
        locked.status, locked.note, locked.recorded_by = RefundStatus.CANCELLED, words, acting_user
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked.save()
        _audit("do_cancel_refund", locked, acting_user, rows=1)
    return locked


def _audit(action: str, refund: Refund, user: Any, *, rows: int) -> None:
    AuditEvent.objects.create(
        actor=user,
        action=action,
        run=f"refund:{refund.pk}",
        subject=f"refund {refund.pk} of {refund.account_id}: ${refund.amount:,}"[:200],
        rows=rows,
        detail={"refund": refund.pk, "status": refund.status, "amount": format(refund.amount, "f")},
    )
