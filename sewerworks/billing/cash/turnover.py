"""The moneys turned over to the Supervisor for a month, per fund (§118-53, I-11, I-127).

A month's turnover is the deposits closed for its days, their items summed per fund (the fund each item
kept when its deposit closed, I-126). Until the month is closed it is read from the deposits; closing it
(``billing.actions.cash.do_close_month``) writes its lines once, and from then on the month is read from them
and no deposit is closed on one of its days. The cash counted over or short is reported beside the funds,
never in them: it was credited to no account.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q

from sewerworks.billing.cash.deposits import ZERO, Line, Total, pending
from sewerworks.billing.cash.funds import Fund, fund_named, funds
from sewerworks.billing.models import Deposit, DepositItem, MonthlyTurnover
from sewerworks.core.documents.csvsafe import csv_bytes
from sewerworks.core.money import MoneySum


def first_of(day: dt.date) -> dt.date:
    return day.replace(day=1)


def last_of(month: dt.date) -> dt.date:
    return month.replace(day=calendar.monthrange(month.year, month.month)[1])


def month_closed(day: dt.date) -> MonthlyTurnover | None:
    """The closed turnover of the month of ``day``, if it is closed."""
    return MonthlyTurnover.objects.filter(month=first_of(day)).first()


@dataclass
class DepositRow:
    deposit: Deposit
    by_fund: dict[int | None, Decimal]


@dataclass
class MonthView:
    month: dt.date
    deposits: list[DepositRow]
    funds: list[Fund]
    by_fund: list[tuple[Fund, Total]]
    total: Decimal
    cash_difference: Decimal
    closed: MonthlyTurnover | None
    waiting: list[Line] = field(default_factory=list)  # received or reversed in the month, in no deposit

    @property
    def last_day(self) -> dt.date:
        return last_of(self.month)


def waiting_in(month: dt.date) -> list[Line]:
    """The payments received and reversals recorded in ``month`` that no deposit holds yet."""
    return [line for line in pending(last_of(month)) if line.day >= month]


def month_view(month: dt.date) -> MonthView:
    """The month's deposits with each one's money per fund, and the month's totals per fund: as closed, or as
    the deposits now stand."""
    month = first_of(month)
    known = {f.id: f for f in funds()}
    deposits = list(Deposit.objects.filter(day__range=(month, last_of(month))).order_by("day"))
    per: dict[int, dict[int | None, Decimal]] = defaultdict(dict)
    items = DepositItem.objects.filter(deposit__in=deposits).values("deposit_id", "fund_id")
    for row in items.annotate(t=MoneySum("amount")):
        per[row["deposit_id"]][row["fund_id"]] = row["t"]
    closed = MonthlyTurnover.objects.filter(month=month).first()
    totals: dict[int | None, Total] = {}
    if closed is not None:
        for line in closed.lines.all():
            totals[line.fund_id] = Total(line.fund_name, line.items, line.amount)
    else:
        counted = items.annotate(n=Count("id"), t=MoneySum("amount"))
        for row in counted:
            t = totals.setdefault(row["fund_id"], Total(fund_named(row["fund_id"], known).name))
            t.count, t.amount = t.count + row["n"], t.amount + row["t"]
    used = [f for f in known.values() if f.id in totals]
    return MonthView(
        month=month,
        deposits=[DepositRow(d, per.get(d.pk, {})) for d in deposits],
        funds=used,
        by_fund=[(f, totals[f.id]) for f in used],
        total=sum((t.amount for t in totals.values()), ZERO),
        cash_difference=sum((d.cash_difference for d in deposits), ZERO),
        closed=closed,
        waiting=[] if closed else waiting_in(month),
    )


def fund_totals_of_deposits(month: dt.date) -> dict[int | None, tuple[int, Decimal]]:
    """(items, amount) per fund of the deposits of the month, read from the deposits themselves."""
    month = first_of(month)
    rows = DepositItem.objects.filter(Q(deposit__day__range=(month, last_of(month)))).values("fund_id")
    return {r["fund_id"]: (r["n"], r["t"]) for r in rows.annotate(n=Count("id"), t=MoneySum("amount"))}


def turnover_csv(view: MonthView) -> bytes:
    """The month's turnover as CSV: one row per deposit with its money per fund, then the totals per fund."""
    header = ["deposit", "day", *[f.name for f in view.funds], "total", "cash over (+) or short (-)"]
    rows: list[list[object]] = []
    for row in view.deposits:
        amounts = [row.by_fund.get(f.id, ZERO) for f in view.funds]
        rows.append(
            [row.deposit.number, row.deposit.day.isoformat(), *amounts, row.deposit.total, row.deposit.cash_difference]
        )
    rows.append(["total", "", *[t.amount for _, t in view.by_fund], view.total, view.cash_difference])
    state = "closed" if view.closed else "not closed"
    rows.append([f"{view.month:%B %Y}: {state}", "", *["" for _ in view.funds], "", ""])
    return csv_bytes(header, rows)
