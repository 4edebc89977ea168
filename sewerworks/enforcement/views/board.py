"""The deadlines board: what is overdue, due today, due this week and coming up, with the open follow-up
tasks the daily sweep raised."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.enforcement.actions.followups import do_complete_follow_up, permission_for
from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.filters import DeadlineFilterSet
from sewerworks.enforcement.models import Deadline, FollowUp
from sewerworks.enforcement.views.common import post_only, require_perm, today, view_required
from sewerworks.registry.models import ImprovementArea

WEEK = 7  # "this week": the next seven days
GROUP_LIMIT = 200
ACTIVE = [DeadlineStatus.OPEN, DeadlineStatus.OVERDUE]


def groups(deadlines: QuerySet[Deadline], on: dt.date) -> dict[str, QuerySet[Deadline]]:
    """Active deadlines sorted into overdue, due today, due this week and upcoming, as of ``on``."""
    active = deadlines.filter(status__in=ACTIVE).select_related("parcel", "notice", "officer")
    week_end = on + dt.timedelta(days=WEEK)
    return {
        "overdue": active.filter(Q(status=DeadlineStatus.OVERDUE) | Q(due_on__lt=on)).order_by("due_on", "id"),
        "today": active.filter(status=DeadlineStatus.OPEN, due_on=on),
        "week": active.filter(status=DeadlineStatus.OPEN, due_on__gt=on, due_on__lte=week_end),
        "upcoming": active.filter(status=DeadlineStatus.OPEN, due_on__gt=week_end),
    }


def _rows(qs: Any, on: dt.date, limit: int = GROUP_LIMIT) -> list[Deadline]:
    rows = list(qs[:limit])
    for d in rows:
        d.days_from_today = (d.due_on - on).days  # type: ignore[attr-defined]
        d.days_overdue = max(0, (on - d.due_on).days)  # type: ignore[attr-defined]
    return rows


@view_required
def deadline_board(request: HttpRequest) -> HttpResponse:
    on = today()
    filterset = DeadlineFilterSet(request.GET or None, queryset=Deadline.objects.all(), request=request)
    deadlines = filterset.qs if filterset.is_bound and filterset.is_valid() else Deadline.objects.all()
    if filterset.is_bound and not filterset.is_valid():
        deadlines = Deadline.objects.none()
    found = groups(deadlines, on)
    upcoming = Paginator(found["upcoming"], 50).get_page(request.GET.get("page"))
    tasks = list(
        FollowUp.objects.filter(done_on__isnull=True, deadline__in=deadlines)
        .select_related("deadline", "deadline__parcel", "deadline__notice", "assigned_to")
        .order_by("raised_on", "id")[:GROUP_LIMIT]
    )
    for task in tasks:
        task.can_complete = request.user.has_perm(permission_for(task))  # type: ignore[attr-defined]
    query = request.GET.copy()
    query.pop("page", None)
    context: dict[str, Any] = {
        "filter": filterset,
        "on": on,
        "overdue": _rows(found["overdue"], on),
        "overdue_count": found["overdue"].count(),
        "due_today": _rows(found["today"], on),
        "due_week": _rows(found["week"], on),
        "upcoming": upcoming,
        "upcoming_rows": _rows(upcoming.object_list, on),
        "tasks": tasks,
        "query": query.urlencode(),
        "group_limit": GROUP_LIMIT,
        "areas": ImprovementArea.objects.order_by("name"),
    }
    return render(request, "enforcement/deadline_board.html", context)


@post_only
@view_required
def follow_up_done(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark a follow-up task done (role-checked by the action)."""
    task = get_object_or_404(FollowUp, pk=pk)
    require_perm(request, permission_for(task))
    try:
        do_complete_follow_up(task, acting_user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"Task done: {task.title}")
    back = request.POST.get("next", "")
    return redirect(back if back.startswith("/enforcement/") else "enforcement:deadline_board")
