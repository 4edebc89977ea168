"""Enforcement's dashboard panels: deadlines overdue, due today and this week; open follow-up tasks."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest
from django.utils import timezone

from sewerworks.core.dashboard import Panel, dashboard_panel
from sewerworks.enforcement.models import Deadline, FollowUp, NoticeToConnectTask, SweepRun
from sewerworks.enforcement.views.board import WEEK, groups

SHOWN = 5


@dashboard_panel
def deadlines_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("enforcement.view_enforcement"):
        return None
    on = timezone.localdate()
    found = groups(Deadline.objects.all(), on)
    rows = []
    for key, label in (("overdue", "Overdue"), ("today", "Due today"), ("week", "Due this week")):
        qs = found[key]
        items = list(qs[:SHOWN])
        for d in items:
            d.days_from_today = (d.due_on - on).days  # type: ignore[attr-defined]
        rows.append({"key": key, "label": label, "count": qs.count(), "items": items})
    last = SweepRun.objects.order_by("-started_at", "-id").first()
    context = {
        "groups": rows,
        "on": on,
        "week_end": on + dt.timedelta(days=WEEK),
        "last_sweep": last,
        # what the last sweep's reconciliation found untracked (enforcement.duties), and all time
        "duties_opened": (last.changes or {}).get("duties_opened", 0) if last else None,
        "duties_tracked": Deadline.objects.exclude(duty="").count(),
    }
    return Panel("Enforcement deadlines", "enforcement/_dashboard_deadlines.html", context, order=20)


@dashboard_panel
def follow_ups_panel(request: HttpRequest) -> Panel | None:
    if not request.user.has_perm("enforcement.view_enforcement"):
        return None
    open_tasks = FollowUp.objects.filter(done_on__isnull=True)
    count = open_tasks.count()
    if not count:
        return None
    tasks = list(open_tasks.select_related("deadline", "deadline__parcel").order_by("raised_on", "id")[:SHOWN])
    return Panel("Open follow-up tasks", "enforcement/_dashboard_follow_ups.html", {"tasks": tasks, "count": count}, 21)


@dashboard_panel
def notice_to_connect_tasks_panel(request: HttpRequest) -> Panel | None:
    """The Superintendent's Notices to Connect owed (I-92): raised by the sweep, with why, one click to issue."""
    if not request.user.has_perm("enforcement.issue_notice"):
        return None
    open_tasks = NoticeToConnectTask.objects.filter(done_on__isnull=True)
    count = open_tasks.count()
    if not count:
        return None
    tasks = list(open_tasks.select_related("parcel").order_by("raised_on", "parcel__tax_map_sort")[:SHOWN])
    context = {"tasks": tasks, "count": count}
    return Panel("Notices to Connect to serve", "enforcement/_dashboard_connect_tasks.html", context, 22)
