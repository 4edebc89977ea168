"""The plain bill, computed in SQL. Most accounts in a period have one sewer-use meter read in gallons or
cubic feet (converted as I-24 says), a start read up to the previous window's end and an end read in the
window (higher, or lower by a plausible rollover, I-48), and are not contract users. Their bills, line items
and working text are written by ``INSERT … SELECT`` with the arithmetic and the words of the ordinance's
functions (``s118_52_charges.first_gallons`` and ``gallons_beyond_minimum``: I-24, the rate in force on the
period's last day, I-43, each line rounded half up to cents, I-23; ``strength_surcharge`` for a strength
record, I-03, in ``strength_sql``), so a plain bill is the bill ``compute.compute_bill`` would write, to the
character (``billing/tests/test_plain.py`` compares them on both databases). Every other account (defective
meters, implausible rollovers, wash meters, several meters, a meter installed or removed in the period, a
missing read: whatever needs a person or more than I-24 and I-03) is left to the per-account Python path,
which the chunk runs on the accounts not billed here. Unmetered accounts get their class estimate (I-27,
``estimates_sql``). The I-24 arithmetic, the ``Rating`` and the line items' SQL are ``i24_sql``'s.

Table and column names come from the models' ``_meta``; every value is a query parameter.
"""
# ruff: noqa: S608

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db import connection

from sewerworks.billing.choices import Basis, BillStatus, Flag
from sewerworks.billing.engine import strength_sql
from sewerworks.billing.engine.estimates_sql import write_defective_estimates, write_estimates
from sewerworks.billing.engine.gather import LOOKBACK, PUBLISHED_READS
from sewerworks.billing.engine.i24_sql import (
    BILL,
    LINE,
    LINE_COLUMNS,
    SECTION,
    Rating,
    S,
    adapt_date,
    beyond_cents_sql,
    first_cents_sql,
    gallons_sql,
    int_text,
    quantity_text,
    write_i24_lines,
)
from sewerworks.billing.engine.usage import previous_reads_until
from sewerworks.billing.models import BillingPeriod, StrengthRecord
from sewerworks.registry.choices import MeterPurpose, MeterUnit, ReadSource
from sewerworks.registry.models import MeterRead, Parcel, SewerAccount, WaterMeter

ACCOUNT, METER, READ = SewerAccount._meta.db_table, WaterMeter._meta.db_table, MeterRead._meta.db_table
PARCEL, STRENGTH = Parcel._meta.db_table, StrengthRecord._meta.db_table
__all__ = ["Rating", "unbilled", "write_plain", "written"]  # Rating: where the run and the bench import it


MAX_DIALS = 12  # registers up to 10¹² units roll over in SQL; longer ones (if any) are Python's
# The condition of the index registry_read_billed, written as the index writes it (a literal: a partial index is
# used for a condition the query states, not for a parameter's value).
NOT_ESTIMATE = f"NOT (r.source = '{ReadSource.ESTIMATE.value}')"
SPAN = "CASE m.dials" + "".join(f" WHEN {d} THEN {10**d}" for d in range(1, MAX_DIALS + 1)) + " END"


