"""The set-based screen: read the parcels outside both areas in chunks of ids, find those within the screen's
radius of a boundary with a spatial index, measure them, classify them and write their candidate rows.

Per chunk: one raw fetch (id, polygon, discharge point), ``shapely.from_wkt`` on the whole column, an STRtree
of the chunk's polygons queried with each prepared area polygon (``dwithin`` the radius), vectorised
distances for the few found, and one short transaction that replaces the chunk's candidate rows with
``executemany``. Memory stays bounded by the chunk; readers see each chunk before or after, never half.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from django.db import connection, transaction

from sewerworks.contracts.models import Candidate
from sewerworks.contracts.screen.measure import NO_POINT, OUTCOME_CODES, Limits, classify, feet_text, hundredths
from sewerworks.registry.models import ImprovementArea, Parcel

CHUNK = 100_000
Progress = Callable[..., None]


@dataclass
class Areas:
    """Both areas' polygons, prepared once."""

    ids: list[int]
    polygons: list[shapely.Geometry]

    @classmethod
    def load(cls) -> Areas:
        rows = [(pk, text) for pk, text in ImprovementArea.objects.order_by("pk").values_list("pk", "boundary") if text]
        polygons = list(shapely.from_wkt([t for _, t in rows]))
        for p in polygons:
            shapely.prepare(p)
        return cls([pk for pk, _ in rows], polygons)


@dataclass
class ScreenTotals:
    parcels_read: int = 0
    candidates: int = 0
    counts: Counter[str] = field(default_factory=Counter)


def outside_parcels(only: Sequence[int] | None = None) -> Any:
    """The published parcels outside both areas that have a polygon (``only`` those ids, when given)."""
    qs = Parcel.objects.filter(improvement_area__isnull=True).exclude(polygon="")
    return qs if only is None else qs.filter(pk__in=list(only))


def fetch(low: int, size: int, only: Sequence[int] | None = None) -> list[tuple[int, str, str]]:
    """A raw fetch of (id, polygon, discharge point) with ids above ``low``, the ORM's SQL and no converters."""
    qs = outside_parcels(only).filter(pk__gt=low).order_by("pk").values_list("pk", "polygon", "discharge_point")
    sql, params = qs[:size].query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def measure(rows: list[tuple[int, str, str]], areas: Areas, limits: Limits) -> list[tuple[Any, ...]]:
    """The candidate rows of one chunk: (parcel id, area id, outcome, gap ft, discharge ft or None)."""
    if not rows or not areas.ids:
        return []
    polygons = shapely.from_wkt([r[1] for r in rows])
    tree = shapely.STRtree(polygons)
    radius = limits.radius / 100 + 0.01  # a little wider: what rounds to the radius is kept below (``keep``)
    near = np.unique(np.concatenate([tree.query(a, predicate="dwithin", distance=radius) for a in areas.polygons]))
    if not len(near):
        return []
    found = polygons[near]
    gaps = np.stack([shapely.distance(found, a) for a in areas.polygons])
    nearer = np.argmin(gaps, axis=0)
    gap_h = hundredths(np.min(gaps, axis=0))
    texts = [rows[i][2] for i in near]
    discharge_h = np.full(len(near), NO_POINT, dtype=np.int64)
    has = np.array([bool(t) for t in texts])
    if has.any():
        points = shapely.from_wkt([t for t in texts if t])
        to_areas = np.min(np.stack([shapely.distance(points, a) for a in areas.polygons]), axis=0)
        discharge_h[has] = hundredths(to_areas)
    keep = gap_h <= limits.radius
    codes = classify(gap_h, discharge_h, limits)
    out = []
    for k in np.flatnonzero(keep):
        d = int(discharge_h[k])
        out.append(
            (
                rows[near[k]][0],
                areas.ids[nearer[k]],
                OUTCOME_CODES[codes[k]],
                feet_text(int(gap_h[k])),
                None if d == NO_POINT else feet_text(d),
            )
        )
    return out


INSERT_COLUMNS = ("parcel_id", "area_id", "outcome", "boundary_gap_ft", "discharge_distance_ft", "as_of", "run")


def insert_sql() -> str:
    qn = connection.ops.quote_name
    by_name = {f.attname: f.column for f in Candidate._meta.concrete_fields}
    columns = ", ".join(qn(by_name[c]) for c in INSERT_COLUMNS)
    marks = ", ".join(["%s"] * len(INSERT_COLUMNS))
    return f"INSERT INTO {qn(Candidate._meta.db_table)} ({columns}) VALUES ({marks})"  # noqa: S608


def replace(
    found: list[tuple[Any, ...]], *, as_of: dt.date, run: str, low: int, high: int | None, only: Sequence[int] | None
) -> None:
    """In one short transaction: drop the candidates of the range (or of ``only``), write ``found``."""
    day = connection.ops.adapt_datefield_value(as_of)
    with transaction.atomic():
        stale = Candidate.objects.filter(parcel_id__gt=low)
        if high is not None:
            stale = stale.filter(parcel_id__lte=high)
        if only is not None:
            stale = stale.filter(parcel_id__in=list(only))
        stale._raw_delete(stale.db)  # derived rows with nothing pointing at them: no per-row delete
        if found:
            with connection.cursor() as cursor:
                cursor.executemany(insert_sql(), [(*row, day, run) for row in found])


def screen(
    *,
    limits: Limits,
    run: str,
    only: Sequence[int] | None = None,
    chunk: int = CHUNK,
    progress: Progress | None = None,
) -> ScreenTotals:
    """Screen the parcel layer (or the parcels ``only``) and write their candidates; returns the totals."""
    areas = Areas.load()
    totals = ScreenTotals()
    total = outside_parcels(only).count() if progress is not None else None
    low = 0
    while True:
        rows = fetch(low, chunk, only)
        found = measure(rows, areas, limits)
        last = rows[-1][0] if len(rows) == chunk else None  # the final chunk also clears the ids above it
        replace(found, as_of=limits.as_of, run=run, low=low, high=last, only=only)
        totals.parcels_read += len(rows)
        totals.candidates += len(found)
        totals.counts.update(row[2] for row in found)
        if progress is not None:
            progress(done=totals.parcels_read, total=total, message=f"Screened {totals.parcels_read:,} parcels.")
        if last is None:
            return totals
        low = last
