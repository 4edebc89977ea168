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
which the chunk runs on the accounts not billed here. Unmetered accounts get their class estimate (I-27).

Integer arithmetic only: quantities are hundred-thousandths of a gallon (x), the rate times 100 is the
fraction n/d, and a line is ``(2·n·x + d·S) div (2·d·S)`` cents (S = 100,000): n·x/(d·S) rounded half up.

Table and column names come from the models' ``_meta``; every value is a query parameter.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection

from sewerworks.billing.choices import Basis, BillStatus, Flag
from sewerworks.billing.engine import strength_sql
from sewerworks.billing.engine.gather import LOOKBACK, PUBLISHED_READS
from sewerworks.billing.engine.usage import previous_reads_until
from sewerworks.billing.models import Bill, BillingPeriod, BillLine, StrengthRecord
from sewerworks.ordinance.s118_52_charges import SECTION, ChargeParameters, money
from sewerworks.registry.choices import MeterPurpose, MeterUnit, ReadSource
from sewerworks.registry.models import MeterRead, Parcel, SewerAccount, WaterMeter

BILL, LINE = Bill._meta.db_table, BillLine._meta.db_table
ACCOUNT, METER, READ = SewerAccount._meta.db_table, WaterMeter._meta.db_table, MeterRead._meta.db_table
PARCEL, STRENGTH, PERIOD = Parcel._meta.db_table, StrengthRecord._meta.db_table, BillingPeriod._meta.db_table
S = 100_000  # quantities in SQL are hundred-thousandths of a gallon: a cubic foot is 748,052 of them (I-24)


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
    rollover: tuple[int, int] | None = None  # I-48's largest plausible fraction n / d (None: rollovers to Python)

    @classmethod
    def of(
        cls,
        p: ChargeParameters,
        gallons_per_ft3: Decimal | None = None,
        estimates: dict[str, Decimal] | None = None,
        rollover_fraction: Decimal | None = None,
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
            _fraction(rollover_fraction),
        )


def _fraction(value: Decimal | None) -> tuple[int, int] | None:
    if value is None or not 0 <= value <= 1:
        return None
    n, d = value.as_integer_ratio()
    return (n, d) if d <= 10**6 else None


MAX_DIALS = 12  # registers up to 10¹² units roll over in SQL; longer ones (if any) are Python's
SPAN = "CASE m.dials" + "".join(f" WHEN {d} THEN {10**d}" for d in range(1, MAX_DIALS + 1)) + " END"


def _int_text(expr: str) -> str:
    """SQL: an integer with thousands separators, as Python's ``format(n, ',')``."""
    if connection.vendor == "postgresql":
        return f"to_char({expr}, 'FM999,999,999,999,999,990')"
    return f"printf('%%,d', {expr})"


def _two_digits(expr: str) -> str:
    if connection.vendor == "postgresql":
        return f"lpad(CAST({expr} AS text), 2, '0')"
    return f"substr('0' || ({expr}), -2)"


def _quantity_text(x5: str) -> str:
    """SQL: hundred-thousandths of a gallon as ``s118_52_charges.quantity`` writes gallons: 8,000; 7,480.52."""
    pad = (
        f"lpad(CAST({x5} %% {S} AS text), 5, '0')"
        if connection.vendor == "postgresql"
        else f"printf('%%05d', {x5} %% {S})"
    )
    return f"({_int_text(f'{x5} / {S}')} || CASE WHEN {x5} %% {S} = 0 THEN '' ELSE '.' || rtrim({pad}, '0') END)"


def _gallons(x5: str) -> str:
    """SQL: the Decimal gallons the Python path stores (an integer when whole, as SQLite stores it)."""
    if connection.vendor == "postgresql":
        return f"(CAST({x5} AS numeric) / {S})"
    return f"(CASE WHEN {x5} %% {S} = 0 THEN {x5} / {S} ELSE {x5} / {S}.0 END)"


def _cents(r: Rating, x5: str) -> str:
    return f"((2 * {r.n} * ({x5}) + {r.d * S}) / {2 * r.d * S})"


def _first(r: Rating, x5: str) -> str:
    return f"(CASE WHEN {x5} < {r.block * S} THEN {x5} ELSE {r.block * S} END)"


def _at_rate(r: Rating, x5: str) -> str:
    """The rate times the first block's gallons reaches the minimum (I-24)."""
    return f"{r.n} * {_first(r, x5)} >= {r.minimum_cents * r.d * S}"


