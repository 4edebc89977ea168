"""The mandatory-connection roster of a Sewer Improvement Area (§118-5, §118-12).

Each property in the area with a building not yet connected to the public sewer, or whose private
system is still to be cleaned, abandoned and filled after connection, with: whether a public sewer is
available, where its Notice to Connect stands, the connect-by and abandon-by dates with the days left,
and the §118-5 fine accruing. The most urgent first (the earliest open deadline, overdue ones first).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Exists, Min, OuterRef, Q
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, NoticeKind
from sewerworks.enforcement.fines import fine_as_of
from sewerworks.enforcement.models import AbandonmentFine, Deadline, Notice, NoticeToConnectTask
from sewerworks.enforcement.views.common import today, view_required
from sewerworks.registry.availability import Availability, availability_for
from sewerworks.registry.choices import ConnectionStatus
from sewerworks.registry.models import Connection, ImprovementArea, Parcel

PER_PAGE = 50
FAR_FUTURE = dt.date(9999, 12, 31)
ACTIVE = [DeadlineStatus.OPEN, DeadlineStatus.OVERDUE]


@dataclass
class RosterRow:
    """One property on the roster."""

    parcel: Parcel
    availability: Availability | None = None
    notice: Notice | None = None
    task: NoticeToConnectTask | None = None
    connect_by: Deadline | None = None
    connected_on: dt.date | None = None
    abandon_by: Deadline | None = None
    fine: Decimal | None = None
    fine_days: int | None = None
    days_left: dict[str, int] = field(default_factory=dict)


def roster_parcels(area: ImprovementArea) -> Any:
    """Parcels of ``area`` still in the program, most urgent first (set-based, for any size of area)."""
    unsewered = Connection.objects.filter(building__parcel=OuterRef("pk")).exclude(status=ConnectionStatus.CONNECTED)
    abandoning = Deadline.objects.filter(parcel=OuterRef("pk"), kind=DeadlineKind.ABANDON, status__in=ACTIVE)
    active = Q(deadlines__status__in=ACTIVE, deadlines__kind__in=[DeadlineKind.CONNECT, DeadlineKind.ABANDON])
    return (
        Parcel.objects.filter(improvement_area=area)
        .filter(Exists(unsewered) | Exists(abandoning))
        .annotate(urgency=Coalesce(Min("deadlines__due_on", filter=active), FAR_FUTURE))
        .order_by("urgency", "tax_map_sort", "tax_map_number")
    )


def build_rows(parcels: list[Parcel], on: dt.date) -> list[RosterRow]:
    """The roster's facts for one page of parcels (a few queries per page, not per parcel)."""
    ids = [p.pk for p in parcels]
    rows = {p.pk: RosterRow(parcel=p) for p in parcels}
    for a in availability_for(parcels, on=on):
        rows[a.parcel_id].availability = a
    for n in Notice.objects.filter(parcel_id__in=ids, kind=NoticeKind.NOTICE_TO_CONNECT).order_by("issued_on", "id"):
        rows[n.parcel_id].notice = n  # the latest wins
    for task in NoticeToConnectTask.objects.filter(parcel_id__in=ids, done_on__isnull=True):
        rows[task.parcel_id].task = task  # type: ignore[index]
    deadlines = Deadline.objects.filter(parcel_id__in=ids, kind__in=[DeadlineKind.CONNECT, DeadlineKind.ABANDON])
    for d in deadlines.order_by("due_on", "id"):
        row = rows[d.parcel_id]  # type: ignore[index]  # filtered on parcel_id__in: never None
        slot = "connect_by" if d.kind == DeadlineKind.CONNECT else "abandon_by"
        current = getattr(row, slot)
        if current is None or current.status not in ACTIVE:
            setattr(row, slot, d)
    connected = Connection.objects.filter(building__parcel_id__in=ids, connected_on__isnull=False)
    for parcel_id, connected_on in connected.values_list("building__parcel_id", "connected_on"):
        row = rows[parcel_id]
        if connected_on is not None and (row.connected_on is None or connected_on > row.connected_on):
            row.connected_on = connected_on
    fines = AbandonmentFine.objects.filter(violation__parcel_id__in=ids).select_related("violation")
    for fine in fines:
        amount, days = fine_as_of(fine, on)
        row = rows[fine.violation.parcel_id]
        row.fine = (row.fine or Decimal("0.00")) + amount
        row.fine_days = max(row.fine_days or 0, days)
    for row in rows.values():
        for slot in ("connect_by", "abandon_by"):
            d = getattr(row, slot)
            if d is not None and d.status in ACTIVE:
                row.days_left[slot] = (d.due_on - on).days
    return [rows[i] for i in ids]


@view_required
def connection_roster(request: HttpRequest, code: str) -> HttpResponse:
    area = get_object_or_404(ImprovementArea, code=code)
    on = today()
    qs = roster_parcels(area).select_related("improvement_area")
    page = Paginator(qs, PER_PAGE).get_page(request.GET.get("page"))
    rows = build_rows(list(page.object_list), on)
    context = {
        "area": area,
        "areas": ImprovementArea.objects.order_by("name"),
        "page": page,
        "rows": rows,
        "on": on,
        "can_issue": request.user.has_perm("enforcement.issue_notice"),
    }
    return render(request, "enforcement/connection_roster.html", context)
