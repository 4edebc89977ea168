"""The §118-54 connection charge billed when a connection is recorded, whatever path recorded it (an inspection's
passed result, the API, the demo): "A charge ... will be levied against all property owners who tap in on the
collection main" (I-42, I-123).

Registered with enforcement's :func:`on_connection_recorded`, so it runs inside the connection's transaction, once
per connection (``source_key`` ``connection:<id>``). A connection whose building sewer diameter is not recorded,
or not in the Board's schedule, is connected without a charge and :func:`tap_note` says why: the clerk bills it
from the parcel page (the connection is never refused for its fee).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from sewerworks.billing.models import ConnectionCharge
from sewerworks.billing.property.connection import post_connection_charge
from sewerworks.enforcement.actions.connection import on_connection_recorded
from sewerworks.registry.models import Connection, SewerAccount


def source_key(connection: Connection) -> str:
    return f"connection:{connection.pk}"


@on_connection_recorded
def bill_the_tap(connection: Connection, acting_user: Any) -> None:
    diameter = connection.building_sewer_diameter_in
    if not diameter or connection.connected_on is None:
        return
    parcel = connection.building.parcel
    account = SewerAccount.objects.filter(parcel=parcel, closed_on__isnull=True).order_by("opened_on", "id").first()
    try:
        post_connection_charge(
            parcel=parcel,
            diameter_in=str(diameter),
            offered_on=connection.connected_on,
            source_key=source_key(connection),
            acting_user=acting_user,
            account=account,
            building=connection.building,
        )
    except ValidationError:
        return  # tap_note says why; the connection stands


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
    return f"No §118-54 connection charge billed: {why}; the clerk bills it from the parcel page."
