"""The demo Town of Marlborough that ``sewerworks demo`` builds: a deterministic synthetic district.

Two Sewer Improvement Areas around the real hamlets (Marlborough and Milton), their treatment plants,
mains and manholes, and about ``--parcels`` parcels with owners, assessments, buildings of every use the
ordinance treats differently, connections, private systems, accounts, meters and reads. Same seed, same
data: everything is drawn from one ``random.Random(seed)`` and dated relative to a fixed demo "today"
(2026-12-01), never the clock.

Up to 1,500 parcels the district is drawn in full. Beyond that (``--parcels 1000000`` for the
benchmarks) it is the 1,500-parcel district plus a synthetic rural roll outside both areas, written with
``executemany`` so that a million parcels load in well under two minutes.

Importing this package registers ``build`` in ``sewerworks.core.demo.DEMO_BUILDERS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext

from django.core.management.base import CommandError
from django.db import connection, transaction

from sewerworks.core.demo import BULK_BUILDERS, DEMO_BUILDERS, told_on
from sewerworks.core.models import AuditEvent
from sewerworks.registry.demo.bulk import write_bulk
from sewerworks.registry.demo.names import DEMO_TODAY, RUN_PREFIX
from sewerworks.registry.demo.records import district_records
from sewerworks.registry.demo.rural import write_rural_roll
from sewerworks.registry.models import (
    AssessedValue,
    MeterRead,
    Owner,
    Ownership,
    Parcel,
    SewerAccount,
    WaterMeter,
)
from sewerworks.registry.search_backends import bulk_load

DISTRICT_PARCELS = 1500  # the full district; parcels beyond it are the rural roll
MIN_PARCELS = 150
BATCH_SIZE = 2000


@contextmanager
def _sqlite_bulk_load() -> Iterator[None]:
    """For a large load on SQLite: a bigger page cache, in-memory temp B-trees, and foreign keys checked
    once at the end (``check_foreign_keys``) instead of row by row. Connection settings, so they are made
    outside the transaction (SQLite refuses them inside one) and undone after it."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:  # inside a caller's transaction: as it is
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA cache_size = -262144")
        cursor.execute("PRAGMA temp_store = MEMORY")
        cursor.execute("PRAGMA foreign_keys = OFF")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.execute("PRAGMA cache_size = -2000")


def check_foreign_keys(tables: list[str]) -> None:
    """Refuse the load (the transaction rolls back) if any row of ``tables`` points at nothing."""
    if connection.vendor != "sqlite":
        return  # PostgreSQL checked every row as it went in
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"PRAGMA foreign_key_check({connection.ops.quote_name(table)})")
            bad = cursor.fetchall()
            if bad:
                raise CommandError(f"The demo load left {len(bad)} dangling references in {table}, e.g. {bad[0]}.")


@told_on(DEMO_TODAY)
def build(seed: int = 118, parcels: int = DISTRICT_PARCELS, write: Callable[[str], None] = print) -> None:
    """Build the demo district into an empty registry (refuses if it has parcels)."""
    if parcels < MIN_PARCELS:
        raise CommandError(f"The demo district needs at least {MIN_PARCELS} parcels (asked for {parcels}).")
    existing = Parcel.objects.count()
    if existing:
        raise CommandError(
            f"The registry already has {existing:,} parcels: the demo district is built only into an empty "
            "registry. Use a fresh database (set SEWERWORKS_VAR to an empty folder) and run it again."
        )
    run = f"{RUN_PREFIX}-{seed}-{parcels}"
    rng = random.Random(seed)
    district = min(parcels, DISTRICT_PARCELS)
    counts: dict[str, int] = {}
    large = parcels > district
    with _sqlite_bulk_load() if large else nullcontext(), transaction.atomic(), bulk_load() if large else nullcontext():
        for model, rows in district_records(rng, district, run):
            model.objects.bulk_create(rows, batch_size=BATCH_SIZE)  # type: ignore[attr-defined]
            counts[model._meta.model_name or model.__name__] = len(rows)
        if parcels > district:
            for name, n in write_rural_roll(random.Random(f"rural-{seed}"), parcels - district).items():
                counts[name] = counts.get(name, 0) + n
            check_foreign_keys([m._meta.db_table for m in (Parcel, Owner, Ownership, AssessedValue)])
        total = sum(counts.values())
        AuditEvent.objects.create(
            action="demo",
            run=run,
            rows=total,
            detail={"seed": seed, "parcels": parcels, "rows": counts},
            subject=f"Demo district (seed {seed}, {parcels:,} parcels)",
        )
    write(f"Demo district built: {counts.get('parcel', 0):,} parcels, {total:,} rows (seed {seed}, run {run}).")


@told_on(DEMO_TODAY)
def build_bulk(seed: int = 118, accounts: int = 0, write: Callable[[str], None] = print) -> None:
    """The bulk generator's registry part (``registry/demo/bulk.py``), into the built demo district."""
    if not Parcel.objects.filter(improvement_area__isnull=False).exists():
        raise CommandError("The bulk accounts go into the demo district: build it first (sewerworks demo).")
    run = f"{RUN_PREFIX}-bulk-{seed}-{accounts}"
    with _sqlite_bulk_load(), transaction.atomic(), bulk_load():
        counts = write_bulk(random.Random(f"bulk-{seed}"), accounts, run)
        tables = [m._meta.db_table for m in (Parcel, Owner, Ownership, SewerAccount, WaterMeter, MeterRead)]
        check_foreign_keys(tables)
        AuditEvent.objects.create(
            action="demo",
            run=run,
            rows=sum(counts.values()),
            detail={"seed": seed, "accounts": accounts, "rows": counts},
            subject=f"Demo bulk accounts (seed {seed}, {accounts:,} accounts)",
        )
    write(
        f"Bulk accounts: {counts['seweraccount']:,} accounts, {counts['parcel']:,} parcels "
        f"({counts['parcel'] - counts['seweraccount']:,} outside the boundaries), {sum(counts.values()):,} rows."
    )


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
if build_bulk not in BULK_BUILDERS:
    BULK_BUILDERS.append(build_bulk)
