"""Contract users in the demo district, every date on or before the demo's today (2026-12-01).

The registry's lots outside each boundary keep their meaning (gaps of 0.4, 0.8, 1.6, 150, 390 and 410 ft:
the first two adjoin, I-10, the others do not). Three long lots are added on the Marlborough boundary,
each reaching back to half a foot from it, so that the map shows every outcome: a discharge point 300 ft
out (eligible under §118-29.1 only, for the Town Board), one 580 ft out (too far), and one with no
discharge point on record (cannot judge, I-82). The screen then runs over the parcel layer, and the owner
of an eligible lot petitions the Town Board (awaiting its resolution).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import shapely
from django.contrib.auth.models import Group, User

from sewerworks.contracts.actions import do_petition, do_screen_now
from sewerworks.contracts.models import Candidate
from sewerworks.core.access.roles import CLERK
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.registry.actions import do_save_account, do_save_parcel
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import ImprovementArea, Parcel, SewerAccount

# (tax map lot, discharge point ft out or None, angle from the area's centre in degrees)
LONG_LOTS = ((1, 300.0, 20.0), (2, 580.0, 50.0), (3, None, 80.0))
LOT_WIDTH_FT, LOT_DEPTH_FT, GAP_FT = 80.0, 600.0, 0.5


def _clerk() -> User:
    user, _ = User.objects.get_or_create(username="clerk", defaults={"first_name": "Carol", "last_name": "Clerk"})
    user.groups.add(Group.objects.get_or_create(name=CLERK)[0])
    return user


def long_lot(boundary: shapely.Polygon, others: shapely.STRtree, angle: float) -> tuple[shapely.Polygon, Any, Any]:
    """A lot 80 ft wide reaching from half a foot outside ``boundary`` 600 ft out along a ray from its centre,
    clear of other lots (moved out along the ray until its nearest corner is half a foot from the line)."""
    c = boundary.centroid
    for step in range(90):
        a = math.radians(angle + 4.0 * step)
        ux, uy = math.cos(a), math.sin(a)
        ray = shapely.LineString([(c.x, c.y), (c.x + ux * 50_000, c.y + uy * 50_000)])
        q = shapely.get_point(shapely.shortest_line(ray.intersection(boundary.exterior), c), 0)
        t, lot = GAP_FT, None
        for _ in range(200):
            strip = shapely.LineString(
                [(q.x + ux * t, q.y + uy * t), (q.x + ux * (t + LOT_DEPTH_FT), q.y + uy * (t + LOT_DEPTH_FT))]
            )
            lot = shapely.set_precision(strip.buffer(LOT_WIDTH_FT / 2, cap_style="flat"), 0.01)
            d = lot.distance(boundary)
            if abs(d - GAP_FT) < 0.05:
                break
            t += (GAP_FT - d) if d > 0 else 10.0
        if lot is not None and lot.is_valid and abs(lot.distance(boundary) - GAP_FT) < 0.05:
            if not len(others.query(lot, predicate="intersects")):
                return lot, q, (ux, uy)
    raise ValueError("No room for a long lot on the boundary.")


def add_long_lots(clerk: User) -> list[Parcel]:
    """The three long lots on the Marlborough boundary (see the module), recorded by the clerk."""
    area = ImprovementArea.objects.filter(code="marlborough").first() or ImprovementArea.objects.first()
    if area is None:
        return []
    boundary = shapely.from_wkt(area.boundary)
    section = Parcel.objects.filter(improvement_area=area).values_list("tax_map_number", flat=True).first() or "108"
    polygons = [shapely.from_wkt(p) for p in Parcel.objects.exclude(polygon="").values_list("polygon", flat=True)]
    others = shapely.STRtree(polygons)
    added = []
    for number, discharge, angle in LONG_LOTS:
        lot, q, (ux, uy) = long_lot(boundary, others, angle)
        point = "" if discharge is None else f"POINT ({q.x + ux * discharge:.2f} {q.y + uy * discharge:.2f})"
        added.append(do_save_parcel(
            None,
            {"tax_map_number": f"{section.split('.')[0]}.91-1-{number}", "street_number": str(900 + number),
             "street_name": "Old Indian Road", "polygon": shapely.to_wkt(lot, rounding_precision=2, trim=True),
             "discharge_point": point, "land_use_class": "105"},
            acting_user=clerk, reason="Demo: a long lot on the boundary",
        ))  # fmt: skip
        polygons.append(lot)
        others = shapely.STRtree(polygons)
    return added


@told_on(DEMO_TODAY)
def build(*, seed: int, parcels: int, write: Callable[[str], None], **_: Any) -> None:
    clerk = _clerk()
    if not add_long_lots(clerk):
        return
    screen = do_screen_now(as_of=DEMO_TODAY, acting_user=clerk)
    eligible = (
        Candidate.objects.filter(outcome="eligible")
        .exclude(parcel__accounts__contract_user=True)
        .order_by("parcel__tax_map_number")
        .first()
    )
    petition = ""
    if eligible is not None:
        account = SewerAccount.objects.filter(parcel_id=eligible.parcel_id).order_by("pk").first()
        if account is None:
            account = do_save_account(
                None, {"account_number": "MAR-CU0001", "parcel": eligible.parcel, "opened_on": DEMO_TODAY},
                acting_user=clerk, reason="Demo: the petitioner's account",
            )  # fmt: skip
        do_petition(parcel=eligible.parcel, account=account, petitioner="Orchard View Farm LLC",
                    petitioned_on=DEMO_TODAY, acting_user=clerk)  # fmt: skip
        petition = f"; the petition of {eligible.parcel.tax_map_number} awaits the Town Board"
    write(
        f"Contract users: screen as of {screen.as_of}: {screen.candidates} candidates {screen.counts}, "
        f"{len(screen.mismatches)} mismatches{petition}."
    )


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
