"""Billing posts the other programs' pending charges (``core.PendingCharge``) to the ledger, every kind
through one registry (``core.charges.CHARGE_KINDS``, declared by the program that writes the kind), so a
new kind needs no edit here.

- A kind billed at once is posted by the daily sweep (and the clerk's action) on the sweep's day, keyed
  ``pending:<charge id>``, no bill named.
- A kind paid when incurred (the §118-15 fee paid at filing, I-88) is posted on the day it was paid with
  its payment, two entries of the declared kind summing to zero (``pending:<id>`` and ``pending:<id>:paid``):
  on the ledger, owed by no one, and not a credit to apply to bills (I-111).
- A kind that rides on the next bill is posted when a period is posted, naming the account's new bill
  (``pending:<id>:bill:<bill id>``): owed and paid with it (I-63), taken off with it if the bill is voided
  and carried to the bill that replaces it (``billing.corrections.void``).

The account is the one the charge names, or else the parcel's only open account; with none or several,
the charge stays pending (I-91). Each charge posted is marked billed once (``core.charges``), with its
history; a kind nobody declared stays pending and is counted. One audit record per posting.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.core.access.permissions import require
from sewerworks.core.charges import CHARGE_KINDS, ChargeKind, mark_charge_billed
from sewerworks.core.models import AuditEvent, PendingCharge

log = logging.getLogger(__name__)


def _account_id(charge: PendingCharge) -> int | None:
    if charge.account_id is not None:
        return int(charge.account_id)
    open_ids = list(charge.parcel.accounts.filter(closed_on__isnull=True).values_list("pk", flat=True)[:2])
    return open_ids[0] if len(open_ids) == 1 else None  # I-91: none or several, it stays pending


def _kind(charge: PendingCharge) -> ChargeKind | None:
    declared = CHARGE_KINDS.get(charge.kind)
    if declared is None or declared.ledger_kind not in LedgerKind.values:
        log.warning("pending charge %s of kind %r: no declared ledger kind; left pending", charge.pk, charge.kind)
        return None
    return declared


def _entry(charge: PendingCharge, kind: ChargeKind, account_id: int, *, on: dt.date, key: str, run: str,
           user: Any, sign: int = 1, bill: Bill | None = None, what: str = "") -> LedgerEntry:  # fmt: skip
    return LedgerEntry(
        parcel_id=charge.parcel_id,
        account_id=account_id,
        kind=kind.ledger_kind,
        amount=sign * charge.amount,
        posted_on=on,
        source_key=key,
        description=(what or charge.description)[:200],
        section=charge.section or kind.section,
        period_id=bill.period_id if bill else None,
        bill=bill,
        run=run[:64],
        created_at=timezone.now(),
        created_by=user,
    )


def _post(rows: list[tuple[PendingCharge, list[LedgerEntry]]], *, on: dt.date, user: Any, run: str) -> int:
    LedgerEntry.objects.bulk_create([entry for _, entries in rows for entry in entries])  # one insert for all
    for charge, entries in rows:  # each charge keeps its own history row
        mark_charge_billed(charge, billed_on=on, billing_reference=entries[0].source_key, acting_user=user)
    if rows:
        AuditEvent.objects.create(
            actor=user,
            action="post_pending_charges",
            run=run[:64],
            subject=f"{len(rows)} pending charges on {on}"[:200],
            rows=sum(len(e) for _, e in rows),
            detail={"charges": [c.pk for c, _ in rows]},
        )
    return len(rows)


def post_at_once(as_of: dt.date, *, run: str, user: Any = None) -> tuple[int, int]:
    """Post every pending charge of a kind billed at once, incurred on or before ``as_of``, inside the
    caller's transaction. Returns (posted, left pending for want of an account or a declared kind)."""
    rows, left = [], 0
    pending = PendingCharge.objects.select_for_update().filter(billed_on__isnull=True, incurred_on__lte=as_of)
    for charge in pending.select_related("parcel").order_by("incurred_on", "pk"):
        kind = _kind(charge)
        if kind is not None and kind.rides_on_next_bill:
            continue  # posted with the next bill (post_with_bills)
        account_id = _account_id(charge) if kind else None
        if kind is None or account_id is None:
            left += 1
            continue
        key = f"pending:{charge.pk}"
        if kind.paid_when_incurred:  # I-111: the charge and its payment, on the day it was paid
            paid = f"Paid when incurred: {charge.description}"
            entries = [_entry(charge, kind, account_id, on=charge.incurred_on, key=key, run=run, user=user),
                       _entry(charge, kind, account_id, on=charge.incurred_on, key=f"{key}:paid", run=run,
                              user=user, sign=-1, what=paid)]  # fmt: skip
            rows.append((charge, entries))
        else:
            rows.append((charge, [_entry(charge, kind, account_id, on=as_of, key=key, run=run, user=user)]))
    return _post(rows, on=as_of, user=user, run=run), left


