"""The facts of the §118-5 connection deadlines a parcel's records hold, for the determination opened from
its page: the first Notice to Connect served, the first connection, and its private system (in use, or
when it was abandoned)."""

from __future__ import annotations

from typing import Any

from sewerworks.core.determinations.prefill import register_parcel_facts
from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.models import Notice
from sewerworks.registry.choices import ConnectionStatus, PrivateSystemStatus
from sewerworks.registry.models import Connection, PrivateSystem


def _iso(value: Any) -> str | None:
    return value.isoformat() if value else None


def connection_facts(parcel_id: int) -> dict[str, Any]:
    notice = (
        Notice.objects.filter(parcel_id=parcel_id, kind=NoticeKind.NOTICE_TO_CONNECT, served_on__isnull=False)
        .order_by("served_on")
        .first()
    )
    connection = (
        Connection.objects.filter(building__parcel_id=parcel_id, status=ConnectionStatus.CONNECTED)
        .order_by("connected_on")
        .first()
    )
    systems = PrivateSystem.objects.filter(parcel_id=parcel_id, vehicle_wash_only=False)
    in_use = systems.filter(status=PrivateSystemStatus.IN_USE).exists()
    abandoned = systems.filter(status=PrivateSystemStatus.ABANDONED).order_by("-abandoned_on").first()
    return {
        "notice_served_on": _iso(notice.served_on if notice else None),
        "connected_on": _iso(connection.connected_on if connection else None),
        "abandoned_on": None if in_use or abandoned is None else _iso(abandoned.abandoned_on),
        "has_private_system": in_use or abandoned is not None,
    }


register_parcel_facts(
    "connection-deadlines", "the Notice to Connect, connection and private system on record", connection_facts
)
