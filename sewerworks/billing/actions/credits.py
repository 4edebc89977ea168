"""A credit left by an earlier payment, applied to the bills posted since (§118-53, I-63, I-65).

A payment beyond every open bill leaves a credit on the account (``payment:<receipt>:credit``, no bill).
When a later bill is posted the credit pays it, in the same order as a payment (oldest bill first, its
penalty before its charge), so that the bill's own balance, which the late penalty reads, shows it paid.
Each application moves money from the credit to the bills, entries in pairs that sum to zero:
``credit:<receipt>:<n>:bill:<id>:penalty|charge`` (negative, the bill set) and ``credit:<receipt>:<n>:applied``
(positive, no bill). Only what is left of a credit is applied, so applying twice applies nothing more; a
reversal of the payment reverses its applications too.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from sewerworks.billing.ledger.owed import CREDIT_KINDS, ITEM, PAID, ZERO, bills_owed
from sewerworks.billing.ledger.receipt_entries import payment_fields, receipt_of
from sewerworks.billing.models import BillingPeriod, LedgerEntry, Refund, RefundStatus
from sewerworks.billing.penalties.sweep import hold_off_sweep
from sewerworks.billing.penalties.withdrawal import settle_penalties
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.s118_53_payments import allocate_payment
from sewerworks.registry.models import SewerAccount


def credit_by_receipt(account: Any, *, held: bool = True) -> dict[str, tuple[Decimal, dt.date]]:
    """What is left of each receipt's credit on the account and the day it arose, oldest first. With ``held``
    (the default) the credit an authorised refund not yet paid holds (I-128) is left out, newest receipts'
    first, so that no bill consumes money the Supervisor is about to pay back."""
    left: dict[str, Decimal] = defaultdict(lambda: ZERO)
    since: dict[str, dt.date] = {}
    rows = (
        LedgerEntry.objects.filter(account=account, bill__isnull=True, kind__in=CREDIT_KINDS)
        .exclude(source_key__contains=ITEM)  # paid toward a bill of its own by name (I-123): no credit
        .order_by("posted_on", "id")
    )
    for key, amount, day in rows.values_list("source_key", "amount", "posted_on"):
        receipt = receipt_of(key)[1]
        left[receipt] -= amount
        since.setdefault(receipt, day)
    credits = {r: (c, since[r]) for r, c in left.items() if c > 0}
    hold = held_for_refunds(account) if held else ZERO
    for receipt in reversed(list(credits)):
        if hold <= 0:
            break
        credit, arose = credits[receipt]
        taken = min(credit, hold)
        hold -= taken
        if credit == taken:
            del credits[receipt]
        else:
            credits[receipt] = (credit - taken, arose)
    return credits


def held_for_refunds(account: Any) -> Decimal:
    """The credit authorised refunds not yet paid hold (I-128)."""
    open_refunds = Refund.objects.filter(account=account, status__in=[RefundStatus.AUTHORISED, RefundStatus.AUDITED])
    return sum((r for r in open_refunds.values_list("amount", flat=True)), ZERO)


def apply_credits(account: SewerAccount, on: dt.date, user: Any) -> int:
    """Inside the caller's transaction with the account locked: apply every credit; entries written."""
    rows: list[LedgerEntry] = []
    now = timezone.now()
    for receipt, (credit, arose) in credit_by_receipt(account).items():
        day = max(on, arose)  # never before the payment that left the credit
        owed = {str(b.bill.pk): b for b in bills_owed(account, on=day, dates=False) if b.penalty_due or b.charge_due}
        if not owed:
            continue
        parts, left = allocate_payment(credit, [b.as_open_bill() for b in owed.values()], current_parameters().at(day))
        n = LedgerEntry.objects.filter(source_key__startswith=f"credit:{receipt}:", source_key__endswith=":applied")
        prefix = f"credit:{receipt}:{n.count() + 1}"
        common = payment_fields(account.pk, on=day, run=prefix, now=now, user=user)
        batch = [
            LedgerEntry(
                parcel_id=owed[p.key].bill.parcel_id,
                amount=-p.amount,
                source_key=f"{prefix}:bill:{p.key}:{p.part}",
                description=f"Credit of receipt {receipt} applied: {p.part} of the bill of "
                f"{owed[p.key].bill.period.bill_date}"[:200],
                period_id=owed[p.key].bill.period_id,
                bill=owed[p.key].bill,
                **common,
            )
            for p in parts
        ]
        batch.append(
            LedgerEntry(
                parcel=account.parcel,
                amount=credit - left,
                source_key=f"{prefix}:applied",
                description=f"Credit of receipt {receipt} applied to the bills (I-63)",
                **common,
            )
        )
        LedgerEntry.objects.bulk_create(batch)  # saved now: the next receipt's allocation reads them
        rows += batch
    # I-97: a credit applied on or before a penalty date the sweep has passed may prove the penalty undue
    settle_penalties({r.bill_id for r in rows if r.bill_id}, run=f"credit:{account.pk}", user=user, now=now)
    if rows:
        AuditEvent.objects.create(
            actor=user,
            action="do_apply_credit",
            subject=f"credit on {account.account_number}"[:200],
            rows=len(rows),
            detail={"account": account.pk, "on": on.isoformat()},
        )
    return len(rows)


def do_apply_credit(account: Any, *, acting_user: Any, on: dt.date | None = None) -> int:
    """Apply the account's credit to its open bills (the clerk's button; posting does it by itself)."""
    require(acting_user, "billing.take_payment", "apply a credit", who_may="the Clerk's office or the Superintendent")
    with transaction.atomic():
        hold_off_sweep()
        locked = SewerAccount.objects.select_for_update().select_related("parcel").get(pk=account.pk)
        return apply_credits(locked, on or timezone.localdate(), acting_user)


def apply_credits_to_period(period: BillingPeriod, *, acting_user: Any) -> int:
    """After a period is posted: each account with a credit and a bill in the period has it applied, on the
    bill date (the day the charges are on the ledger), so the new bill's balance shows it paid."""
    credited = (
        LedgerEntry.objects.filter(bill__isnull=True, kind__in=PAID, account__isnull=False)
        .exclude(source_key__contains=ITEM)
        .filter(Q(account__bills__period=period))
        .values_list("account_id", flat=True)
        .distinct()
    )
    written = 0
    for account_id in sorted(set(credited)):
        with transaction.atomic():
            hold_off_sweep()
            account = SewerAccount.objects.select_for_update().select_related("parcel").get(pk=account_id)
            written += apply_credits(account, period.bill_date, acting_user)
    return written
