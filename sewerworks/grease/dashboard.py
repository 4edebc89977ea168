"""The grease program's dashboard panel: pump-outs due (notice open), overdue, open 72-hour orders, the
appearance tickets asked for, record-keeping gaps, and the pump-outs predicted within 30 days; and the
inspector's grease work (I-113): establishments whose pump-out log has gaps, and interceptors whose pump-out
is predicted within the week, each one click from recording an inspection. Orders and tickets are
enforcement's deadlines and follow-ups (enforcement/dashboard.py), not repeated here."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.access.roles import BOARD_MEMBER, BUILDING_INSPECTOR, CLERK, INSPECTOR, SUPERINTENDENT
from sewerworks.core.records import generation
from sewerworks.core.web.dashboard import Panel, WorkItem, dashboard_panel, my_work
from sewerworks.enforcement.choices import Program
from sewerworks.enforcement.models import FollowUp
from sewerworks.grease.status import Standing, standings


def kept_standings(today: dt.date) -> list[Standing]:
    """Every establishment's standing as of ``today``, computed once for the panel and the inspectors' work
    while the records stay the same (core.records.generation)."""
    return generation.kept(f"grease-standings:{today}", lambda: standings(today))


@dashboard_panel(roles=[SUPERINTENDENT, INSPECTOR, BUILDING_INSPECTOR, CLERK, BOARD_MEMBER])
def grease_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("grease.view_grease"):
        return None
    today = timezone.localdate()
    rows = kept_standings(today)
    context = {
        "due": sum(1 for s in rows if s.violation is not None and not s.order_open),
        "overdue": sum(1 for s in rows if s.overdue),
        "orders": sum(1 for s in rows if s.order_open),
        "tickets": FollowUp.objects.filter(
            kind="appearance_ticket", done_on__isnull=True, deadline__program=Program.GREASE
        ).count(),
        "gaps": sum(1 for s in rows if s.log_gap),
        "predicted": [s for s in rows if s.predicted_within(today) and s.violation is None][:5],
        "count": len(rows),
    }
    return Panel("Grease program (§118-38)", "grease/_dashboard_panel.html", context, order=40)


@my_work(roles=[INSPECTOR])
def inspection_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Establishments to inspect: a pump-out log with gaps (undated), a pump-out predicted (its middle day)."""
    for s in kept_standings(today):
        url = reverse("grease:record_inspection", args=[s.establishment.pk])
        if s.log_gap:
            yield WorkItem(
                title="Inspect: the pump-out log has gaps", subject=s.establishment.name, action="Record an inspection",
                url=url, program=Program.GREASE.label, section="118-38", note=s.log_summary,
            )  # fmt: skip
        elif s.predicted is not None and s.violation is None:
            yield WorkItem(
                title="Inspect before the predicted pump-out", subject=s.establishment.name, url=url,
                action="Record an inspection", program=Program.GREASE.label, section="118-38",
                due_on=s.predicted[1], note=f"Pump-out predicted {s.predicted[0]:%b %-d} – {s.predicted[2]:%b %-d}",
            )  # fmt: skip
