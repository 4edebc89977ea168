"""The capital charge's export in the capital_charge benchmark (§118-51; I-122): the product's files against a
floor in the same process, and the files checked against the charges.

Product: ``do_write_capital_charge`` in each form the county takes (``parcels``: a row per parcel; ``levy``: a
row per levy code), written to a file in the benchmark's folder (what the clerk's download streams). Floor: the
cheapest honest way to the same file: the same rows read by one plain SELECT (per parcel: the charges joined to
their parcel and area in tax-map order; per levy code: one GROUP BY), formatted with plain string formatting
(cents as integers from the cursor, the print key by the same pure function, since it is part of the file) and
written with ``csv.writer``. No role check, no issue check, no audit record, no column map, no CSV-injection
guard. The product's file must be the floor's byte for byte, and its rows must add up to the charges of the year
(count and total cents, read back in a streaming pass).
"""
# ruff: noqa: S608 - table names come from the models' _meta

from __future__ import annotations

import csv
import itertools
import statistics
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

FORMS = ("parcels", "levy")


@dataclass(frozen=True)
class ExportCheck:
    """One form's file read back: its rows and total cents against the year's charges, lines unlike the floor's."""

    form: str
    rows: int
    cents: int
    expected_rows: int
    expected_cents: int
    lines_unlike_floor: int

    @property
    def mismatches(self) -> int:
        return (self.rows != self.expected_rows) + (self.cents != self.expected_cents) + self.lines_unlike_floor


def t(model: Any) -> str:
    from django.db import connection

    return connection.ops.quote_name(model._meta.db_table)


def left_out_sql() -> str:
    from sewerworks.billing.models import CapitalChargeIssue

    return f"SELECT parcel_id FROM {t(CapitalChargeIssue)} WHERE tax_year = %s AND excluded_at IS NOT NULL"


def leave_out_open_issues(tax_year: int, user: Any) -> int:
    """The clerk leaves out each parcel the run could not charge (untimed: the export refuses while one is open)."""
    from sewerworks.billing.capital.run import do_exclude_capital_issue, open_issues

    issues = list(open_issues(tax_year))
    for issue in issues:
        do_exclude_capital_issue(issue, reason="Benchmark: no taxable value on the roll", acting_user=user)
    return len(issues)


def product_export(tax_year: int, form: str, folder: Path, user: Any) -> tuple[float, int]:
    from sewerworks.billing.capital.export import do_write_capital_charge

    start = time.perf_counter()
    with open(folder / f"product-{form}.csv", "w", encoding="utf-8", newline="") as out:
        _, rows = do_write_capital_charge(tax_year, form, out, acting_user=user)
    return time.perf_counter() - start, rows


def _money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def floor_export(tax_year: int, form: str, folder: Path) -> tuple[float, int]:
    """The same file by one plain SELECT and ``csv.writer`` (see the module)."""
    from django.db import connection, transaction

    from sewerworks.billing.capital.export import _terms, layout
    from sewerworks.billing.models import CapitalCharge
    from sewerworks.billing.taxroll.export import print_key
    from sewerworks.registry.models import ImprovementArea, Parcel

    start = time.perf_counter()
    swis, levy = _terms(tax_year)
    header = [c.name for c in layout(form).columns]
    where = f"c.tax_year = %s AND c.parcel_id NOT IN ({left_out_sql()})"
    rows = 0
    with open(folder / f"floor-{form}.csv", "w", encoding="utf-8", newline="") as out, transaction.atomic():
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(header)
        with connection.cursor() as cursor:
            if form == "levy":
                cursor.execute(
                    f"SELECT a.code, a.name, COUNT(*), SUM(c.amount) FROM {t(CapitalCharge)} c "
                    f"JOIN {t(ImprovementArea)} a ON a.id = c.area_id WHERE {where} GROUP BY a.code, a.name "
                    "ORDER BY a.code",
                    [tax_year, tax_year],
                )
                for code, name, parcels, cents in cursor.fetchall():
                    writer.writerow([swis, levy.get(code, ""), name, parcels, _money(int(cents)), tax_year])
                    rows += 1
                return time.perf_counter() - start, rows
            cursor.execute(
                f"SELECT p.tax_map_number, a.code, c.taxable_value, c.rate, c.amount FROM {t(CapitalCharge)} c "
                f"JOIN {t(Parcel)} p ON p.id = c.parcel_id JOIN {t(ImprovementArea)} a ON a.id = c.area_id "
                f"WHERE {where} ORDER BY p.tax_map_sort, p.tax_map_number, c.parcel_id",
                [tax_year, tax_year],
            )
            rates: dict[Any, str] = {}
            while batch := cursor.fetchmany(5000):
                for tmn, code, taxable, rate, cents in batch:
                    keys = print_key(tmn) or ("", "")
                    if rate not in rates:
                        rates[rate] = format(Decimal(str(rate)).normalize(), "f")
                    writer.writerow([swis, keys[1].rstrip(), keys[0], levy.get(code, ""), _money(taxable), rates[rate],
                                     _money(cents), tax_year])  # fmt: skip
                rows += len(batch)
    return time.perf_counter() - start, rows


