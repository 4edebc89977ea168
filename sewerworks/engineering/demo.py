"""Engineering's part of the demo district, every date on or before the demo's today (2026-12-01).

- Milton Turnpike extension (Hamlet of Milton), built by a developer: revision 1, submitted 2026-11-16, is
  under review with a run of 430 ft between manholes, a bend with no manhole, a pipe below the minimum
  slope and a trench wider than §118-32 allows with no encasement; the State Department of Health has
  approved the plans (2026-11-20), the Town Engineer and the Town Board not yet.
- Church Street extension (Hamlet of Milton), built by the town under public contract: revision 1 (2026-09-08)
  fell short of the minimum slope on one pipe; revision 2 (2026-10-05) fixed it and was reviewed clean; the
  Town Engineer reviewed the future flows and approved it (2026-10-19), the Department of Health on
  2026-11-02: approved for construction.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth.models import Group, User

from sewerworks.core.access.roles import CLERK, INSPECTOR, TOWN_ENGINEER
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.engineering import actions
from sewerworks.engineering.demo_construction import hudson_ridge, sunset_lane
from sewerworks.registry import geometry
from sewerworks.registry.demo.names import DEMO_TODAY

D = dt.date
MILTON = (-73.962, 41.654)  # the hamlet's centre, as the registry's demo places it


def _user(username: str, role: str, first: str, last: str) -> User:
    user, _ = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def design(
    origin: tuple[float, float], pipes: list[dict[str, Any]], manholes: Mapping[str, tuple[float, float, float]]
) -> bytes:
    """A GeoJSON design in EPSG:2260, laid out in feet from ``origin`` (lon, lat)."""
    x0, y0 = geometry.from_lonlat(*origin)
    features: list[dict[str, Any]] = [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [x0 + dx, y0 + dy]},
         "properties": {"id": name, "invert_ft": invert, "rim_ft": invert + 9}}
        for name, (dx, dy, invert) in manholes.items()
    ]  # fmt: skip
    for pipe in pipes:
        path = [[x0 + dx, y0 + dy] for dx, dy in pipe.pop("path")]
        properties = {"diameter_in": 8, "material": "PVC SDR-35", "bedding_in": 4, **pipe}
        features.append({"type": "Feature", "geometry": {"type": "LineString", "coordinates": path},
                         "properties": properties})  # fmt: skip
    return json.dumps({"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "EPSG:2260"}},
                       "features": features}, indent=1).encode()  # fmt: skip


def milton_turnpike() -> bytes:
    """Four pipes east along the Turnpike: P-1 430 ft long, P-2 bends with no manhole, P-3 flat, P-4 in a
    48-inch trench with no encasement."""
    manholes = {"MH-1": (0, 0, 210.0), "MH-2": (430, 0, 207.85), "MH-3": (730, 60, 206.2), "MH-4": (1030, 60, 206.2),
                "MH-5": (1330, 60, 204.7)}  # fmt: skip
    pipes = [
        {"id": "P-1", "path": [(0, 0), (430, 0)], "upstream_invert_ft": 210.0, "downstream_invert_ft": 207.85,
         "trench_width_in": 36},
        {"id": "P-2", "path": [(430, 0), (580, 0), (730, 60)], "upstream_invert_ft": 207.85,
         "downstream_invert_ft": 206.2, "trench_width_in": 38},
        {"id": "P-3", "path": [(730, 60), (1030, 60)], "upstream_invert_ft": 206.2, "downstream_invert_ft": 206.2,
         "trench_width_in": 36},
        {"id": "P-4", "path": [(1030, 60), (1330, 60)], "upstream_invert_ft": 206.2, "downstream_invert_ft": 204.7,
         "trench_width_in": 48},
    ]  # fmt: skip
    return design(MILTON, pipes, manholes)


def church_street(*, corrected: bool) -> bytes:
    """Three pipes north from Church Street; in revision 1 CS-2 falls 0.3%, below 8-inch pipe's 0.40%."""
    low = 195.0 - (1.2 if corrected else 0.9)
    manholes = {"CS-MH-1": (0, 0, 197.0), "CS-MH-2": (0, 400, 195.0), "CS-MH-3": (0, 700, low),
                "CS-MH-4": (0, 1000, low - 1.5)}  # fmt: skip
    pipes = [
        {"id": "CS-1", "path": [(0, 0), (0, 400)], "upstream_invert_ft": 197.0, "downstream_invert_ft": 195.0,
         "trench_width_in": 38, "design_flow_cfs": "0.35"},
        {"id": "CS-2", "path": [(0, 400), (0, 700)], "upstream_invert_ft": 195.0, "downstream_invert_ft": low,
         "trench_width_in": 38, "design_flow_cfs": "0.4"},
        {"id": "CS-3", "path": [(0, 700), (0, 1000)], "upstream_invert_ft": low, "downstream_invert_ft": low - 1.5,
         "trench_width_in": 39, "design_flow_cfs": "0.45"},
    ]  # fmt: skip
    return design((MILTON[0] + 0.006, MILTON[1] + 0.004), pipes, manholes)


