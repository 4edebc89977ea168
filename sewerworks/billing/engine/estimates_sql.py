"""The class estimates in SQL (I-27): an unmetered account, or one outside the Water District, with no
meter in the period; and a defective meter with no good billing to average (I-26, I-62), billed the class
estimate too. The bills ``compute._estimate`` and ``compute._defective`` write, to the character
(``billing/tests/test_plain.py``); anything else about such an account is the Python path's.

Table and column names come from the models' ``_meta``; every value is a query parameter.
"""
# ruff: noqa: S608

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from django.db import connection

from sewerworks.billing.choices import Basis, BillStatus, Flag
from sewerworks.billing.engine.i24_sql import (
    Rating,
    adapt_date,
    beyond_cents_sql,
    first_cents_sql,
    gallons_sql,
    write_i24_lines,
)
from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.registry.choices import MeterPurpose
from sewerworks.registry.models import Parcel, SewerAccount, WaterMeter

BILL, PERIOD = Bill._meta.db_table, BillingPeriod._meta.db_table
ACCOUNT, METER, PARCEL = SewerAccount._meta.db_table, WaterMeter._meta.db_table, Parcel._meta.db_table
S = 100_000


def _insert_estimates(
    cur: Any,
    period: BillingPeriod,
    r: Rating,
    *,
    basis: str,
    flags: str,
    gallons: bool,
    topic: str,
    fact: str,
    conditions: str,
    condition_args: list[Any],
    low: int,
    high: int,
    run: str,
    at: Any,
    user_id: int | None,
) -> str:
    """INSERT the class estimate (I-27) of the range's accounts of a listed class that are open in the period,
    not contract users, in the period's area and meet ``conditions`` (ahead of which ``%s`` stand for
    ``condition_args``); ``fact``: the facts' last entry, after the period and the class. Returns the class
    estimate's SQL (hundred-thousandths of a gallon, from ``a.user_class``) for the lines."""
    area_join, area_where, area_args = "", "", []
    if period.area_id is not None:
        area_join = f" JOIN {PARCEL} p ON p.id = a.parcel_id"
        area_where, area_args = " AND p.improvement_area_id = %s", [period.area_id]
    # The classes are written into the SQL (x5 appears several times): only plain words (see Rating.of).
    x5 = "(CASE a.user_class" + "".join(f" WHEN '{k}' THEN {v}" for k, v in r.estimates) + " END)"
    facts = (
        f'\'{{"period_start": "{period.start.isoformat()}", "period_end": "{period.end.isoformat()}",'
        f' "user_class": "\' || a.user_class || \'", {fact}}}\''
    )
    if connection.vendor == "postgresql":
        facts = f"CAST({facts} AS jsonb)"
    classes = [k for k, _ in r.estimates]
    cur.execute(
        f"INSERT INTO {BILL} (account_id, parcel_id, period_id, status, basis, flags, gallons, total, topic, facts,"
        " note, run, created_at, created_by_id)"
        f" SELECT a.id, a.parcel_id, %s, %s, %s, %s, {gallons_sql(x5) if gallons else 'NULL'},"
        f" {first_cents_sql(r, x5)} + {beyond_cents_sql(r, x5)}, %s, {facts}, '', %s, %s, %s"
        f" FROM {ACCOUNT} a{area_join} WHERE a.id > %s AND a.id <= %s"
        " AND (a.opened_on IS NULL OR a.opened_on <= %s) AND (a.closed_on IS NULL OR a.closed_on >= %s)"
        f" AND a.contract_user = %s{area_where} AND a.user_class IN ({', '.join(['%s'] * len(classes))})"
        f" AND {conditions}",
        [
            *(period.pk, BillStatus.DRAFT.value, basis, flags, topic, run, at, user_id, low, high),
            *(adapt_date(period.end), adapt_date(period.start), False, *area_args, *classes, *condition_args),
        ],
    )
    return x5