def _plain_usage(period: BillingPeriod, r: Rating, *, strength: bool = False) -> tuple[str, list[Any]]:
    """SELECT id, parcel_id, user_class, dials, unit, k, s, e for the range's plain accounts (``%s`` low,
    high); k is the meter unit in hundred-thousandths of a gallon. Without ``strength``: the accounts with no
    strength record in the period; with it: those with one (the record's values too), found from the range's
    records (a few in a chunk)."""
    area_join, area_where, area_args = "", "", []
    if period.area_id is not None:
        area_join = f" JOIN {PARCEL} p ON p.id = a.parcel_id"
        area_where, area_args = " AND p.improvement_area_id = %s", [period.area_id]
    # The last read of a span: the highest reading on its latest day (gather's order: day, then reading): the
    # first entry of a descending walk of the reads' index of billable reads (registry_read_billed: not estimates,
    # by meter, day and reading, with every column read here), which the condition below names as that index
    # does, so that the database may use it. One short index walk per span, no visit to the table, no sort.
    read = f"SELECT r.reading FROM {READ} r WHERE r.meter_id = m.id AND {NOT_ESTIMATE}{PUBLISHED_READS} AND r.read_on"
    last = " ORDER BY r.read_on DESC, r.reading DESC LIMIT 1"
    # I-03 in SQL (strength_sql): the period's strength record joined, its values in hundredths of a mg/L; the
    # accounts without one (the most) are billed by a statement that computes no surcharge at all.
    measured, source, within = "", f"{ACCOUNT} a JOIN {METER} m ON m.account_id = a.id", "a.id > %s AND a.id <= %s"
    if strength:
        assert r.strength
        measured = "".join(f", {strength_sql.column('t', c.key)} AS {c.key}" for c in r.strength)
        # Walked from the range's records by account (CROSS JOIN: in this order, not from the range's meters;
        # +: not all the period's records by its index, at each chunk), each joined to its account and meter.
        source = f"{STRENGTH} t CROSS JOIN {ACCOUNT} a CROSS JOIN {METER} m"
        within = "t.account_id > %s AND t.account_id <= %s AND +t.period_id = %s"
        within += " AND a.id = t.account_id AND m.account_id = a.id"
    sql = (
        f"SELECT a.id, a.parcel_id, a.user_class, m.dials, m.unit,"
        f" CASE WHEN m.unit = %s THEN {r.ft3 or 0} ELSE {S} END AS k,"
        f" ({read} >= %s AND r.read_on <= %s{last}) AS s,"
        f" ({read} >= %s AND r.read_on <= %s{last}) AS e, {SPAN} AS span{measured}"
        f" FROM {source}{area_join} WHERE {within}"
        " AND (a.opened_on IS NULL OR a.opened_on <= %s) AND (a.closed_on IS NULL OR a.closed_on >= %s)"
        f" AND a.contract_user = %s{area_where}"
        " AND m.purpose = %s AND m.unit IN (%s, %s) AND (m.defective_since IS NULL OR m.defective_since > %s)"
        " AND (m.installed_on IS NULL OR m.installed_on < %s) AND (m.removed_on IS NULL OR m.removed_on > %s)"
        f" AND NOT EXISTS (SELECT 1 FROM {METER} o WHERE o.account_id = a.id AND o.id <> m.id"
        " AND (o.installed_on IS NULL OR o.installed_on <= %s) AND (o.removed_on IS NULL OR o.removed_on >= %s))"
    )
    if not strength:
        sql += f" AND NOT EXISTS (SELECT 1 FROM {STRENGTH} t WHERE t.account_id = a.id AND t.period_id = %s)"
    start, end, rf, ru = (adapt_date(d) for d in (period.start, period.end, period.reads_from, period.reads_until))
    ft3 = MeterUnit.CUBIC_FEET.value
    # The start: the last read up to the previous period's window end, not a read between the windows (I-96).
    until = adapt_date(previous_reads_until(period))
    args = [ft3, adapt_date(period.reads_from - LOOKBACK), until, rf, ru, "LOW", "HIGH"]
    args += [period.pk] if strength else []
    args += [end, start, False, *area_args]
    units = [MeterUnit.GALLONS.value, ft3 if r.ft3 else MeterUnit.GALLONS.value]
    args += [MeterPurpose.SEWER_USE.value, *units, end, start, ru, ru, start]
    return sql, args if strength else [*args, period.pk]


