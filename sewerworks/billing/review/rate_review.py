"""The figures of a §118-50 review (I-129): per area and class, a posted period's revenue as billed and at each
candidate's rates (``rerate``), a year's worth of it against the area's operation and maintenance cost (the
Board's budget for the fiscal year), and the change on typical bills: the minimum, the median household's, the
largest users'. Read only: nothing is written by computing them.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils import timezone

from sewerworks.billing.cash.funds import Fund, funds
from sewerworks.billing.engine.compute import PeriodRates
from sewerworks.billing.models import AreaBudget, BillingPeriod
from sewerworks.billing.review.rerate import Proposal, Rerated, rerate
from sewerworks.core.money import to_cents
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.s118_52_charges import rate_user_charge
from sewerworks.ordinance.topics import determine

ZERO = Decimal("0.00")
LARGEST = 3


def _dollars(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2)


@dataclass(frozen=True)
class Candidate:
    label: str
    proposal: Proposal


@dataclass
class Sums:
    bills: int = 0
    billed: Decimal = ZERO
    proposed: list[Decimal] = field(default_factory=list)


@dataclass(frozen=True)
class TypicalBill:
    label: str
    detail: str
    billed: Decimal
    proposed: tuple[Decimal, ...]


@dataclass
class AreaFigures:
    fund: Fund
    cost: Decimal | None
    budget: AreaBudget | None
    total: Sums
    classes: dict[str, Sums]
    typical: list[TypicalBill]
    annual_billed: Decimal = ZERO
    annual_proposed: list[Decimal] = field(default_factory=list)
    decisions: list[Decision | None] = field(default_factory=list)  # per candidate, with the cost
    as_billed: Decision | None = None  # the rates in force, with the cost

    @property
    def all_decisions(self) -> list[Decision | None]:
        return [self.as_billed, *self.decisions]


@dataclass
class ReviewFigures:
    period: BillingPeriod
    fiscal_year: int
    periods_a_year: int
    candidates: list[Candidate]
    areas: list[AreaFigures]


def periods_a_year(day: dt.date) -> int:
    return len(current_parameters().at(day).items("billing.period_ends"))


def cost_of(area_id: int, fiscal_year: int) -> AreaBudget | None:
    """The budget in force for the area and year: the latest entered, by its resolution's adoption."""
    rows = AreaBudget.objects.filter(area_id=area_id, fiscal_year=fiscal_year).select_related("resolution")
    return rows.order_by("-resolution__adopted_on", "-id").first()


def review_figures(period: BillingPeriod, candidates: Sequence[Candidate], fiscal_year: int) -> ReviewFigures:
    """The review's figures for ``period`` at ``candidates`` (see the module)."""
    rows = rerate(period, [c.proposal for c in candidates])
    n = len(candidates)
    per_fund: dict[int | None, list[Rerated]] = defaultdict(list)
    for row in rows:
        per_fund[row.fund_id].append(row)
    times = periods_a_year(period.end)
    base = PeriodRates.on_last_day(current_parameters().at(period.end)).charge
    today = timezone.localdate()
    areas = []
    for fund in funds():
        mine = per_fund.get(fund.id, [])
        if not mine and fund.id is None:
            continue
        total = Sums(proposed=[ZERO] * n)
        classes: dict[str, Sums] = defaultdict(lambda: Sums(proposed=[ZERO] * n))
        for row in mine:
            for s in (total, classes[row.user_class]):
                s.bills += 1
                s.billed += _dollars(row.posted_cents)
                s.proposed = [p + _dollars(c) for p, c in zip(s.proposed, row.cents, strict=True)]
        budget = cost_of(fund.id, fiscal_year) if fund.id is not None else None
        area = AreaFigures(
            fund,
            budget.amount if budget else None,
            budget,
            total,
            dict(sorted(classes.items())),
            _typical(mine, candidates, base),
        )
        area.annual_billed = total.billed * times
        area.annual_proposed = [p * times for p in total.proposed]
        area.as_billed = _decision(fiscal_year, area.cost, area.annual_billed, today)
        for revenue in area.annual_proposed:
            area.decisions.append(_decision(fiscal_year, area.cost, revenue, today))
        areas.append(area)
    return ReviewFigures(period, fiscal_year, times, list(candidates), areas)


def _decision(fiscal_year: int, cost: Decimal | None, revenue: Decimal, today: dt.date) -> Decision | None:
    if cost is None:
        return None
    facts: dict[str, Any] = {
        "fiscal_year": fiscal_year,
        "cost": format(cost, "f"),
        "annual_revenue": format(revenue, "f"),
    }
    return determine("rate-review", facts, as_of=today)


def _typical(rows: list[Rerated], candidates: Sequence[Candidate], base: Any) -> list[TypicalBill]:
    """The minimum bill, the median household's and the largest users', as billed and at each candidate."""
    out = []
    nothing = Decimal(0)  # the minimum charge: what a bill is when little or no water was used (I-24)
    minimum = [to_cents(rate_user_charge(nothing, c.proposal.parameters(base)).total) for c in candidates]
    now = to_cents(rate_user_charge(nothing, base).total)
    out.append(
        TypicalBill("Minimum bill", "little or no water used", _dollars(now), tuple(_dollars(m) for m in minimum))
    )
    homes = sorted(
        (r for r in rows if r.user_class == "residential" and r.gallons is not None),
        key=lambda r: (r.gallons, r.bill_id),
    )
    if homes:
        gallons = statistics.median_low([r.gallons for r in homes if r.gallons is not None])
        median = next(r for r in homes if r.gallons == gallons)
        out.append(
            TypicalBill(
                "Median household",
                f"{median.gallons:,.0f} gallons (account {median.account_number})",
                _dollars(median.posted_cents),
                tuple(_dollars(c) for c in median.cents),
            )
        )
    largest = sorted((r for r in rows if r.gallons is not None), key=lambda r: (-(r.gallons or 0), r.bill_id))
    for r in largest[:LARGEST]:
        out.append(
            TypicalBill(
                f"Large user {r.account_number}",
                f"{r.gallons:,.0f} gallons, {r.user_class}",
                _dollars(r.posted_cents),
                tuple(_dollars(c) for c in r.cents),
            )
        )
    return out