@told_on(DEMO_TODAY)
def build(*, write: Callable[[str], None], **_: Any) -> None:
    clerk = _user("clerk", CLERK, "Carol", "Clerk")
    engineer = _user("engineer", TOWN_ENGINEER, "Erin", "Engineer")
    turnpike = actions.do_open_project(
        name="Milton Turnpike extension", place="Milton", builder="developer", builder_name="Hudson Ridge Homes LLC",
        drainage_area="Milton Turnpike east of Old Indian Road: 24 lots at build-out and the school parcel.",
        opened_on=D(2026, 11, 16), acting_user=clerk,
    )  # fmt: skip
    first = actions.do_import_design(data=milton_turnpike(), file_name="milton-turnpike-r1.geojson",
                                     project=turnpike, acting_user=clerk, as_of=D(2026, 11, 16),
                                     submitted_on=D(2026, 11, 16))  # fmt: skip
    actions.do_record_approval(project=turnpike, authority="nys_doh", approved_on=D(2026, 11, 20), acting_user=clerk,
                               reference="NYSDOH plan approval 26-0412")  # fmt: skip
    church = actions.do_open_project(
        name="Church Street extension", place="Milton", builder="town",
        drainage_area="Church Street north of Main Street: 11 lots, no room for more development.",
        opened_on=D(2026, 9, 8), acting_user=clerk,
    )  # fmt: skip
    actions.do_import_design(data=church_street(corrected=False), file_name="church-street-r1.geojson",
                             project=church, acting_user=clerk, as_of=D(2026, 9, 8),
                             submitted_on=D(2026, 9, 8))  # fmt: skip
    clean = actions.do_import_design(data=church_street(corrected=True), file_name="church-street-r2.geojson",
                                     project=church, acting_user=clerk, as_of=D(2026, 10, 5),
                                     submitted_on=D(2026, 10, 5), note="CS-2 relaid at 0.40%.")  # fmt: skip
    actions.do_review_future_flows(project=church, reviewed_on=D(2026, 10, 19), acting_user=engineer,
                                   note="8-inch mains carry the 11 lots with room to spare.")  # fmt: skip
    actions.do_record_approval(project=church, authority="town_engineer", approved_on=D(2026, 10, 19),
                               acting_user=engineer)  # fmt: skip
    actions.do_record_approval(project=church, authority="nys_doh", approved_on=D(2026, 11, 2), acting_user=clerk,
                               reference="NYSDOH plan approval 26-0377")  # fmt: skip
    inspector = _user("inspector", INSPECTOR, "Ian", "Inspector")
    built = [said for said in (hudson_ridge((clerk, engineer, inspector), design),
                               sunset_lane((clerk, engineer, inspector), design)) if said]  # fmt: skip
    more = "; " + "; ".join(built) if built else ""
    write(f"Engineering: {turnpike.name} under review ({first.failing} failing findings); {church.name} revision "
          f"{clean.number} reviewed clean and approved{more}.")  # fmt: skip


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
