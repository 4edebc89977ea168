"""The capital charge in SQL: every parcel of a tax year in one ``INSERT … SELECT``, exact to the cent on both
databases.

The charge is taxable value × rate per $1,000, rounded half up to the cent (§118-52, I-23). SQLite has no exact
decimal type, so the SQL works in integers: the taxable value in cents ``v`` and the rate in millionths of a
dollar per $1,000 ``r`` (rates have at most six decimal places, ``s118_52_capital_charge.RATE_PLACES``). The
charge in cents is ``floor((v × r + 5·10⁸) / 10⁹)``; ``v × r`` can pass 2⁶³, so it is split on ``v = h·10⁶ + l``:
``v × r = A·10⁹ + a_rem·10⁶ + l × r`` with ``a = h × r``, ``A = a div 1000``, ``a_rem = a mod 1000``, every term
well inside 64 bits for values under $10¹² and rates up to $1,000 per $1,000. :func:`charge_cents` is the same
formula in Python, and a property test holds it to the ordinance's Decimal rule.

Who is charged (§118-49, I-10): every parcel inside an improvement area, at its area's rate; and every contract
user (an open contract-user account on a parcel outside both areas, on 1 January of the tax year) at the rate of
its revenue area, the area of the main its first lateral joins (as the bill run reads it).
"""

# ruff: noqa: S608  (table names come from the models, values are parameters or integers)

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.db import connection

from sewerworks.billing.models import CapitalCharge, CapitalChargeIssue
from sewerworks.registry.models import AssessedValue, ImprovementArea, Lateral, Parcel, SewerAccount, SewerMain

MILLION = 10**6
BILLION = 10**9


def charge_cents(cents: int, rate_micro: int) -> int:
    """The charge in cents of ``cents`` of taxable value at ``rate_micro`` millionths of a dollar per $1,000."""
    a = (cents // MILLION) * rate_micro
    return a // 1000 + ((a % 1000) * MILLION + (cents % MILLION) * rate_micro + 500_000_000) // BILLION


def micro(rate: Decimal) -> int:
    """A rate per $1,000 in millionths of a dollar (it has at most six decimal places)."""
    return int(rate * MILLION)


def _t(model: type) -> str:
    return connection.ops.quote_name(model._meta.db_table)  # type: ignore[attr-defined]


def cents_sql(column: str) -> str:
    """A DecimalField of dollars as integer cents (SQLite keeps it as a number of its own kind)."""
    kind = "BIGINT" if connection.vendor == "postgresql" else "INTEGER"
    return f"CAST(ROUND({column} * 100) AS {kind})"


def amount_sql(v: str, r: str) -> str:
    """The charge in cents for the SQL expressions ``v`` (cents) and ``r`` (rate in millionths), as above; for a
    query run with parameters (``%%`` is the modulo operator there)."""
    a = f"(({v}) / {MILLION}) * ({r})"
    return f"(({a}) / 1000 + ((({a}) %% 1000) * {MILLION} + (({v}) %% {MILLION}) * ({r}) + 500000000) / {BILLION})"


def _arms(rates: dict[int, int], on: dt.date) -> tuple[list[tuple[str, str, str, str]], list[Any]]:
    """Who is charged, as two arms of (area, contract user, rate in millionths, WHERE) over ``parcel p``: the parcels
    inside an area with a rate, and the contract users (I-10); the WHERE's parameters. ``rates``: area id -> rate in
    millionths."""
    rate_case = "CASE " + " ".join(f"WHEN {{area}} = {int(k)} THEN {int(v)}" for k, v in rates.items()) + " END"
    account, lateral, main = _t(SewerAccount), _t(Lateral), _t(SewerMain)
    areas = ", ".join(str(int(k)) for k in rates) or "NULL"
    revenue = (
        f"(SELECT m.improvement_area_id FROM {lateral} l JOIN {main} m ON m.id = l.main_id "
        f"WHERE l.parcel_id = p.id ORDER BY l.id LIMIT 1)"
    )
    inside = ("p.improvement_area_id", "0", rate_case.format(area="p.improvement_area_id"),
              f"p.improvement_area_id IN ({areas})")  # fmt: skip
    contract = (revenue, "1", rate_case.format(area=revenue),
                f"p.improvement_area_id IS NULL AND EXISTS (SELECT 1 FROM {account} a WHERE a.parcel_id = p.id "
                f"AND a.contract_user = %s AND (a.opened_on IS NULL OR a.opened_on <= %s) "
                f"AND (a.closed_on IS NULL OR a.closed_on >= %s)) AND {revenue} IN ({areas})")  # fmt: skip
    return [inside, contract], [True, on, on]


def insert_charges(*, tax_year: int, roll_year: int, rates: dict[int, int], on: dt.date, run_id: int) -> int:
    """Write the charge of every payer with a taxable value on ``roll_year`` not charged for ``tax_year`` yet:
    one INSERT … SELECT of two arms, each joining the roll itself (so the planner reads the parcels inside the
    areas as it would for a plain join, not through a union it must materialise). Returns the rows written."""
    arms, params = _arms(rates, on)
    value = cents_sql("v.taxable_value")
    selects = [
        f"SELECT %s, p.id, {area}, {user} = 1, %s, {value}, ({rate}) * 1.0 / {MILLION}, {amount_sql(value, rate)}, %s "
        f"FROM {_t(Parcel)} p JOIN {_t(AssessedValue)} v ON v.parcel_id = p.id AND v.roll_year = %s "
        f"WHERE v.taxable_value IS NOT NULL AND {where}"
        for area, user, rate, where in arms
    ]
    sql = (
        f"INSERT INTO {_t(CapitalCharge)} (tax_year, parcel_id, area_id, contract_user, roll_year, taxable_value, "
        f"rate, amount, run_id) {selects[0]} UNION ALL {selects[1]} ON CONFLICT (tax_year, parcel_id) DO NOTHING"
    )  # the charged are skipped by the unique constraint's own probe, not a second one (NOT EXISTS)
    head = [tax_year, roll_year, run_id, roll_year]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*head, *head, *params])
        return int(cursor.rowcount)


