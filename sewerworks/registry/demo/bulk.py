"""The bulk generator (``sewerworks demo --accounts M``): M sewer accounts inside the two Sewer Improvement
Areas, each on its own parcel, with an owner, a meter and two reads around the current billing period,
plus the parcels just outside the boundaries that the contract-user screen needs (one for every eight
accounts, so that more than 10% of what it writes lies within 600 ft outside a boundary, each with a
discharge point). For the benchmarks of the bill run (issue 10) and of the contract-user screen (issue 15).

Special cases in proportions like a real district's, so that a bill run measures the whole engine:
class estimates for the unmetered (I-27), defective meters (I-26), register rollovers (I-48), cubic-foot
meters (I-24), vehicle-wash meters (§118-6, I-44); billing adds strength records (I-03). The duties the
records imply are opened (``core.records.bulk.announce_written``): an unmetered account outside the Water
District must install a meter (§118-52, I-52). No buildings or connections, so no other duty arises.

Set-based: rows go in with ``executemany`` in chunks, ids assigned here, never an ORM save. Geometry is
synthetic: the accounts' lots are small squares on a grid inside each boundary (they overlap the
district's drawn lots), the outside lots squares on rings 10 to 590 ft out from each boundary, their discharge
points at the centres; one in three is instead a "flag lot" 12 ft wide reaching back to half a foot from the
boundary, so that the contract-user screen finds adjoining lots with discharges on both sides of 200 and 400 ft.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from datetime import date

import shapely
from django.core.management.color import no_style
from django.db import connection
from shapely import wkt

from sewerworks.core.records.bulk import announce_written
from sewerworks.registry.demo.names import GIVEN_NAMES, HAMLETS, SURNAMES, WATER_SUPERINTENDENT
from sewerworks.registry.demo.rural import _inserter, _next_id
from sewerworks.registry.models import ImprovementArea, MeterRead, Owner, Ownership, Parcel, SewerAccount, WaterMeter
from sewerworks.registry.models.parcels import normalise_search, tax_map_sort_key

START_READ, END_READ = date(2026, 5, 1), date(2026, 11, 1)  # the demo's read days around the autumn period
DEFECTIVE_SINCE = date(2026, 6, 20)
CHUNK = 50_000
# Shares of the accounts (realistic for a town district): the rest are plain metered accounts.
SHARES = {
    "unmetered": 0.009,  # residential, in the Water District, never metered: the class estimate (I-27)
    "own_well": 0.0005,  # outside the Water District, unmetered: estimate, and a meter to install (I-52)
    "defective": 0.003,  # meter recorded defective: I-26 average, or the I-27 estimate without two good bills
    "rollover": 0.005,  # the register passed 10^dials (I-48)
    "ft3": 0.05,  # the meter reads in cubic feet (I-24)
    "wash": 0.002,  # a car wash: a second, vehicle-wash meter (§118-6, I-44)
}
CLASSES = ("residential",) * 90 + ("commercial",) * 7 + ("industrial",) * 2 + ("institutional",)
RING_STEP_FT, RING_MAX_FT, OUT_LOT_FT = 20.0, 600.0, 12.0
FLAG_GAP_FT = 0.5  # one outside lot in three reaches back to half a foot from the boundary: it adjoins it (I-10)
ParcelRow = tuple[str, str, str, int | None, str, float, float, str]  # tax map .. discharge point


def _kind(rng: random.Random) -> str:
    x = rng.random()
    for kind, share in SHARES.items():
        if x < share:
            return kind
        x -= share
    return "plain"


def _square(x: float, y: float, half: float) -> str:
    a, b, c, d = round(x - half, 2), round(y - half, 2), round(x + half, 2), round(y + half, 2)
    return f"POLYGON (({a} {b}, {c} {b}, {c} {d}, {a} {d}, {a} {b}))"


def inside_points(boundary: shapely.Polygon, count: int) -> tuple[list[tuple[float, float]], float]:
    """``count`` grid points inside ``boundary`` and the grid's spacing."""
    x0, y0, x1, y1 = boundary.bounds
    cell = math.sqrt(boundary.area / max(count, 1)) * 0.95
    while True:
        inner = boundary.buffer(-cell)  # a lot's square (0.8 of a cell) stays inside the boundary
        shapely.prepare(inner)
        xs = [x0 + cell / 2 + i * cell for i in range(int((x1 - x0) / cell))]
        ys = [y0 + cell / 2 + j * cell for j in range(int((y1 - y0) / cell))]
        gx = [x for _ in ys for x in xs]
        gy = [y for y in ys for _ in xs]
        keep = shapely.contains_xy(inner, gx, gy)
        points = [(x, y) for x, y, k in zip(gx, gy, keep, strict=True) if k]
        if len(points) >= count:
            return points[:count], cell
        cell *= 0.97


