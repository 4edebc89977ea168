"""Test helpers for the ledger: a posted bill written directly (period, bill, its charge) and a payment
entry on it, as ``do_take_payment`` writes them (kind payment, negative, naming the bill)."""

from __future__ import annotations

import datetime as dt
import itertools
from decimal import Decimal
from typing import Any

from django.db import connection
from django.utils import timezone

from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.registry.models import SewerAccount
from sewerworks.registry.tests import factories as f

_n = itertools.count(1)


def period_dated(bill_date: dt.date, due_date: dt.date) -> BillingPeriod:
    """A posted all-accounts period with this bill date and due date (its last day ten days before)."""
    end = bill_date - dt.timedelta(days=10)
    period, _ = BillingPeriod.objects.get_or_create(
        area=None,
        end=end,
        defaults={
            "start": end - dt.timedelta(days=182),
            "reads_from": end - dt.timedelta(days=15),
            "reads_until": end + dt.timedelta(days=15),
            "bill_date": bill_date,
            "due_date": due_date,
            "status": "posted",
        },
    )
    return period


def posted_bill(
    amount: str | Decimal,
    *,
    bill_date: dt.date = dt.date(2026, 1, 10),
    due_date: dt.date = dt.date(2026, 1, 31),
    status: str = "posted",
    account: SewerAccount | None = None,
) -> Bill:
    """A bill of ``amount`` in the period dated ``bill_date``, on the ledger (its charge) when posted."""
    n = next(_n)
    if account is None:
        parcel = f.parcel(f"200.{n}-1-1", street_number=str(n))
        account = SewerAccount.objects.create(account_number=f"T-{n:06d}", parcel=parcel)
    period = period_dated(bill_date, due_date)
    bill = Bill.objects.create(
        account=account,
        parcel=account.parcel,
        period=period,
        status=status,
        basis="reads",
        total=Decimal(amount),
        topic="user-charge",
        run="test",
        created_at=timezone.now(),
    )
    if status == "posted":
        entry(bill, "charge", Decimal(amount), bill_date, f"bill:{bill.pk}")
    return bill


def entry(bill: Bill, kind: str, amount: Decimal, on: dt.date, key: str) -> LedgerEntry:
    return LedgerEntry.objects.create(
        parcel=bill.parcel,
        account=bill.account,
        kind=kind,
        amount=amount,
        posted_on=on,
        source_key=key,
        description=kind,
        period=bill.period,
        bill=bill,
        created_at=timezone.now(),
    )


def pay(bill: Bill, on: dt.date, amount: str | Decimal) -> LedgerEntry:
    """A payment of ``amount`` dollars on ``bill`` made on ``on`` (a negative entry naming the bill)."""
    return entry(bill, "payment", -Decimal(amount), on, f"payment:test:{next(_n)}")


def penalties(bill: Bill | None = None) -> list[tuple[Any, ...]]:
    qs = LedgerEntry.objects.filter(kind="penalty")
    if bill is not None:
        qs = qs.filter(bill=bill)
    return list(qs.order_by("pk").values_list("bill_id", "amount", "posted_on", "source_key"))


def owed(bill: Bill) -> Decimal:
    """What the bill owes now: the sum of the entries that name it."""
    return sum((e.amount for e in LedgerEntry.objects.filter(bill=bill)), Decimal("0.00"))


def owed_at_end_of(bill: Bill, day: dt.date) -> Decimal:
    return sum((e.amount for e in LedgerEntry.objects.filter(bill=bill, posted_on__lte=day)), Decimal("0.00"))


def database_url() -> str:
    """The test database as a DATABASE_URL, for a command run in a process of its own (killed mid-run)."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
