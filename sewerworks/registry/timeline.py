"""What the registry adds to a parcel's timeline: ownership, connection, private systems, meters, changes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sewerworks.core.timeline import TimelineEvent, timeline_source
from sewerworks.registry.models import Connection, Ownership, Parcel, PrivateSystem, WaterMeter


@timeline_source
def parcel_events(subject: Any) -> Iterable[TimelineEvent]:
    if not isinstance(subject, Parcel):
        return
    for o in Ownership.objects.filter(parcel=subject).select_related("owner"):
        if o.start:
            yield TimelineEvent(o.start, "ownership", f"{o.owner.name} became owner")
        if o.end:
            yield TimelineEvent(o.end, "ownership", f"{o.owner.name} ceased to be owner")
    for c in Connection.objects.filter(building__parcel=subject).select_related("building"):
        if c.notified_on:
            yield TimelineEvent(
                c.notified_on, "connection", f"Official notice to connect served ({c.building})", section="118-5"
            )
        if c.connected_on:
            yield TimelineEvent(
                c.connected_on, "connection", f"Connected to the public sewer ({c.building})", section="118-5"
            )
    for s in PrivateSystem.objects.filter(parcel=subject):
        if s.abandoned_on:
            yield TimelineEvent(
                s.abandoned_on,
                "private system",
                f"{s.get_kind_display()} cleaned, abandoned and filled",
                section="118-5",
            )
    for m in WaterMeter.objects.filter(account__parcel=subject):
        if m.installed_on:
            yield TimelineEvent(m.installed_on, "meter", f"Meter {m.serial} installed")
        if m.certified_on:
            yield TimelineEvent(
                m.certified_on,
                "meter",
                f"Meter {m.serial} certified by {m.certified_by or 'the Water Superintendent'}",
                section="118-25",
            )
    for h in subject.history.select_related("history_user").order_by("-history_date")[:30]:
        who = h.history_user.username if h.history_user else "system"
        verb = {"+": "created", "~": "changed", "-": "deleted"}[h.history_type]
        yield TimelineEvent(h.history_date, "change", f"Parcel record {verb} by {who}", h.history_change_reason or "")