def outside_points(boundary: shapely.Polygon, count: int) -> Iterator[tuple[float, float]]:
    """``count`` points on rings 10, 30 … 590 ft outside ``boundary``, evenly spaced along them."""
    rings = [boundary.buffer(d).exterior for d in _ring_distances()]
    total = sum(r.length for r in rings)
    shares = [round(count * r.length / total) for r in rings]
    shares[-1] += count - sum(shares)  # exactly ``count`` points
    for ring, n in zip(rings, shares, strict=True):
        if n <= 0:
            continue
        for p in shapely.line_interpolate_point(ring, [k * ring.length / n for k in range(n)]):
            yield p.x, p.y


def _ring_distances() -> list[float]:
    return [RING_STEP_FT / 2 + k * RING_STEP_FT for k in range(int(RING_MAX_FT / RING_STEP_FT))]


def plan_parcels(accounts: int) -> Iterator[ParcelRow]:
    """The parcels: ``accounts`` inside the areas (60/40 as the hamlets), then one for every eight outside."""
    areas = {a.code: a for a in ImprovementArea.objects.all()}
    outside = -(-accounts // 8)
    n = 0
    for h_index, hamlet in enumerate(HAMLETS):
        area = areas[hamlet.code]
        boundary = wkt.loads(area.boundary)
        inner = round(accounts * hamlet.share) if h_index == 0 else accounts - round(accounts * HAMLETS[0].share)
        points, cell = inside_points(boundary, inner)
        streets = hamlet.ns_streets + hamlet.ew_streets
        for i, (x, y) in enumerate(points):
            n += 1
            street = streets[i % len(streets)]
            number = str(1000 + i // len(streets))
            yield _tax_map(n), number, street, area.pk, _square(x, y, cell * 0.4), x, y, ""
    for h_index, hamlet in enumerate(HAMLETS):
        boundary = wkt.loads(areas[hamlet.code].boundary)
        share = round(outside * hamlet.share) if h_index == 0 else outside - round(outside * HAMLETS[0].share)
        for i, (x, y) in enumerate(outside_points(boundary, share)):
            n += 1
            street = hamlet.ew_streets[i % len(hamlet.ew_streets)]
            point = f"POINT ({round(x, 2)} {round(y, 2)})"
            lot = (flag_lot(boundary, x, y) if i % 3 == 0 else None) or _square(x, y, OUT_LOT_FT / 2)
            yield _tax_map(n), str(5000 + i // 12), street, None, lot, x, y, point


def flag_lot(boundary: shapely.Polygon, x: float, y: float) -> str | None:
    """A lot 12 ft wide from half a foot outside the boundary out past the point (x, y), its discharge point:
    adjoining (I-10), with the discharge as far out as the ring; None where the boundary bends too close."""
    p = shapely.Point(x, y)
    q = shapely.get_point(shapely.shortest_line(boundary.exterior, p), 0)
    d = q.distance(p)
    if d < 2.0:
        return None
    ux, uy = (x - q.x) / d, (y - q.y) / d
    strip = shapely.LineString([(q.x + ux * FLAG_GAP_FT, q.y + uy * FLAG_GAP_FT), (x + ux * 6, y + uy * 6)])
    lot = shapely.set_precision(strip.buffer(OUT_LOT_FT / 2, cap_style="flat"), 0.01)
    if not lot.is_valid or lot.distance(boundary) < FLAG_GAP_FT / 2:
        return None
    return str(shapely.to_wkt(lot, rounding_precision=2, trim=True))


def _tax_map(n: int) -> str:
    """Section 300 and up: the district's are 103 and 108, the rural roll's 200 and up."""
    return f"{300 + n // 100_000}.{(n // 1000) % 100 + 1:02d}-{(n // 100) % 10 + 1}-{n % 100 + 1}"


def write_bulk(rng: random.Random, accounts: int, run: str) -> dict[str, int]:
    """Write the parcels, owners, accounts, meters and reads; returns rows per table."""
    add = {
        "parcel": _inserter(
            Parcel,
            [
                "id",
                "tax_map_number",
                "street_number",
                "street_name",
                "address_search",
                "street_search",
                "improvement_area_id",
                "polygon",
                "centroid_x",
                "centroid_y",
                "discharge_point",
                "land_use_class",
                "tax_map_sort",
            ],
        ),
        "owner": _inserter(Owner, ["id", "name", "name_search", "mailing_address", "city", "state", "postal_code"]),
        "ownership": _inserter(Ownership, ["parcel_id", "owner_id", "start", "end"]),
        "seweraccount": _inserter(
            SewerAccount, ["id", "account_number", "parcel_id", "user_class", "metered", "in_water_district"]
        ),
        "watermeter": _inserter(
            WaterMeter,
            [
                "id",
                "serial",
                "account_id",
                "dials",
                "unit",
                "purpose",
                "installed_on",
                "certified_on",
                "certified_by",
                "defective_since",
            ],
        ),
        "meterread": _inserter(MeterRead, ["meter_id", "read_on", "reading", "source", "created_at", "run"]),
    }
    first: dict[type, int] = {m: _next_id(m) for m in (Parcel, Owner, SewerAccount, WaterMeter)}
    counts = dict.fromkeys(add, 0)
    owes_meter: list[int] = []
    searched: dict[str, str] = {}
    rows: dict[str, list[tuple[object, ...]]] = {k: [] for k in add}
    read_at = "2026-11-02 06:00:00"
    with connection.cursor() as cursor:

        def flush() -> None:
            for key, insert in add.items():
                insert(cursor, rows[key])
                counts[key] += len(rows[key])
                rows[key].clear()

        for i, (tax_map, number, street, area_id, polygon, x, y, discharge) in enumerate(plan_parcels(accounts)):
            pid, oid = first[Parcel] + i, first[Owner] + i
            if street not in searched:
                searched[street] = normalise_search(street)
            rows["parcel"].append(
                (pid, tax_map, number, street, f"{number} {searched[street]}", searched[street], area_id, polygon)
                + (x, y, discharge, "210", tax_map_sort_key(tax_map))
            )
            bits = rng.getrandbits(32)
            name = f"{SURNAMES[bits % len(SURNAMES)]} {GIVEN_NAMES[(bits >> 12) % len(GIVEN_NAMES)]}"
            if name not in searched:
                searched[name] = normalise_search(name)
            rows["owner"].append((oid, name, searched[name], f"{number} {street}", "Marlborough", "NY", "12542"))
            rows["ownership"].append((pid, oid, date(1970 + bits % 56, 1 + (bits >> 8) % 12, 1), None))
            if i < accounts:
                _account(rng, i, pid, first, rows, owes_meter, run, read_at)
            if len(rows["parcel"]) >= CHUNK:
                flush()
        flush()
        if connection.vendor == "postgresql":  # explicit ids: move the sequences past them
            for sql in connection.ops.sequence_reset_sql(no_style(), [Parcel, Owner, SewerAccount, WaterMeter]):
                cursor.execute(sql)
    announce_written(SewerAccount, owes_meter)  # the §118-52 meter duties (I-52), opened by enforcement
    return counts


def _account(
    rng: random.Random,
    i: int,
    pid: int,
    first: dict[type, int],
    rows: dict[str, list[tuple[object, ...]]],
    owes_meter: list[int],
    run: str,
    read_at: str,
) -> None:
    aid, mid = first[SewerAccount] + i, first[WaterMeter] + 2 * i
    kind = _kind(rng)
    user_class = "commercial" if kind == "wash" else CLASSES[rng.randrange(len(CLASSES))]
    if kind in ("unmetered", "own_well"):
        user_class = "residential"  # a business must meter (I-52): unmetered ones are homes
    metered = kind not in ("unmetered", "own_well")
    rows["seweraccount"].append((aid, f"BLK-{i + 1:07d}", pid, user_class, metered, kind != "own_well"))
    if kind == "own_well":
        owes_meter.append(aid)
    if not metered:
        return
    dials = 6 if user_class == "residential" else 7
    used = rng.randrange(0, 60_000) if user_class == "residential" else rng.randrange(20_000, 900_000)
    unit = "ft3" if kind == "ft3" else "gal"
    if unit == "ft3":
        used //= 7
    span = 10**dials
    start = span - rng.randrange(1, 2 + min(used, span // 10)) if kind == "rollover" else rng.randrange(span // 2)
    defective = DEFECTIVE_SINCE if kind == "defective" else None
    installed = date(2010 + i % 12, 1 + i % 12, 1)
    rows["watermeter"].append((mid, f"BM{i + 1:08d}", aid, dials, unit, "sewer_use", installed, installed))
    rows["watermeter"][-1] += (WATER_SUPERINTENDENT, defective)
    read = rows["meterread"]
    read += [(mid, START_READ, start, "water_district", read_at, run)]
    read += [(mid, END_READ, (start + used) % span, "water_district", read_at, run)]
    if kind == "wash":
        wash = rng.randrange(0, used + 1)
        w0 = rng.randrange(span // 2)
        meter = (mid + 1, f"BW{i + 1:08d}", aid, 7, "gal", "vehicle_wash", installed, installed, WATER_SUPERINTENDENT)
        rows["watermeter"].append((*meter, None))
        read += [(mid + 1, START_READ, w0, "water_district", read_at, run)]
        read += [(mid + 1, END_READ, w0 + wash, "water_district", read_at, run)]
