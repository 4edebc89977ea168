"""Every inspection on one list: this app's records, and beside them the inspections other programs still keep
in records of their own (the grease program's interceptor inspections, the pretreatment program's entries under
§118-45), which those programs list here through :func:`register_listing` until they are migrated.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.urls import NoReverseMatch, reverse

from sewerworks.inspections.models import Inspection

__all__ = ["Listed", "listed", "register_listing"]


@dataclass(frozen=True)
class Listed:
    """One inspection as the list shows it, whatever record keeps it."""

    on: dt.date
    what: str
    subject: str
    result: str
    by: str
    url: str
    source: str
    parcel_id: int | None = None


Lister = Callable[[int | None, int], Iterable[Listed]]  # (parcel id or None, at most) -> rows, newest first
_LISTERS: dict[str, tuple[str, Lister]] = {}


def register_listing(source: str, *, permission: str, lister: Lister) -> None:
    """List ``source``'s inspections beside the others, to users holding ``permission``."""
    _LISTERS[source] = (permission, lister)


def _url(name: str, *args: Any) -> str:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return ""


def own(parcel_id: int | None, limit: int) -> Iterable[Listed]:
    from sewerworks.inspections.subjects import subject_of

    qs = Inspection.objects.select_related("inspector", "parcel")
    if parcel_id is not None:
        qs = qs.filter(parcel_id=parcel_id)
    for inspection in qs.order_by("-requested_on", "-id")[:limit]:
        registered, subject = subject_of(inspection)
        kind = next((k for k in registered.kinds if k.key == inspection.kind), None)
        yield Listed(
            on=inspection.inspected_on or inspection.scheduled_for or inspection.requested_on,
            what=kind.label if kind else inspection.kind,
            subject=registered.label(subject),
            result=inspection.result_label,
            by=str(inspection.inspector or inspection.requested_by),
            url=_url("inspections:detail", inspection.pk),
            source="inspections",
            parcel_id=inspection.parcel_id,
        )


def listed(user: Any, *, parcel_id: int | None = None, limit: int = 100) -> list[Listed]:
    """What ``user`` may see, newest first: this app's inspections and those the programs list here."""
    rows: list[Listed] = []
    if user.has_perm("inspections.view_inspections"):
        rows += own(parcel_id, limit)
    for permission, lister in _LISTERS.values():
        if user.has_perm(permission):
            rows += lister(parcel_id, limit)
    return sorted(rows, key=lambda r: r.on, reverse=True)[:limit]