def insert_issues(*, tax_year: int, roll_year: int, rates: dict[int, int], on: dt.date, run_id: int) -> int:
    """Name every payer the run could not charge (no value on the roll year, or no taxable value), once per
    parcel and problem: one INSERT … SELECT, run after ``insert_charges``. A payer it could not charge is one with
    no charge of the tax year: found by the charges' own unique index (tax year, parcel), the roll read only for
    those few to name the problem. Returns the rows written."""
    arms, params = _arms(rates, on)
    value = f"(SELECT 1 FROM {_t(AssessedValue)} v WHERE v.parcel_id = p.id AND v.roll_year = %s)"
    selects = [
        f"SELECT %s, p.id, CASE WHEN EXISTS {value} THEN %s ELSE %s END, %s, '' FROM {_t(Parcel)} p WHERE {where} "
        f"AND NOT EXISTS (SELECT 1 FROM {_t(CapitalCharge)} c WHERE c.tax_year = %s AND c.parcel_id = p.id) "
        f"AND NOT EXISTS (SELECT 1 FROM {_t(CapitalChargeIssue)} i WHERE i.tax_year = %s AND i.parcel_id = p.id "
        f"AND i.resolved_by_id IS NULL)"
        for _, _, _, where in arms
    ]
    no_value, no_taxable = CapitalChargeIssue.Problem.NO_VALUE, CapitalChargeIssue.Problem.NO_TAXABLE_VALUE
    head = [tax_year, roll_year, no_taxable, no_value, run_id]
    tail = [tax_year, tax_year]
    sql = (f"INSERT INTO {_t(CapitalChargeIssue)} (tax_year, parcel_id, problem, found_by_id, excluded_reason) "
           f"{selects[0]} UNION ALL {selects[1]}")  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(sql, [*head, *tail, *head, *params, *tail])
        return int(cursor.rowcount)


def area_ids(codes: dict[str, Decimal]) -> dict[int, int]:
    """Area code -> rate becomes area id -> rate in millionths, for the areas recorded."""
    known = dict(ImprovementArea.objects.filter(code__in=codes).values_list("code", "pk"))
    return {known[code]: micro(rate) for code, rate in codes.items() if code in known}
