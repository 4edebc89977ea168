"""The enforcement part of the demo district: first the duties the registry's bulk-written records imply
(a connection with its septic tank still in use, a user who must install a meter), then notices to connect
on the notified parcels, a few connections whose 90-day abandonment clock has run out, a notice of
violation with its fine accruing, another corrected with its §118-5 fine posted, a 72-hour pump-out order
with a §118-47 charge to the violator, and the sweep as of the demo's today, so every screen has something
to show. The posted fine and the charge are written through the actions, so they appear as pending
charges for billing."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import Group, User
from django.utils import timezone

from sewerworks.core.access.roles import SUPERINTENDENT
from sewerworks.core.demo import DEMO_BUILDERS, told_on
from sewerworks.core.records.events import story_day
from sewerworks.enforcement.actions import (
    do_issue_notice,
    do_open_violation,
    do_record_abandonment,
    do_record_charge,
    do_record_connection,
    do_record_service,
    do_sweep,
)
from sewerworks.enforcement.choices import Discovery, NoticeKind, Program, ServiceMethod
from sewerworks.enforcement.duties import reconcile
from sewerworks.enforcement.models import Deadline, Violation
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import Building, Connection

D = dt.date


def _superintendent() -> User:
    user, _ = User.objects.get_or_create(
        username="superintendent", defaults={"first_name": "Sam", "last_name": "Superintendent"}
    )
    user.groups.add(Group.objects.get_or_create(name=SUPERINTENDENT)[0])
    return user


@told_on(DEMO_TODAY)
def build(*, seed: int, parcels: int, write: Callable[[str], None], **_: Any) -> None:
    sam = _superintendent()
    # The registry's builder wrote its rows with bulk_create (no post_save): open the duties they imply.
    reconcile(acting_user=None)
    notified = list(
        Connection.objects.filter(status="notified")
        .select_related("building__parcel")
        .order_by("building__parcel__tax_map_number")
    )
    for connection in notified:
        parcel = connection.building.parcel
        served = connection.notified_on or DEMO_TODAY
        with story_day(served):
            _serve_notice_to_connect(parcel, served, sam)
    early = [c for c in notified if c.notified_on and c.notified_on < D(2026, 8, 1)][:4]
    with story_day(D(2026, 8, 20)):
        for connection in early[:3]:  # connected in August: the 90 days ran out on November 18
            do_record_connection(building=connection.building, connected_on=D(2026, 8, 20), acting_user=sam)
        if early[3:]:
            do_record_connection(building=early[3].building, connected_on=D(2026, 8, 20), acting_user=sam)
    if early[3:]:
        with story_day(D(2026, 11, 10)):
            for system in early[3].building.parcel.private_systems.filter(status="in_use"):
                do_record_abandonment(private_system=system, abandoned_on=D(2026, 11, 10), acting_user=sam)
    with story_day(D(2026, 11, 19)):
        do_sweep(D(2026, 11, 19))  # the day after: violations opened for the three missed abandonments
    with story_day(D(2026, 11, 20)):
        for connection in early[:2]:
            _notify_of_violation(connection.building.parcel, sam)
    if early[1:2]:  # corrected eight days after the notification: 8 × $10 = $80.00, posted (I-21)
        with story_day(D(2026, 11, 28)):
            for system in early[1].building.parcel.private_systems.filter(status="in_use"):
                do_record_abandonment(private_system=system, abandoned_on=D(2026, 11, 28), acting_user=sam)
    restaurant = Building.objects.filter(use="food_service").order_by("parcel__tax_map_number").first()
    if restaurant is not None:
        with story_day(D(2026, 11, 27)):
            grease = _order_pump_out(restaurant.parcel, sam)
        with story_day(D(2026, 11, 28)):
            do_record_charge(
                grease,
                description="Jetting the sewer main downstream of the interceptor",
                amount=Decimal("412.50"),
                incurred_on=D(2026, 11, 28),
                acting_user=sam,
            )
    run = do_sweep(DEMO_TODAY)
    duties = Deadline.objects.exclude(duty="").count()
    write(
        f"Enforcement demo: {len(notified)} notices to connect served; {duties} duties the records imply "
        f"tracked; sweep as of {DEMO_TODAY}: {dict(run.changes) or 'nothing to do'}."
    )


def _serve_notice_to_connect(parcel: Any, served: dt.date, sam: User) -> None:
    notice = do_issue_notice(
        kind=NoticeKind.NOTICE_TO_CONNECT,
        parcel=parcel,
        issued_on=served,
        acting_user=sam,
        facts=f"The building at {parcel.address} is within the {parcel.improvement_area} "
        "Sewer Improvement Area and a public sewer is available to it.",
    )
    do_record_service(
        notice,
        method=ServiceMethod.CERTIFIED_MAIL,
        served_on=served,
        served_by_name="Sam Superintendent",
        acting_user=sam,
    )


def _order_pump_out(parcel: Any, sam: User) -> Violation:
    """A §118-38 violation found at inspection on November 27 and its 72-hour order served at 10:30."""
    grease = do_open_violation(
        parcel=parcel,
        section="118-38",
        program=Program.GREASE,
        discovered_on=D(2026, 11, 27),
        how_discovered=Discovery.INSPECTION,
        # I-36: the 72 hours are for an interceptor at or above capacity and not performing; 80% only makes
        # a pump-out due (maintenance), which is no 72-hour order.
        description="Grease interceptor at 100% of capacity and not adequately performing its intended function.",
        acting_user=sam,
    )
    order = do_issue_notice(
        kind=NoticeKind.PUMP_OUT_ORDER,
        parcel=parcel,
        violation=grease,
        issued_on=D(2026, 11, 27),
        acting_user=sam,
        facts="At inspection the interceptor was at or above capacity and not adequately "
        "performing its intended function.",
    )
    at = timezone.make_aware(dt.datetime(2026, 11, 27, 10, 30))
    do_record_service(
        order,
        method=ServiceMethod.PERSONAL_DELIVERY,
        served_on=D(2026, 11, 27),
        served_at=at,
        served_by_name="Sam Superintendent",
        acting_user=sam,
    )
    return grease


def _notify_of_violation(parcel: Any, sam: User) -> None:
    """A notice of violation served on November 20 for the missed abandonment: the §118-5 fine starts."""
    violation = Violation.objects.filter(parcel=parcel).first()
    if violation is None:
        return
    nov = do_issue_notice(
        kind=NoticeKind.NOTICE_OF_VIOLATION,
        parcel=parcel,
        violation=violation,
        issued_on=D(2026, 11, 20),
        correction_days=10,
        acting_user=sam,
        facts="The septic tank was not cleaned, abandoned and filled within 90 days after "
        "the building was connected to the public sewer on August 20, 2026.",
    )
    do_record_service(
        nov,
        method=ServiceMethod.PERSONAL_DELIVERY,
        served_on=D(2026, 11, 20),
        served_by_name="Sam Superintendent",
        acting_user=sam,
    )


DEMO_BUILDERS.append(build)
