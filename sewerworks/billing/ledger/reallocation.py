"""A payment entered after payments received later than it (§118-53, I-116): the mail, a lockbox file or a
clerk's backlog brings in a check received on the 5th after one received on the 20th was entered.

With ``charges.backdated_payment_settles`` = ``received_order`` (in force on the day received) the bills are
settled as if the payments had been entered in the order received: what the later receipts paid toward the
account's bills (payments and applied credits, net of reversals, posted after the day) goes back to their
credit, the backdated payment settles what was owed on its day (I-63, I-65), and the credits are applied
again, each on its own day (``actions.credits``). Without it a backdated payment settles only what the later
ones left, and a late penalty its day proves undue (I-97) could stay standing on a charge a later receipt had
paid.

The ledger is append-only: each release is a pair of entries that sum to zero, dated as the entry released
(so that a bill's balance on each day, which the late penalty reads, is what the order received makes it),
keyed under the receipt so that reversing the receipt reverses them too:
``payment:<receipt>:released-<n>:bill:<id>:<part>`` (positive, the bill set) and
``payment:<receipt>:released-<n>:credit`` (negative, no bill); for an applied credit ``credit:<receipt>:…``
and ``…:applied``, as ``penalty_withdrawal`` moves a withdrawn penalty's payments back.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from sewerworks.billing.ledger.owed import PAID
from sewerworks.billing.ledger.receipt_entries import back_to_credit, payment_fields, receipt_of
from sewerworks.billing.models import LedgerEntry
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters.model import NotInForce

RECEIVED_ORDER, ENTERED_ORDER = "received_order", "entered_order"
KEY = "charges.backdated_payment_settles"


def settles_in_received_order(day: dt.date) -> bool:
    """I-116 as in force on the day the payment was received (received order when nothing is in force)."""
    try:
        value = current_parameters().at(day)[KEY]
    except (NotInForce, KeyError):
        return True
    if value not in (RECEIVED_ORDER, ENTERED_ORDER):
        raise ValueError(f"{KEY} {value!r} is neither {RECEIVED_ORDER} nor {ENTERED_ORDER} (I-116)")
    return value == RECEIVED_ORDER


def release_later_payments(account: Any, day: dt.date, *, run: str, user: Any, now: dt.datetime) -> set[int]:
    """Inside the caller's transaction, with the account locked: what receipts received after ``day`` paid
    toward the account's bills goes back to their credit. Returns the bills released (empty when no payment
    on the account was received after ``day``)."""
    later = LedgerEntry.objects.filter(account=account, bill__isnull=False, kind__in=PAID, posted_on__gt=day)
    # Net per receipt, bill and part (a reversal, or a withdrawn penalty's payment already moved to credit,
    # cancels what it names), dated as the receipt's last payment toward it.
    net: dict[tuple[str, str, int, str], Decimal] = defaultdict(Decimal)
    dated: dict[tuple[str, str, int, str], dt.date] = {}
    where: dict[int, tuple[int, int | None]] = {}
    for key, amount, named, day_posted, parcel, period in later.values_list(
        "source_key", "amount", "bill_id", "posted_on", "parcel_id", "period_id"
    ):
        assert named is not None  # bill__isnull=False
        group = (*receipt_of(key), named, key.rsplit(":", 1)[-1])
        net[group] += amount
        if amount < 0:
            dated[group] = max(day_posted, dated.get(group, day_posted))
        where[named] = (parcel, period)
    rows: list[LedgerEntry] = []
    counted: dict[tuple[str, str], int] = {}
    for (kind, receipt, bill_id, part), amount in sorted(net.items(), key=lambda kv: (dated.get(kv[0], day), kv[0])):
        if amount >= 0:
            continue  # reversed, released already, or moved to credit with a withdrawn penalty
        posted_on = dated[(kind, receipt, bill_id, part)]
        if (kind, receipt) not in counted:
            earlier = LedgerEntry.objects.filter(source_key__startswith=f"{kind}:{receipt}:released-")
            counted[(kind, receipt)] = earlier.filter(bill__isnull=True).count()
        counted[(kind, receipt)] += 1
        parcel_id, period_id = where[bill_id]
        rows += back_to_credit(
            f"{kind}:{receipt}:released-{counted[(kind, receipt)]}",
            amount,
            bill_id=bill_id,
            part=part,
            parcel_id=parcel_id,
            period_id=period_id,
            description=f"Received after a payment of {day} entered later: back to receipt {receipt}'s credit (I-116)",
            fields=payment_fields(account.pk, on=posted_on, run=run, now=now, user=user),
            credit_parcel_id=account.parcel_id,
        )
    LedgerEntry.objects.bulk_create(rows)
    return {r.bill_id for r in rows if r.bill_id}