def write_estimates(
    cur: Any, period: BillingPeriod, low: int, high: int, r: Rating, *, run: str, at: Any, user_id: int | None
) -> None:
    """The class estimate (I-27) of the range's accounts that have no meter in the period and are unmetered or
    outside the Water District: the bill ``compute._estimate`` writes (its lines come with the plain ones)."""
    _insert_estimates(
        cur,
        period,
        r,
        basis=Basis.ESTIMATE.value,
        flags=Flag.ESTIMATE.value,
        gallons=True,
        topic="user-charge",
        fact='"unmetered": true',
        conditions=f"(a.metered = %s OR a.in_water_district = %s) AND NOT EXISTS (SELECT 1 FROM {METER} m"
        " WHERE m.account_id = a.id AND (m.installed_on IS NULL OR m.installed_on <= %s)"
        " AND (m.removed_on IS NULL OR m.removed_on >= %s))",
        condition_args=[False, False, adapt_date(period.reads_until), adapt_date(period.start)],
        low=low,
        high=high,
        run=run,
        at=at,
        user_id=user_id,
    )


def defective_accounts(period: BillingPeriod) -> list[int]:
    """The accounts with a sewer-use meter defective on or before the period's last day, ascending: found once
    per run (one pass over the meters), so that a chunk with none skips the defective-meter statements. A
    meter found defective later in the run is billed by the Python path, which checks every account."""
    with connection.cursor() as cur:
        cur.execute(
            f"SELECT DISTINCT account_id FROM {METER} WHERE defective_since IS NOT NULL AND defective_since <= %s"
            " AND purpose <> %s ORDER BY account_id",
            [adapt_date(period.end), MeterPurpose.VEHICLE_WASH.value],
        )
        return [row[0] for row in cur.fetchall()]


def write_defective_estimates(
    cur: Any,
    period: BillingPeriod,
    low: int,
    high: int,
    r: Rating,
    *,
    run: str,
    at: Any,
    user_id: int | None,
    among: list[int] | None = None,
) -> None:
    """A defective meter with no good billing to average (I-26, I-62) is billed the class estimate (I-27):
    the bill ``compute._defective`` writes for an account that is not a contract user, with its I-24 lines
    (no rate column, as the topic's breakdown gives none). One good billing or more: the Python path's.
    ``among``: the run's ``defective_accounts`` (only those of the range are looked at), or None (all)."""
    only, only_args = "", []
    if among is not None:
        only_args = among[bisect_right(among, low) : bisect_right(among, high)]
        if not only_args:
            return
        only = f"a.id IN ({', '.join(['%s'] * len(only_args))}) AND "
    start, end, ru = (adapt_date(d) for d in (period.start, period.end, period.reads_until))
    x5 = _insert_estimates(
        cur,
        period,
        r,
        basis=Basis.DEFECTIVE.value,
        flags=f"{Flag.DEFECTIVE.value},{Flag.ESTIMATE.value}",
        gallons=False,
        topic="defective-meter-charge",
        fact='"previous_billings": []',
        conditions=f"{only}EXISTS (SELECT 1 FROM {METER} m WHERE m.account_id = a.id AND m.purpose <> %s"
        " AND m.defective_since IS NOT NULL AND m.defective_since <= %s"
        " AND (m.installed_on IS NULL OR m.installed_on <= %s) AND (m.removed_on IS NULL OR m.removed_on >= %s))"
        f" AND NOT EXISTS (SELECT 1 FROM {BILL} g JOIN {PERIOD} q ON q.id = g.period_id WHERE g.account_id = a.id"
        ' AND g.status = %s AND g.basis = %s AND q."end" < %s)',
        condition_args=[
            *only_args,
            MeterPurpose.VEHICLE_WASH.value,
            end,
            ru,
            start,
            BillStatus.POSTED.value,
            Basis.READS.value,
            start,
        ],
        low=low,
        high=high,
        run=run,
        at=at,
        user_id=user_id,
    )
    where = "b.period_id = %s AND b.status = %s AND b.account_id > %s AND b.account_id <= %s AND b.basis = %s"
    where_args = [period.pk, BillStatus.DRAFT.value, low, high, Basis.DEFECTIVE.value]
    if only:
        where += " AND " + only.replace("a.id", "b.account_id").removesuffix(" AND ")
        where_args += only_args
    source = f"{BILL} b JOIN {ACCOUNT} a ON a.id = b.account_id"
    write_i24_lines(cur, r, x5, source, where, where_args, f"{x5} > {r.block * S}", None)
