"""Posted bills and penalties written straight to the ledger, for tests of what is paid and owed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.utils import timezone

from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry


def posted_bill(account: Any, period: BillingPeriod, total: str) -> Bill:
    """A posted bill of ``total`` dollars on ``account`` for ``period``, its charge on the ledger on its bill date."""
    now = timezone.now()
    bill = Bill.objects.create(
        account=account,
        parcel=account.parcel,
        period=period,
        status="posted",
        basis="reads",
        total=Decimal(total),
        topic="user-charge",
        run="test",
        created_at=now,
        posted_at=now,
    )
    LedgerEntry.objects.create(
        parcel=account.parcel,
        account=account,
        kind="charge",
        amount=Decimal(total),
        posted_on=period.bill_date,
        source_key=f"bill:{bill.pk}",
        description="Sewer user charge",
        section="118-52",
        period=period,
        bill=bill,
        created_at=now,
    )
    return bill


def penalty(bill: Bill, amount: str, on: dt.date) -> LedgerEntry:
    """The late penalty as the sweep writes it: kind penalty, the bill set, added on ``on``."""
    return LedgerEntry.objects.create(
        parcel=bill.parcel,
        account=bill.account,
        kind="penalty",
        amount=Decimal(amount),
        posted_on=on,
        source_key=f"penalty:bill:{bill.pk}",
        description="Late penalty (§118-53)",
        section="118-53",
        period=bill.period,
        bill=bill,
        created_at=timezone.now(),
    )
