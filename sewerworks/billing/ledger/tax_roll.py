"""Bills on their way to the tax roll, or on it (§118-53, I-120): what the counter, the penalty sweep and a void
must leave alone.

A bill is **on the roll** while its ``relevy_transfer`` entries (``relevy:<statement>:bill:<id>:…``, net of a
removal's ``relevy-removed:…``) move anything: "relevied to the 2027 tax roll". It is **closed to the counter**
when it is on the roll (what is left on it after, a check returned later, goes on the next statement), or when
it is a line of a filed statement whose counter cut-off is before the day the payment was received: it is paid
with the Town and County taxes, not at the counter. A removal from the roll opens it again.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import LedgerEntry, StatementLine, UnpaidStatement
from sewerworks.billing.models.relevy import FILED

WHERE_TO_PAY = "with the Town and County taxes, to the Receiver of Taxes"


@dataclass(frozen=True)
class OnRoll:
    """A bill relevied: on which roll, by which statement, since when, how much."""

    roll_year: int
    statement_id: int
    relevied_on: dt.date
    amount: Decimal

    @property
    def label(self) -> str:
        return f"relevied to the {self.roll_year} tax roll"


def statement_of(key: str) -> int:
    """The statement a relevy entry belongs to (``relevy:<id>:…`` or ``relevy-removed:<id>:…``)."""
    return int(key.split(":")[1])


def on_roll(bill_ids: Iterable[int]) -> dict[int, OnRoll]:
    """The bills among ``bill_ids`` that are on a tax roll now, with their roll."""
    net: dict[tuple[int, int], Decimal] = defaultdict(Decimal)
    since: dict[tuple[int, int], dt.date] = {}
    entries = LedgerEntry.objects.filter(bill_id__in=list(bill_ids), kind=LedgerKind.RELEVY_TRANSFER)
    for bill_id, key, amount, day in entries.values_list("bill_id", "source_key", "amount", "posted_on"):
        group = (bill_id, statement_of(key))
        net[group] += amount
        if amount < 0:
            since[group] = min(day, since.get(group, day))
    moved = {group: -amount for group, amount in net.items() if amount < 0}
    years = dict(UnpaidStatement.objects.filter(pk__in={s for _, s in moved}).values_list("pk", "roll_year"))
    return {bill: OnRoll(years[s], s, since[(bill, s)], amount) for (bill, s), amount in moved.items()}


def closed_to_counter(account_id: int, day: dt.date, bill_ids: Iterable[int]) -> dict[int, str]:
    """The bills among ``bill_ids`` of the account that a payment received on ``day`` may not pay, each with
    why and where it is paid (I-120)."""
    ids = list(bill_ids)
    closed = {
        bill: f"Bill {bill} was {roll.label} on {roll.relevied_on}: it is paid {WHERE_TO_PAY}, not at this counter"
        for bill, roll in on_roll(ids).items()
        if roll.roll_year >= day.year  # a roll of a year gone by is collected: what is left is the counter's
    }
    pending = StatementLine.objects.filter(
        account_id=account_id, bill_id__in=ids, statement__status=FILED, statement__counter_cutoff__lt=day
    ).select_related("statement")
    for line in pending:
        if line.bill_id is not None and line.bill_id not in closed:
            s = line.statement
            closed[line.bill_id] = (
                f"Bill {line.bill_id} is on the Town Clerk's statement of {s.statement_date} for relevy to the "
                f"{s.roll_year} tax roll: the counter took payments toward it through {s.counter_cutoff}; it is paid "
                f"{WHERE_TO_PAY}"
            )
    return closed
