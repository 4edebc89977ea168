"""What the registry adds to a parcel's timeline: ownership, connection, private systems, meters, changes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sewerworks.core.compiled import compiled
from sewerworks.core.records.sections import prefetched, present, record_probe
from sewerworks.core.records.timeline import TimelineEvent, timeline_source
from sewerworks.registry.models import AssessedValue, Connection, Ownership, Parcel, PrivateSystem, WaterMeter

record_probe("private_systems", lambda pk: PrivateSystem.objects.filter(parcel_id=pk))
record_probe("assessments", lambda pk: AssessedValue.objects.filter(parcel_id=pk))
_CHANGES = compiled(  # the parcel record's last changes (its SQL compiled once per process, issue 38)
    "parcel changes",
    lambda pk: Parcel.history.filter(id=pk).select_related("history_user").order_by("-history_date")[:30],
)


@timeline_source
def parcel_events(subject: Any) -> Iterable[TimelineEvent]:
    """Ownership, connection, private systems and meters from the rows the parcel page prefetched (read here
    when the parcel was read without them), and the parcel record's last changes."""
    if not isinstance(subject, Parcel):
        return
    ownerships = prefetched(
        subject, "ownerships", lambda: Ownership.objects.filter(parcel=subject).select_related("owner")
    )
    for o in ownerships:
        if o.start:
            yield TimelineEvent(o.start, "ownership", f"{o.owner.name} became owner")
        if o.end:
            yield TimelineEvent(o.end, "ownership", f"{o.owner.name} ceased to be owner")
    for c in _connections(subject):
        if c.notified_on:
            yield TimelineEvent(
                c.notified_on, "connection", f"Official notice to connect served ({c.building})", section="118-5"
            )
        if c.connected_on:
            yield TimelineEvent(
                c.connected_on, "connection", f"Connected to the public sewer ({c.building})", section="118-5"
            )
    systems = lambda: PrivateSystem.objects.filter(parcel=subject)  # noqa: E731  # made only when not prefetched
    for s in prefetched(subject, "private_systems", systems) if present(subject, "private_systems") else ():
        if s.abandoned_on:
            yield TimelineEvent(
                s.abandoned_on,
                "private system",
                f"{s.get_kind_display()} cleaned, abandoned and filled",
                section="118-5",
            )
    for m in _meters(subject):
        if m.installed_on:
            yield TimelineEvent(m.installed_on, "meter", f"Meter {m.serial} installed")
        if m.certified_on:
            yield TimelineEvent(
                m.certified_on,
                "meter",
                f"Meter {m.serial} certified by {m.certified_by or 'the Water Superintendent'}",
                section="118-25",
            )
    for h in _CHANGES(subject.pk):
        who = h.history_user.username if h.history_user else "system"
        verb = {"+": "created", "~": "changed", "-": "deleted"}[h.history_type]
        yield TimelineEvent(h.history_date, "change", f"Parcel record {verb} by {who}", h.history_change_reason or "")


def _connections(parcel: Parcel) -> list[Connection]:
    if "buildings" not in getattr(parcel, "_prefetched_objects_cache", {}):
        return list(Connection.objects.filter(building__parcel=parcel).select_related("building"))
    found = (getattr(b, "connection", None) for b in prefetched(parcel, "buildings", ()))
    return [c for c in found if c is not None]


def _meters(parcel: Parcel) -> list[WaterMeter]:
    if "accounts" not in getattr(parcel, "_prefetched_objects_cache", {}):
        return list(WaterMeter.objects.filter(account__parcel=parcel))
    return sorted((m for a in prefetched(parcel, "accounts", ()) for m in a.meters.all()), key=lambda m: m.serial)
