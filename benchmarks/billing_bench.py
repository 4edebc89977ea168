"""python -m benchmarks billing [--accounts N] [--runs R] [--sample S] [--chunk C]

A period of N accounts from reads in the database to posted bills, line items and ledger entries through
the same code path as the screen and the command (``run_drafts`` then ``post_period``), against a floor
measured in the same process on the same tables: hand-written set-based SQL (``INSERT … SELECT``) that
computes the I-24 charge in integer cents and writes as many bill, line-item and ledger rows. Engine and
floor alternate, R runs each (medians). SQLite in a temporary folder, or ``DATABASE_URL`` when set.
"""
# ruff: noqa: S608 - table names come from the models' _meta

from __future__ import annotations

import argparse
import os
import random
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
SPECIAL = {"estimate": 0.01, "ft3": 0.05, "rollover": 0.005, "wash": 0.002}


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks billing", description=__doc__.split("\n\n")[1])
    p.add_argument("--accounts", type=int, default=100_000, help="Accounts in the period (default 100,000).")
    p.add_argument("--runs", type=int, default=3, help="Runs of engine and floor, alternating (default 3).")
    p.add_argument("--sample", type=int, default=100_000, help="Bills checked against the user-charge topic.")
    p.add_argument("--chunk", type=int, default=2000, help="Accounts per chunk of the bill run.")
    p.add_argument("--seed", type=int, default=1852)
    return p.parse_args(argv)