def _first_cents(r: Rating, x5: str) -> str:
    return f"(CASE WHEN {_at_rate(r, x5)} THEN {_cents(r, _first(r, x5))} ELSE {r.minimum_cents} END)"


def _beyond_cents(r: Rating, x5: str) -> str:
    return f"(CASE WHEN {x5} > {r.block * S} THEN {_cents(r, f'{x5} - {r.block * S}')} ELSE 0 END)"


def _adapt(value: dt.date) -> Any:
    return connection.ops.adapt_datefield_value(value)


def _plain_usage(period: BillingPeriod, r: Rating) -> tuple[str, list[Any]]:
    """SELECT id, parcel_id, user_class, dials, unit, k, s, e for the range's plain accounts (``%s`` low,
    high); k is the meter unit in hundred-thousandths of a gallon."""
    area_join, area_where, area_args = "", "", []
    if period.area_id is not None:
        area_join = f" JOIN {PARCEL} p ON p.id = a.parcel_id"
        area_where, area_args = " AND p.improvement_area_id = %s", [period.area_id]
    # The last read of a span: the highest reading on its latest day (gather's order: day, then reading),
    # one descending walk of the (meter, day, source) index per span.
    read = f"SELECT r.reading FROM {READ} r WHERE r.meter_id = m.id AND r.source <> %s{PUBLISHED_READS} AND r.read_on"
    last = " ORDER BY r.read_on DESC, r.reading DESC LIMIT 1"
    # I-03 in SQL (strength_sql): the period's strength record joined, its values in hundredths of a mg/L.
    measured, strength_join, strength_args = "", "", []
    if r.strength:
        measured = "".join(f", {strength_sql.column('t', c.key)} AS {c.key}" for c in r.strength)
        strength_join = f" LEFT JOIN {STRENGTH} t ON t.account_id = a.id AND t.period_id = %s"
        strength_args = [period.pk]
    sql = (
        f"SELECT a.id, a.parcel_id, a.user_class, m.dials, m.unit,"
        f" CASE WHEN m.unit = %s THEN {r.ft3 or 0} ELSE {S} END AS k,"
        f" ({read} >= %s AND r.read_on <= %s{last}) AS s,"
        f" ({read} >= %s AND r.read_on <= %s{last}) AS e, {SPAN} AS span{measured}"
        f" FROM {ACCOUNT} a JOIN {METER} m ON m.account_id = a.id{strength_join}{area_join}"
        " WHERE a.id > %s AND a.id <= %s"
        " AND (a.opened_on IS NULL OR a.opened_on <= %s) AND (a.closed_on IS NULL OR a.closed_on >= %s)"
        f" AND a.contract_user = %s{area_where}"
        " AND m.purpose = %s AND m.unit IN (%s, %s) AND (m.defective_since IS NULL OR m.defective_since > %s)"
        " AND (m.installed_on IS NULL OR m.installed_on < %s) AND (m.removed_on IS NULL OR m.removed_on > %s)"
        f" AND NOT EXISTS (SELECT 1 FROM {METER} o WHERE o.account_id = a.id AND o.id <> m.id"
        " AND (o.installed_on IS NULL OR o.installed_on <= %s) AND (o.removed_on IS NULL OR o.removed_on >= %s))"
    )
    if not r.strength:
        sql += f" AND NOT EXISTS (SELECT 1 FROM {STRENGTH} t WHERE t.account_id = a.id AND t.period_id = %s)"
    estimate = ReadSource.ESTIMATE.value
    start, end, rf, ru = (_adapt(d) for d in (period.start, period.end, period.reads_from, period.reads_until))
    ft3 = MeterUnit.CUBIC_FEET.value
    # The start: the last read up to the previous period's window end, not a read between the windows (I-96).
    until = _adapt(previous_reads_until(period))
    args = [ft3, estimate, _adapt(period.reads_from - LOOKBACK), until, estimate, rf, ru, *strength_args]
    args += ["LOW", "HIGH", end, start, False, *area_args]
    units = [MeterUnit.GALLONS.value, ft3 if r.ft3 else MeterUnit.GALLONS.value]
    args += [MeterPurpose.SEWER_USE.value, *units, end, start, ru, ru, start]
    return sql, args if r.strength else [*args, period.pk]


