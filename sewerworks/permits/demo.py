"""The permits program's part of the demo district, every date on or before the demo's today (2026-12-01).

- a Class 1 building sewer permit under review with two findings to correct (a flat slope, §118-20; PVC within
  10 ft of the water service, §118-19), and its review letter;
- a Class 1 permit approved and in construction, with a lateral the Sewer Department builds and a rock cut;
- a Class 2 permit for the Hudson Valley Foods juice pressing plant, a 6-inch sewer whose slope the Superintendent
  accepted; its industrial user as typed before the link existed ("HUDSON VALLEY FOODS LLC", which matches no
  user of the pretreatment program exactly, I-172), for the clerk to link from the permit's page;
- a Town Board permit to open the public sewer, granted by its resolution (§118-14);
- a private sewage disposal system on a rural parcel beyond the availability distance (I-46), its county permit
  recorded and the county notified on 2026-11-26: the county's inspection not recorded within 48 hours (§118-9);
- an old building sewer reused for a new house on the Town Engineer's examination and test (§118-18).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth.models import Group, User

from sewerworks.core.access.roles import CLERK, INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.core.records.events import story_day
from sewerworks.core.resolutions.actions import do_record_resolution
from sewerworks.permits import actions
from sewerworks.permits.actions.applications import fee_due
from sewerworks.permits.models import Permit
from sewerworks.registry.availability import availability_for
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import Building, Parcel

D = dt.date
NY = ZoneInfo("America/New_York")
SEWER = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35", "joints_gastight_watertight": True}


def _user(username: str, role: str, first: str, last: str) -> User:
    user, _ = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


class Staff:
    def __init__(self) -> None:
        self.clerk = _user("clerk", CLERK, "Carol", "Clerk")
        self.sam = _user("superintendent", SUPERINTENDENT, "Sam", "Superintendent")
        self.erin = _user("engineer", TOWN_ENGINEER, "Erin", "Engineer")
        self.ian = _user("inspector", INSPECTOR, "Ian", "Inspector")


def _filed(staff: Staff, parcel: Parcel, filed_on: dt.date, receipt: str, **kw: Any) -> Permit:
    """Filed, paid and under review on ``filed_on``, recorded that day in the story (I-114)."""
    with story_day(filed_on):
        permit = actions.do_file_application(parcel=parcel, filed_on=filed_on, acting_user=staff.clerk, **kw)
        actions.do_record_fee(
            permit,
            amount=fee_due(permit),
            receipt_number=receipt,
            method="check",
            paid_on=filed_on,
            acting_user=staff.clerk,
        )
        return actions.do_move_permit(
            permit, to="under_review", acting_user=staff.sam, why="Fee paid; plans complete", occurred_on=filed_on
        )


def _residences(n: int) -> list[Parcel]:
    ids = (
        Building.objects.filter(use="residential", parcel__improvement_area__isnull=False)
        .order_by("parcel__tax_map_number")
        .values_list("parcel_id", flat=True)[: n * 4]
    )
    return list(Parcel.objects.filter(pk__in=list(ids)).order_by("tax_map_number")[:n])


def _rural() -> Parcel | None:
    candidates = list(Parcel.objects.filter(improvement_area__isnull=True).order_by("tax_map_number")[:60])
    for judged, parcel in zip(availability_for(candidates, on=DEMO_TODAY), candidates, strict=True):
        if not judged.available and judged.main_id is None and parcel.polygon:
            return parcel
    return None


@told_on(DEMO_TODAY)
def build(*, seed: int, parcels: int, write: Callable[[str], None], **_: Any) -> None:
    staff = Staff()
    houses = _residences(4)
    if len(houses) < 4:
        write("Permits: too few houses in the district for the demo permits; none made.")
        return
    under_review = _filed(
        staff,
        houses[0],
        D(2026, 11, 16),
        "R-2026-1116",
        kind="building_sewer",
        permit_class="class_1",
        applicant="Maria Delgado",
        description="New building sewer for a rebuilt house",
        design={"building-sewer": {**SEWER, "slope_in_per_ft": "0.0625", "distance_to_water_service_ft": "8"}},
    )
    approved = _filed(
        staff,
        houses[1],
        D(2026, 9, 8),
        "R-2026-0908",
        kind="building_sewer",
        permit_class="class_1",
        applicant="Hudson Builders Inc",
        applicant_is_agent=True,
        description="New house: building sewer and lateral",
        design={
            "building-sewer": {
                **SEWER,
                "distance_to_water_service_ft": "12",
                "distance_to_bearing_wall_ft": "5",
                "bends": [{"angle_degrees": "45", "has_cleanout": True}],
            },
            "lateral-connection": {
                "connection_at_property_line": True,
                "lateral_exists": False,
                "lateral_builder": "sewer_department",
                "connection_method_approved": True,
                "rock_cut_required": True,
            },
        },
    )
    with story_day(D(2026, 9, 22)):
        actions.do_move_permit(approved, to="approved", acting_user=staff.sam, why="Design complies")
    with story_day(D(2026, 10, 5)):
        actions.do_move_permit(approved, to="in_construction", acting_user=staff.ian, why="Trench opened 2026-10-05")
    plant = Building.objects.filter(name__icontains="juice pressing").select_related("parcel").first()
    if plant is not None:
        food = _filed(
            staff,
            plant.parcel,
            D(2026, 10, 19),
            "R-2026-1019",
            kind="building_sewer",
            permit_class="class_2",
            building=plant,
            applicant="Hudson Valley Foods LLC",
            description="New 6-inch building sewer for the press hall",
            constituents="Fruit sugars, pectin, pulp; BOD 1,800-2,500 mg/L in season",
            characteristics="Up to 18,000 gal/day in September-November; pH 3.5-5 before neutralization",
            activity="Apple and grape juice pressing and bottling",
            design={"building-sewer": {**SEWER, "diameter_in": 6, "material": "ductile_iron_c151_class2"}},
        )
        # entered before the permit could name the pretreatment program's user: the text the migration kept (I-172)
        food.industrial_user_legacy = "HUDSON VALLEY FOODS LLC"
        food._change_reason = "Entered before the permit could name its industrial user (I-172)"  # type: ignore[attr-defined]
        food.save(update_fields=["industrial_user_legacy"])
        actions.do_record_discretion(
            food,
            topic="building-sewer",
            requirement="slope",
            verdict="accepted",
            reason="1/4 in/ft suits the 6-inch line at the plant's peak flow",
            acting_user=staff.sam,
        )
    opening = actions.do_file_application(
        kind="opening",
        parcel=houses[2],
        applicant="Ulster Excavating Corp",
        filed_on=D(2026, 10, 1),
        description="Uncover the main on Western Ave to repair a broken lateral wye",
        acting_user=staff.clerk,
    )
    resolution = do_record_resolution(
        instrument="Resolution 2026-118",
        adopted_on=D(2026, 10, 13),
        effective_on=D(2026, 10, 13),
        title="Permit to uncover and repair the public sewer on Western Ave (§118-14)",
        values=[],  # it grants the permit and sets no parameter
        acting_user=staff.clerk,
    )
    actions.do_grant_opening_permit(opening, resolution=resolution, acting_user=staff.clerk)
    reuse = _filed(
        staff,
        houses[3],
        D(2026, 8, 3),
        "R-2026-0803",
        kind="old_sewer_reuse",
        applicant="Peter Novak",
        description="New house on the old foundation; reuse the 1978 building sewer",
        design={
            "old-building-sewer": {"new_building": True, "as_found": {**SEWER, "material": "ductile_iron_c151_class2"}}
        },
    )
    actions.do_record_examination(
        reuse,
        examined_by="town_engineer",
        examined_on=D(2026, 8, 12),
        finding="meets_all_requirements",
        test="Camera survey and 5 psi air test, 5 minutes",
        acting_user=staff.erin,
    )
    actions.do_move_permit(
        reuse, to="approved", acting_user=staff.erin, why="Found to meet Chapter 118", occurred_on=D(2026, 8, 12)
    )
    rural = _rural()
    if rural is not None:
        septic = actions.do_record_private_system(
            parcel=rural,
            applicant="Ruth Olsen",
            filed_on=D(2026, 10, 26),
            description="Replacement septic system",
            acting_user=staff.clerk,
        )
        actions.do_record_county_permit(
            septic,
            number="UCDOH-2026-0417",
            issued_on=D(2026, 11, 2),
            conditions="Raised absorption bed; 100 ft from the well",
            acting_user=staff.clerk,
        )
        actions.do_record_county_notice(
            septic, notified_at=dt.datetime(2026, 11, 26, 9, tzinfo=NY), acting_user=staff.sam
        )
    write(
        f"Permits: {Permit.objects.count()} permits ({under_review.number} under review with two findings, "
        f"{approved.number} in construction); private system {'recorded' if rural else 'not made (no rural parcel)'}."
    )


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
