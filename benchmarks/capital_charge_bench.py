"""python -m benchmarks capital_charge [--parcels N] [--runs R] [--sample S] [--seed S]

The capital cost amortization charge of a tax year (§118-49, 118-51, 118-52; I-122) and its export for the county
for N parcels, through the product's own path, against a floor measured in the same process on the same tables.

The run: ``do_run_capital_charge`` (the rates and roll of the year, one ``INSERT … SELECT`` of the charges exact in
integers, the issues, the audit record) against the same amounts computed and written by one plain ``INSERT …
SELECT`` into a table of the same shape (its columns, key, foreign keys and once-a-year unique constraint; parcel
join roll, the same integer rounding, no payer rules, no issues, no audit; on SQLite each side starts from a
checkpointed log). The export: ``do_write_capital_charge`` in each form the county takes (per parcel, per levy code)
written to a file, against the same file by one plain SELECT and ``csv.writer`` (``capital_export``). Product and
floor alternate, R runs each (medians; the product's rows are deleted between runs; the parcels the run could not
charge are left out by the clerk, untimed, before the exports). R = (product run + exports) ÷ (floor insert +
dumps). Then the mismatches: every charge written against the floor's row, a seeded sample of S against the pure
topic ``capital-charge`` (Decimal, half up), each file read back against the charges (rows and total cents) and line
by line against the floor's file. Peak RSS of the process. SQLite in a temporary folder, or the database of
DATABASE_URL (``scripts/with-postgres.sh``).

The parcels are the demo district's and the bulk generator's (``demo --accounts M``, M = 0.9 N: M inside the
areas, one in nine outside), each given a roll row of the year before in SQL with a taxable value (one in a
thousand without one, so the issues are found too).
"""
# ruff: noqa: S608 - table names come from the models' _meta

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import capital_export
from benchmarks.capital_export import listed, ratio_of

TAX_YEAR = 2027
GOAL = 2.0
CPU: list[tuple[str, float]] = []  # this process's CPU seconds per run (all of SQLite's work; not PostgreSQL's)


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks capital_charge", description=__doc__.split("\n\n")[1])
    p.add_argument("--parcels", type=int, default=1_000_000, help="Parcels charged (default 1,000,000).")
    p.add_argument("--runs", type=int, default=3, help="Runs of product and floor, alternating (default 3).")
    p.add_argument("--sample", type=int, default=10_000, help="Charges checked against the topic (default 10,000).")
    p.add_argument("--seed", type=int, default=11852)
    return p.parse_args(argv)


def t(model: Any) -> str:
    from django.db import connection

    return connection.ops.quote_name(model._meta.db_table)


def build(parcels: int, seed: int, roll_year: int) -> None:
    """The bulk generator's parcels (``demo --accounts M``, M = 0.9 N: M inside the areas, one in nine outside),
    then a roll row of ``roll_year`` for every parcel without one, written in one INSERT … SELECT."""
    from django.db import connection, transaction

    from sewerworks.registry import demo
    from sewerworks.registry.models import AssessedValue, Parcel

    demo.build_bulk(seed=seed, accounts=max(9, round(parcels * 0.9)), write=print)
    # a value in dollars and cents from $20,000 to about $900,000; one in a thousand has no taxable value
    value = "(20000 + (p.id * 7919) %% 880000) + ((p.id * 31) %% 100) / 100.0"
    taxable = f"CASE WHEN p.id %% 1000 = 7 THEN NULL ELSE {value} - (p.id %% 3) * 1500 END"
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {t(AssessedValue)} (parcel_id, roll_year, value, taxable_value) "
            f"SELECT p.id, %s, {value}, {taxable} FROM {t(Parcel)} p WHERE NOT EXISTS "
            f"(SELECT 1 FROM {t(AssessedValue)} v WHERE v.parcel_id = p.id AND v.roll_year = %s)",
            [roll_year, roll_year],
        )


