"""python -m benchmarks compliance [--results N] [--seed S] [--keep]

A year of industrial lab results (default 1,000,000: 500 users x 40 series x a year, ``compliance_data``)
evaluated at once into the program's findings through the product's own path (``period.run.evaluate_period``:
SQL candidates, the topic's judgements, the exceedances, decisions, evidence and one violation per user written
idempotently), against a floor measured in the same process on the same tables: the same exceedance set found
by plain SQL (daily values, windowed 30-day means with the day after a value leaves, single readings, compared
with the limits of each day and the agreements) writing nothing. The year is written by a child process, so
this process's peak RSS is the evaluation's (and the floor's). Printed: the first run and the rerun with nothing
changed, in seconds; the mismatches (the set difference of (point, parameter, basis, day) between the run's
findings and the floor's, both ways); the peak RSS. Met: first run / floor <= 2.0, 0 mismatches, peak RSS <= 1
GiB and the rerun <= 0.2 x the first run. SQLite in a temporary folder, or ``DATABASE_URL`` when set.
"""
# ruff: noqa: S608 - table names come from the models' _meta

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
START, END = dt.date(2025, 1, 1), dt.date(2025, 12, 31)
GOAL = 2.0
Key = tuple[int, str, str, str]


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks compliance", description=__doc__.split("\n\n")[1])
    p.add_argument("--results", type=int, default=1_000_000, help="Lab results in the year (default 1,000,000).")
    p.add_argument("--seed", type=int, default=1837)
    p.add_argument("--keep", action="store_true", help="Keep the temporary database and print where.")
    p.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)  # the child that writes the year
    return p.parse_args(argv)


class Sql:
    """The floor's vendor differences (integer nano-units, day numbers): the product's own dialect, and a day
    number back to a date. Only these expressions are shared; the floor's queries are its own."""

    def __init__(self) -> None:
        from django.db import connection

        from sewerworks.pretreatment.period.sql import Dialect

        dialect = Dialect()
        self.connection, self.sqlite = connection, dialect.sqlite
        self.nano, self.total, self.dayno, self.number = dialect.nano, dialect.total, dialect.dayno, dialect.number

    def day(self, number: int) -> str:
        return dt.date.fromordinal(number - (1721424 if self.sqlite else -730120)).isoformat()


