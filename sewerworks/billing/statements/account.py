"""An account's statement, computed from the ledger on the fly.

The statement lists every entry of the account, oldest first, with the running balance after each (a
sum, never stored), then the bills with what was charged, penalised and paid toward each and whether
they are overdue.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sewerworks.billing.ledger.owed import ZERO, BillOwed, bills_owed, unapplied_credit
from sewerworks.billing.models import LedgerEntry


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
