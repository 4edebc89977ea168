"""Where things are in the demo district: each hamlet's improvement boundary, streets, lots and sewers.

Pure geometry in EPSG:2260 (US survey feet), from one ``random.Random``: the same seed draws the same
town. Each hamlet is a grid of named streets around its real centre; lots line the streets; the boundary
is an irregular polygon about 1.1 miles across; the public sewer runs under the streets inside it and
flows east, down the trunk street, to the treatment plant on the river (§118-33: a manhole at each end of
a main and never more than 400 ft apart, I-40). A few lots are placed just outside the boundary at set
distances, on both sides of the contract-user rules (§118-1, §118-29.1, I-10: adjoining = within 1 ft;
discharge within 400 ft).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import nearest_points
from shapely.strtree import STRtree

from sewerworks.registry.demo.names import Hamlet

SPACING_FT = 600.0  # street centre line to street centre line
ROAD_FT = 25.0  # half a road's width: lots begin this far from the centre line
MAX_MAIN_FT = 300.0  # each block-long main is split in two, well under the 400 ft of §118-33
# Lots placed outside the boundary: (gap between lot line and boundary in ft, kind, connected by contract).
# 1 ft and 400 ft are the I-10 tolerances, so these sit on both sides of each.
SPECIAL_GAPS = (
    (0.4, "adjoining", True),
    (0.8, "adjoining", False),
    (1.6, "near", True),
    (150.0, "near", True),
    (390.0, "near", False),
    (410.0, "far", False),
)
SPECIAL_ANGLES = (150.0, 195.0, 240.0, 120.0, 270.0, 215.0)


def _r(v: float) -> float:
    return round(v, 2)


@dataclass
class Lot:
    """One tax lot: its shape, the street it fronts and, for a lot outside the boundary, how far out."""

    hamlet: Hamlet
    polygon: Polygon
    street: str
    number: int
    front: tuple[float, float]
    tax_map: str
    special: str = ""  # "", "adjoining", "near" (within 400 ft), "far" (beyond 400 ft)
    gap_ft: float | None = None
    discharge: tuple[float, float] | None = None
    inside: bool = False
    contract: bool = False


@dataclass
class Main:
    identifier: str
    line: LineString  # drawn in the direction of flow
    diameter_in: int
    install_year: int
    upstream: str
    downstream: str


@dataclass
class HamletPlan:
    hamlet: Hamlet
    center: tuple[float, float]
    boundary: Polygon
    plant: tuple[float, float]
    lots: list[Lot] = field(default_factory=list)
    mains: list[Main] = field(default_factory=list)
    manholes: dict[str, tuple[float, float]] = field(default_factory=dict)


def draw_boundary(rng: random.Random, cx: float, cy: float, radius: float) -> Polygon:
    """An irregular, star-shaped (hence valid) polygon around the hamlet's centre."""
    n = rng.randint(14, 18)
    step = 2 * math.pi / n
    points = []
    for k in range(n):
        a = k * step + rng.uniform(-0.3, 0.3) * step
        r = radius * rng.uniform(0.8, 1.2)
        points.append((_r(cx + r * math.cos(a)), _r(cy + r * math.sin(a))))
    return Polygon(points)


def _street_number(pos: float, odd: bool, base: int) -> int:
    return base + 2 * int(pos / 40.0) + (1 if odd else 2)


def candidate_lots(rng: random.Random, h: Hamlet, xs: list[float], ys: list[float], base_9w: int) -> list[Lot]:
    """Every lot the street grid could hold, block by block (blocks along Route 9W face it)."""
    ic, ir = len(xs) // 2, len(ys) // 2
    lots: list[Lot] = []
    for c in range(len(xs) - 1):
        for r in range(len(ys) - 1):
            faces_ns = c in (ic - 1, ic) or (r not in (ir - 1, ir) and (c + r) % 2 == 0)
            lot_idx = 0
            if faces_ns:  # lots on the block's west and east sides, fronting north-south streets
                sides = (
                    (c, xs[c] + ROAD_FT, 1.0, ys[r], ys[r + 1]),
                    (c + 1, xs[c + 1] - ROAD_FT, -1.0, ys[r], ys[r + 1]),
                )
            else:  # lots on the block's south and north sides, fronting east-west streets
                sides = (
                    (r, ys[r] + ROAD_FT, 1.0, xs[c], xs[c + 1]),
                    (r + 1, ys[r + 1] - ROAD_FT, -1.0, xs[c], xs[c + 1]),
                )
            for street_idx, edge, inward, start, end in sides:
                along = start + ROAD_FT
                stop = end - ROAD_FT
                while stop - along >= 50.0:
                    w = rng.uniform(55.0, 95.0)
                    if stop - along - w < 50.0:
                        w = stop - along
                    d1, d2 = rng.uniform(140.0, 250.0), rng.uniform(140.0, 250.0)
                    a0, a1 = along, along + w
                    if faces_ns:
                        pts = [(edge, a0), (edge + inward * d1, a0), (edge + inward * d2, a1), (edge, a1)]
                        front = (edge, a0 + w / 2)
                        street = h.ns_streets[street_idx]
                        pos = front[1] - ys[0] + 100.0
                        odd = inward < 0  # lots west of the street take odd numbers
                    else:
                        pts = [(a0, edge), (a0, edge + inward * d1), (a1, edge + inward * d2), (a1, edge)]
                        front = (a0 + w / 2, edge)
                        street = h.ew_streets[street_idx]
                        pos = front[0] - xs[0] + 100.0
                        odd = inward > 0  # lots north of the street take odd numbers
                    base = base_9w if street == "Route 9W" else 0
                    lot_idx += 1
                    lots.append(
                        Lot(
                            hamlet=h,
                            polygon=Polygon([(_r(x), _r(y)) for x, y in pts]),
                            street=street,
                            number=_street_number(pos, odd, base),
                            front=(_r(front[0]), _r(front[1])),
                            tax_map=f"{h.tax_section}.{c + 10:02d}-{r + 1}-{lot_idx}",
                        )
                    )
                    along = a1
    return lots


