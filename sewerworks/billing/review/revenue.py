"""Revenue per fund over a period of days (§118-53, I-11, I-126), read from the ledger (never stored).

For each fund (a Sewer Improvement Area, or no area), the entries posted from ``start`` to ``end``:

- **billed**: user charges and other programs' charges, net of the bills voided (``void:`` entries; the bill
  that replaces one is billed again);
- **penalised**: late penalties, net of those withdrawn (§118-53, I-97);
- **adjusted**: adjustments to a bill's charge or penalty (I-128);
- **collected**: payments, net of their reversals (a returned check never paid, I-65);
- **refunded**: credit paid back by the Supervisor (I-128);
- **relevied**: moved to the tax roll (``relevy_transfer`` entries, §118-53: zero until relevies are recorded);
- **owed** at the start and at the end: the sum of every entry posted before ``start`` / by ``end``.

So, for every fund: owed at the end = owed at the start + billed + penalised + adjusted − collected + refunded −
relevied, to the cent (a test checks it). ``by_month`` gives the same per month for the charts.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q
from django.db.models.functions import TruncMonth

from sewerworks.billing.cash.funds import Fund, fund_expression, fund_named, funds
from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import LedgerEntry
from sewerworks.core.documents.csvsafe import csv_bytes
from sewerworks.core.money import MoneySum

ZERO = Decimal("0.00")
VOID = Q(kind=LedgerKind.ADJUSTMENT, source_key__startswith="void:")
COLUMNS: dict[str, tuple[Q, int]] = {  # the entries of each column and the sign it is reported with
    "billed": (Q(kind__in=[LedgerKind.CHARGE, LedgerKind.PENDING_CHARGE]) | VOID, 1),
    "penalised": (Q(kind=LedgerKind.PENALTY), 1),
    "adjusted": (Q(kind=LedgerKind.ADJUSTMENT) & ~VOID, 1),
    "collected": (Q(kind__in=[LedgerKind.PAYMENT, LedgerKind.REVERSAL]), -1),
    "refunded": (Q(kind=LedgerKind.REFUND), 1),
    "relevied": (Q(kind=LedgerKind.RELEVY_TRANSFER), -1),
}
LABELS = {
    "billed": "Billed",
    "penalised": "Penalised",
    "adjusted": "Adjusted",
    "collected": "Collected",
    "refunded": "Refunded",
    "relevied": "Relevied",
}


@dataclass
class FundRevenue:
    fund: Fund
    owed_start: Decimal = ZERO
    owed_end: Decimal = ZERO
    sums: dict[str, Decimal] = field(default_factory=lambda: dict.fromkeys(COLUMNS, ZERO))

    def __getattr__(self, name: str) -> Decimal:
        if name in COLUMNS:
            return self.sums[name]
        raise AttributeError(name)

    @property
    def balanced(self) -> bool:
        s = self.sums
        flow = s["billed"] + s["penalised"] + s["adjusted"] - s["collected"] + s["refunded"] - s["relevied"]
        return self.owed_start + flow == self.owed_end


@dataclass
class Revenue:
    start: dt.date
    end: dt.date
    rows: list[FundRevenue]
    total: FundRevenue
    months: list[tuple[dt.date, dict[int | None, dict[str, Decimal]]]]


def _with_fund() -> object:
    return LedgerEntry.objects.annotate(fund=fund_expression("parcel", "account"))


def revenue(start: dt.date, end: dt.date) -> Revenue:
    """Each fund's revenue from ``start`` to ``end`` (see the module), its total, and the months."""
    if end < start:
        raise ValueError(f"the period ends ({end}) before it starts ({start})")
    known = {f.id: f for f in funds()}
    rows: dict[int | None, FundRevenue] = {f.id: FundRevenue(f) for f in known.values()}
    entries = LedgerEntry.objects.annotate(fund=fund_expression("parcel", "account"))
    sums = {name: MoneySum("amount", filter=q & Q(posted_on__range=(start, end))) for name, (q, _) in COLUMNS.items()}
    grouped = (
        entries.filter(posted_on__lte=end)
        .values("fund")
        .annotate(before=MoneySum("amount", filter=Q(posted_on__lt=start)), by_end=MoneySum("amount"), **sums)
    )
    for g in grouped:
        row = rows.setdefault(g["fund"], FundRevenue(fund_named(g["fund"], known)))
        row.owed_start, row.owed_end = g["before"], g["by_end"]
        for name, (_, sign) in COLUMNS.items():
            row.sums[name] = g[name] * sign
    total = FundRevenue(Fund(None, "All funds", "all"))
    for row in rows.values():
        total.owed_start += row.owed_start
        total.owed_end += row.owed_end
        for name in COLUMNS:
            total.sums[name] += row.sums[name]
    shown = [r for r in rows.values() if r.fund.id is not None or r.owed_end or any(r.sums.values())]
    return Revenue(start, end, shown, total, by_month(start, end))


def by_month(start: dt.date, end: dt.date) -> list[tuple[dt.date, dict[int | None, dict[str, Decimal]]]]:
    """Per month of the period, per fund, each column's sum (for the charts)."""
    entries = LedgerEntry.objects.annotate(fund=fund_expression("parcel", "account"), month=TruncMonth("posted_on"))
    sums = {name: MoneySum("amount", filter=q) for name, (q, _) in COLUMNS.items()}
    grouped = entries.filter(posted_on__range=(start, end)).values("month", "fund").annotate(**sums)
    months: dict[dt.date, dict[int | None, dict[str, Decimal]]] = defaultdict(dict)
    for g in grouped:
        month = g["month"].date() if isinstance(g["month"], dt.datetime) else g["month"]
        months[month][g["fund"]] = {name: g[name] * sign for name, (_, sign) in COLUMNS.items()}
    return sorted(months.items())


def revenue_csv(report: Revenue) -> bytes:
    header = ["fund", "from", "to", "owed at the start", *[LABELS[c] for c in COLUMNS], "owed at the end"]
    rows = [
        [
            r.fund.name,
            report.start.isoformat(),
            report.end.isoformat(),
            r.owed_start,
            *[r.sums[c] for c in COLUMNS],
            r.owed_end,
        ]
        for r in [*report.rows, report.total]
    ]
    return csv_bytes(header, rows)
