"""The grease program's part of the demo district, every date on or before the demo's today (2026-12-01).

The registry's twelve restaurants, across both hamlets, are registered with their interceptors: the new
151-seat Ship Lantern Grill with its 2,000-gallon exterior interceptor (I-35), King Street Café with a
100-pound interior trap, Ridge Road Taqueria preexisting without one. Each has a history of inspections
and pump-outs through the actions, so that the screens show every state:

- Riverview Banquet House: inspected on 2026-11-30 at capacity and not performing → the 72-hour order, open;
- Milton Pizzeria: 85% on 2026-11-20 → a written notice of 72 hours, missed → the appearance ticket asked for;
- Hudson Landing Diner: 82% → notice → pumped out two days later: corrected;
- Old Post Trattoria: a 72-hour order met by the pump-out and the passed reinspection;
- Route 9W Diner: a pump-out log whose entries lack their receipts;
- Orchard House Bistro: three inspections since its pump-out predict 80% next week (2026-12-08, I-67).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth.models import Group, User
from django.core.files.base import ContentFile

from sewerworks.core.access.roles import BUILDING_INSPECTOR, CLERK, INSPECTOR, SUPERINTENDENT
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.enforcement.actions import do_sweep
from sewerworks.grease import actions
from sewerworks.grease.demo_receipts import receipt_pdf
from sewerworks.grease.models import FoodServiceEstablishment, Hauler, Interceptor
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import Building

D = dt.date
NY = ZoneInfo("America/New_York")
# name -> (kind, rating, working depth in): a 2,000-gallon trap above 150 seats (I-35)
INTERCEPTORS: dict[str, tuple[str, int, int]] = {
    "Ship Lantern Grill": ("exterior", 2000, 60),
    "Riverview Banquet House": ("exterior", 2000, 60),
    "Old Post Trattoria": ("exterior", 2000, 60),
    "King Street Café": ("interior", 100, 0),
}
WITHOUT = {"Ridge Road Taqueria"}


def _user(username: str, role: str, first: str, last: str) -> User:
    user, _ = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


class Staff:
    def __init__(self) -> None:
        self.clerk = _user("clerk", CLERK, "Carol", "Clerk")
        self.sam = _user("superintendent", SUPERINTENDENT, "Sam", "Superintendent")
        self.ian = _user("inspector", INSPECTOR, "Ian", "Inspector")
        self.bea = _user("buildinginspector", BUILDING_INSPECTOR, "Bea", "Building-Inspector")


def _at(day: dt.date, hour: int = 10) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, tzinfo=NY)


def inspect(
    trap: Interceptor, staff: Staff, day: dt.date, percent: float, performing: bool = True, hour: int = 10
) -> Any:
    """An inspection finding ``percent`` fill: a tenth grease, the rest solids (exterior), or pounds (interior)."""
    if trap.kind == "interior":
        pounds = (Decimal(str(percent)) * (trap.rated_pounds or 0) / 100).quantize(Decimal("0.1"))
        measured: dict[str, Any] = {"grease_retained_lb": pounds}
    else:
        held = Decimal(str(percent)) * (trap.working_depth_in or 0) / 100
        grease = (held / 10).quantize(Decimal("0.01"))
        measured = {"grease_depth_in": grease, "solids_depth_in": (held - grease).quantize(Decimal("0.01"))}
    return actions.do_record_inspection(interceptor=trap, inspected_at=_at(day, hour), adequately_performing=performing,
                                        acting_user=staff.ian, **measured)  # fmt: skip


def pump(trap: Interceptor, hauler: Hauler, staff: Staff, day: dt.date, gallons: int, receipt: bool = True) -> Any:
    shown: dict[str, Any] = {}
    if receipt:
        lines = [f"{hauler.name} - NYSDEC permit {hauler.license_number}",
                 f"Service date {day.isoformat()}",
                 f"Grease interceptor pumped: {gallons} gal",
                 "Disposed at Kingston WWTP [NYSDEC-approved]"]  # fmt: skip
        shown = {"receipt": ContentFile(receipt_pdf(lines), name="receipt.pdf"), "receipt_service_date": day,
                 "receipt_volume_gal": Decimal(gallons)}  # fmt: skip
    return actions.do_record_pump_out(
        interceptor=trap, pumped_on=day, hauler=hauler, volume_gal=Decimal(gallons), acting_user=staff.clerk,
        disposal_facility="Kingston WWTP", nysdec_approved_disposal=True, **shown,
    )  # fmt: skip


def _install(est: FoodServiceEstablishment, staff: Staff) -> Interceptor | None:
    name = est.name
    if name in WITHOUT:
        return None
    kind, rating, depth = INTERCEPTORS.get(name, ("exterior", 1000, 48))
    established = est.building.established_on or D(2001, 1, 1)
    installed = max(established, D(1990, 5, 1))
    rated = {"rated_pounds": Decimal(rating)} if kind == "interior" else {
        "rated_gallons": Decimal(rating), "working_depth_in": Decimal(depth)}  # fmt: skip
    trap = actions.do_record_interceptor(establishment=est, kind=kind, installed_on=installed, acting_user=staff.bea,
                                         location="Rear lot, beside the kitchen door", **rated)  # fmt: skip
    if installed > D(2000, 7, 24):  # plans approved before installation (§118-38)
        before = installed - dt.timedelta(days=21)
        actions.do_approve_plan(trap, approver="building_inspector", approved_on=before, acting_user=staff.bea)
        trap = actions.do_approve_plan(trap, approver="superintendent", approved_on=before, acting_user=staff.sam)
    return trap


def _history(name: str, trap: Interceptor, staff: Staff, haulers: list[Hauler]) -> None:
    hv, ug = haulers
    if name == "Riverview Banquet House":  # the open 72-hour order
        pump(trap, hv, staff, D(2026, 5, 4), 1700)
        inspect(trap, staff, D(2026, 6, 15), 40)
        inspect(trap, staff, D(2026, 9, 14), 75)
        inspect(trap, staff, D(2026, 11, 30), 100, performing=False, hour=14)
    elif name == "Milton Pizzeria":  # the 80% notice missed: the appearance ticket asked for
        pump(trap, ug, staff, D(2026, 4, 6), 800)
        inspect(trap, staff, D(2026, 8, 3), 48)
        inspect(trap, staff, D(2026, 11, 20), 85)
    elif name == "Hudson Landing Diner":  # notice, then pumped out: corrected
        pump(trap, hv, staff, D(2026, 3, 2), 820)
        inspect(trap, staff, D(2026, 6, 1), 44)
        inspect(trap, staff, D(2026, 9, 14), 82)
        pump(trap, hv, staff, D(2026, 9, 16), 850)
        inspect(trap, staff, D(2026, 11, 16), 27)
    elif name == "Old Post Trattoria":  # the order met by the pump-out and the passed reinspection
        pump(trap, ug, staff, D(2026, 4, 13), 1650)
        inspect(trap, staff, D(2026, 7, 13), 61)
        inspect(trap, staff, D(2026, 10, 5), 100, performing=False)
        pump(trap, ug, staff, D(2026, 10, 6), 1900)
        inspect(trap, staff, D(2026, 10, 7), 3, hour=15)
    elif name == "Route 9W Diner":  # the log lacks its receipts
        pump(trap, hv, staff, D(2025, 12, 8), 790, receipt=False)
        pump(trap, hv, staff, D(2026, 6, 15), 810, receipt=False)
        inspect(trap, staff, D(2026, 9, 21), 38)
    elif name == "Orchard House Bistro":  # 18%, 36%, 54% at days 30, 60, 90 → 80% on day 134: 2026-12-08
        pump(trap, ug, staff, D(2026, 7, 27), 830)
        for day, percent in ((D(2026, 8, 26), 18), (D(2026, 9, 25), 36), (D(2026, 10, 25), 54)):
            inspect(trap, staff, day, percent)
    else:  # routine: two pump-outs with receipts, inspections well below 80%
        pump(trap, hv, staff, D(2025, 11, 3), 760 if trap.kind == "exterior" else 60)
        pump(trap, ug, staff, D(2026, 5, 4), 780 if trap.kind == "exterior" else 70)
        inspect(trap, staff, D(2026, 7, 6), 22)
        inspect(trap, staff, D(2026, 10, 5), 51)


@told_on(DEMO_TODAY)
def build(*, seed: int, parcels: int, write: Callable[[str], None], **_: Any) -> None:
    staff = Staff()
    haulers = [
        actions.do_add_hauler(name="Hudson Valley Septic", license_number="3A-118", license_expires_on=D(2027, 6, 30),
                              phone="845-555-0118", acting_user=staff.clerk),
        actions.do_add_hauler(name="Ulster Grease Recovery", license_number="5B-402",
                              license_expires_on=D(2027, 12, 31), phone="845-555-0402", acting_user=staff.clerk),
    ]  # fmt: skip
    buildings = Building.objects.filter(use="food_service", established_on__isnull=False).order_by("name")
    for building in buildings:
        est = actions.do_register_establishment(
            building=building, acting_user=staff.clerk, exterior_space_available=building.name != "King Street Café",
            compliance_note="Installation inspected against NYSDEC and Ulster County Health Department rules.",
        )  # fmt: skip
        trap = _install(est, staff)
        if trap is not None:
            _history(est.name, trap, staff, haulers)
    run = do_sweep(DEMO_TODAY)
    write(
        f"Grease program: {buildings.count()} establishments registered; sweep as of {DEMO_TODAY}: "
        f"{dict(run.changes) or 'nothing to do'}."
    )


if build not in DEMO_BUILDERS:
    DEMO_BUILDERS.append(build)