def floor_limits(sql: Sql, start: dt.date, end: dt.date) -> tuple[str, list[Any]]:
    """The limits of each day as a VALUES list: the parameters in force on the first day and on each day one of
    them changes (the floor's own reading of the dated parameters)."""
    from benchmarks.compliance_data import TOXIC
    from sewerworks.core.parameters import current_parameters
    from sewerworks.ordinance.s118_37_limits import toxic_limit

    params = current_parameters()
    keys = ("discharge.toxic_limits", "discharge.ph_range", "discharge.max_temperature")
    changes = {v.effective for k in keys for v in params.parameter(k).values if start < v.effective <= end}
    days = sorted({start} | changes)
    rows: list[Any] = []
    for n, first in enumerate(days):
        last = days[n + 1] - dt.timedelta(days=1) if n + 1 < len(days) else end
        view = params.at(first)
        span = [sql.number(first), sql.number(last)]
        for parameter in TOXIC:
            for basis in ("24_hour", "30_day"):
                limit = toxic_limit(view, parameter, basis, fresh_water=True, fluoridated=True).value  # type: ignore[arg-type]
                rows += [parameter, basis, *span, int(limit * 10**9), None]
        ph = view.table("discharge.ph_range")
        rows += ["ph", "instantaneous", *span, int(Decimal(ph["maximum"]) * 10**9), int(Decimal(ph["minimum"]) * 10**9)]
        rows += ["temperature", "instantaneous", *span, int(view.number("discharge.max_temperature") * 10**9), None]
        for parameter, midpoint in (("bod", 220), ("suspended_solids", 265)):
            rows += [parameter, "instantaneous", *span, int(view.number("discharge.slug_factor") * midpoint * 10**9),
                     None]  # fmt: skip
    marks = ", ".join(["(%s, %s, %s, %s, %s, %s)"] * (len(rows) // 6))
    return f"lim(parameter, basis, lo, hi, lim, low) AS (VALUES {marks})", rows


def floor_run(start: dt.date, end: dt.date) -> set[Key]:
    """The floor: the exceedance set of ``start``..``end`` in plain SQL, writing nothing."""
    from benchmarks.compliance_data import TOXIC
    from sewerworks.pretreatment.models import Result, Sample, SamplingPoint, SpecialAgreement
    from sewerworks.pretreatment.period.run import WORK_MEM

    sql = Sql()
    result, sample = Result._meta.db_table, Sample._meta.db_table
    point, agreement = SamplingPoint._meta.db_table, SpecialAgreement._meta.db_table
    limit_col = sql.connection.ops.quote_name("limit")
    lim_cte, lim_args = floor_limits(sql, start, end)
    toxic = ", ".join(f"'{p}'" for p in TOXIC)
    corrected = (f"NOT EXISTS (SELECT 1 FROM {sample} c JOIN {result} rc ON rc.sample_id = c.id"
                 " WHERE c.corrects_id = s.id AND rc.parameter = r.parameter)")  # fmt: skip
    v = sql.nano("r.value")
    first, last = sql.number(start), sql.number(end)
    lim = f"COALESCE({sql.nano(f'a.{limit_col}')}, l.lim)"
    date = sql.connection.ops.adapt_datefield_value
    composite = "s.kind = 'composite'"
    thousands = sql.total(f"CASE WHEN {composite} THEN 1000 ELSE 0 END")
    found: set[Key] = set()
    with sql.connection.cursor() as c:
        if not sql.sqlite:
            c.execute(f"SET work_mem = '{WORK_MEM}'")  # the setting the evaluation runs with
        c.execute(
            f"WITH {lim_cte}, d AS (SELECT s.point_id, p.user_id, r.parameter, {sql.dayno('s.day')} AS dn,"
            f" CASE WHEN SUM(CASE WHEN {composite} THEN 1 ELSE 0 END) > 0 THEN"
            f" ({sql.total(f'CASE WHEN {composite} THEN {v} ELSE 0 END')} + {thousands} - 1) / {thousands}"
            f" ELSE ({sql.total(v)} + COUNT(*) * 1000 - 1) / (COUNT(*) * 1000) END AS micro"
            f" FROM {result} r JOIN {sample} s ON s.id = r.sample_id JOIN {point} p ON p.id = s.point_id"
            f" WHERE s.day BETWEEN %s AND %s AND r.parameter IN ({toxic}) AND {corrected}"
            " GROUP BY s.point_id, p.user_id, r.parameter, s.day),"
            " u AS (SELECT point_id, user_id, parameter, dn, micro AS m, 1 AS n FROM d"
            " UNION ALL SELECT point_id, user_id, parameter, dn + 30, 0, 0 FROM d),"
            " g AS (SELECT point_id, user_id, parameter, dn, SUM(m) AS m, SUM(n) AS n FROM u"
            " GROUP BY point_id, user_id, parameter, dn),"
            " w AS (SELECT point_id, user_id, parameter, dn, n, m, SUM(m) OVER x AS wm, SUM(n) OVER x AS wn FROM g"
            " WINDOW x AS (PARTITION BY point_id, parameter ORDER BY dn RANGE BETWEEN 29 PRECEDING AND CURRENT ROW))"
            " SELECT w.point_id, w.parameter, w.dn, l.basis FROM w JOIN lim l ON l.parameter = w.parameter"
            " AND w.dn BETWEEN l.lo AND l.hi"
            f" LEFT JOIN {agreement} a ON a.user_id = w.user_id AND a.parameter = w.parameter"
            f" AND w.dn >= {sql.dayno('a.starts_on')} AND (a.ends_on IS NULL OR w.dn <= {sql.dayno('a.ends_on')})"
            " WHERE w.dn BETWEEN %s AND %s AND ("
            f" (l.basis = '24_hour' AND w.n > 0 AND w.m * 1000 > {lim})"
            f" OR (l.basis = '30_day' AND w.wn > 0 AND w.wm * 1000 > {lim} * w.wn))",
            [*lim_args, date(dt.date.fromordinal(start.toordinal() - 30)), date(end), first, last],
        )
        found |= {(p, x, b, sql.day(n)) for p, x, n, b in c.fetchall()}
        c.execute(
            f"WITH {lim_cte} SELECT DISTINCT s.point_id, r.parameter, {sql.dayno('s.day')} FROM {result} r"
            f" JOIN {sample} s ON s.id = r.sample_id JOIN lim l ON l.parameter = r.parameter"
            f" AND l.basis = 'instantaneous' AND {sql.dayno('s.day')} BETWEEN l.lo AND l.hi"
            " WHERE s.day BETWEEN %s AND %s AND r.parameter IN ('ph', 'temperature', 'bod', 'suspended_solids')"
            f" AND (r.parameter IN ('ph', 'temperature') OR s.kind = 'grab') AND ({v} > l.lim OR {v} < l.low)"
            f" AND {corrected}",
            [*lim_args, date(start), date(end)],
        )
        found |= {(p, x, "instantaneous", sql.day(n)) for p, x, n in c.fetchall()}
    return found


def engine_keys(start: dt.date, end: dt.date) -> set[Key]:
    from sewerworks.pretreatment.models import Exceedance

    rows = Exceedance.objects.filter(day__range=(start, end), withdrawn_by=None)
    return {(p, x, b, d.isoformat()) for p, x, b, d in rows.values_list("point_id", "parameter", "basis", "day")}


def main(argv: list[str]) -> int:
    args = parse(argv)
    if args.build_only:
        from benchmarks.timing import setup_django

        setup_django(os.environ["SEWERWORKS_VAR"])
        from benchmarks.compliance_data import build

        build(args.results, args.seed)
        return 0
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-compliance-")
    try:
        from benchmarks.timing import peak_rss_mib, require_empty_database, setup_django

        setup_django(var_dir)
        from django.contrib.auth.models import User
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0)
        require_empty_database()
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "benchmarks", "compliance", "--build-only", "--results",
                        str(args.results), "--seed", str(args.seed)], cwd=ROOT, check=True,
                       env={**os.environ, "SEWERWORKS_VAR": var_dir})  # fmt: skip
        built = time.perf_counter() - started
        from benchmarks.billing_bench import vacuum

        vacuum()
        if connection.vendor == "sqlite":
            with connection.cursor() as c:
                c.execute("ANALYZE")
        from sewerworks.pretreatment.models import Result, Sample
        from sewerworks.pretreatment.period.run import evaluate_period

        results = Result.objects.count()
        first_day = Sample.objects.order_by("day").values_list("day", flat=True).first() or START
        load = os.getloadavg()
        print(f"compliance bench: {results:,} results in {START.year} on {connection.vendor}, written in {built:.1f} s"
              f" by a child process; {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
              flush=True)  # fmt: skip
        user = User.objects.get(username="bench")
        # What a long-running worker has loaded once (as the billing bench reads the parameters before timing): the
        # parameters in force, and pint's unit registry, which the topic's unit check loads on first use (~1.5 s).
        from sewerworks.core.parameters import current_parameters
        from sewerworks.ordinance.s118_37_limits import same_kind

        current_parameters().at(END)
        same_kind("ug/L", "mg/L")
        floors = []
        t = time.perf_counter()
        floor = floor_run(max(START, first_day), END)
        print(f"floor (warm-up, not counted): {time.perf_counter() - t:.2f} s, {len(floor):,} exceedances", flush=True)
        t = time.perf_counter()
        run = evaluate_period(START, END, acting_user=user)
        first = time.perf_counter() - t
        print(f"first run: {first:.2f} s ({run.results_read:,} results read, {run.added:,} exceedances added,"
              f" {run.violations:,} violations; steps {run.timings})", flush=True)  # fmt: skip
        t = time.perf_counter()
        again = evaluate_period(START, END, acting_user=user)
        rerun = time.perf_counter() - t
        print(f"rerun (nothing changed): {rerun:.2f} s ({again.added} added, {again.changed} changed,"
              f" {again.withdrawn} withdrawn)", flush=True)  # fmt: skip
        for _ in range(2):
            t = time.perf_counter()
            floor = floor_run(run.start, run.end)
            floors.append(time.perf_counter() - t)
        found = engine_keys(run.start, run.end)
        wrong = len(found - floor) + len(floor - found)
        floor_s = statistics.median(floors)
        rss = peak_rss_mib()
        ratio = first / floor_s
        print(f"floor: {floor_s:.2f} s median of {len(floors)} ({', '.join(f'{x:.2f}' for x in floors)}),"
              f" {len(floor):,} exceedances")  # fmt: skip
        print(f"first run {first:.2f} s, rerun {rerun:.2f} s ({rerun / first:.3f} of the first; goal <= 0.2)")
        print(f"{wrong} mismatches ({len(found - floor)} only in the run, {len(floor - found)} only in the floor)")
        print(f"peak RSS {rss:,.0f} MiB (goal <= 1024)")
        load = os.getloadavg()
        print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        met = ratio <= GOAL and wrong == 0 and rss <= 1024 and rerun <= 0.2 * first
        print(f"compliance ÷ floor {ratio:.2f} (goal ≤ {GOAL}): {'met' if met else 'MISSED'}")
        return 0 if met else 1
    finally:
        if args.keep:
            print(f"database kept in {var_dir}")
        else:
            shutil.rmtree(var_dir, ignore_errors=True)
