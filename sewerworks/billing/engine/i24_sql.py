"""The I-24 charge in SQL, shared by the plain bills (``plain``) and the class estimates (``estimates_sql``):
the ``Rating`` (the rate in force on the period's last day, I-43, as integers), the SQL expressions of a
line's cents (each line rounded half up to cents, I-23) and of its quantity and working text, written as
``s118_52_charges`` writes them, and the statement that writes a bill's I-24 line items.

Integer arithmetic only: quantities are hundred-thousandths of a gallon (x), the rate times 100 is the
fraction n/d, and a line is ``(2·n·x + d·S) div (2·d·S)`` cents (S = 100,000): n·x/(d·S) rounded half up.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection

from sewerworks.billing.engine import strength_sql
from sewerworks.billing.models import Bill, BillLine
from sewerworks.ordinance.s118_52_charges import SECTION, ChargeParameters, money
from sewerworks.ordinance.s118_52_meter_rollover import RolloverRule

BILL, LINE = Bill._meta.db_table, BillLine._meta.db_table
S = 100_000  # quantities in SQL are hundred-thousandths of a gallon: a cubic foot is 748,052 of them (I-24)
LINE_COLUMNS = "bill_id, position, kind, description, working, quantity, rate, amount, section, interpretations"


@dataclass(frozen=True)
class Rating:
    """The I-24 charge as integers: rate × 100 = n / d; the minimum in cents for the first ``block`` gallons."""

    n: int
    d: int
    minimum_cents: int
    block: int
    rate_text: str  # "$0.0035"
    minimum_text: str  # "$10.00"
    rate_param: str  # the rate as the Python path writes it to the rate column
    ft3: int | None = None  # gallons per cubic foot × 100,000 (None: cubic-foot meters go to Python)
    estimates: tuple[tuple[str, int], ...] = ()  # (user class, its I-27 estimate × 100,000)
    strength: tuple[strength_sql.Constituent, ...] | None = None  # None: strength records go to Python
    # I-48 by register size (I-181): the fraction n / d of the register, and the gallons × 100,000 plausible within
    # half of it (None: rollovers to Python)
    rollover: tuple[int, int, int] | None = None

    @classmethod
    def of(
        cls,
        p: ChargeParameters,
        gallons_per_ft3: Decimal | None = None,
        estimates: dict[str, Decimal] | None = None,
        rollover: RolloverRule | None = None,
    ) -> Rating | None:
        """None when the parameters are not whole gallons and cents (the Python path then bills all)."""
        if p.minimum_charge_gallons != p.minimum_charge_gallons.to_integral_value():
            return None
        minimum_cents = p.minimum_charge * 100
        if minimum_cents != minimum_cents.to_integral_value() or p.rate_per_gallon < 0:
            return None
        n, d = (p.rate_per_gallon * 100).as_integer_ratio()
        ft3 = None if gallons_per_ft3 is None else gallons_per_ft3 * S
        return cls(
            n,
            d,
            int(minimum_cents),
            int(p.minimum_charge_gallons),
            money(p.rate_per_gallon),
            money(p.minimum_charge),
            format(p.rate_per_gallon, "f"),
            int(ft3) if ft3 is not None and ft3 == ft3.to_integral_value() and ft3 > 0 else None,
            tuple(
                (k, int(v * S))
                for k, v in (estimates or {}).items()
                if re.fullmatch("[a-z_]{1,40}", k) and v >= 0 and v * S == int(v * S)
            ),
            strength_sql.constituents(p) if p.normal_strength else None,
            _rollover(rollover),
        )


def _rollover(rule: RolloverRule | None) -> tuple[int, int, int] | None:
    if rule is None or not 0 <= rule.fraction <= 1 or rule.gallons < 0:
        return None
    n, d = rule.fraction.as_integer_ratio()
    g5 = rule.gallons * S
    if d > 10**6 or g5 != g5.to_integral_value() or g5 > 10**15:
        return None
    return n, d, int(g5)


def int_text(expr: str) -> str:
    """SQL: an integer with thousands separators, as Python's ``format(n, ',')``."""
    if connection.vendor == "postgresql":
        return f"to_char({expr}, 'FM999,999,999,999,999,990')"
    return f"printf('%%,d', {expr})"


def two_digits(expr: str) -> str:
    if connection.vendor == "postgresql":
        return f"lpad(CAST({expr} AS text), 2, '0')"
    return f"substr('0' || ({expr}), -2)"


def quantity_text(x5: str) -> str:
    """SQL: hundred-thousandths of a gallon as ``s118_52_charges.quantity`` writes gallons: 8,000; 7,480.52."""
    pad = (
        f"lpad(CAST({x5} %% {S} AS text), 5, '0')"
        if connection.vendor == "postgresql"
        else f"printf('%%05d', {x5} %% {S})"
    )
    return f"({int_text(f'{x5} / {S}')} || CASE WHEN {x5} %% {S} = 0 THEN '' ELSE '.' || rtrim({pad}, '0') END)"


def gallons_sql(x5: str) -> str:
    """SQL: the Decimal gallons the Python path stores (an integer when whole, as SQLite stores it)."""
    if connection.vendor == "postgresql":
        return f"(CAST({x5} AS numeric) / {S})"
    return f"(CASE WHEN {x5} %% {S} = 0 THEN {x5} / {S} ELSE {x5} / {S}.0 END)"


def cents_sql(r: Rating, x5: str) -> str:
    return f"((2 * {r.n} * ({x5}) + {r.d * S}) / {2 * r.d * S})"


