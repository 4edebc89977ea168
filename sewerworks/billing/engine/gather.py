"""Fetch one chunk of accounts with everything their bills need, in a handful of bulk queries.

A chunk is a contiguous range of account ids (keyset pagination), so the writer can replace the drafts of
exactly that range. Reads: per meter, the last read before the period's read window (the start) and the
last read up to the window's end (the end); estimates are never billed on (I-48, I-60).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import connection
from django.db.models import OuterRef, Q, Subquery
from django.db.models.lookups import Exact

from sewerworks.billing.choices import Basis, BillStatus
from sewerworks.billing.models import Bill, BillingPeriod, StrengthRecord
from sewerworks.core.models import ImportBatch
from sewerworks.registry.choices import ReadSource
from sewerworks.registry.models import Lateral, MeterRead, SewerAccount, WaterMeter

LOOKBACK = dt.timedelta(days=400)
# Reads of an import not yet published (or abandoned) are not there yet (core.imports' StagedRows): both
# the Python path and the SQL path of plain bills (engine.plain) add this to their reads of alias r.
PUBLISHED_READS = (
    f" AND (r.import_run IS NULL OR r.import_run NOT IN (SELECT run FROM {ImportBatch._meta.db_table}"  # noqa: S608
    " WHERE status <> 'published'))"
)
# Table names from the models' _meta, values as parameters.
READS_SQL = (
    f"SELECT r.meter_id, r.read_on, r.reading FROM {MeterRead._meta.db_table} r"  # noqa: S608
    f" JOIN {WaterMeter._meta.db_table} m ON m.id = r.meter_id"
    " WHERE m.account_id > %s AND m.account_id <= %s AND r.read_on >= %s AND r.read_on <= %s AND r.source <> %s"
    f"{PUBLISHED_READS}"
    " ORDER BY r.meter_id, r.read_on, r.reading"
)


@dataclass
class MeterData:
    id: int
    serial: str
    unit: str
    dials: int
    purpose: str
    defective_since: dt.date | None
    installed_on: dt.date | None
    removed_on: dt.date | None
    reads: list[tuple[dt.date, int]] = field(default_factory=list)


@dataclass
class AccountData:
    id: int
    number: str
    parcel_id: int
    user_class: str
    metered: bool
    in_water_district: bool
    contract_user: bool
    meters: list[MeterData] = field(default_factory=list)
    strength: dict[str, Decimal] | None = None
    good_bills: list[tuple[dt.date, Decimal]] = field(default_factory=list)


def accounts_in(period: BillingPeriod) -> Q:
    """The accounts a period bills: open at some time in it, on a parcel in its area (or every one).

    Contract users (§118-29.1) are billed as users inside the area: their parcels lie outside both areas,
    so a period of one area bills those whose lateral joins one of its mains (the revenue area: the area of
    the main of the parcel's first lateral, as ``contracts`` records it on the agreement), and a period of
    every account bills them all."""
    q = (Q(opened_on__isnull=True) | Q(opened_on__lte=period.end)) & (
        Q(closed_on__isnull=True) | Q(closed_on__gte=period.start)
    )
    if period.area_id is not None:
        revenue = (
            Lateral.objects.filter(parcel_id=OuterRef("parcel_id")).order_by("pk").values("main__improvement_area_id")
        )
        contract = Q(contract_user=True, parcel__improvement_area__isnull=True) & Q(
            Exact(Subquery(revenue[:1]), period.area_id)
        )
        q &= Q(parcel__improvement_area_id=period.area_id) | contract
    return q


def chunks(period: BillingPeriod, size: int) -> list[tuple[int, int, list[int]]]:
    """(low, high, ids) per chunk: ``low`` exclusive, ``high`` inclusive; ids ascending. Cheap: ids only, fetched
    by the ORM's SQL on a plain cursor (no per-row iterator for the period's every account)."""
    sql, params = (
        SewerAccount.objects.filter(accounts_in(period)).order_by("pk").values_list("pk").query.sql_with_params()
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = [row[0] for row in cursor.fetchall()]
    out = []
    low = 0
    for start in range(0, len(ids), size):
        part = ids[start : start + size]
        out.append((low, part[-1], part))
        low = part[-1]
    return out


def gather(period: BillingPeriod, low: int, high: int, only: list[int] | None = None) -> list[AccountData]:
    """The chunk's accounts (``low`` < id ≤ ``high``; of them only ``only`` when given) with their meters,
    reads, strength and (for defective meters) good bills: range conditions, so each query stays small."""
    if only is not None and not only:
        return []
    narrow = Q() if only is None else Q(pk__in=only)
    of_them = Q() if only is None else Q(account_id__in=only)
    accounts = {
        row[0]: AccountData(*row)
        for row in SewerAccount.objects.filter(accounts_in(period), narrow, pk__gt=low, pk__lte=high)
        .order_by("pk")
        .values_list("pk", "account_number", "parcel_id", "user_class", "metered", "in_water_district", "contract_user")
    }
    meters: dict[int, MeterData] = {}
    active = Q(installed_on__isnull=True) | Q(installed_on__lte=period.reads_until)
    active &= Q(removed_on__isnull=True) | Q(removed_on__gte=period.start)
    for row in (
        WaterMeter.objects.filter(active, of_them, account_id__gt=low, account_id__lte=high)
        .order_by("pk")
        .values_list(
            "pk", "account_id", "serial", "unit", "dials", "purpose", "defective_since", "installed_on", "removed_on"
        )
    ):
        meter = MeterData(row[0], *row[2:])
        if row[1] in accounts:
            meters[meter.id] = meter
            accounts[row[1]].meters.append(meter)
    with connection.cursor() as cursor:  # plain SQL: no per-row converters on the largest fetch
        extra = "" if only is None else f" AND m.account_id IN ({', '.join(['%s'] * len(only))})"
        cursor.execute(
            READS_SQL.replace(" ORDER BY", f"{extra} ORDER BY"),
            [
                low,
                high,
                connection.ops.adapt_datefield_value(period.reads_from - LOOKBACK),
                connection.ops.adapt_datefield_value(period.reads_until),
                ReadSource.ESTIMATE.value,
                *(only or []),
            ],
        )
        for mid, on, reading in cursor.fetchall():
            if mid in meters:
                meters[mid].reads.append((dt.date.fromisoformat(on) if isinstance(on, str) else on, reading))
    for account_id, bod, ss, cl in StrengthRecord.objects.filter(
        of_them, period=period, account_id__gt=low, account_id__lte=high
    ).values_list("account_id", "bod", "suspended_solids", "chlorine_demand"):
        measured = {"bod": bod, "suspended_solids": ss, "chlorine_demand": cl}
        if account_id in accounts:
            accounts[account_id].strength = {k: v for k, v in measured.items() if v is not None}
    defective = [a.id for a in accounts.values() if any(m.defective_since for m in a.meters)]
    if defective:
        for account_id, end, total in Bill.objects.filter(
            account_id__in=defective, status=BillStatus.POSTED, basis=Basis.READS, period__end__lt=period.start
        ).values_list("account_id", "period__end", "total"):
            accounts[account_id].good_bills.append((end, total))
    return list(accounts.values())