def check(tax_year: int, form: str, folder: Path) -> ExportCheck:
    """The product's file read back in one streaming pass against the charges, and line by line against the
    floor's file."""
    from django.db import connection

    from sewerworks.billing.models import CapitalCharge

    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM {t(CapitalCharge)} "
            f"WHERE tax_year = %s AND parcel_id NOT IN ({left_out_sql()})",
            [tax_year, tax_year],
        )
        charges, total = (int(x) for x in cursor.fetchone())
    product, floor = folder / f"product-{form}.csv", folder / f"floor-{form}.csv"
    rows = cents = 0
    with open(product, encoding="utf-8", newline="") as text:
        reader = csv.DictReader(text)
        for row in reader:
            amount = int(Decimal(row["AMOUNT"]) * 100)
            cents += amount
            rows += int(row["PARCELS"]) if form == "levy" else 1
    unlike = 0
    with open(product, "rb") as a, open(floor, "rb") as b:
        for left, right in itertools.zip_longest(a, b):
            unlike += left != right
    return ExportCheck(form, rows, cents, charges, total, unlike)


def listed(seconds: list[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in seconds)


def ratio_of(product: float, floor: float) -> float:
    return product / floor if floor else float("inf")


def measure(tax_year: int, folder: Path, user: Any, runs: int) -> tuple[float, float, int]:
    """The clerk leaves out what the run could not charge (untimed), then product and floor alternate ``runs``
    times in each form; the figures printed; (product seconds, floor seconds: the sums of the forms' medians,
    mismatches in the files)."""
    left_out = leave_out_open_issues(tax_year, user)
    timed: dict[str, tuple[list[float], list[float]]] = {form: ([], []) for form in FORMS}
    rows: dict[str, tuple[int, int]] = {}
    for _ in range(runs):
        for form in FORMS:
            product_s, product_rows = product_export(tax_year, form, folder, user)
            floor_s, floor_rows = floor_export(tax_year, form, folder)
            timed[form][0].append(product_s)
            timed[form][1].append(floor_s)
            rows[form] = (product_rows, floor_rows)
    product = floor = 0.0
    for form, (p, f) in timed.items():
        mp, mf = statistics.median(p), statistics.median(f)
        product, floor = product + mp, floor + mf
        print(f"  export {form}: product {rows[form][0]:,} rows, median {mp:.2f} s ({listed(p)}), "
              f"floor {rows[form][1]:,} rows, {mf:.2f} s ({listed(f)}); ratio {ratio_of(mp, mf):.2f}")  # fmt: skip
    print(f"  exports: product {product:.2f} s, floor {floor:.2f} s, ratio {ratio_of(product, floor):.2f} "
          f"({left_out:,} parcels the run could not charge left out by the clerk first)")  # fmt: skip
    wrong = 0
    for form in FORMS:
        c = check(tax_year, form, folder)
        wrong += c.mismatches
        print(f"  {form} file read back: {c.rows:,} parcels for {c.expected_rows:,} charges, {c.cents:,} cents for "
              f"{c.expected_cents:,}, {c.lines_unlike_floor} lines unlike the floor's file")  # fmt: skip
    return product, floor, wrong