def post_one(charge: PendingCharge, *, on: dt.date, run: str, user: Any = None) -> bool:
    """Post one pending charge of a kind billed at once now, inside the caller's transaction (a bill of its own
    offered the day it arises: the §118-54 connection charge). False, and it stays pending for the sweep, when
    its parcel has no single open account (I-91) or its kind rides on the next bill."""
    kind = _kind(charge)
    if kind is None or kind.rides_on_next_bill or kind.paid_when_incurred:
        return False
    account_id = _account_id(charge)
    if account_id is None:
        return False
    locked = PendingCharge.objects.select_for_update().get(pk=charge.pk)
    if locked.billed_on is not None:
        return False
    entry = _entry(locked, kind, account_id, on=on, key=f"pending:{locked.pk}", run=run, user=user)
    return _post([(locked, [entry])], on=on, user=user, run=run) == 1


def post_with_bills(period: BillingPeriod, *, user: Any) -> int:
    """After ``period`` is posted: every pending charge of a kind that rides on the next bill, incurred on or
    before the bill date, is posted naming its account's posted bill of the period, on the bill date. One
    transaction, holding the charges it posts; only the bills of those charges' accounts are read (a period
    may hold a million)."""
    run = f"pending-with-{period.pk}"
    with transaction.atomic():
        pending = PendingCharge.objects.select_for_update().filter(
            billed_on__isnull=True, incurred_on__lte=period.bill_date
        )
        riding = []
        for charge in pending.select_related("parcel").order_by("incurred_on", "pk"):
            kind = _kind(charge)
            if kind is None or not kind.rides_on_next_bill:
                continue
            account_id = _account_id(charge)
            if account_id is not None:  # no account: it waits (I-91)
                riding.append((charge, kind, account_id))
        accounts = {account_id for _, _, account_id in riding}
        bills = {
            b.account_id: b
            for b in Bill.objects.filter(period=period, status=BillStatus.POSTED, account_id__in=accounts)
        }
        rows = []
        for charge, kind, account_id in riding:
            bill = bills.get(account_id)
            if bill is None:
                continue  # not billed in this period: it waits for the next bill
            key = f"pending:{charge.pk}:bill:{bill.pk}"
            rows.append((charge, [_entry(charge, kind, bill.account_id, on=period.bill_date, key=key, run=run,
                                         user=user, bill=bill)]))  # fmt: skip
        return _post(rows, on=period.bill_date, user=user, run=run)


def do_post_pending_charges(*, acting_user: Any, on: dt.date | None = None) -> tuple[int, int]:
    """The clerk posts the charges billed at once now, rather than waiting for the night's sweep."""
    require(acting_user, "billing.run_bills", "post other programs' charges")
    with transaction.atomic():
        return post_at_once(on or timezone.localdate(), run=f"pending-{timezone.now():%Y%m%d%H%M%S}", user=acting_user)
