"""The day's drawer closed into a deposit (§118-53: payments "made to the Town Clerk"; I-127).

What a deposit of day D takes: every payment received on or before D that no deposit holds, and every reversal
(a returned check, a mistaken entry) recorded on or before D that no deposit holds, as a negative line. A
payment reversed before its deposit closed is in that deposit twice, once each way (it nets to nothing, and the
slip says so); a payment reversed after its deposit closed is a line on the next deposit, never an edit of the
closed one. Each item keeps the fund it is credited to (I-126). ``pending`` reads them; the action that writes
them is ``billing.actions.cash.do_close_deposit``.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from sewerworks.billing.cash.funds import Fund, fund_expression, fund_named, funds
from sewerworks.billing.choices import PaymentMethod
from sewerworks.billing.models import Deposit, DepositItem, DepositItemKind, Payment

ZERO = Decimal("0.00")
LABELS = dict(PaymentMethod.choices)


@dataclass(frozen=True)
class Line:
    """One line of a deposit, closed or about to be."""

    payment_id: int
    kind: str
    method: str
    reference: str
    receipt_number: str
    account_id: int
    account_number: str
    fund_id: int | None
    amount: Decimal
    day: dt.date  # received, or reversed

    @property
    def method_label(self) -> str:
        return str(LABELS.get(self.method, self.method))


@dataclass
class Total:
    label: str
    count: int = 0
    amount: Decimal = ZERO
    key: str = ""  # the method, or the fund's key


@dataclass
class DepositView:
    """What a deposit holds (or would hold) and its totals by kind of payment and by fund."""

    day: dt.date
    lines: list[Line]
    by_method: list[Total] = field(default_factory=list)
    by_fund: list[tuple[Fund, Total]] = field(default_factory=list)
    total: Decimal = ZERO
    cash: Decimal = ZERO

    @property
    def checks(self) -> list[Line]:
        return [line for line in self.lines if line.method == PaymentMethod.CHECK and line.kind == "payment"]

    @property
    def reversals(self) -> list[Line]:
        return [line for line in self.lines if line.kind == DepositItemKind.REVERSAL]


def _not_in(kind: str) -> Any:
    return ~Exists(DepositItem.objects.filter(payment_id=OuterRef("pk"), kind=kind))


def _payments() -> QuerySet[Payment]:
    return Payment.objects.annotate(fund_id=fund_expression("parcel", "account")).select_related("account")


def pending(day: dt.date) -> list[Line]:
    """The lines a deposit closed for ``day`` would take now: payments received on or before it and reversals
    recorded on or before it that no deposit holds, in the order taken."""
    taken = _payments().filter(_not_in(DepositItemKind.PAYMENT), received_on__lte=day)
    undone = _payments().filter(_not_in(DepositItemKind.REVERSAL), reversed_on__isnull=False, reversed_on__lte=day)
    lines = [_line(p, DepositItemKind.PAYMENT) for p in taken.order_by("received_on", "recorded_at", "pk")]
    lines += [_line(p, DepositItemKind.REVERSAL) for p in undone.order_by("reversed_on", "pk")]
    return lines


def _line(p: Any, kind: str) -> Line:
    reversal = kind == DepositItemKind.REVERSAL
    return Line(
        p.pk,
        kind,
        p.method,
        p.reference,
        p.receipt_number,
        p.account_id,
        p.account.account_number,
        p.fund_id,
        -p.amount if reversal else p.amount,
        p.reversed_on if reversal else p.received_on,
    )


def closed_lines(deposit: Deposit) -> list[Line]:
    """A closed deposit's lines, as it closed."""
    rows = deposit.items.select_related("account", "payment").order_by("id")
    return [
        Line(
            i.payment_id,
            i.kind,
            i.method,
            i.reference,
            i.receipt_number,
            i.account_id,
            i.account.account_number,
            i.fund_id,
            i.amount,
            i.payment.received_on if i.kind == DepositItemKind.PAYMENT else (i.payment.reversed_on or deposit.day),
        )
        for i in rows
    ]


def summarise(day: dt.date, lines: list[Line]) -> DepositView:
    """The totals of ``lines``: by kind of payment (cash, checks, card, online), by fund, in all, and the cash."""
    by_method: dict[str, Total] = {}
    by_fund: dict[int | None, Total] = defaultdict(lambda: Total(""))
    for line in lines:
        m = by_method.setdefault(line.method, Total(line.method_label, key=line.method))
        m.count, m.amount = m.count + 1, m.amount + line.amount
        f = by_fund[line.fund_id]
        f.count, f.amount = f.count + 1, f.amount + line.amount
    known = {f.id: f for f in funds()}
    order = [m for m in PaymentMethod.values if m in by_method]
    view = DepositView(day, lines)
    view.by_method = [by_method[m] for m in order]
    ordered = sorted(by_fund.items(), key=lambda kv: _fund_order(kv[0], known))
    view.by_fund = [(fund_named(fid, known), t) for fid, t in ordered]
    for fund, total in view.by_fund:
        total.label, total.key = fund.name, fund.key
    view.total = sum((line.amount for line in lines), ZERO)
    view.cash = sum((line.amount for line in lines if line.method == PaymentMethod.CASH), ZERO)
    return view


def _fund_order(fund_id: int | None, known: dict[int | None, Fund]) -> tuple[int, str]:
    return (1, "") if fund_id is None else (0, known[fund_id].name if fund_id in known else str(fund_id))


def last_deposit_day() -> dt.date | None:
    return Deposit.objects.order_by("-day").values_list("day", flat=True).first()
