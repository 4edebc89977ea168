"""The registry search box against its floor, on SQLite or (DATABASE_URL) PostgreSQL.

``sewerworks.registry.search.search(q)`` over the queries a clerk types (a tax map prefix, "12 main",
"king", "smith", an account or meter prefix; a part in the middle of a name, "Given Surname" and
"Surname, Given", a tax map number without separators, a full address with its suffix spelled out), and
the floor: one indexed range lookup on
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
    ("middle of a name 'vans'", "vans"),
    ("middle of a name 'mith'", "mith"),
    ("tax map without separators '1081'", "1081"),
    ("full address '68 Main Street'", "68 Main Street"),
]


def queries_from_data() -> list[tuple[str, str]]:
    """Queries that certainly find something in this database: a real address, owner and meter."""
    from sewerworks.registry.models import Owner, Parcel, WaterMeter

    found = []
    parcel = Parcel.objects.filter(improvement_area__isnull=False).order_by("pk").first()
    if parcel:
        found.append(("full tax map number", parcel.tax_map_number))
        found.append((f"address '{parcel.address_search[:8]}'", parcel.address_search[:8]))
        compact = "".join(ch for ch in parcel.tax_map_number if ch.isalnum())
        found.append((f"tax map without separators '{compact}'", compact))
        spelled = " ".join(
            {"rd": "Road", "st": "Street", "ln": "Lane"}.get(w, w) for w in parcel.address_search.split()
        )
        found.append((f"full address '{spelled}'", spelled))
    owner = Owner.objects.order_by("-pk").values_list("name", flat=True).first()
    if owner:
        found.append((f"owner '{owner[:9].lower()}'", owner[:9].lower()))
        words = owner.title().split()
        if len(words) >= 2:
            found.append((f"owner '{words[1]} {words[0]}'", f"{words[1]} {words[0]}"))
            found.append((f"owner '{words[0]}, {words[1]}'", f"{words[0]}, {words[1]}"))
        found.append((f"middle of an owner's name '{owner[2:7].lower()}'", owner[2:7].lower()))
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
