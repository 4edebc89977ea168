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


def insert_issues(*, tax_year: int, roll_year: int, rates: dict[int, int], on: dt.date, run_id: int,
                  first_charged: int | None = None) -> int:  # fmt: skip
    """Name every payer the run could not charge, once per parcel, after ``insert_charges``: those the roll gives
    no taxable value (found through the roll's partial index of them, ``registry_roll_no_taxable``), then those
    with no value on the roll year at all: a pass over every payer, skipped when the year's first run
    (``first_charged``: the payers it charged, when the year had no charge before) charged every payer the roll
    has a taxable value for. Returns the rows written."""
    arms, params = _arms(rates, on)
    roll, parcel, issue = _t(AssessedValue), _t(Parcel), _t(CapitalChargeIssue)
    no_value, no_taxable = CapitalChargeIssue.Problem.NO_VALUE, CapitalChargeIssue.Problem.NO_TAXABLE_VALUE
    not_open = (f"NOT EXISTS (SELECT 1 FROM {issue} i WHERE i.tax_year = %s AND i.parcel_id = p.id "
                f"AND i.resolved_by_id IS NULL)")  # fmt: skip
    columns = f"INSERT INTO {issue} (tax_year, parcel_id, problem, found_by_id, excluded_reason) "
    cross = "CROSS JOIN" if connection.vendor == "sqlite" else "JOIN"  # SQLite: the roll's few first, as written
    untaxed = f"{roll} v {cross} {parcel} p ON p.id = v.parcel_id AND v.roll_year = %s AND v.taxable_value IS NULL"
    wheres = [(where, [] if n == 0 else params) for n, (_, _, _, where) in enumerate(arms)]
    missing = f"NOT EXISTS (SELECT 1 FROM {roll} v WHERE v.parcel_id = p.id AND v.roll_year = %s) "

    def insert(source: str, head: list[Any], tail: list[Any]) -> int:
        sql = columns + " UNION ALL ".join(f"SELECT %s, p.id, %s, %s, '' FROM {source} WHERE {where} AND "
                                           f"{{cond}}{not_open}" for where, _ in wheres)  # fmt: skip
        with connection.cursor() as cursor:
            cursor.execute(sql.replace("{cond}", "" if source == untaxed else f"{missing} AND "),
                           [x for _, ps in wheres for x in (*head, *ps, *tail, tax_year)])  # fmt: skip
            return max(int(cursor.rowcount), 0)

    found = insert(untaxed, [tax_year, no_taxable, run_id, roll_year], [])
    if first_charged is not None:
        payers = sum(_count(f"SELECT COUNT(*) FROM {parcel} p WHERE {where}", ps) for where, ps in wheres)
        untaxed_payers = sum(_count(f"SELECT COUNT(*) FROM {untaxed} WHERE {where}", [roll_year, *ps])
                             for where, ps in wheres)  # fmt: skip
        if payers <= first_charged + untaxed_payers:
            return found  # every payer charged or named: none without a value on the roll year
    return found + insert(parcel + " p", [tax_year, no_value, run_id], [roll_year])


def _count(sql: str, params: list[Any]) -> int:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.fetchone()[0])


def area_ids(codes: dict[str, Decimal]) -> dict[int, int]:
    """Area code -> rate becomes area id -> rate in millionths, for the areas recorded."""
    known = dict(ImprovementArea.objects.filter(code__in=codes).values_list("code", "pk"))
    return {known[code]: micro(rate) for code, rate in codes.items() if code in known}
