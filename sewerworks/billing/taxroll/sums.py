"""What each bill owed unpaid at the end of a day, part by part, in one grouped SQL query (§118-53, I-117).

A bill's entries posted on or before the day, summed by what they are: its sewer user charge (kinds
``charge`` and ``adjustment``), the other programs' charges riding on it (``pending_charge``), its late
penalty (``penalty``, withdrawals included), what was paid toward its penalty and its charge (``payment`` and
``reversal``, by the part their key names, I-63, I-98), and what was relevied (``relevy_transfer``, by part,
removals included). Then, as the topic ``relevy`` (``ordinance.s118_53_relevy.unpaid_parts``) says:

    penalty unpaid = max(penalty + paid toward it + relevied of it, 0)         (payments are negative)
    charge unpaid  = max(sewer user charge + paid toward the charge + relevied of it, 0)
    other unpaid   = max(charge + other + paid + relevied - charge unpaid, 0)   (the sewer charge is paid first)

The penalty date of each bill is its period's (I-25, I-64), or its rebill's own (I-110): given as a ``CASE``
on the period and the rebill row, computed once per period in Python with the sweep's own ``terms_of``.
Table and column names come from the models' ``_meta``; every value is a query parameter.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Exists, OuterRef

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry, Rebill
from sewerworks.billing.penalties.sweep import terms_of
from sewerworks.ordinance.parameters import NotInForce, ParameterError

BILL, LEDGER, REBILL = Bill._meta.db_table, LedgerEntry._meta.db_table, Rebill._meta.db_table
PERIOD = BillingPeriod._meta.db_table
K = LedgerKind


def day(value: dt.date) -> Any:
    return connection.ops.adapt_datefield_value(value)


def period_penalty_dates() -> dict[int, dt.date]:
    """Each posted period's penalty date (I-25, with the terms in force on its bill date, I-64); a period whose
    terms cannot be read is left out (the sweep leaves it alone too)."""
    out = {}
    posted = Bill.objects.filter(period=OuterRef("pk"), status=BillStatus.POSTED)
    for period in BillingPeriod.objects.filter(Exists(posted)):  # an EXISTS each: never a scan of every bill
        try:
            out[period.pk] = terms_of(period).penalty_date
        except (NotInForce, ParameterError, ValueError):
            continue
    return out


@dataclass(frozen=True)
class UnpaidQuery:
    """The SQL of the per-bill rows, and its parameters: ``bill_id, parcel_id, account_id, bill_date,
    penalty_date, past`` (1 when the penalty date is before the day), ``penalty, charge, other`` (unpaid cents)."""

    sql: str
    params: list[Any]


def unpaid_bills(on: dt.date, *, where: str = "", where_params: tuple[Any, ...] = (),
                 dates: dict[int, dt.date] | None = None) -> UnpaidQuery:  # fmt: skip
    """Every posted bill's unpaid parts at the end of ``on``; ``where`` narrows the bills (``b.`` is the bill)."""
    dates = period_penalty_dates() if dates is None else dates
    case = " ".join("WHEN %s THEN %s" for _ in dates)
    period_date = f"CASE b.period_id {case} END" if dates else "NULL"
    penalty_date = f"COALESCE(r.penalty_date, {period_date})"
    bill_date = "COALESCE(r.bill_date, p.bill_date)"
    paid = f"e.kind IN ('{K.PAYMENT.value}', '{K.REVERSAL.value}')"
    relevied = f"e.kind = '{K.RELEVY_TRANSFER.value}'"

    def total(condition: str) -> str:
        return f"SUM(CASE WHEN {condition} THEN e.amount ELSE 0 END)"

    sewer = total(f"e.kind IN ('{K.CHARGE.value}', '{K.ADJUSTMENT.value}')")
    other = total(f"e.kind = '{K.PENDING_CHARGE.value}'")
    penalty = total(f"e.kind = '{K.PENALTY.value}'")
    penalty_off = total(f"({paid} OR {relevied}) AND e.source_key LIKE '%%:penalty'")
    charge_off = total(f"({paid} OR {relevied}) AND e.source_key LIKE '%%:charge'")
    inner = (
        f"SELECT b.id AS bill_id, b.parcel_id, b.account_id, {bill_date} AS bill_date, {penalty_date} AS penalty_date,"
        f" {sewer} AS sewer, {other} AS other, {penalty} AS penalty, {penalty_off} AS penalty_off,"
        f" {charge_off} AS charge_off"
        f" FROM {BILL} b JOIN {PERIOD} p ON p.id = b.period_id LEFT JOIN {REBILL} r ON r.bill_id = b.id"
        f" JOIN {LEDGER} e ON e.bill_id = b.id"
        f" WHERE b.status = %s AND e.posted_on <= %s {('AND ' + where) if where else ''}"
        " GROUP BY b.id, b.parcel_id, b.account_id, r.penalty_date, r.bill_date, p.bill_date, b.period_id"
    )
    charge = "CASE WHEN x.sewer + x.charge_off > 0 THEN x.sewer + x.charge_off ELSE 0 END"
    rest = f"x.sewer + x.other + x.charge_off - ({charge})"
    sql = (
        "SELECT x.bill_id, x.parcel_id, x.account_id, x.bill_date, x.penalty_date,"
        " CASE WHEN x.penalty_date < %s THEN 1 ELSE 0 END AS past,"
        " CASE WHEN x.penalty + x.penalty_off > 0 THEN x.penalty + x.penalty_off ELSE 0 END AS penalty,"
        f" {charge} AS charge, CASE WHEN {rest} > 0 THEN {rest} ELSE 0 END AS other"
        f" FROM ({inner}) x"
    )
    cases: list[Any] = []
    for period_id, penalty_day in dates.items():
        cases += [period_id, day(penalty_day)]
    params: list[Any] = [day(on), *cases, BillStatus.POSTED.value, day(on), *where_params]
    return UnpaidQuery(sql, params)


def run(query: UnpaidQuery, *, tail: str = "", tail_params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of ``query``, narrowed by ``tail`` (SQL over its columns, ``u.``)."""
    with connection.cursor() as cur:
        cur.execute(f"SELECT * FROM ({query.sql}) u {tail}", [*query.params, *tail_params])
        return list(cur.fetchall())
