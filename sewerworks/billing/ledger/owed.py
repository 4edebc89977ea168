"""What an account owes, bill by bill, read from the ledger (never stored): each bill's charge, its
penalty, what has been paid toward each, and the credit left over from earlier payments.

A bill's balance on day D is the sum of the ledger entries with ``bill`` = B and ``posted_on`` <= D
(the late-penalty sweep relies on that). Payments name the part they paid in their source key
(``payment:<receipt>:bill:<id>:penalty`` or ``…:charge``) and reversals repeat it, so what remains of each
part is known without replaying the allocation.

I-65: a payment settles what the ledger shows owed on the day it was received: every posted charge of
the account, and the penalties added on or before that day (a penalty added later was not owed yet), but
never more of a penalty than stands now: a payment entered after a penalty was lowered (an adjustment,
I-128, or its withdrawal, I-97) and received before that pays only what is left of it.

A bill relevied to the tax roll (§118-53, I-120) owes the counter what its ``relevy_transfer`` entries did not
move (``relevy:<statement>:bill:<id>:penalty|charge``; a removal from the roll moves it back): its interest
and its transfer (``…:interest``) cancel, and are not counted here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Q

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.tax_roll import on_roll
from sewerworks.billing.models import Bill, LedgerEntry, Rebill
from sewerworks.core.money import MoneySum
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.s118_53_late_penalty import penalty_date
from sewerworks.ordinance.s118_53_payments import OpenBill

ZERO = Decimal("0.00")
PAID = (LedgerKind.PAYMENT, LedgerKind.REVERSAL)
CHARGES = (LedgerKind.CHARGE, LedgerKind.ADJUSTMENT, LedgerKind.PENDING_CHARGE)
# A credit is what was paid beyond the bills (payments and reversals naming no bill), less what was refunded.
CREDIT_KINDS = (*PAID, LedgerKind.REFUND)
# An adjustment of a bill's late penalty (``adjustment:<id>:bill:<bill>:penalty``) is part of the penalty.
PENALTY_ADJUSTED = Q(kind=LedgerKind.ADJUSTMENT, source_key__endswith=":penalty")
PENALISED = Q(kind=LedgerKind.PENALTY) | PENALTY_ADJUSTED


@dataclass(frozen=True)
class BillOwed:
    """One posted bill of an account as the counter and the statement show it."""

    bill: Bill
    charged: Decimal
    penalty: Decimal
    paid_penalty: Decimal
    paid_charge: Decimal
    penalty_date: dt.date | None
    relevied_penalty: Decimal = ZERO  # moved to the tax roll (§118-53, I-120), net of removals
    relevied_charge: Decimal = ZERO
    roll_year: int | None = None  # the tax roll it is relevied on, while it is (``ledger.tax_roll``)

    @property
    def penalty_due(self) -> Decimal:
        return max(self.penalty - self.paid_penalty - self.relevied_penalty, ZERO)

    @property
    def charge_due(self) -> Decimal:
        return max(self.charged - self.paid_charge - self.relevied_charge, ZERO)

    @property
    def balance(self) -> Decimal:
        return self.charged + self.penalty - self.paid_penalty - self.paid_charge - self.relevied

    @property
    def relevied(self) -> Decimal:
        return self.relevied_penalty + self.relevied_charge

    @property
    def paid(self) -> Decimal:
        return self.paid_penalty + self.paid_charge

    def overdue_on(self, day: dt.date) -> bool:
        """Past its due date with something left to pay."""
        return self.balance > 0 and day > self.bill.period.due_date

    def as_open_bill(self) -> OpenBill:
        return OpenBill(str(self.bill.pk), self.bill.period.bill_date, self.penalty_due, self.charge_due)


def _sum(q: Q) -> MoneySum:
    return MoneySum("amount", filter=q)


def bills_owed(account: Any, *, on: dt.date, only_until: bool = False, dates: bool = True) -> list[BillOwed]:
    """The account's posted bills with what was charged, penalised (up to ``on``) and paid toward each,
    oldest first: one grouped SQL query. With ``only_until`` every entry after ``on`` is left out (a
    statement as of a past day); without it, every charge and payment on the ledger counts (what a
    payment received on ``on`` settles, I-65). ``dates=False`` leaves the penalty dates out (allocating
    a payment needs only the amounts)."""
    paid = Q(kind__in=PAID)
    entries = LedgerEntry.objects.filter(account=account, bill__isnull=False)
    if only_until:
        entries = entries.filter(posted_on__lte=on)
    rows = entries.values("bill_id").annotate(
        charged=_sum(Q(kind__in=CHARGES) & ~PENALTY_ADJUSTED),
        penalty=_sum(PENALISED & Q(posted_on__lte=on)),
        penalty_now=_sum(PENALISED),
        paid_penalty=_sum(paid & Q(source_key__endswith=":penalty")),
        paid_charge=_sum(paid & Q(source_key__endswith=":charge")),
        relevied_penalty=_sum(Q(kind=LedgerKind.RELEVY_TRANSFER, source_key__endswith=":penalty")),
        relevied_charge=_sum(Q(kind=LedgerKind.RELEVY_TRANSFER, source_key__endswith=":charge")),
    )
    sums = {r["bill_id"]: r for r in rows}
    bills = Bill.objects.filter(pk__in=sums).select_related("period").order_by("period__bill_date", "pk")
    params = current_parameters() if dates else None
    rebilled = dict(Rebill.objects.filter(bill_id__in=sums).values_list("bill_id", "penalty_date")) if dates else {}
    rolls = on_roll([b for b, r in sums.items() if r["relevied_penalty"] or r["relevied_charge"]])
    out = []
    for bill in bills:
        r = sums[bill.pk]
        due: dt.date | None = rebilled.get(bill.pk)  # a rebill keeps its own penalty date (I-110)
        if params is not None and due is None:
            try:
                terms = params.at(bill.period.bill_date)  # I-64: the terms the bill was issued under
                due = penalty_date(bill.period.bill_date, bill.period.due_date, terms)
            except (KeyError, ValueError):
                due = None
        penalty = min(r["penalty"], r["penalty_now"])  # never more than the penalty stands at now (I-128)
        out.append(
            BillOwed(bill, r["charged"], penalty, -r["paid_penalty"], -r["paid_charge"], due,
                     relevied_penalty=-r["relevied_penalty"], relevied_charge=-r["relevied_charge"],
                     roll_year=rolls[bill.pk].roll_year if bill.pk in rolls else None)
        )  # fmt: skip
    return out


# A payment toward a bill of its own by name (the §118-54 connection charge, I-123): set against that bill, so no
# credit to apply to the sewer bills.
ITEM = ":item:"


def unapplied_credit(account: Any, *, until: dt.date | None = None) -> Decimal:
    """What the account has paid beyond every bill (payments and reversals not set against a bill, nor against a
    bill of its own by name, less the credit refunded), on the ledger by ``until`` when given."""
    entries = LedgerEntry.objects.filter(account=account, bill__isnull=True, kind__in=CREDIT_KINDS).exclude(
        source_key__contains=ITEM
    )
    if until is not None:
        entries = entries.filter(posted_on__lte=until)
    total = entries.aggregate(t=MoneySum("amount"))["t"]
    return max(-Decimal(total), ZERO)