def write_plain(
    cur: Any, period: BillingPeriod, low: int, high: int, r: Rating, *, run: str, at: Any, user_id: int | None
) -> None:
    """Insert the plain bills of accounts ``low`` < id ≤ ``high`` and their line items (inside the
    caller's transaction, after it removed the range's drafts)."""
    usage, args = _plain_usage(period, r)
    args = [low if a == "LOW" else high if a == "HIGH" else a for a in args]
    facts = (
        f'\'{{"period_start": "{period.start.isoformat()}", "period_end": "{period.end.isoformat()}",'
        ' "user_class": "\' || u.user_class || \'", "reads": {"start": \' || u.s || \', "end": \' || u.e'
        " || ', \"unit\": \"' || u.unit || '\", \"dials\": ' || u.dials || '}'"
    )
    # A lower end read is a rollover when plausible (I-48): the register's span added, the bill flagged.
    x5, readable = "((u.e - u.s) * u.k)", "u.e >= u.s"
    if r.rollover:
        x5 = "((CASE WHEN u.e >= u.s THEN u.e - u.s ELSE u.e - u.s + u.span END) * u.k)"
        readable = f"(u.e >= u.s OR (u.e - u.s + u.span >= 0 AND (u.e - u.s + u.span) * {r.rollover[1]}"
        readable += f" <= {r.rollover[0]} * u.span))"
    surcharge, guard = "", ""
    if r.strength:
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
        " note, run, created_at, created_by_id)"
        f" SELECT u.id, u.parcel_id, %s, %s, %s, {flag}, {_gallons(x5)},"
        f" {_first_cents(r, x5)} + {_beyond_cents(r, x5)}{surcharge}, 'user-charge', {facts}, '', %s, %s, %s"
        f" FROM u WHERE u.s IS NOT NULL AND u.e IS NOT NULL AND {readable}{guard}",
        [*args, period.pk, BillStatus.DRAFT.value, Basis.READS.value, run, at, user_id],
    )
    if r.estimates:
        _write_estimates(cur, period, low, high, r, run=run, at=at, user_id=user_id)
    if connection.vendor == "postgresql":
        x5 = f"CAST(b.gallons * {S} AS bigint)"
    else:
        x5 = f"CAST(round(b.gallons * {S}) AS INTEGER)"
    where = "b.period_id = %s AND b.status = %s AND b.account_id > %s AND b.account_id <= %s"
    where_args = [period.pk, BillStatus.DRAFT.value, low, high]
    _write_i24_lines(cur, r, x5, f"{BILL} b", where, where_args, f"b.gallons > {r.block}", r.rate_param)
    if r.strength:
        _write_strength_lines(cur, period, low, high, r, x5, LINE_COLUMNS, where)
    if r.estimates:
        _write_defective_estimates(cur, period, low, high, r, run=run, at=at, user_id=user_id)


LINE_COLUMNS = "bill_id, position, kind, description, working, quantity, rate, amount, section, interpretations"


def _write_i24_lines(
    cur: Any, r: Rating, x5: str, source: str, where: str, where_args: list[Any], beyond: str, rate: str | None
) -> None:
    """The I-24 line items (first gallons or the minimum; gallons beyond) of the bills ``source`` / ``where``
    selects, x5 their hundred-thousandths of a gallon; ``rate`` the rate column (None: left empty)."""
    first = _first(r, x5)
    at_rate = _at_rate(r, x5)
    cents = _cents(r, first)
    dollars = _int_text(f"{cents} / 100")
    rate_sql = "CAST(%s AS numeric)" if connection.vendor == "postgresql" else "%s"
    if rate is None:  # typed: PostgreSQL reads an untyped NULL in a CASE as text
        rate_sql = "CAST(NULL AS numeric)" if connection.vendor == "postgresql" else "NULL"
    rate_args = [] if rate is None else [rate]
    block = f"first {r.block:,} gallons or less"
    cur.execute(
        f"INSERT INTO {LINE} ({LINE_COLUMNS}) SELECT b.id, 0,"
        f" CASE WHEN {at_rate} THEN 'first-gallons' ELSE 'minimum-charge' END,"
        f" CASE WHEN {at_rate} THEN %s ELSE %s END,"
        f" CASE WHEN {at_rate} THEN {_quantity_text(first)} || %s"
        f" ELSE %s || {_quantity_text(first)} || %s || {dollars} || '.' || {_two_digits(f'{cents} %% 100')}"
        f" END, {_gallons(first)}, CASE WHEN {at_rate} THEN {rate_sql} ELSE NULL END,"
        f" CASE WHEN {at_rate} THEN {cents} ELSE {r.minimum_cents} END, %s, 'I-24' FROM {source} WHERE {where}",
        [
            f"Water used, {block}",
            f"Minimum charge, {block}",
            f" gal × {r.rate_text}/gal (not less than {r.minimum_text})",
            f"minimum charge {r.minimum_text}, more than ",
            f" gal × {r.rate_text}/gal = $",
            *rate_args,
            SECTION,
            *where_args,
        ],
    )
    over = f"({x5} - {r.block * S})"
    cur.execute(
        f"INSERT INTO {LINE} ({LINE_COLUMNS}) SELECT b.id, 1, 'gallons-beyond', %s, {_quantity_text(over)} || %s,"
        f" {_gallons(over)}, {rate_sql}, {_cents(r, over)}, %s, 'I-24' FROM {source} WHERE {where} AND {beyond}",
        [f"Water used beyond {r.block:,} gallons", f" gal × {r.rate_text}/gal", *rate_args, SECTION, *where_args],
    )


