"""The registry search box against its floor.

``sewerworks.registry.search.search(q)`` over the queries a clerk types (a tax map prefix, "12 main",
"king", "smith", an account or meter prefix), and the floor: one indexed range lookup on
``registry_parcel.tax_map_number`` returning 20 ids through a raw cursor, the least any search can cost.
For a query that misses the goal, the SQL it ran and SQLite's EXPLAIN QUERY PLAN say why.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks.timing import Figure, measure

GOAL_P95_MS = 100.0
FLOOR_SQL = (
    "SELECT id FROM registry_parcel WHERE tax_map_number >= %s AND tax_map_number < %s ORDER BY tax_map_number LIMIT 20"
)

# (what a clerk is looking for, what they type). The last few are drawn from the data so that they hit.
FIXED_QUERIES = [
    ("tax map prefix", "108.12"),
    ("tax map prefix (rural roll)", "201.05-3"),
    ("address '12 main'", "12 main"),
    ("street 'king'", "king"),
    ("owner 'smith'", "smith"),
    ("account 'MAR-0001'", "MAR-0001"),
    ("meter serial 'WM1234'", "WM1234"),
]


def queries_from_data() -> list[tuple[str, str]]:
    """Queries that certainly find something in this database: a real address, owner and meter."""
    from sewerworks.registry.models import Owner, Parcel, WaterMeter

    found = []
    parcel = Parcel.objects.filter(improvement_area__isnull=False).order_by("pk").first()
    if parcel:
        found.append(("full tax map number", parcel.tax_map_number))
        found.append((f"address '{parcel.address_search[:8]}'", parcel.address_search[:8]))
    owner = Owner.objects.order_by("-pk").values_list("name", flat=True).first()
    if owner:
        found.append((f"owner '{owner[:9].lower()}'", owner[:9].lower()))
    serial = WaterMeter.objects.order_by("pk").values_list("serial", flat=True).first()
    if serial:
        found.append((f"meter serial '{serial[:6]}'", serial[:6]))
    return found


def floor_figure(runs: int) -> Figure:
    with connection.cursor() as cursor:

        def lookup() -> list[Any]:
            cursor.execute(FLOOR_SQL, ["108.1", "108.2"])
            return cursor.fetchall()

        return measure("floor: indexed tax map range", lookup, runs, detail=f"{len(lookup())} rows")


def search_figures(runs: int) -> list[tuple[Figure, str]]:
    """(figure, query typed) for each query."""
    from sewerworks.registry.search import search

    figures = []
    for label, q in FIXED_QUERIES + queries_from_data():
        hits = search(q)
        figures.append((measure(f"search: {label}", partial(search, q), runs, detail=f"{len(hits)} hits"), q))
    return figures


def explain(q: str) -> list[str]:
    """The SQL that search(q) runs, each with its query plan (SQLite) or EXPLAIN (PostgreSQL)."""
    from sewerworks.registry.search import search

    with CaptureQueriesContext(connection) as ctx:
        search(q)
    prefix = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
    lines = []
    with connection.cursor() as cursor:
        for captured in ctx.captured_queries:
            sql = captured["sql"]
            cursor.execute(prefix + sql)
            plan = " | ".join(str(row[-1]) for row in cursor.fetchall())
            lines.append(f"  {captured['time']}s  {sql[:160]}\n      plan: {plan}")
    return lines
