"""An account's statement and the day's receipts, computed from the ledger and the payments on the fly.

The statement lists every entry of the account, oldest first, with the running balance after each (a
sum, never stored), then the bills with what was charged, penalised and paid toward each and whether
they are overdue. The day's receipts are the payments received on one day, grouped by how they were
paid, with the totals the clerk deposits.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count

from sewerworks.billing.ledger.owed import ZERO, BillOwed, bills_owed, unapplied_credit
from sewerworks.billing.models import LedgerEntry, Payment
from sewerworks.core.money import MoneySum


@dataclass
class StatementLine:
    entry: LedgerEntry
    balance: Decimal


@dataclass
class Statement:
    account: Any
    on: dt.date
    lines: list[StatementLine]
    bills: list[BillOwed]
    credit: Decimal
    balance: Decimal
    overdue: Decimal = field(default=ZERO)

    @property
    def overdue_bills(self) -> list[BillOwed]:
        return [b for b in self.bills if b.overdue_on(self.on)]

    @property
    def open_bills(self) -> list[BillOwed]:
        return [b for b in self.bills if b.balance > 0]


def statement(account: Any, *, on: dt.date) -> Statement:
    """The account's statement on ``on``: its entries posted on or before that day with the running
    balance, and its bills as owed that day."""
    running = ZERO
    lines = []
    for entry in LedgerEntry.objects.filter(account=account, posted_on__lte=on).select_related("bill__period"):
        running += entry.amount
        lines.append(StatementLine(entry, running))
    bills = bills_owed(account, on=on, only_until=True)
    result = Statement(account, on, lines, bills, unapplied_credit(account, until=on), running)
    result.overdue = sum((b.balance for b in result.overdue_bills), ZERO)
    return result


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