def first_sql(r: Rating, x5: str) -> str:
    return f"(CASE WHEN {x5} < {r.block * S} THEN {x5} ELSE {r.block * S} END)"


def at_rate_sql(r: Rating, x5: str) -> str:
    """The rate times the first block's gallons reaches the minimum (I-24)."""
    return f"{r.n} * {first_sql(r, x5)} >= {r.minimum_cents * r.d * S}"


def first_cents_sql(r: Rating, x5: str) -> str:
    return f"(CASE WHEN {at_rate_sql(r, x5)} THEN {cents_sql(r, first_sql(r, x5))} ELSE {r.minimum_cents} END)"


def beyond_cents_sql(r: Rating, x5: str) -> str:
    return f"(CASE WHEN {x5} > {r.block * S} THEN {cents_sql(r, f'{x5} - {r.block * S}')} ELSE 0 END)"


def adapt_date(value: dt.date) -> Any:
    return connection.ops.adapt_datefield_value(value)


def write_i24_lines(
    cur: Any,
    r: Rating,
    x5: str,
    source: str,
    where: str,
    where_args: list[Any],
    beyond: str,
    rate: str | None,
    full: str | None = None,
) -> None:
    """The I-24 line items (first gallons or the minimum; gallons beyond) of the bills ``source`` / ``where``
    selects, x5 their hundred-thousandths of a gallon; ``rate`` the rate column (None: left empty).

    One statement, one pass over the bills: each bill joined to the positions 0 and 1 (1 only for a bill beyond
    the first block), its lines written one after the other (three statements walked the bills three times and
    wrote the second lines apart from the first). The first line of a bill that used the whole first block
    (``full``, x5 ≥ the block; the most of a period's bills) is the same line for every such bill: the same
    expressions with the block as a constant, which the database computes once per statement rather than once
    per bill."""
    full = full or f"{x5} >= {r.block * S}"
    whole = f"CAST({r.block * S} AS bigint)" if connection.vendor == "postgresql" else str(r.block * S)
    by_column: list[tuple[str, str, str]] = []  # (beyond, a whole block, less), each column's SQL
    args: list[Any] = []
    beyond_line, beyond_args = _beyond_line(r, x5, rate)
    whole_line, whole_args = _first_line(r, whole, rate)
    first_line, first_args = _first_line(r, x5, rate)
    for column in range(len(beyond_line)):
        by_column.append((beyond_line[column], whole_line[column], first_line[column]))
        args += [*beyond_args[column], *whole_args[column], *first_args[column]]
    columns = ", ".join(f"CASE WHEN p.pos = 1 THEN {b} WHEN {full} THEN {w} ELSE {f} END" for b, w, f in by_column)
    cur.execute(
        f"INSERT INTO {LINE} ({LINE_COLUMNS}) SELECT b.id, p.pos, {columns}, %s, 'I-24'"
        f" FROM {source} CROSS JOIN (SELECT 0 AS pos UNION ALL SELECT 1) p"
        f" WHERE {where} AND (p.pos = 0 AND ({full}) IS NOT NULL OR p.pos = 1 AND {beyond})",
        [*args, SECTION, *where_args],
    )


Line = tuple[list[str], list[list[Any]]]  # the SQL of kind, description, working, quantity, rate, amount; arguments


def _beyond_line(r: Rating, x5: str, rate: str | None) -> Line:
    rate_sql, rate_args = _rate_column(rate)
    over = f"({x5} - {r.block * S})"
    return (
        ["'gallons-beyond'", "%s", f"{quantity_text(over)} || %s", gallons_sql(over), rate_sql, cents_sql(r, over)],
        [[], [f"Water used beyond {r.block:,} gallons"], [f" gal × {r.rate_text}/gal"], [], rate_args, []],
    )


def _first_line(r: Rating, x5: str, rate: str | None) -> Line:
    first = first_sql(r, x5)
    at_rate = at_rate_sql(r, x5)
    cents = cents_sql(r, first)
    dollars = int_text(f"{cents} / 100")
    rate_sql, rate_args = _rate_column(rate)
    block = f"first {r.block:,} gallons or less"
    return (
        [
            f"CASE WHEN {at_rate} THEN 'first-gallons' ELSE 'minimum-charge' END",
            f"CASE WHEN {at_rate} THEN %s ELSE %s END",
            f"CASE WHEN {at_rate} THEN {quantity_text(first)} || %s"
            f" ELSE %s || {quantity_text(first)} || %s || {dollars} || '.' || {two_digits(f'{cents} %% 100')} END",
            gallons_sql(first),
            f"CASE WHEN {at_rate} THEN {rate_sql} ELSE NULL END",
            f"CASE WHEN {at_rate} THEN {cents} ELSE {r.minimum_cents} END",
        ],
        [
            [],
            [f"Water used, {block}", f"Minimum charge, {block}"],
            [
                f" gal × {r.rate_text}/gal (not less than {r.minimum_text})",
                f"minimum charge {r.minimum_text}, more than ",
                f" gal × {r.rate_text}/gal = $",
            ],
            [],
            rate_args,
            [],
        ],
    )


def _rate_column(rate: str | None) -> tuple[str, list[Any]]:
    """SQL and arguments of the rate column: the rate, or empty (typed: PostgreSQL reads an untyped NULL in a
    CASE as text)."""
    if rate is None:
        return ("CAST(NULL AS numeric)" if connection.vendor == "postgresql" else "NULL"), []
    return ("CAST(%s AS numeric)" if connection.vendor == "postgresql" else "%s"), [rate]
