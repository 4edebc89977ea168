"""python -m benchmarks contract_users [--parcels N] [--runs R] [--sample S] [--seed S]

Screening N parcels against both Sewer Improvement Area boundaries for §118-29.1, from the database to
candidate rows written, through the product's own path (``contracts.screen.engine``: raw fetch in chunks,
``shapely.from_wkt``, an STRtree of each chunk queried with the prepared area polygons, distances, the
classification, ``executemany``), against a floor measured in the same process on the same tables: the same
raw fetch, ``shapely.from_wkt`` of every polygon and discharge point, prepared ``dwithin`` for both
predicates (the polygon within the screen's radius and the adjoining tolerance; the discharge point within
200 and 400 ft) over every parcel, and as many rows written. Engine and floor alternate, R runs each
(medians). Then the peak RSS of the screen alone (``screen_contract_users`` in a child process) and the
mismatches against the per-parcel topic on a seeded sample. SQLite in a temporary folder.

The parcels are the demo district and the bulk generator's (``demo --accounts M``, M = 0.9 N): M inside the
areas and one in nine outside within 600 ft of a boundary, each with a discharge point.
"""
# ruff: noqa: S608 - table names come from the models' _meta

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
AS_OF = dt.date(2026, 12, 1)


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks contract_users", description=__doc__.split("\n\n")[1])
    p.add_argument("--parcels", type=int, default=100_000, help="Parcels screened (default 100,000).")
    p.add_argument("--runs", type=int, default=3, help="Runs of engine and floor, alternating (default 3).")
    p.add_argument("--sample", type=int, default=10_000, help="Parcels checked against the topic (default 10,000).")
    p.add_argument("--seed", type=int, default=1529)
    return p.parse_args(argv)


def build(parcels: int, seed: int) -> int:
    """The demo district's registry and the bulk generator's parcels; returns the accounts asked for."""
    from sewerworks.registry import demo

    demo.build(seed=seed, parcels=demo.DISTRICT_PARCELS, write=lambda _: None)
    accounts = max(9, round(parcels * 0.9))
    demo.build_bulk(seed=seed, accounts=accounts, write=print)
    return accounts


def floor_run(limits: Any, chunk: int) -> int:
    """The floor (see the module): returns the rows written."""
    import numpy as np
    import shapely
    from django.db import connection, transaction

    from sewerworks.contracts.models import Candidate
    from sewerworks.contracts.screen.engine import Areas, fetch, insert_sql

    areas = Areas.load()
    day = connection.ops.adapt_datefield_value(limits.as_of)
    written, low = 0, 0
    while True:
        rows = fetch(low, chunk)
        if rows:
            polygons = shapely.from_wkt([r[1] for r in rows])
            points = shapely.from_wkt([r[2] or None for r in rows])
            near = np.zeros(len(rows), dtype=bool)
            adjoins = np.zeros(len(rows), dtype=bool)
            defined = np.zeros(len(rows), dtype=bool)
            reach = np.zeros(len(rows), dtype=bool)
            for a in areas.polygons:  # prepared in Areas.load
                near |= shapely.dwithin(a, polygons, limits.radius / 100)
                adjoins |= shapely.dwithin(a, polygons, limits.tolerance / 100)
                defined |= shapely.dwithin(a, points, limits.definition / 100)
                reach |= shapely.dwithin(a, points, limits.reach / 100)
            code = np.where(~adjoins, "not-adjoining", np.where(defined, "eligible", np.where(reach, "b", "too-far")))
            out = [(rows[i][0], areas.ids[0], str(code[i]), "0.00", None, day, "floor") for i in np.flatnonzero(near)]
            with transaction.atomic():
                stale = Candidate.objects.filter(parcel_id__gt=low, parcel_id__lte=rows[-1][0])
                stale._raw_delete(stale.db)
                with connection.cursor() as cursor:
                    cursor.executemany(insert_sql(), out)
            written += len(out)
        if len(rows) < chunk:
            return written
        low = rows[-1][0]


