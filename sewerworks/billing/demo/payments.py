"""Payments in the demo district (§118-53): the posted periods' bills paid at the Clerk's counter on the
days they were paid, each before its due date, by cash, check, card or online, except two on the spring
2026 period: one account paid only half (a partial payment) and one paid nothing (the late-penalty
sweep adds their penalties). Deterministic for a seed; every date on or before the day the demo is built.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils import timezone

from sewerworks.billing.actions import do_take_payment
from sewerworks.billing.models import Bill

METHODS = ("cash", "check", "check", "card", "online")


@dataclass
class DemoPayments:
    taken: int = 0
    partial: Bill | None = None
    unpaid: Bill | None = None


def _reference(method: str, rng: random.Random) -> str:
    if method == "check":
        return str(rng.randint(1001, 9999))
    if method == "card":
        return f"card ending {rng.randint(0, 9999):04d}"
    if method == "online":
        return f"WEB-{rng.randint(100000, 999999)}"
    return ""


def take_demo_payments(*, seed: int, clerk: Any, last_period_end: dt.date, ends: Any = None,
                       unpaid: Any = (), rng: random.Random | None = None) -> DemoPayments:  # fmt: skip
    """Pay the posted bills as the demo's households did; the last period keeps one partial, one unpaid. With
    ``ends`` only the periods ending then; the bills in ``unpaid`` are left (the year end's, ``demo.relevy``)."""
    rng = rng or random.Random(seed * 53)
    today = timezone.localdate()
    out = DemoPayments()
    bills = (
        Bill.objects.filter(status="posted", total__gt=0)
        .exclude(pk__in=list(unpaid))
        .select_related("account", "period")
        .order_by("period__end", "account__account_number")
    )
    if ends is not None:
        bills = bills.filter(period__end__in=list(ends))
    for bill in bills:
        if bill.period.end == last_period_end and out.unpaid is None:
            out.unpaid = bill  # left unpaid: the sweep adds its penalty
            continue
        amount = bill.total
        if bill.period.end == last_period_end and out.partial is None:
            out.partial = bill
            amount = (bill.total / 2).quantize(Decimal("0.01"))
        received_on = min(bill.period.bill_date + dt.timedelta(days=rng.randint(2, 20)), bill.period.due_date, today)
        method = rng.choice(METHODS)
        do_take_payment(
            bill.account,
            amount=amount,
            method=method,
            reference=_reference(method, rng),
            receipt_number=f"{received_on:%y%m%d}-{bill.pk:05d}",
            received_on=received_on,
            acting_user=clerk,
        )
        out.taken += 1
    return out