def seed(n: int, rng: random.Random) -> None:
    """N accounts on N parcels in one area, one meter each, two reads; special cases in proportion."""
    from django.db import connection, transaction

    from sewerworks.registry.models import ImprovementArea, MeterRead, Parcel, SewerAccount, WaterMeter

    area = ImprovementArea.objects.create(code="bench", name="Bench area", boundary="POLYGON ((0 0, 1 0, 1 1, 0 0))")
    parcels, accounts, meters, reads = [], [], [], []
    for i in range(1, n + 1):
        kind = next((k for k, share in SPECIAL.items() if rng.random() < share), "plain")
        parcels.append((i, f"B-{i}", str(i), "Bench St", f"{i} bench st", "bench st", area.pk, "", "", ""))
        accounts.append((i, f"ACC-{i:07d}", i, "residential", kind != "estimate", True, False))
        if kind == "estimate":
            continue
        used = rng.choice([rng.randrange(0, 5_000), rng.randrange(0, 60_000)])
        start = 999_000 if kind == "rollover" else rng.randrange(0, 500_000)
        unit = "ft3" if kind == "ft3" else "gal"
        meters.append((i, f"BM{i}", i, "0.625", 6, unit, "sewer_use", "2015-01-01", ""))
        reads += [(i, "2026-03-31", start), (i, "2026-09-30", (start + used) % 1_000_000)]
        if kind == "wash":
            meters.append((n + i, f"BW{i}", i, "1.000", 7, "gal", "vehicle_wash", "2015-01-01", ""))
            reads += [(n + i, "2026-03-31", 0), (n + i, "2026-09-30", used // 2)]
    tables = {m: m._meta.db_table for m in (Parcel, SewerAccount, WaterMeter, MeterRead)}
    with transaction.atomic(), connection.cursor() as c:
        c.executemany(
            f"INSERT INTO {tables[Parcel]} (id, tax_map_number, street_number, street_name, address_search,"
            " street_search, improvement_area_id, land_use_class, polygon, discharge_point)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            parcels,
        )
        c.executemany(
            f"INSERT INTO {tables[SewerAccount]} (id, account_number, parcel_id, user_class, metered,"
            " in_water_district, contract_user) VALUES (%s, %s, %s, %s, %s, %s, %s)",
            accounts,
        )
        c.executemany(
            f"INSERT INTO {tables[WaterMeter]} (id, serial, account_id, size_in, dials, unit, purpose,"
            " installed_on, certified_by) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            meters,
        )
        c.executemany(
            f"INSERT INTO {tables[MeterRead]} (meter_id, read_on, reading, source, created_at, run)"
            " VALUES (%s, %s, %s, 'water_district', '2026-10-01 00:00:00', 'bench')",
            reads,
        )


def reset(period: Any) -> None:
    """Bench only: empty the period's bills and entries and set it back to draft, for the next timed run."""
    from django.db import connection, transaction

    from sewerworks.billing.models import Bill, BillLine, LedgerEntry

    with transaction.atomic(), connection.cursor() as c:
        c.execute(f"DELETE FROM {LedgerEntry._meta.db_table} WHERE period_id = %s", [period.pk])
        c.execute(
            f"DELETE FROM {BillLine._meta.db_table} WHERE bill_id IN"
            f" (SELECT id FROM {Bill._meta.db_table} WHERE period_id = %s)",
            [period.pk],
        )
        c.execute(f"DELETE FROM {Bill._meta.db_table} WHERE period_id = %s", [period.pk])
        period.status_changes.all().delete()
        type(period).objects.filter(pk=period.pk).update(status="draft")
    period.refresh_from_db()


class Longest:
    """The longest write transaction of a run: each chunk and the posting, timed where they commit."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def wrap(self, module: Any, name: str) -> None:
        original = getattr(module, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds = max(self.seconds, time.perf_counter() - start)

        setattr(module, name, timed)


def _cents(x: str) -> str:
    """SQL: dollars × $0.003/gal of ``x`` gallons in whole cents, rounded half up: (6x + 10) / 20."""
    return f"((6 * ({x}) + 10) / 20)"


def floor_run(period: Any) -> None:
    """The floor: the I-24 charge in integer cents, bills, line items and ledger rows, all INSERT … SELECT."""
    from django.db import connection, transaction

    from sewerworks.billing.models import Bill, BillLine, LedgerEntry
    from sewerworks.registry.models import MeterRead, SewerAccount, WaterMeter

    bill, line, ledger = Bill._meta.db_table, BillLine._meta.db_table, LedgerEntry._meta.db_table
    acct, meter, read = SewerAccount._meta.db_table, WaterMeter._meta.db_table, MeterRead._meta.db_table
    first = "(CASE WHEN u.g < 5000 THEN u.g ELSE 5000 END)"
    first_cents = f"(CASE WHEN {_cents(first)} < 1000 THEN 1000 ELSE {_cents(first)} END)"
    beyond_cents = f"(CASE WHEN u.g > 5000 THEN {_cents('u.g - 5000')} ELSE 0 END)"
    with transaction.atomic(), connection.cursor() as c:
        c.execute(
            f"INSERT INTO {bill} (account_id, parcel_id, period_id, status, basis, flags, gallons, total, topic,"
            " facts, note, run, created_at) SELECT u.id, u.parcel_id, %s, 'posted', 'reads', '', u.g,"
            f" {first_cents} + {beyond_cents}, 'user-charge', '{{}}', '', 'floor', '2026-10-10 00:00:00' FROM"
            f" (SELECT a.id, a.parcel_id, COALESCE(SUM((e.reading - s.reading + 1000000) %% 1000000), 30000) AS g"
            f" FROM {acct} a LEFT JOIN {meter} m ON m.account_id = a.id"
            f" LEFT JOIN {read} s ON s.meter_id = m.id AND s.read_on = '2026-03-31'"
            f" LEFT JOIN {read} e ON e.meter_id = m.id AND e.read_on = '2026-09-30'"
            " GROUP BY a.id, a.parcel_id) u",
            [period.pk],
        )
        c.execute(
            f"INSERT INTO {line} (bill_id, position, kind, description, working, quantity, amount, section,"
            f" interpretations) SELECT u.id, 0, 'first-gallons', 'Water used, first 5,000 gallons or less', '',"
            f" {first}, {first_cents}, '118-52', 'I-24' FROM (SELECT id, gallons AS g FROM {bill}"
            " WHERE period_id = %s) u",
            [period.pk],
        )
        c.execute(
            f"INSERT INTO {line} (bill_id, position, kind, description, working, quantity, amount, section,"
            f" interpretations) SELECT u.id, 1, 'gallons-beyond', 'Water used beyond 5,000 gallons', '',"
            f" u.g - 5000, {beyond_cents}, '118-52', 'I-24' FROM (SELECT id, gallons AS g FROM {bill}"
            " WHERE period_id = %s AND gallons > 5000) u",
            [period.pk],
        )
        c.execute(
            f"INSERT INTO {ledger} (parcel_id, account_id, kind, amount, posted_on, source_key, description, section,"
            " period_id, bill_id, run, created_at) SELECT parcel_id, account_id, 'charge', total, '2026-10-10',"
            f" 'floor:' || id, 'floor', '118-52', period_id, id, 'floor', '2026-10-10 00:00:00' FROM {bill}"
            " WHERE period_id = %s",
            [period.pk],
        )


def engine_run(period: Any, user: Any, chunk: int, longest: Longest) -> None:
    from sewerworks.billing.actions import do_review_period
    from sewerworks.billing.engine import run as engine

    engine.run_drafts(period, acting_user=user, chunk_size=chunk)
    do_review_period(period, acting_user=user)
    engine.post_period(period, acting_user=user)


def child_peak_rss_mib(period: Any, chunk: int, var_dir: str) -> float:
    """Peak RSS of the bill run alone: the command in a child process, on the same database."""
    from django.db import connection

    db = connection.settings_dict
    url = (
        f"sqlite:///{db['NAME']}"
        if connection.vendor == "sqlite"
        else f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    )
    env = {**os.environ, "DATABASE_URL": url, "SEWERWORKS_VAR": var_dir}
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "manage.py"),
            "bill_run",
            period.end.isoformat(),
            "--post",
            "--as-user",
            "bench",
            "--chunk",
            str(chunk),
        ],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def mismatches(period: Any, sample: int, rng: random.Random) -> tuple[int, int]:
    from sewerworks.billing.models import Bill
    from sewerworks.core.determinations import run_determination

    ids = list(Bill.objects.filter(period=period).exclude(basis="held").values_list("pk", flat=True))
    chosen = rng.sample(ids, min(sample, len(ids)))
    wrong = 0
    for start in range(0, len(chosen), 2000):
        for bill in Bill.objects.filter(pk__in=chosen[start : start + 2000]).select_related("period"):
            decided = run_determination(bill.topic, bill.facts, as_of=bill.period.bill_date)
            wrong += decided.amounts[0].value != bill.total
    return wrong, len(chosen)


def main(argv: list[str]) -> int:
    args = parse(argv)
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-billing-")
    try:
        os.environ["SEWERWORKS_VAR"] = var_dir
        os.environ["DJANGO_SETTINGS_MODULE"] = "sewerworks.settings"
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth.models import User
        from django.core.management import call_command
        from django.db import connection

        from sewerworks.billing.actions import do_open_period

        settings.DEBUG = False
        call_command("migrate", verbosity=0)
        rng = random.Random(args.seed)
        start = time.perf_counter()
        seed(args.accounts, rng)
        print(
            f"billing bench: {args.accounts:,} accounts on {connection.vendor}, seeded in "
            f"{time.perf_counter() - start:.1f} s; {os.cpu_count()} cores"
        )
        user = User.objects.create_superuser("bench", password=None)
        period = do_open_period(__import__("datetime").date(2026, 9, 30), acting_user=user)
        floor_period = do_open_period(__import__("datetime").date(2026, 3, 31), acting_user=user)
        longest, engine_s, floor_s = Longest(), [], []
        from sewerworks.billing.engine import run as engine_module

        longest.wrap(engine_module, "write_chunk")
        longest.wrap(engine_module, "post_bills")
        for _ in range(args.runs):
            reset(period)
            t = time.perf_counter()
            engine_run(period, user, args.chunk, longest)
            engine_s.append(time.perf_counter() - t)
            reset(floor_period)
            t = time.perf_counter()
            floor_run(floor_period)
            floor_s.append(time.perf_counter() - t)
        wrong, checked = mismatches(period, args.sample, rng)
        reset(period)
        rss = child_peak_rss_mib(period, args.chunk, var_dir)
        engine_med, floor_med = statistics.median(engine_s), statistics.median(floor_s)
        ratio = engine_med / floor_med
        print(
            f"engine: {engine_med:.2f} s median wall ({args.accounts / engine_med:,.0f} accounts/s); "
            f"floor: {floor_med:.2f} s ({args.accounts / floor_med:,.0f} accounts/s)"
        )
        print(f"longest write transaction: {longest.seconds:.2f} s (goal ≤ 10 s on SQLite)")
        print(f"peak RSS of the bill run alone (child process): {rss:,.0f} MiB (goal ≤ 1024)")
        print(f"mismatches against the user-charge topic: {wrong} of {checked:,} sampled (goal 0)")
        met = ratio <= 2.0 and wrong == 0 and rss <= 1024 and longest.seconds <= 10
        print(f"billing ÷ floor {ratio:.2f} (goal ≤ 2.0): {'met' if met else 'MISSED'}")
        return 0 if met else 1
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)
