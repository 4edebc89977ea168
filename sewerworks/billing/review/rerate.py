"""A posted period's bills rated again at other rates, by the bill run's own arithmetic (§118-50, §118-52, I-129).

The water a bill charged for was settled when the period was billed (I-60: its reads; I-27: a class estimate)
and is kept on the bill (``Bill.gallons``, after wash water, I-44); the review changes the rates, not the water.
So each posted bill of the period is rated again from its gallons with the engine's ``Rating`` and its SQL
(``engine.i24_sql``: I-24's first gallons or the minimum, then the gallons beyond, each line rounded half up to
cents, I-23; ``engine.strength_sql``: the I-03 surcharge of a bill on reads with the period's strength record),
one ``SELECT`` for every candidate at once, nothing written. A bill the SQL does not rate (strength too great
for 64-bit integers, rates not in whole fractions) is rated by the ordinance's own ``rate_user_charge``, as the
engine's Python path does. A defective meter's average of two earlier bills (I-26) is no rate of this period
and stays as billed; its class-estimate fallback (I-27) is rated again from the class estimate.

At the period's own rates every bill comes back to the cent (``billing/review/tests``), which is what makes a
candidate's figures comparable with what was billed.
"""
# ruff: noqa: S608

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection

from sewerworks.billing.cash.funds import fund_expression
from sewerworks.billing.choices import Basis, BillStatus, Flag
from sewerworks.billing.engine import strength_sql
from sewerworks.billing.engine.compute import PeriodRates
from sewerworks.billing.engine.i24_sql import BILL, Rating, S, beyond_cents_sql, first_cents_sql
from sewerworks.billing.models import Bill, BillingPeriod, StrengthRecord
from sewerworks.core.money import to_cents
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.s118_52_charges import CONSTITUENTS, ChargeParameters, rate_user_charge
from sewerworks.registry.models import SewerAccount

ACCOUNT, STRENGTH = SewerAccount._meta.db_table, StrengthRecord._meta.db_table


@dataclass(frozen=True)
class Proposal:
    """Rates under review: per gallon, the minimum and the gallons it covers (I-24), per pound of strength (I-03;
    a constituent left out keeps the rate in force)."""

    rate_per_gallon: Decimal
    minimum_charge: Decimal
    minimum_gallons: int
    strength_rates: dict[str, Decimal] = dataclasses.field(default_factory=dict)

    def parameters(self, base: ChargeParameters) -> ChargeParameters:
        rates = {**base.strength_rates, **self.strength_rates}
        return dataclasses.replace(
            base,
            rate_per_gallon=self.rate_per_gallon,
            minimum_charge=self.minimum_charge,
            minimum_charge_gallons=Decimal(self.minimum_gallons),
            strength_rates=rates,
        )

    @classmethod
    def in_force(cls, base: ChargeParameters) -> Proposal:
        return cls(
            base.rate_per_gallon, base.minimum_charge, int(base.minimum_charge_gallons), dict(base.strength_rates)
        )


@dataclass(frozen=True)
class Rerated:
    """One posted bill and what it comes to at each proposal (cents, in the proposals' order)."""

    bill_id: int
    account_id: int
    account_number: str
    fund_id: int | None
    user_class: str
    basis: str
    gallons: Decimal | None
    posted_cents: int
    cents: tuple[int, ...]


def _x5(alias: str) -> str:
    if connection.vendor == "postgresql":
        return f"CAST(round({alias}.gallons * {S}) AS bigint)"
    return f"CAST(round({alias}.gallons * {S}) AS INTEGER)"


def _rated_sql(r: Rating | None, x5: str) -> str:
    """SQL: the bill's cents at ``r`` (NULL when the SQL cannot rate it: Python then does)."""
    if r is None:
        return "NULL"
    i24 = f"{first_cents_sql(r, x5)} + {beyond_cents_sql(r, x5)}"
    if not r.strength:
        return f"CASE WHEN t.id IS NULL THEN {i24} ELSE NULL END"
    values = {c.key: strength_sql.column("t", c.key) for c in r.strength}
    surcharge = strength_sql.total_cents(r.strength, x5, values)
    guard = strength_sql.guard(r.strength, x5, values)
    return f"CASE WHEN t.id IS NULL THEN {i24} WHEN {guard} THEN {i24} + {surcharge} ELSE NULL END"


def rerate(period: BillingPeriod, proposals: Sequence[Proposal]) -> list[Rerated]:
    """Every posted bill of ``period`` with its cents at each of ``proposals`` (read only)."""
    rates = PeriodRates.on_last_day(current_parameters().at(period.end))
    params = [p.parameters(rates.charge) for p in proposals]
    ratings = [Rating.of(p) if p.minimum_charge_gallons > 0 else None for p in params]
    x5 = _x5("b")
    strength_cols = ", ".join(f"t.{key}" for key in CONSTITUENTS)
    rated = ", ".join(
        f"CASE WHEN b.basis = %s OR (b.basis = %s AND t.id IS NULL) THEN {_rated_sql(r, x5)} ELSE NULL END"
        for r in ratings
    )
    sql = (
        f"SELECT b.id, b.account_id, a.account_number, a.user_class, b.basis, b.flags, b.gallons, b.total,"
        f" t.id, {strength_cols}{', ' + rated if rated else ''}"
        f" FROM {BILL} b JOIN {ACCOUNT} a ON a.id = b.account_id"
        f" LEFT JOIN {STRENGTH} t ON t.account_id = b.account_id AND t.period_id = b.period_id AND b.basis = %s"
        " WHERE b.period_id = %s AND b.status = %s ORDER BY b.id"
    )
    args: list[Any] = []
    for _ in ratings:
        args += [Basis.READS.value, Basis.ESTIMATE.value]
    args += [Basis.READS.value, period.pk, BillStatus.POSTED.value]
    funds = dict(
        Bill.objects.filter(period=period, status=BillStatus.POSTED)
        .annotate(fund=fund_expression("parcel", "account"))
        .values_list("pk", "fund")
    )
    out = []
    with connection.cursor() as cursor:
        cursor.execute(sql, args)
        for row in cursor.fetchall():
            bill_id, account_id, number, user_class, basis, flags, gallons, total = row[:8]
            strength = {k: v for k, v in zip(CONSTITUENTS, row[9:12], strict=True) if v is not None} if row[8] else None
            sql_cents = row[12:]
            gallons = None if gallons is None else Decimal(str(gallons))
            cents = tuple(
                int(c) if c is not None else _python(basis, flags, gallons, int(total), user_class, strength, p, rates)
                for c, p in zip(sql_cents, params, strict=True)
            )
            out.append(
                Rerated(bill_id, account_id, number, funds.get(bill_id), user_class, basis, gallons, int(total), cents)
            )
    return out


def _python(
    basis: str,
    flags: str,
    gallons: Decimal | None,
    posted: int,
    user_class: str,
    strength: dict[str, Any] | None,
    p: ChargeParameters,
    rates: PeriodRates,
) -> int:
    """The bill at ``p`` by the ordinance's own function (the engine's Python path), for what the SQL left."""
    if basis == Basis.DEFECTIVE:
        if Flag.ESTIMATE not in (flags or "").split(","):
            return posted  # I-26: the average of two earlier bills is no rate of this period
        gallons = rates.estimates.get(user_class)  # I-26 → I-27: the class estimate
    if gallons is None:
        return posted
    measured = {k: Decimal(str(v)) for k, v in strength.items()} if strength else None
    return to_cents(rate_user_charge(gallons, p, strength=measured).total)
