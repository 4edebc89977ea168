"""The demo's public sewer and the plan of each hamlet.

Mains run under the streets inside the improvement boundary: north-south streets flow toward the trunk
street, east-west streets flow east, and the trunk carries everything east to the treatment plant near
the Hudson. Every main has a manhole at each end and none is longer than 300 ft (§118-33 allows 400,
I-40). Old mains are vitrified clay, newer ones PVC; 8-inch laterals streets, a 10-inch main under
Route 9W, a 12-inch trunk.
"""

from __future__ import annotations

import math
import random
from datetime import date

from shapely.geometry import LineString, Point

from sewerworks.registry.demo.layout import (
    MAX_MAIN_FT,
    SPACING_FT,
    HamletPlan,
    Main,
    candidate_lots,
    choose_lots,
    draw_boundary,
    special_lots,
)
from sewerworks.registry.demo.names import HAMLETS, Hamlet
from sewerworks.registry.geometry import from_lonlat

CLAY_BEFORE = 1985  # mains laid before this year are vitrified clay


def lay_sewers(rng: random.Random, plan: HamletPlan, xs: list[float], ys: list[float]) -> None:
    """Fill ``plan.mains`` and ``plan.manholes`` (identifier -> point)."""
    prefix = plan.hamlet.account_prefix
    ic, ir = len(xs) // 2, len(ys) // 2
    by_point: dict[tuple[float, float], str] = {}

    def manhole(p: tuple[float, float]) -> str:
        key = (round(p[0], 2), round(p[1], 2))
        if key not in by_point:
            by_point[key] = f"MH-{prefix}-{len(by_point) + 1:04d}"
            plan.manholes[by_point[key]] = key
        return by_point[key]

    def run(a: tuple[float, float], b: tuple[float, float], diameter: int, year: int) -> None:
        pieces = max(1, math.ceil(math.dist(a, b) / MAX_MAIN_FT - 1e-9))
        pts = [(a[0] + (b[0] - a[0]) * k / pieces, a[1] + (b[1] - a[1]) * k / pieces) for k in range(pieces + 1)]
        for p, q in zip(pts, pts[1:], strict=False):
            up, down = manhole(p), manhole(q)
            plan.mains.append(
                Main(
                    identifier=f"SM-{prefix}-{len(plan.mains) + 1:04d}",
                    line=LineString([plan.manholes[up], plan.manholes[down]]),
                    diameter_in=diameter,
                    install_year=year,
                    upstream=up,
                    downstream=down,
                )
            )

    inside = plan.boundary.contains
    for i, x in enumerate(xs):
        year = rng.randint(1972, 2015)
        for j in range(len(ys) - 1):
            if inside(Point(x, (ys[j] + ys[j + 1]) / 2)):
                a, b = ((x, ys[j + 1]), (x, ys[j])) if j >= ir else ((x, ys[j]), (x, ys[j + 1]))
                run(a, b, 10 if i == ic else 8, year)
    trunk_year = rng.randint(1972, 1980)
    east_end: tuple[float, float] | None = None
    for j, y in enumerate(ys):
        year = trunk_year if j == ir else rng.randint(1972, 2015)
        for i in range(len(xs) - 1):
            if inside(Point((xs[i] + xs[i + 1]) / 2, y)):
                run((xs[i], y), (xs[i + 1], y), 12 if j == ir else 8, year)
                if j == ir:
                    east_end = (xs[i + 1], y)
    if east_end is None:  # the trunk always crosses the centre, so this is a defect of the plan
        raise ValueError(f"{plan.hamlet.name}: no trunk sewer inside the boundary.")
    run(east_end, plan.plant, 12, trunk_year)


def installed_on(rng: random.Random, year: int) -> date:
    return date(year, rng.randint(4, 10), rng.randint(1, 28))


def plan_hamlet(rng: random.Random, index: int, h: Hamlet, parcels: int) -> HamletPlan:
    """Boundary, streets, lots and sewers of one hamlet holding about ``parcels`` parcels."""
    cx, cy = from_lonlat(h.lon, h.lat)
    cx, cy = round(cx, 2), round(cy, 2)
    boundary = draw_boundary(rng, cx, cy, h.radius_ft)
    ic, ir = len(h.ns_streets) // 2, len(h.ew_streets) // 2
    xs = [round(cx + (i - ic) * SPACING_FT, 2) for i in range(len(h.ns_streets))]
    ys = [round(cy + (j - ir) * SPACING_FT, 2) for j in range(len(h.ew_streets))]
    plan = HamletPlan(hamlet=h, center=(cx, cy), boundary=boundary, plant=(round(xs[-1] + 400.0, 2), ys[ir]))
    base_9w = 4000 * index
    streets = [
        (name, LineString([(x, ys[0]), (x, ys[-1])]), base_9w if name == "Route 9W" else 0)
        for name, x in zip(h.ns_streets, xs, strict=True)
    ]
    streets += [(name, LineString([(xs[0], y), (xs[-1], y)]), 0) for name, y in zip(h.ew_streets, ys, strict=True)]
    candidates = candidate_lots(rng, h, xs, ys, base_9w)
    specials = special_lots(rng, h, boundary, (cx, cy), streets)
    outside = max(2, round(parcels * 0.04))
    plan.lots = choose_lots(rng, plan, candidates, specials, parcels - outside - len(specials), outside)
    lay_sewers(rng, plan, xs, ys)
    return plan


def plan_district(rng: random.Random, parcels: int) -> list[HamletPlan]:
    """Both hamlets, sharing ``parcels`` between them (60% Marlborough, 40% Milton)."""
    counts = [round(parcels * h.share) for h in HAMLETS]
    counts[-1] = parcels - sum(counts[:-1])
    return [plan_hamlet(rng, i, h, n) for i, (h, n) in enumerate(zip(HAMLETS, counts, strict=True))]