def place_outside(boundary: Polygon, center: tuple[float, float], angle_deg: float, gap: float) -> Polygon:
    """A 100 by 160 ft lot outside the boundary, out along a ray from the centre, ``gap`` ft from it."""
    cx, cy = center
    ux, uy = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    ray = LineString([(cx, cy), (cx + ux * 50_000, cy + uy * 50_000)])
    t = ray.intersection(boundary.exterior).distance(Point(cx, cy)) + gap + 120.0
    rect = box(0, 0, 1, 1)
    for _ in range(200):
        px, py = cx + ux * t, cy + uy * t
        rect = box(_r(px - 50), _r(py - 80), _r(px + 50), _r(py + 80))
        d = rect.distance(boundary)
        if abs(d - gap) < 0.03:
            break
        t += (gap - d) if d > 0 else 60.0
    return rect


def special_lots(
    rng: random.Random,
    h: Hamlet,
    boundary: Polygon,
    center: tuple[float, float],
    streets: list[tuple[str, LineString, int]],
) -> list[Lot]:
    """Lots outside the area at the gaps of SPECIAL_GAPS, for the contract-user rules (I-10)."""
    lots = []
    for k, ((gap, kind, contract), angle) in enumerate(zip(SPECIAL_GAPS, SPECIAL_ANGLES, strict=True)):
        poly = place_outside(boundary, center, angle + rng.uniform(-8.0, 8.0), gap)
        dp = nearest_points(poly.exterior, boundary.exterior)[0]
        name, line, base = min(streets, key=lambda s: s[1].distance(poly.centroid))
        pos = line.project(poly.centroid) + 100.0
        lots.append(
            Lot(
                hamlet=h,
                polygon=poly,
                street=name,
                number=_street_number(pos, True, base) + 1000,
                front=(_r(dp.x), _r(dp.y)),
                tax_map=f"{h.tax_section}.90-1-{k + 1}",
                special=kind,
                gap_ft=_r(poly.distance(boundary)),
                discharge=(_r(dp.x), _r(dp.y)),
                contract=contract,
            )
        )
    return lots


def choose_lots(
    rng: random.Random,
    plan: HamletPlan,
    candidates: list[Lot],
    specials: list[Lot],
    inside_count: int,
    outside_count: int,
) -> list[Lot]:
    """The hamlet's lots: the most central ones inside the boundary, a few just outside it, the specials."""
    tree = STRtree([s.polygon.buffer(5.0) for s in specials])
    boundary = plan.boundary
    cx, cy = plan.center
    inside, outside = [], []
    for lot in candidates:
        if len(tree.query(lot.polygon, predicate="intersects")):
            continue
        c = lot.polygon.centroid
        if boundary.contains(c):
            lot.inside = True
            inside.append((math.hypot(c.x - cx, c.y - cy) * rng.uniform(0.85, 1.15), lot))
        else:
            outside.append((boundary.exterior.distance(c) * rng.uniform(0.9, 1.1), lot))
    if len(inside) < inside_count:
        raise ValueError(f"{plan.hamlet.name} holds {len(inside)} lots inside its boundary, not {inside_count}.")
    chosen = {id(lot) for _, lot in sorted(inside, key=lambda t: t[0])[:inside_count]}
    chosen |= {id(lot) for _, lot in sorted(outside, key=lambda t: t[0])[:outside_count]}
    return [lot for lot in candidates if id(lot) in chosen] + specials
