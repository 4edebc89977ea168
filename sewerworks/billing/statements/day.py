"""The day's receipts: the payments taken at the counter on one day (one clerk's, or everyone's), by method,
with the totals a deposit is made from; a reversed payment is listed but not counted (§118-53)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count

from sewerworks.billing.ledger.owed import ZERO
from sewerworks.billing.models import Payment
from sewerworks.core.money import MoneySum


@dataclass
class MethodTotal:
    method: str
    label: str
    count: int
    total: Decimal


@dataclass
class DayReceipts:
    day: dt.date
    payments: list[Payment]
    by_method: list[MethodTotal]
    total: Decimal
    count: int
    reversed_total: Decimal


def day_receipts(day: dt.date, *, taken_by: Any = None) -> DayReceipts:
    """The payments received on ``day`` (one clerk's with ``taken_by``), by method, with the deposit's
    totals; a reversed payment is listed but not counted in the deposit."""
    qs = Payment.objects.filter(received_on=day)
    if taken_by is not None:
        qs = qs.filter(received_by=taken_by)
    live = qs.filter(reversed_on__isnull=True)
    labels = dict(Payment._meta.get_field("method").choices or [])
    by_method = [
        MethodTotal(r["method"], str(labels.get(r["method"], r["method"])), r["n"], r["total"])
        for r in live.values("method").annotate(n=Count("id"), total=MoneySum("amount")).order_by("method")
    ]
    reversed_total = qs.filter(reversed_on__isnull=False).aggregate(t=MoneySum("amount"))["t"]
    payments = list(qs.select_related("account", "parcel", "received_by").order_by("recorded_at", "id"))
    return DayReceipts(
        day,
        payments,
        by_method,
        sum((m.total for m in by_method), ZERO),
        sum(m.count for m in by_method),
        reversed_total,
    )
