"""The field inspections of the demo's building sewer permits: a permit in each state of §§118-24..27, every date on
or before the demo's today (2026-12-01).

- in construction, the plumber's notice received and the trench inspection scheduled;
- in construction, its trench found filled on 2026-11-24: the order to re-excavate by 2026-12-01 (I-131);
- inspected: a trench filled first, re-excavated and passed on its re-inspection (the order met);
- ready for inspection and connection (the applicant's notice), the connection waiting for a certified meter;
- connected: a new house on a vacant lot (I-132), its lateral built by the Sewer Department with a rock cut (the
  fee charged, I-133), the meter certified, the connection passed, the restoration due;
- closed: connected in September, the street restored, the permit closed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import Group, User

from sewerworks.core.access.roles import WATER_SUPERINTENDENT
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.core.records.events import story_day
from sewerworks.inspections.actions import do_record_result, do_request_inspection, do_schedule_inspection
from sewerworks.inspections.models import Inspection
from sewerworks.permits import actions
from sewerworks.permits.actions.applications import fee_due
from sewerworks.permits.demo import SEWER, Staff
from sewerworks.permits.models import Permit
from sewerworks.registry.actions import do_certify_meter, do_save_account, do_save_meter
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import Building, Parcel, WaterMeter

D = dt.date
PLUMBERS = [
    ("Hudson Valley Plumbing", "9 Dock Rd\nMilton, NY 12547"),
    ("Rivera & Sons Plumbing", "41 King St\nMarlboro, NY 12542"),
    ("Dutchess Drain Co", "7 Route 9W\nNewburgh, NY 12550"),
]
LATERAL = {
    "connection_at_property_line": True,
    "lateral_exists": False,
    "lateral_builder": "sewer_department",
    "connection_method_approved": True,
    "rock_cut_required": True,
}
EXISTING = {"connection_at_property_line": True, "lateral_exists": True, "connection_method_approved": True}


def _water() -> User:
    user, _ = User.objects.get_or_create(
        username="watersuper", defaults={"first_name": "Walt", "last_name": "Water-Superintendent"}
    )
    user.groups.add(Group.objects.get_or_create(name=WATER_SUPERINTENDENT)[0])
    return user


def _in_construction(
    staff: Staff, parcel: Parcel, building: Building | None, filed: dt.date, n: int, design: dict[str, Any]
) -> Permit:
    """Filed, paid, reviewed, approved a week later and in construction a week after that."""
    with story_day(filed):
        permit = actions.do_file_application(
            kind="building_sewer",
            permit_class="class_1",
            parcel=parcel,
            building=building,
            filed_on=filed,
            applicant=(building.name if building and building.name else f"Owner of {parcel.address}")[:120],
            description="Building sewer to the public sewer",
            design=design,
            acting_user=staff.clerk,
        )
        actions.do_record_fee(
            permit,
            amount=fee_due(permit),
            receipt_number=f"R-{filed:%Y-%m%d}-I{n}",
            method="check",
            paid_on=filed,
            acting_user=staff.clerk,
        )
        actions.do_move_permit(permit, to="under_review", acting_user=staff.sam, occurred_on=filed)
    with story_day(filed + dt.timedelta(days=7)):
        actions.do_move_permit(permit, to="approved", acting_user=staff.sam, why="Design complies")
    with story_day(filed + dt.timedelta(days=14)):
        actions.do_move_permit(permit, to="in_construction", acting_user=staff.ian, why="Construction begun")
    return permit


def _ask(permit: Permit, kind: str, on: dt.date, staff: Staff, who: tuple[str, str] | None = None) -> Inspection:
    name, address = who or (permit.applicant, "")
    with story_day(on):
        return do_request_inspection(
            permit, kind=kind, requested_on=on, requested_by=name, requester_address=address, acting_user=staff.clerk
        )


def _result(inspection: Inspection, result: str, on: dt.date, user: User, **answers: str) -> Inspection:
    found = {i["key"]: {"answer": "yes"} for i in inspection.checklist if not i.get("follows")}
    found.update({k: {"answer": v} for k, v in answers.items()})
    with story_day(on):
        return do_record_result(
            inspection, result=result, inspected_on=on, answers=found, acting_user=user, notes="Recorded in the field."
        )


def _trench_passed(permit: Permit, on: dt.date, staff: Staff, plumber: tuple[str, str]) -> None:
    _result(_ask(permit, "trench", on, staff, plumber), "passed", on + dt.timedelta(days=1), staff.ian)


def _certified_meter(parcel: Parcel, on: dt.date, staff: Staff, n: int) -> WaterMeter:
    """§118-25: the Water Superintendent installs and certifies the meter the day before the connection."""
    water = _water()
    with story_day(on):
        account = do_save_account(
            None,
            {"account_number": f"MAR-NEW-{n:03d}", "parcel": parcel, "user_class": "residential", "opened_on": on},
            acting_user=staff.clerk,
        )
        meter = do_save_meter(
            None, {"serial": f"WM-NEW-{n:05d}", "account": account, "installed_on": on}, acting_user=water
        )
        return do_certify_meter(meter, on, acting_user=water)


def _connected(staff: Staff, lot: Parcel, filed: dt.date, n: int, plumber: tuple[str, str]) -> Permit:
    """A new house (I-132): the lateral built and inspected, the trench, the applicant's notice, the meter, the
    connection; each step a week after the last."""
    permit = _in_construction(staff, lot, None, filed, n, {"building-sewer": SEWER, "lateral-connection": LATERAL})
    week = dt.timedelta(days=7)
    start = filed + 3 * week
    _result(
        _ask(permit, "lateral", start, staff, ("Sewer Department crew", "")),
        "passed",
        start + dt.timedelta(1),
        staff.sam,
    )
    _trench_passed(permit, start + week, staff, plumber)
    asked = _ask(permit, "connection", start + 2 * week, staff)
    _certified_meter(lot, start + 2 * week + dt.timedelta(days=1), staff, n)
    found = {i["key"]: {"answer": "yes"} for i in asked.checklist if not i.get("follows")}
    with story_day(start + 2 * week + dt.timedelta(days=2)):
        do_record_result(
            asked,
            result="passed",
            inspected_on=start + 2 * week + dt.timedelta(days=2),
            answers=found,
            extra={"building_name": f"New house, {lot.address}"[:120], "building_use": "residential"},
            acting_user=staff.sam,
        )
    permit.refresh_from_db()
    return permit


@told_on(DEMO_TODAY)
def build(*, seed: int, parcels: int, write: Callable[[str], None], **_: Any) -> None:
    staff = Staff()
    taken = set(Permit.objects.values_list("parcel_id", flat=True))
    houses = list(
        Building.objects.filter(
            use="residential", connection__status__in=("unsewered", "notified"), parcel__improvement_area__isnull=False
        )
        .exclude(parcel_id__in=taken)
        .select_related("parcel")
        .order_by("parcel__tax_map_number")[:4]
    )
    lots = list(
        Parcel.objects.filter(improvement_area__isnull=False, buildings__isnull=True)
        .exclude(pk__in=taken)
        .order_by("tax_map_number")[:2]
    )
    if len(houses) < 4 or len(lots) < 2:
        write("Permit inspections: too few unsewered houses or vacant lots in the district; none made.")
        return
    design = {"building-sewer": SEWER, "lateral-connection": EXISTING}
    scheduled = _in_construction(staff, houses[0].parcel, houses[0], D(2026, 11, 2), 1, design)
    asked = _ask(scheduled, "trench", D(2026, 11, 30), staff, PLUMBERS[0])
    with story_day(D(2026, 11, 30)):
        do_schedule_inspection(asked, scheduled_for=DEMO_TODAY, acting_user=staff.clerk)
    filled = _in_construction(staff, houses[1].parcel, houses[1], D(2026, 10, 5), 2, design)
    _result(
        _ask(filled, "trench", D(2026, 11, 23), staff, PLUMBERS[1]),
        "failed",
        D(2026, 11, 24),
        staff.ian,
        **{"trench-open": "no"},
    )
    inspected = _in_construction(staff, houses[2].parcel, houses[2], D(2026, 9, 14), 3, design)
    _result(
        _ask(inspected, "trench", D(2026, 10, 26), staff, PLUMBERS[2]),
        "failed",
        D(2026, 10, 27),
        staff.ian,
        **{"trench-open": "no"},
    )
    _trench_passed(inspected, D(2026, 10, 30), staff, PLUMBERS[2])
    ready = _in_construction(staff, houses[3].parcel, houses[3], D(2026, 9, 21), 4, design)
    _trench_passed(ready, D(2026, 10, 19), staff, PLUMBERS[0])
    _ask(ready, "connection", D(2026, 11, 16), staff)
    connected = _connected(staff, lots[0], D(2026, 9, 28), 5, PLUMBERS[1])
    closed = _connected(staff, lots[1], D(2026, 7, 13), 6, PLUMBERS[2])
    with story_day(D(2026, 9, 16)):
        actions.do_record_restoration(closed, restored_on=D(2026, 9, 15), acting_user=staff.ian)
        actions.do_move_permit(closed, to="closed", acting_user=staff.ian, why="Work done; street restored")
    write(
        f"Permit inspections: {Inspection.objects.count()} inspections; {scheduled.number} trench scheduled, "
        f"{filled.number} trench filled (order to re-excavate), {inspected.number} inspected, {ready.number} ready "
        f"for connection, {connected.number} connected, {closed.number} closed."
    )


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
