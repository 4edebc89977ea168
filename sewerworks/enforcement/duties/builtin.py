"""The duties that ship: §118-5 abandonment, §118-38 interceptor of a preexisting facility, §118-52 meter."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.db.models import Min, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.choices import DeadlineKind, Program
from sewerworks.enforcement.duties import Duty, DutyRule, duty_rule
from sewerworks.enforcement.models import Deadline
from sewerworks.registry.choices import BuildingUse, ConnectionStatus, PrivateSystemStatus
from sewerworks.registry.models import Building, Connection, PrivateSystem, SewerAccount


def in_force_since(key: str) -> dt.date:
    """The first day a parameter has a value: before it, the rule that reads it was not law."""
    return min(v.effective for v in current_parameters().parameter(key).values)


@duty_rule
class AbandonAfterConnection(DutyRule):
    """§118-5: a building connected to the public sewer while a septic tank, cesspool or privy on its
    property is still in use owes its cleaning, abandonment and filling within 90 days after connection,
    whether or not a Notice to Connect was ever served. A car wash keeps its wash-water system (§118-6, I-44)."""

    name = "abandon-private-system"
    program = Program.CONNECTION
    kind = DeadlineKind.ABANDON
    section = "118-5"
    subject_model = PrivateSystem
    watches = {PrivateSystem: "parcel", Connection: "building__parcel", Building: "parcel"}

    def tracked(self) -> QuerySet[Deadline]:  # older deadlines name the system only by its own field
        return Deadline.objects.filter(private_system=OuterRef("pk"), kind=self.kind)

    def candidates(self) -> QuerySet[Any]:
        connected = Q(
            status=ConnectionStatus.CONNECTED,
            connected_on__gte=in_force_since("connection.abandonment_days_after_connection"),
        )
        first_on_parcel = (
            Connection.objects.filter(connected, building__parcel=OuterRef("parcel"))
            .values("building__parcel")
            .annotate(first=Min("connected_on"))
            .values("first")
        )
        own = Connection.objects.filter(connected, building=OuterRef("building")).values("connected_on")
        return (
            PrivateSystem.objects.filter(status=PrivateSystemStatus.IN_USE, vehicle_wash_only=False)
            .annotate(connected_on=Coalesce(Subquery(own[:1]), Subquery(first_on_parcel[:1])))
            .filter(connected_on__isnull=False)
            .select_related("parcel")
        )

    def duty(self, record: Any) -> Duty | None:
        connection = (
            Connection.objects.filter(building__parcel=record.parcel_id, status=ConnectionStatus.CONNECTED)
            .order_by("connected_on")
            .first()
        )
        notified = connection.notified_on if connection else None
        parcel = record.parcel
        return Duty(
            subject=record,
            parcel=parcel,
            title=f"Clean, abandon and fill the {record.get_kind_display().lower()} at {parcel.address or parcel}",
            topic="connection-deadlines",
            facts={
                "notice_served_on": notified.isoformat() if notified else None,
                "connected_on": record.connected_on.isoformat(),
                "has_private_system": True,
            },
            decided_on=record.connected_on,
            deadline_key="abandon",
            extra={"private_system": record},
        )


# I-51: nothing records grease interceptors yet, so a preexisting facility is taken to have none. When the
# grease program records them, it appends a filter here that removes the buildings that have one.
INTERCEPTOR_ON_RECORD: list[Callable[[QuerySet[Building]], QuerySet[Building]]] = []


@duty_rule
class InterceptorOfPreexistingFacility(DutyRule):
    """§118-38: a food service facility established on or before 2000-07-24 (preexisting, I-35) connected to
    the public sewer without an interceptor installs one within 30 days of connecting (I-51)."""

    name = "install-interceptor"
    program = Program.GREASE
    kind = DeadlineKind.INSTALL_INTERCEPTOR
    section = "118-38"
    subject_model = Building
    watches = {Building: "parcel", Connection: "building__parcel"}

    def candidates(self) -> QuerySet[Any]:
        new_after = current_parameters().at(timezone.localdate()).day("grease.new_construction_after")
        qs = Building.objects.filter(
            use=BuildingUse.FOOD_SERVICE,
            established_on__lte=new_after,
            connection__status=ConnectionStatus.CONNECTED,
            connection__connected_on__gte=in_force_since("grease.preexisting_install_days"),
        ).select_related("parcel", "connection")
        for has_one in INTERCEPTOR_ON_RECORD:
            qs = has_one(qs)
        return qs

    def duty(self, record: Any) -> Duty | None:
        connected_on = record.connection.connected_on
        return Duty(
            subject=record,
            parcel=record.parcel,
            title=f"Install a grease interceptor at {record.name or record.parcel.address or record.parcel}",
            topic="interceptor-deadline",
            facts={"established_on": record.established_on.isoformat(), "connected_on": connected_on.isoformat()},
            decided_on=connected_on,
            deadline_key="install_interceptor",
        )


@duty_rule
class MeterToInstall(DutyRule):
    """§118-52 (I-27, I-52): an open account without a meter whose user has its own water supply (outside
    the Marlborough Water District) or is not residential installs a meter at its own expense."""

    name = "install-meter"
    program = Program.BILLING
    kind = DeadlineKind.INSTALL_METER
    section = "118-52"
    subject_model = SewerAccount
    watches = {SewerAccount: "parcel"}

    def candidates(self) -> QuerySet[Any]:
        classes = current_parameters().at(timezone.localdate()).items("meters.user_classes_that_install")
        return (
            SewerAccount.objects.filter(metered=False, closed_on__isnull=True)
            .filter(Q(in_water_district=False) | Q(user_class__in=list(classes)))
            .select_related("parcel")
        )

    def duty(self, record: Any) -> Duty | None:
        starts_on = record.opened_on or timezone.localdate()  # I-52: from when the duty is found
        return Duty(
            subject=record,
            parcel=record.parcel,
            title=f"Install a water meter for account {record.account_number}",
            topic="meter-deadline",
            facts={
                "user_class": record.user_class,
                "metered": record.metered,
                "in_water_district": record.in_water_district,
                "starts_on": starts_on.isoformat(),
            },
            decided_on=starts_on,
            deadline_key="install_meter",
        )