def _write_strength_lines(
    cur: Any, period: BillingPeriod, low: int, high: int, r: Rating, x5: str, columns: str, where: str
) -> None:
    """The I-03 lines of the range's plain bills on reads with a strength record, after their I-24 lines."""
    assert r.strength is not None
    values = {c.key: strength_sql.column("t", c.key) for c in r.strength}
    for c, above, before, working, cents in strength_sql.line_selects(r.strength, x5, values, _int_text):
        cur.execute(
            f"INSERT INTO {LINE} ({columns}) SELECT b.id,"
            f" (CASE WHEN b.gallons > {r.block} THEN 2 ELSE 1 END) + {before}, %s, %s,"
            f" {_quantity_text(x5)} || {working}, NULL, NULL, {cents}, %s, 'I-03, I-23'"
            f" FROM {BILL} b JOIN {STRENGTH} t ON t.account_id = b.account_id AND t.period_id = b.period_id"
            f" WHERE {where} AND b.basis = %s AND {above}",
            [
                f"strength-{c.key}",
                f"Strength surcharge, {c.name}",
                SECTION,
                period.pk,
                BillStatus.DRAFT.value,
                low,
                high,
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


def _write_estimates(
    cur: Any, period: BillingPeriod, low: int, high: int, r: Rating, *, run: str, at: Any, user_id: int | None
) -> None:
    """The class estimate (I-27) of the range's accounts that have no meter in the period and are unmetered or
    outside the Water District: the bill ``compute._estimate`` writes (its lines come with the plain ones)."""
    area_join, area_where, area_args = "", "", []
    if period.area_id is not None:
        area_join = f" JOIN {PARCEL} p ON p.id = a.parcel_id"
        area_where, area_args = " AND p.improvement_area_id = %s", [period.area_id]
    # The classes are written into the SQL (x5 appears several times): only plain words (see Rating.of).
    x5 = "(CASE a.user_class" + "".join(f" WHEN '{k}' THEN {v}" for k, v in r.estimates) + " END)"
    facts = (
        f'\'{{"period_start": "{period.start.isoformat()}", "period_end": "{period.end.isoformat()}",'
        ' "user_class": "\' || a.user_class || \'", "unmetered": true}\''
    )
    if connection.vendor == "postgresql":
        facts = f"CAST({facts} AS jsonb)"
    classes = [k for k, _ in r.estimates]
    start, end, ru = (_adapt(d) for d in (period.start, period.end, period.reads_until))
    cur.execute(
        f"INSERT INTO {BILL} (account_id, parcel_id, period_id, status, basis, flags, gallons, total, topic, facts,"
        " note, run, created_at, created_by_id)"
        f" SELECT a.id, a.parcel_id, %s, %s, %s, %s, {_gallons(x5)}, {_first_cents(r, x5)} + {_beyond_cents(r, x5)},"
        f" 'user-charge', {facts}, '', %s, %s, %s FROM {ACCOUNT} a{area_join}"
        " WHERE a.id > %s AND a.id <= %s"
        " AND (a.opened_on IS NULL OR a.opened_on <= %s) AND (a.closed_on IS NULL OR a.closed_on >= %s)"
        f" AND a.contract_user = %s{area_where} AND (a.metered = %s OR a.in_water_district = %s)"
        f" AND a.user_class IN ({', '.join(['%s'] * len(classes))})"
        f" AND NOT EXISTS (SELECT 1 FROM {METER} m WHERE m.account_id = a.id"
        " AND (m.installed_on IS NULL OR m.installed_on <= %s) AND (m.removed_on IS NULL OR m.removed_on >= %s))",
        [
            period.pk,
            BillStatus.DRAFT.value,
            Basis.ESTIMATE.value,
            Flag.ESTIMATE.value,
            run,
            at,
            user_id,
            low,
            high,
            end,
            start,
            False,
            *area_args,
            False,
            False,
            *classes,
            ru,
            start,
        ],
    )


def unbilled(cur: Any, period: BillingPeriod, low: int, high: int, ids: list[int]) -> list[int]:
    """Of the range's accounts ``ids``, those with no draft yet: the Python path's."""
    cur.execute(
        f"SELECT account_id FROM {BILL} WHERE period_id = %s AND status = %s AND account_id > %s AND account_id <= %s",
        [period.pk, BillStatus.DRAFT.value, low, high],
    )
    done = {row[0] for row in cur.fetchall()}
    return [i for i in ids if i not in done]


def _write_defective_estimates(
    cur: Any, period: BillingPeriod, low: int, high: int, r: Rating, *, run: str, at: Any, user_id: int | None
) -> None:
    """A defective meter with no good billing to average (I-26, I-62) is billed the class estimate (I-27):
    the bill ``compute._defective`` writes for an account that is not a contract user, with its I-24 lines
    (no rate column, as the topic's breakdown gives none). One good billing or more: the Python path's."""
    area_join, area_where, area_args = "", "", []
    if period.area_id is not None:
        area_join = f" JOIN {PARCEL} p ON p.id = a.parcel_id"
        area_where, area_args = " AND p.improvement_area_id = %s", [period.area_id]
    x5 = "(CASE a.user_class" + "".join(f" WHEN '{k}' THEN {v}" for k, v in r.estimates) + " END)"
    facts = (
        f'\'{{"period_start": "{period.start.isoformat()}", "period_end": "{period.end.isoformat()}",'
        ' "user_class": "\' || a.user_class || \'", "previous_billings": []}\''
    )
    if connection.vendor == "postgresql":
        facts = f"CAST({facts} AS jsonb)"
    classes = [k for k, _ in r.estimates]
    start, end, ru = (_adapt(d) for d in (period.start, period.end, period.reads_until))
    cur.execute(
        f"INSERT INTO {BILL} (account_id, parcel_id, period_id, status, basis, flags, gallons, total, topic, facts,"
        " note, run, created_at, created_by_id)"
        f" SELECT a.id, a.parcel_id, %s, %s, %s, %s, NULL, {_first_cents(r, x5)} + {_beyond_cents(r, x5)},"
        f" 'defective-meter-charge', {facts}, '', %s, %s, %s FROM {ACCOUNT} a{area_join}"
        " WHERE a.id > %s AND a.id <= %s"
        " AND (a.opened_on IS NULL OR a.opened_on <= %s) AND (a.closed_on IS NULL OR a.closed_on >= %s)"
        f" AND a.contract_user = %s{area_where} AND a.user_class IN ({', '.join(['%s'] * len(classes))})"
        f" AND EXISTS (SELECT 1 FROM {METER} m WHERE m.account_id = a.id AND m.purpose <> %s"
        " AND m.defective_since IS NOT NULL AND m.defective_since <= %s"
        " AND (m.installed_on IS NULL OR m.installed_on <= %s) AND (m.removed_on IS NULL OR m.removed_on >= %s))"
        f" AND NOT EXISTS (SELECT 1 FROM {BILL} g JOIN {PERIOD} q ON q.id = g.period_id WHERE g.account_id = a.id"
        ' AND g.status = %s AND g.basis = %s AND q."end" < %s)',
        [
            period.pk,
            BillStatus.DRAFT.value,
            Basis.DEFECTIVE.value,
            f"{Flag.DEFECTIVE.value},{Flag.ESTIMATE.value}",
            run,
            at,
            user_id,
            low,
            high,
            end,
            start,
            False,
            *area_args,
            *classes,
            MeterPurpose.VEHICLE_WASH.value,
            end,
            ru,
            start,
            BillStatus.POSTED.value,
            Basis.READS.value,
            start,
        ],
    )
    where = "b.period_id = %s AND b.status = %s AND b.account_id > %s AND b.account_id <= %s AND b.basis = %s"
    where_args = [period.pk, BillStatus.DRAFT.value, low, high, Basis.DEFECTIVE.value]
    source = f"{BILL} b JOIN {ACCOUNT} a ON a.id = b.account_id"
    _write_i24_lines(cur, r, x5, source, where, where_args, f"{x5} > {r.block * S}", None)
