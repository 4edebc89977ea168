"""The §118-54 connection charge billed when a connection is recorded, whatever path recorded it (an inspection's
passed result, the API, the demo): "A charge ... will be levied against all property owners who tap in on the
collection main" (I-42, I-123).

Registered with enforcement's :func:`on_connection_recorded`, so it runs inside the connection's transaction, once
per connection (``source_key`` ``connection:<id>``). A connection whose building sewer diameter is not recorded,
or not in the Board's schedule, is connected without a charge and :func:`tap_note` says why; a deadline of the
Town's own (the clerk's) tracks the charge still to bill, met when the clerk bills it from the parcel page (the
connection is never refused for its fee).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.billing.models import ConnectionCharge
from sewerworks.billing.property.connection import SECTION, TO_BILL, post_connection_charge
from sewerworks.enforcement.actions.common import decide
from sewerworks.enforcement.actions.connection import on_connection_recorded
from sewerworks.enforcement.actions.deadlines import do_open_deadline
from sewerworks.enforcement.choices import DeadlineKind, Program
from sewerworks.enforcement.models import Deadline
from sewerworks.registry.models import Connection, SewerAccount

DUTY = TO_BILL


def source_key(connection: Connection) -> str:
    return f"connection:{connection.pk}"


@on_connection_recorded
def bill_the_tap(connection: Connection, acting_user: Any) -> None:
    if connection.connected_on is None:
        return
    diameter = connection.building_sewer_diameter_in
    parcel = connection.building.parcel
    account = SewerAccount.objects.filter(parcel=parcel, closed_on__isnull=True).order_by("opened_on", "id").first()
    if diameter:
        try:
            with transaction.atomic():  # a refusal writes nothing of the charge; the connection stands
                post_connection_charge(
                    parcel=parcel,
                    diameter_in=str(diameter),
                    offered_on=connection.connected_on,
                    source_key=source_key(connection),
                    acting_user=acting_user,
                    account=account,
                    building=connection.building,
                )
            return
        except ValidationError:
            pass  # tap_note says why
    open_billing_duty(connection)


def open_billing_duty(connection: Connection) -> Deadline:
    """The charge is owed from the tap (§118-54) but the schedule cannot price it: a deadline of the Town's own
    (the clerk's, program billing) to bill it, due the day of the tap, kept with the topic's decision (I-123). Met
    when a connection charge is billed on the parcel (``connection.meet_billing_duties``)."""
    on = connection.connected_on
    assert on is not None
    diameter = connection.building_sewer_diameter_in
    facts: dict[str, Any] = {"offered_on": on.isoformat()}
    if diameter:
        facts["diameter_in"] = str(diameter)
    decision, stored = decide("connection-charge", facts, as_of=on, subject=connection, acting_user=None)
    return do_open_deadline(
        program=Program.BILLING, kind=DeadlineKind.REVIEW, subject=connection, decision=stored, section=SECTION,
        title=f"Bill the §118-54 connection charge of {connection.building} (connected {on})", due_on=on,
        parcel=connection.building.parcel, acting_user=None, duty=DUTY,
        why="§118-54: the tap's charge to bill once the schedule prices it (I-123)",
    )  # fmt: skip


def tap_note(connection: Connection) -> str:
    """What the recorded connection billed under §118-54, or why nothing, in one sentence."""
    charge = ConnectionCharge.objects.filter(source_key=source_key(connection)).first()
    if charge is not None:
        return f"Connection charge {charge.number} of ${charge.amount:,} billed, due {charge.due_on} (§118-54, I-123)."
    diameter = connection.building_sewer_diameter_in
    why = (
        f"the Board's schedule prices no {diameter}-inch building sewer (I-42)"
        if diameter
        else "no building sewer diameter is recorded"
    )
    return (f"No §118-54 connection charge billed: {why}; the clerk bills it from the parcel page (a deadline of "
            "the Town's own to bill it is open until then).")  # fmt: skip