def write_plain(
    cur: Any,
    period: BillingPeriod,
    low: int,
    high: int,
    r: Rating,
    *,
    run: str,
    at: Any,
    user_id: int | None,
    defective: list[int] | None = None,
) -> None:
    """Insert the plain bills of accounts ``low`` < id ≤ ``high`` and their line items (inside the
    caller's transaction, after it removed the range's drafts); ``defective``: the run's accounts with a
    defective meter (``estimates_sql.defective_accounts``), None to look at every account of the range."""
    _insert_bills(cur, period, low, high, r, strength=False, run=run, at=at, user_id=user_id)
    if r.strength:
        _insert_bills(cur, period, low, high, r, strength=True, run=run, at=at, user_id=user_id)
    if r.estimates:
        write_estimates(cur, period, low, high, r, run=run, at=at, user_id=user_id)
    if connection.vendor == "postgresql":
        x5 = f"CAST(b.gallons * {S} AS bigint)"
    else:
        x5 = f"CAST(round(b.gallons * {S}) AS INTEGER)"
    where = "b.period_id = %s AND b.status = %s AND b.account_id > %s AND b.account_id <= %s"
    where_args = [period.pk, BillStatus.DRAFT.value, low, high]
    beyond, full = f"b.gallons > {r.block}", f"b.gallons >= {r.block}"
    write_i24_lines(cur, r, x5, f"{BILL} b", where, where_args, beyond, r.rate_param, full)
    if r.strength:
        _write_strength_lines(cur, period, low, high, r, x5, LINE_COLUMNS)
    if r.estimates:
        write_defective_estimates(cur, period, low, high, r, run=run, at=at, user_id=user_id, among=defective)


def _insert_bills(
    cur: Any,
    period: BillingPeriod,
    low: int,
    high: int,
    r: Rating,
    *,
    strength: bool,
    run: str,
    at: Any,
    user_id: int | None,
) -> None:
    """INSERT the range's plain bills: of the accounts without a strength record in the period (``strength``
    false), or of those with one, with their I-03 surcharge (``strength_sql``)."""
    usage, args = _plain_usage(period, r, strength=strength)
    args = [low if a == "LOW" else high if a == "HIGH" else a for a in args]
    # The facts but for the period's dates and the reads, which the bill's columns keep (Bill.topic_facts).
    facts = "'{\"user_class\": \"' || u.user_class || '\"'"
    # A lower end read is a rollover when plausible (I-48 by the register's size, I-181: at most n/d of the
    # register, or within half of it at most g gallons): the register's span added, the bill flagged.
    x5, readable = "((u.e - u.s) * u.k)", "u.e >= u.s"
    if r.rollover:
        n, d, g5 = r.rollover
        x5 = "((CASE WHEN u.e >= u.s THEN u.e - u.s ELSE u.e - u.s + u.span END) * u.k)"
        w = "(u.e - u.s + u.span)"
        readable = f"(u.e >= u.s OR ({w} >= 0 AND ({w} * {d} <= {n} * u.span"
        readable += f" OR (2 * {w} <= u.span AND {w} * u.k <= {g5}))))"
    surcharge, guard = "", ""
    if strength:
        assert r.strength
        values = {c.key: f"u.{c.key}" for c in r.strength}
        surcharge = f" + {strength_sql.total_cents(r.strength, x5, values)}"
        guard = f" AND {strength_sql.guard(r.strength, x5, values)}"
        facts += f" || {strength_sql.facts(r.strength, values)}"
    # The flags in the Python path's order: rollover, surcharge, zero use.
    flag = (
        f"substr(CASE WHEN u.e < u.s THEN ',{Flag.ROLLOVER.value}' ELSE '' END"
        + (f" || CASE WHEN {surcharge[3:]} > 0 THEN ',{Flag.SURCHARGE.value}' ELSE '' END" if surcharge else "")
        + f" || CASE WHEN u.e = u.s THEN ',{Flag.ZERO_USE.value}' ELSE '' END, 2)"
    )
    facts += " || '}'"
    if connection.vendor == "postgresql":
        facts = f"CAST({facts} AS jsonb)"
    # MATERIALIZED: the reads' subqueries run once per account, not once per mention of s and e below.
    cur.execute(
        f"WITH u AS MATERIALIZED ({usage})"
        f" INSERT INTO {BILL} (account_id, parcel_id, period_id, status, basis, flags, gallons, total, topic, facts,"
        " reads_start, reads_end, reads_unit, reads_dials, note, run, created_at, created_by_id)"
        f" SELECT u.id, u.parcel_id, %s, %s, %s, {flag}, {gallons_sql(x5)},"
        f" {first_cents_sql(r, x5)} + {beyond_cents_sql(r, x5)}{surcharge}, 'user-charge', {facts},"
        " u.s, u.e, u.unit, u.dials, '', %s, %s, %s"
        f" FROM u WHERE u.s IS NOT NULL AND u.e IS NOT NULL AND {readable}{guard}",
        [*args, period.pk, BillStatus.DRAFT.value, Basis.READS.value, run, at, user_id],
    )


