"""Balances are derived from the ledger, never stored: the SQL sum of entries, exact because cents."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from sewerworks.billing.models import LedgerEntry
from sewerworks.core.money import MoneySum


def entries(*, parcel: Any = None, account: Any = None) -> QuerySet[LedgerEntry]:
    """The ledger entries of a parcel (every account on it, §118-53) or of one account."""
    qs = LedgerEntry.objects.all()
    if parcel is not None:
        qs = qs.filter(parcel=parcel)
    if account is not None:
        qs = qs.filter(account=account)
    return qs


def balance(*, parcel: Any = None, account: Any = None) -> Decimal:
    """What is owed: the sum of the entries (charges positive, payments negative), in one SQL SUM."""
    if parcel is None and account is None:
        raise ValueError("a balance is of a parcel or an account")
    total = entries(parcel=parcel, account=account).aggregate(total=MoneySum("amount"))["total"]
    return Decimal(total)
