"""§118-53 late penalties proved undue by a payment recorded after the sweep (I-97).

A payment recorded after the sweep but received on or before the penalty date (I-97)
can prove the penalty undue: ``settle_penalties`` (called by every action that writes payments or
reversals, inside its transaction) withdraws it by an entry of kind ``penalty`` for minus its amount,
dated as the penalty (``penalty-withdrawn:bill:<id>:<n>``), when the bill owed nothing at the end of its
penalty date; a partial payment that leaves anything owed leaves the penalty (I-25, I-65). A reversal of
that payment makes the bill owe again: the penalty is put back (``penalty-restored:bill:<id>:<n>``).
What a later-received payment had already paid toward the withdrawn penalty goes back to that receipt
as credit (a pair of entries under its receipt). A payment received before payments already entered settles
the bills first (I-116, ``billing.ledger.reallocation``), so its penalty date is judged as if the payments had been
entered in the order received.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.ledger.receipt_entries import back_to_credit, payment_fields, receipt_of
from sewerworks.billing.models import LedgerEntry
from sewerworks.billing.penalties.sweep import PAID_KINDS, SECTION, owed_at_end_of
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import MoneySum


def settle_penalties(bill_ids: Iterable[int], *, run: str, user: Any, now: dt.datetime) -> dict[str, int]:
    """Bring each bill's late penalty in line with what its payments now prove (I-97): withdraw a penalty
    standing on a bill that owed nothing at the end of its penalty date, put back a withdrawn one on a bill
    that owed after all (a reversed payment). Entries of kind ``penalty``, dated as the penalty, numbered
    keys; decided by the ledger as found, so a second call writes nothing. Returns what it wrote."""
    done = {"withdrawn": 0, "restored": 0, "moved_to_credit": 0}
    added = LedgerEntry.objects.filter(bill_id__in=set(bill_ids), source_key__startswith="penalty:bill:")
    for penalty in added.select_related("bill", "bill__period").order_by("bill_id"):
        bill = penalty.bill
        assert bill is not None  # a penalty names its bill
        if bill.status == BillStatus.VOID:
            continue  # voiding withdrew its penalty for good (billing.corrections.void)
        entries = LedgerEntry.objects.filter(bill=bill, kind=LedgerKind.PENALTY)
        standing = Decimal(entries.aggregate(t=MoneySum("amount"))["t"])
        # an adjustment of the penalty (waived in part or whole, I-128) leaves less to withdraw, never less than 0
        adjusted = LedgerEntry.objects.filter(bill=bill, kind=LedgerKind.ADJUSTMENT, source_key__endswith=":penalty")
        left = standing + Decimal(adjusted.aggregate(t=MoneySum("amount"))["t"])
        owed = owed_at_end_of(bill, penalty.posted_on - dt.timedelta(days=1))  # the day before: its penalty date
        if standing > 0 and owed <= 0:
            if left <= 0:
                continue  # adjusted away already: nothing stands to withdraw
            what, amount = "withdrawn", -left
            why = f"paid in full by the end of {penalty.posted_on - dt.timedelta(days=1)} (I-25, I-97)"
        elif standing == 0 and owed > 0:
            what, amount = "restored", penalty.amount
            why = f"a payment reversed: {owed:,} was owed at the end of the penalty date (I-25, I-65)"
        else:
            continue
        n = entries.filter(source_key__startswith=f"penalty-{what}:").count() + 1
        LedgerEntry.objects.create(
            parcel_id=penalty.parcel_id,
            account_id=penalty.account_id,
            kind=LedgerKind.PENALTY,
            amount=amount,
            posted_on=penalty.posted_on,
            source_key=f"penalty-{what}:bill:{bill.pk}:{n}",
            description=f"Late penalty {what}: {why}"[:200],
            section=SECTION,
            period_id=penalty.period_id,
            bill=bill,
            run=run[:64],
            created_at=now,
            created_by=user,
        )
        done[what] += 1
        if what == "withdrawn":
            done["moved_to_credit"] += _paid_toward_penalty_to_credit(penalty, n, run=run, user=user, now=now)
    if any(done.values()):
        AuditEvent.objects.create(
            actor=user,
            action="settle_penalties",
            run=run[:64],
            subject=f"late penalties of bills {sorted(set(bill_ids))}"[:200],
            rows=sum(done.values()),
            detail=done,
        )
    return done


def _paid_toward_penalty_to_credit(penalty: LedgerEntry, n: int, *, run: str, user: Any, now: dt.datetime) -> int:
    """A withdrawn penalty that a later payment had already paid (part of): what each receipt paid toward it
    becomes that receipt's credit again, by a pair of entries summing to zero (the bill part, then the
    credit), keyed under the receipt so that reversing the receipt reverses them too. Entries written."""
    paid: dict[tuple[str, str], Decimal] = {}
    toward = LedgerEntry.objects.filter(bill=penalty.bill, kind__in=PAID_KINDS, source_key__endswith=":penalty")
    for key, amount in toward.values_list("source_key", "amount"):
        paid[receipt_of(key)] = paid.get(receipt_of(key), Decimal(0)) + amount
    rows: list[LedgerEntry] = []
    assert penalty.bill_id is not None  # a penalty names its bill
    for (kind, receipt), net in sorted(paid.items()):
        if net >= 0:
            continue
        rows += back_to_credit(
            f"{kind}:{receipt}:withdrawn-{n}",
            net,
            bill_id=penalty.bill_id,
            part="penalty",
            parcel_id=penalty.parcel_id,
            period_id=penalty.period_id,
            description=f"Paid toward a withdrawn late penalty: back to receipt {receipt}'s credit",
            fields=payment_fields(penalty.account_id, on=penalty.posted_on, run=run, now=now, user=user),
        )
    LedgerEntry.objects.bulk_create(rows)
    return len(rows)