def _write_strength_lines(
    cur: Any, period: BillingPeriod, low: int, high: int, r: Rating, x5: str, columns: str
) -> None:
    """The I-03 lines of the range's plain bills on reads with a strength record, after their I-24 lines:
    walked from the range's strength records (a few in a chunk), each joined to its draft, not from every bill
    of the chunk looking for a record."""
    assert r.strength is not None
    values = {c.key: strength_sql.column("t", c.key) for c in r.strength}
    for c, above, before, working, cents in strength_sql.line_selects(r.strength, x5, values, int_text):
        cur.execute(
            f"INSERT INTO {LINE} ({columns}) SELECT b.id,"
            f" (CASE WHEN b.gallons > {r.block} THEN 2 ELSE 1 END) + {before}, %s, %s,"
            f" {quantity_text(x5)} || {working}, NULL, NULL, {cents}, %s, 'I-03, I-23'"
            f" FROM {BILL} b JOIN {STRENGTH} t ON t.account_id = b.account_id AND t.period_id = b.period_id"
            # the range's records by account (+: not all the period's records by its index, at each chunk)
            f" WHERE b.period_id = %s AND b.account_id IN (SELECT s.account_id FROM {STRENGTH} s"
            " WHERE s.account_id > %s AND s.account_id <= %s AND +s.period_id = %s)"
            f" AND {above} AND b.status = %s AND b.basis = %s",
            [
                f"strength-{c.key}",
                f"Strength surcharge, {c.name}",
                SECTION,
                period.pk,
                low,
                high,
                period.pk,
                BillStatus.DRAFT.value,
                Basis.READS.value,
            ],
        )


def written(cur: Any, period: BillingPeriod, low: int, high: int) -> tuple[int, int, Counter[str]]:
    """(bills, total cents, flags counted) of the range's drafts so far."""
    cur.execute(
        f"SELECT flags, COUNT(*), COALESCE(SUM(total), 0) FROM {BILL}"
        " WHERE period_id = %s AND status = %s AND account_id > %s AND account_id <= %s GROUP BY flags",
        [period.pk, BillStatus.DRAFT.value, low, high],
    )
    count, total, flags = 0, 0, Counter[str]()
    for flag_list, n, cents in cur.fetchall():
        count, total = count + int(n), total + int(cents)
        for flag in flag_list.split(",") if flag_list else ():
            flags[flag] += int(n)
    return count, total, flags


def unbilled(cur: Any, period: BillingPeriod, low: int, high: int, ids: list[int]) -> list[int]:
    """Of the range's accounts ``ids``, those with no draft yet: the Python path's."""
    cur.execute(
        f"SELECT account_id FROM {BILL} WHERE period_id = %s AND status = %s AND account_id > %s AND account_id <= %s",
        [period.pk, BillStatus.DRAFT.value, low, high],
    )
    done = {row[0] for row in cur.fetchall()}
    return [i for i in ids if i not in done]