def child_peak_rss_mib(var_dir: str) -> float:
    """Peak RSS of the screen alone: the command in a child process, on the same database."""
    env = {**os.environ, "SEWERWORKS_VAR": var_dir}
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "screen_contract_users", "--as-of", AS_OF.isoformat(),
         "--as-user", "bench", "--sample", "0"],
        env=env, cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def near_share() -> tuple[int, int, int]:
    """Parcels in all; outside within 600 ft of a boundary; of those, with a discharge point."""
    import shapely

    from sewerworks.contracts.screen.engine import Areas
    from sewerworks.registry.models import Parcel

    areas = Areas.load()
    outside = Parcel.objects.filter(improvement_area__isnull=True).exclude(polygon="")
    near = with_point = 0
    for polygon, point in outside.values_list("polygon", "discharge_point").iterator(chunk_size=50_000):
        g = shapely.from_wkt(polygon)
        if any(shapely.dwithin(a, g, 600) for a in areas.polygons):
            near += 1
            with_point += bool(point)
    return Parcel.objects.count(), near, with_point


def main(argv: list[str]) -> int:
    args = parse(argv)
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-contracts-")
    try:
        os.environ["SEWERWORKS_VAR"] = var_dir
        os.environ["DJANGO_SETTINGS_MODULE"] = "sewerworks.settings"
        os.environ.pop("DATABASE_URL", None)
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth.models import User
        from django.core.management import call_command

        from sewerworks.contracts.models import Candidate
        from sewerworks.contracts.screen import engine, reference
        from sewerworks.contracts.screen.run import SEED, limits_on

        settings.DEBUG = False
        call_command("migrate", verbosity=0)
        start = time.perf_counter()
        build(args.parcels, args.seed)
        User.objects.create_superuser("bench", password=None)
        total, near, with_point = near_share()
        load = os.getloadavg()
        print(
            f"contract_users bench: {total:,} parcels ({near:,} = {near / total:.1%} outside within 600 ft of a "
            f"boundary, {with_point:,} of them with a discharge point), built in {time.perf_counter() - start:.1f} s;"
            f" SQLite; {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
        )
        view, limits = limits_on(AS_OF)
        engine_s, floor_s = [], []
        counts: dict[str, int] = {}
        for i in range(args.runs):
            t = time.perf_counter()
            totals = engine.screen(limits=limits, run=f"bench-{i}")
            engine_s.append(time.perf_counter() - t)
            counts = dict(totals.counts)
            t = time.perf_counter()
            floor_rows = floor_run(limits, engine.CHUNK)
            floor_s.append(time.perf_counter() - t)
            print(f"run {i + 1}: screen {engine_s[-1]:.2f} s, floor {floor_s[-1]:.2f} s", flush=True)
        engine.screen(limits=limits, run="bench-check")
        ids = reference.sample_ids(SEED, args.sample)
        t = time.perf_counter()
        wrong = reference.mismatches(ids, view, limits)
        check_s = time.perf_counter() - t
        rss = child_peak_rss_mib(var_dir)
        written = Candidate.objects.count()
        engine_med, floor_med = statistics.median(engine_s), statistics.median(floor_s)
        ratio = engine_med / floor_med
        read, found = totals.parcels_read, totals.candidates
        print(f"parcels read: {read:,}; candidates written: {found:,} (floor {floor_rows:,})")
        print(f"candidates by outcome: {dict(sorted(counts.items()))}")
        print(
            f"screen: {engine_med:.2f} s median wall ({totals.parcels_read / engine_med:,.0f} parcels/s); "
            f"floor: {floor_med:.2f} s ({totals.parcels_read / floor_med:,.0f} parcels/s)"
        )
        print(f"peak RSS of the screen alone (child process): {rss:,.0f} MiB (goal ≤ 1024)")
        print(f"mismatches against the contract-user-eligibility topic: {len(wrong)} of {len(ids):,} sampled "
              f"in {check_s:.1f} s (goal 0){': ' + str(wrong[:3]) if wrong else ''}")  # fmt: skip
        load = os.getloadavg()
        print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        met = ratio <= 2.0 and not wrong and rss <= 1024 and written == totals.candidates
        print(f"contract_users ÷ floor {ratio:.2f} (goal ≤ 2.0): {'met' if met else 'MISSED'}")
        return 0 if met else 1
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)
