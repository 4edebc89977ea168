"""The rural roll a large demo adds: plain lots outside both improvement areas, written in bulk.

A demo of a million parcels (``make bench``) is the full district plus this: rectangular 100 by 200 ft
lots on a grid of rural roads west of the hamlets, each with an owner (one in five owners holds several),
a current ownership and an assessed value on each roll year. No buildings, accounts or meters: they are
outside the sewer. Rows go in with ``executemany`` in chunks inside the caller's transaction, ids
assigned here so that owners and parcels can be linked without reading them back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import Any

from django.core.management.color import no_style
from django.db import connection, models
from django.db.models import NOT_PROVIDED, Max

from sewerworks.registry.demo.names import GIVEN_NAMES, ROLL_YEARS, RURAL_ROADS, SURNAMES
from sewerworks.registry.models import AssessedValue, Owner, Ownership, Parcel
from sewerworks.registry.models.parcels import normalise_search, tax_map_sort_key

LOTS_PER_ROAD = 1000
LOT_W, LOT_D, ROAD_W = 100, 200, 30
X0, Y0 = 520_000, 960_000  # south-west corner, west of both hamlets (EPSG:2260 ft)
CHUNK = 50_000
RURAL_CLASSES = ("210",) * 12 + ("240", "240", "270", "311", "314", "105", "112", "312")
SHARED_OWNER = 0.2


def _inserter(model: type[models.Model], given: Sequence[str]) -> Callable[[Any, list[tuple[Any, ...]]], None]:
    """executemany for ``model``: rows give the ``given`` columns; every other column takes its default (a
    column the database fills, ``db_default``, is left out of the INSERT: a random public id, issue 37)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key or f.attname in given]
    by_name = {f.attname: f for f in fields}
    rest = [f for f in fields if f.attname not in given and f.db_default is NOT_PROVIDED]
    defaults = tuple(f.get_db_prep_save(f.get_default(), connection) for f in rest)
    columns = [by_name[name].column for name in given] + [f.column for f in rest]
    qn = connection.ops.quote_name
    # Table and column names come from the model's own metadata, quoted; values are parameters.
    table, names, marks = qn(model._meta.db_table), ", ".join(qn(c) for c in columns), ", ".join(["%s"] * len(columns))
    sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"  # noqa: S608

    def insert(cursor: Any, rows: list[tuple[Any, ...]]) -> None:
        cursor.executemany(sql, [row + defaults for row in rows] if defaults else rows)

    return insert


def _next_id(model: type[models.Model]) -> int:
    return int(model._default_manager.aggregate(m=Max("pk"))["m"] or 0) + 1


def write_rural_roll(rng: random.Random, parcels: int) -> dict[str, int]:
    """Write ``parcels`` rural parcels with owners, ownerships and assessments; returns rows per table."""
    add_parcels = _inserter(
        Parcel,
        [
            "id",
            "tax_map_number",
            "street_number",
            "street_name",
            "address_search",
            "street_search",
            "land_use_class",
            "polygon",
            "centroid_x",
            "centroid_y",
            "tax_map_sort",
        ],
    )
    add_owners = _inserter(Owner, ["id", "name", "name_search", "mailing_address", "city", "state", "postal_code"])
    add_ownerships = _inserter(Ownership, ["parcel_id", "owner_id", "start", "end"])
    add_values = _inserter(AssessedValue, ["parcel_id", "roll_year", "value"])
    first_parcel, first_owner = _next_id(Parcel), _next_id(Owner)
    roads = [(name, normalise_search(name)) for name in RURAL_ROADS]
    days = [date(1968, 1, 1) + timedelta(days=k) for k in range((date(2025, 12, 31) - date(1968, 1, 1)).days)]
    search_of: dict[str, str] = {}
    n_sur, n_giv = len(SURNAMES), len(GIVEN_NAMES)
    owner_count = 0
    counts = {"parcel": 0, "owner": 0, "ownership": 0, "assessedvalue": 0}
    with connection.cursor() as cursor:
        for chunk_start in range(0, parcels, CHUNK):
            p_rows, o_rows, os_rows, v_rows = [], [], [], []
            for i in range(chunk_start, min(parcels, chunk_start + CHUNK)):
                row, col = divmod(i, LOTS_PER_ROAD)
                road, road_search = roads[row % len(roads)]
                number = 2000 * (row // len(roads)) + 2 * col + 1
                x0, y0 = X0 + col * LOT_W, Y0 + row * (LOT_D + ROAD_W)
                x1, y1 = x0 + LOT_W, y0 + LOT_D
                pid = first_parcel + i
                land_use = RURAL_CLASSES[rng.randrange(len(RURAL_CLASSES))]
                tax_map = f"{200 + row // 10}.{col // 100 + 1:02d}-{row % 10 + 1}-{col % 100 + 1}"
                p_rows.append(
                    (
                        pid,
                        tax_map,
                        str(number),
                        road,
                        f"{number} {road_search}",
                        road_search,
                        land_use,
                        f"POLYGON (({x0} {y0}, {x1} {y0}, {x1} {y1}, {x0} {y1}, {x0} {y0}))",
                        x0 + LOT_W / 2,
                        y0 + LOT_D / 2,
                        tax_map_sort_key(tax_map),
                    )
                )
                if owner_count and rng.random() < SHARED_OWNER:
                    oid = first_owner + rng.randrange(owner_count)
                else:
                    bits = rng.getrandbits(32)
                    name = f"{SURNAMES[bits % n_sur]} {GIVEN_NAMES[(bits // n_sur) % n_giv]}"
                    initial = (bits // (n_sur * n_giv)) % 40
                    if initial < 26:
                        name += " " + chr(65 + initial)
                    if name not in search_of:
                        search_of[name] = normalise_search(name)
                    oid = first_owner + owner_count
                    owner_count += 1
                    o_rows.append((oid, name, search_of[name], f"{number} {road}", "Marlborough", "NY", "12542"))
                os_rows.append((pid, oid, days[rng.randrange(len(days))], None))
                value = rng.randrange(400, 6000) * 100
                v_rows.append((pid, ROLL_YEARS[0], value))  # whole dollars: stored as the Decimal would be
                v_rows.append((pid, ROLL_YEARS[1], value + rng.randrange(0, 30) * 100))
            add_parcels(cursor, p_rows)
            add_owners(cursor, o_rows)
            add_ownerships(cursor, os_rows)
            add_values(cursor, v_rows)
            for key, rows in (("parcel", p_rows), ("owner", o_rows), ("ownership", os_rows), ("assessedvalue", v_rows)):
                counts[key] += len(rows)
        if connection.vendor == "postgresql":  # explicit ids: move the sequences past them
            for sql in connection.ops.sequence_reset_sql(no_style(), [Parcel, Owner]):
                cursor.execute(sql)
    return counts