def settle() -> None:
    """SQLite: the reset's pages written back to the database before a timed run (a WAL checkpoint), so neither side
    pays at its commit for the rows the reset deleted or dropped."""
    from django.db import connection

    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def analyze() -> None:
    """The planner's statistics, as a long-running installation's would be (a bulk load leaves PostgreSQL
    thinking the tables are empty: nested loops over a million rows)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def floor_run(tax_year: int, roll_year: int, rates: dict[int, int]) -> tuple[float, int]:
    """The floor: the same amounts written by one plain INSERT … SELECT (see the module)."""
    from django.db import connection, transaction

    from sewerworks.billing.capital import sql
    from sewerworks.registry.models import AssessedValue, ImprovementArea, Parcel

    case = "CASE " + " ".join(f"WHEN p.improvement_area_id = {k} THEN {v}" for k, v in rates.items()) + " END"
    value = sql.cents_sql("v.taxable_value")
    key = "INTEGER PRIMARY KEY AUTOINCREMENT" if connection.vendor == "sqlite" else "BIGSERIAL PRIMARY KEY"
    ref = "DEFERRABLE INITIALLY DEFERRED"  # as Django declares a foreign key
    with connection.cursor() as cursor:  # the charges' table's shape: columns, key, foreign keys, once a year
        cursor.execute("DROP TABLE IF EXISTS bench_floor")
        cursor.execute("DROP TABLE IF EXISTS bench_floor_run")
        cursor.execute("CREATE TABLE bench_floor_run (id BIGINT PRIMARY KEY)")
        cursor.execute("INSERT INTO bench_floor_run (id) VALUES (1)")
        cursor.execute(f"CREATE TABLE bench_floor (id {key}, tax_year SMALLINT NOT NULL, "
                       f"parcel_id BIGINT NOT NULL REFERENCES {t(Parcel)} (id) {ref}, "
                       f"area_id BIGINT NOT NULL REFERENCES {t(ImprovementArea)} (id) {ref}, "
                       "contract_user BOOLEAN NOT NULL, roll_year SMALLINT NOT NULL, taxable_value BIGINT NOT NULL, "
                       "rate NUMERIC(12, 6) NOT NULL, amount BIGINT NOT NULL, "
                       f"run_id BIGINT NOT NULL REFERENCES bench_floor_run (id) {ref}, "
                       "UNIQUE (tax_year, parcel_id))")  # fmt: skip
    settle()
    start, cpu = time.perf_counter(), time.process_time()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO bench_floor (tax_year, parcel_id, area_id, contract_user, roll_year, taxable_value, rate, "
            f"amount, run_id) SELECT %s, p.id, p.improvement_area_id, FALSE, %s, {value}, ({case}) * 1.0 / 1000000, "
            f"{sql.amount_sql(value, case)}, 1 "
            f"FROM {t(Parcel)} p JOIN {t(AssessedValue)} v ON v.parcel_id = p.id AND v.roll_year = %s "
            f"WHERE p.improvement_area_id IS NOT NULL AND v.taxable_value IS NOT NULL",
            [tax_year, roll_year, roll_year],
        )
        rows = int(cursor.rowcount)
    CPU.append(("floor", time.process_time() - cpu))
    return time.perf_counter() - start, rows


def product_run(user: Any) -> tuple[float, int]:
    from django.db import connection

    from sewerworks.billing.capital.run import do_run_capital_charge
    from sewerworks.billing.models import CapitalCharge, CapitalChargeIssue, CapitalChargeRun

    with connection.cursor() as cursor:  # a clean year: the run writes every charge again
        for model in (CapitalChargeIssue, CapitalCharge):
            cursor.execute(f"DELETE FROM {t(model)}")
        CapitalChargeIssue.history.all().delete()
        cursor.execute(f"DELETE FROM {t(CapitalChargeRun)}")
    settle()
    start, cpu = time.perf_counter(), time.process_time()
    run = do_run_capital_charge(TAX_YEAR, acting_user=user)
    CPU.append(("product", time.process_time() - cpu))
    return time.perf_counter() - start, int(run.charged)


def mismatches(sample: int, seed: int) -> tuple[int, int, int]:
    """Charges differing from the floor's row (all), and from the topic (a seeded sample); the sample's size."""
    from django.db import connection

    from sewerworks.billing.models import CapitalCharge
    from sewerworks.ordinance.topics import determine

    with connection.cursor() as cursor:  # a MoneyField holds whole cents
        # untimed: without it the join scans the floor's table once per charge (hours at 1,000,000 parcels)
        cursor.execute("CREATE INDEX IF NOT EXISTS bench_floor_parcel ON bench_floor (parcel_id)")
        cursor.execute(
            f"SELECT COUNT(*) FROM {t(CapitalCharge)} c LEFT JOIN bench_floor f ON f.parcel_id = c.parcel_id "
            f"WHERE c.tax_year = %s AND c.contract_user = %s AND (f.amount IS NULL OR f.amount <> c.amount)",
            [TAX_YEAR, False],
        )
        against_floor = int(cursor.fetchone()[0])
    ids = list(CapitalCharge.objects.filter(tax_year=TAX_YEAR).values_list("pk", flat=True))
    chosen = random.Random(seed).sample(ids, min(sample, len(ids)))
    wrong = 0
    for charge in CapitalCharge.objects.filter(pk__in=chosen).select_related("area"):
        facts = {"taxable_value": str(charge.taxable_value), "area": charge.area.code, "tax_year": TAX_YEAR,
                 "contract_user": charge.contract_user}  # fmt: skip
        decision = determine("capital-charge", facts, as_of=dt.date(TAX_YEAR, 1, 1))
        amount = next(a.value for a in decision.amounts if a.key == "capital_charge")
        wrong += amount != charge.amount
    return against_floor, wrong, len(chosen)


def main(argv: list[str]) -> int:
    args = parse(argv)
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-capital-")
    try:
        from benchmarks.timing import peak_rss_mib, require_empty_database, setup_django

        setup_django(var_dir)
        from django.conf import settings
        from django.contrib.auth.models import User
        from django.core.management import call_command
        from django.db import connection

        from sewerworks.billing.capital import sql
        from sewerworks.billing.capital.run import terms_of
        from sewerworks.registry import demo

        settings.DEBUG = False
        call_command("migrate", verbosity=0)
        require_empty_database()
        start = time.perf_counter()
        demo.build(seed=118, parcels=demo.DISTRICT_PARCELS, write=lambda _: None)
        roll_year, rates = terms_of(TAX_YEAR)
        build(args.parcels, args.seed, roll_year)
        built = time.perf_counter() - start
        analyze()
        user = User.objects.create_superuser("bench", password=None)
        ids = sql.area_ids(rates)
        print(
            f"capital_charge bench: {args.parcels:,} parcels (bulk generator, roll rows in SQL) in {built:.1f} s, "
            f"tax year {TAX_YEAR} on the roll of {roll_year}, rates {', '.join(f'{k} {v}' for k, v in rates.items())}; "
            f"{connection.vendor}, {os.cpu_count()} cores, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        product, floor = [], []
        for _ in range(args.runs):
            seconds, charged = product_run(user)
            product.append(seconds)
            seconds, floor_rows = floor_run(TAX_YEAR, roll_year, ids)
            floor.append(seconds)
        p, f = statistics.median(product), statistics.median(floor)
        against_floor, wrong, sampled = mismatches(args.sample, args.seed)
        print(f"  run:     product {charged:,} charges, median {p:.2f} s of {args.runs} ({listed(product)}); "
              f"floor {floor_rows:,} rows, median {f:.2f} s ({listed(floor)}); ratio {ratio_of(p, f):.2f}")  # fmt: skip
        analyze()  # a million charges written: the statistics autovacuum would gather before the clerk exports
        ep, ef, export_wrong = capital_export.measure(TAX_YEAR, Path(var_dir), user, args.runs)
        rss = peak_rss_mib()
        print(f"  mismatches: {against_floor} against the floor (every parcel inside), {wrong} of {sampled:,} against "
              f"the topic, {export_wrong} in the files; peak RSS {rss:.0f} MiB (goal ≤ 1024)")  # fmt: skip
        cpu_p = statistics.median(c for k, c in CPU if k == "product")
        cpu_f = statistics.median(c for k, c in CPU if k == "floor")
        print(f"  CPU of this process (the run): product {cpu_p:.2f} s, floor {cpu_f:.2f} s, ratio "
              f"{cpu_p / max(cpu_f, 1e-9):.2f} (medians; on PostgreSQL the server's CPU is not in it)")  # fmt: skip
        total_p, total_f = p + ep, f + ef
        print(f"  run + export: product {total_p:.2f} s, floor {total_f:.2f} s")
        ratio = ratio_of(total_p, total_f)
        met = ratio <= GOAL and against_floor == 0 and wrong == 0 and export_wrong == 0 and rss <= 1024
        print(f"capital_charge ÷ floor {ratio:.2f} (goal ≤ {GOAL}): {'met' if met else 'MISSED'}")
        return 0 if met else 1
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
