"""Whether a Notice to Connect has anything left to ask of a parcel (§118-5).

A Notice to Connect orders the owner to connect the buildings of the parcel. Where every building is already
connected, the notice asks for nothing: the parcel page and the notice form warn before one is issued
(the clerk may still issue it, say for a building not yet recorded).
"""

from __future__ import annotations

from typing import Any

from sewerworks.core.records.sections import prefetched
from sewerworks.registry.choices import ConnectionStatus
from sewerworks.registry.models import Building


def already_connected_warning(parcel: Any) -> str:
    """The warning for a Notice to Connect on ``parcel``, or '' when some building is not yet connected."""
    query = lambda: Building.objects.filter(parcel=parcel).select_related("connection").order_by("name", "pk")  # noqa: E731
    buildings = prefetched(parcel, "buildings", query)  # the parcel page's rows (the same order), if it read them
    if not buildings:
        return ""
    dates = []
    for building in buildings:
        connection = getattr(building, "connection", None)
        if connection is None or connection.status != ConnectionStatus.CONNECTED:
            return ""
        dates.append(connection.connected_on)
    when = max(d for d in dates if d is not None)
    every = "Its only building is" if len(buildings) == 1 else f"All {len(buildings)} buildings are"
    return (
        f"{every} already connected to the public sewer (the last on {when:%B} {when.day}, {when.year}): "
        "a Notice to Connect under §118-5 would ask for nothing."
    )
