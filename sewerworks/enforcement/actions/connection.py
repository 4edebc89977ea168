"""The mandatory-connection program (§118-5, §118-12): a recorded connection starts the 90-day clock to
clean, abandon and fill the private system (the duty rule ``abandon-private-system`` opens it, whatever
path saved the connection); recording the abandonment stops it (and any fine)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.records.pipelines import move
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.actions.deadlines import meet_all
from sewerworks.enforcement.actions.violations import correct
from sewerworks.enforcement.choices import DeadlineKind
from sewerworks.enforcement.duties import held
from sewerworks.enforcement.models import Deadline, Violation
from sewerworks.registry.choices import ConnectionStatus, PrivateSystemStatus
from sewerworks.registry.models import Building, Connection, PrivateSystem

# What a recorded connection starts in a higher layer, inside its transaction, whatever path recorded it (the
# §118-54 connection charge: billing registers it). Each is called with the connection and the acting user.
_ON_RECORDED: list[Callable[[Connection, Any], None]] = []


def on_connection_recorded(hook: Callable[[Connection, Any], None]) -> Callable[[Connection, Any], None]:
    """Register ``hook`` to run in the transaction of every recorded connection (once per hook)."""
    if hook not in _ON_RECORDED:
        _ON_RECORDED.append(hook)
    return hook


def do_record_connection(
    *, building: Building, connected_on: dt.date, acting_user: Any, building_sewer_diameter_in: int | None = None
) -> Connection:
    """Record that ``building`` was connected to the public sewer on ``connected_on`` (the Permits program
    calls this when a connection inspection passes). Meets the connect deadline; the duties the connection
    implies open as the acting user: for each private system still in use on the property, the §118-5
    deadline to clean, abandon and fill it within 90 days (``enforcement.duties``); what a higher layer
    registered with :func:`on_connection_recorded` runs too (the §118-54 connection charge)."""
    require(acting_user, "enforcement.record_connection", "record a connection to the public sewer")
    with transaction.atomic(), held(acting_user=acting_user):  # the duties it implies open as this user
        connection, _ = Connection.objects.select_for_update().get_or_create(building=building)
        if connection.status == ConnectionStatus.CONNECTED:
            raise ValidationError({"connected_on": f"{building} was already connected on {connection.connected_on}."})
        if connected_on > timezone.localdate():
            raise ValidationError({"connected_on": "A connection cannot be recorded for a day still to come."})
        connection.connected_on = connected_on
        if building_sewer_diameter_in:
            connection.building_sewer_diameter_in = building_sewer_diameter_in
        connection.full_clean(exclude=["status"])
        move(connection, ConnectionStatus.CONNECTED, why="Connection recorded", acting_user=acting_user,
             also=("connected_on", "building_sewer_diameter_in"), occurred_at=connected_on)
        parcel = building.parcel
        meet_all(
            Deadline.objects.filter(parcel=parcel, kind=DeadlineKind.CONNECT),
            met_on=connected_on,
            acting_user=acting_user,
            why="Connected to the public sewer",
        )
        for hook in _ON_RECORDED:
            hook(connection, acting_user)
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_record_connection",
            subject=str(building),
            rows=1,
            detail={"connected_on": connected_on.isoformat()},
        )
        return connection


def do_record_abandonment(*, private_system: PrivateSystem, abandoned_on: dt.date, acting_user: Any) -> PrivateSystem:
    """Record that the private system was cleaned of sludge and liquid, abandoned and filled (§118-5).
    Meets its deadline; a violation for missing it is corrected on that day and its fine becomes final."""
    require(acting_user, "enforcement.record_abandonment", "record the abandonment of a private system")
    with transaction.atomic():
        not_in_future("abandoned_on", abandoned_on, "An abandonment")
        system = PrivateSystem.objects.select_for_update().get(pk=private_system.pk)
        if system.status == PrivateSystemStatus.ABANDONED:
            raise ValidationError({"abandoned_on": f"It was already recorded as abandoned on {system.abandoned_on}."})
        system.status = PrivateSystemStatus.ABANDONED
        system.abandoned_on = abandoned_on
        system.full_clean()
        system._history_user = acting_user  # type: ignore[attr-defined]
        system._change_reason = "Cleaned, abandoned and filled"  # type: ignore[attr-defined]
        system.save()
        deadlines = list(Deadline.objects.filter(private_system=system, kind=DeadlineKind.ABANDON))
        meet_all(
            Deadline.objects.filter(pk__in=[d.pk for d in deadlines]),
            met_on=abandoned_on,
            acting_user=acting_user,
            why="Private system cleaned, abandoned and filled",
        )
        for violation in Violation.objects.select_for_update().filter(source_deadline__in=deadlines):
            correct(
                violation, abandoned_on, why="Private system cleaned, abandoned and filled", acting_user=acting_user
            )
        return system


def mark_notified(parcel: Any, served_on: dt.date, *, why: str, acting_user: Any) -> int:
    """The unsewered connections of ``parcel``'s buildings become notified on ``served_on`` (§118-5), each a
    move along the connection pipeline with its history row; the caller's action checked the role."""
    n = 0
    for connection in Connection.objects.select_for_update().filter(
        building__parcel=parcel, status=ConnectionStatus.UNSEWERED
    ):
        connection.notified_on = served_on
        move(connection, ConnectionStatus.NOTIFIED, why=why, acting_user=acting_user, also=("notified_on",),
             occurred_at=served_on)  # fmt: skip
        n += 1
    return n
