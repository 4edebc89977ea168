"""The deadlines board: what is overdue, due today, due this week and coming up, with the open follow-up
tasks the daily sweep raised.

Each list shows 50 rows a page; every page link keeps the filters and the other lists' pages. What the board
shows depends only on the filters and pages asked, the day and the records, so it is computed once and kept
for everyone (``core.records.generation.KEPT_SECONDS``) under the generations of the tables it read
(core.records.generation): the next board after a change to one of them is computed afresh.
Whether the user may mark a task done is asked each time."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.records import generation
from sewerworks.enforcement.actions.followups import (
    DEFAULT,
    PERMISSION_FOR_KIND,
    do_complete_follow_up,
    permission_for,
)
from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.filters import DeadlineFilterSet
from sewerworks.enforcement.models import Deadline, FollowUp
from sewerworks.enforcement.views.board_rows import ROW_FIELDS, TASK_FIELDS, RowMaker, TaskRow, person
from sewerworks.enforcement.views.common import post_only, today, view_required
from sewerworks.registry.models import ImprovementArea

WEEK = 7  # "this week": the next seven days
PER_PAGE = 50  # rows of each list (and follow-up tasks) on one page of the board
ACTIVE = [DeadlineStatus.OPEN, DeadlineStatus.OVERDUE]
# (group, its page's parameter, heading, caption, when empty); "page" stays the upcoming list's, as before.
GROUPS = [
    ("overdue", "overdue_page", "Overdue", "Deadlines passed without being met, the oldest first",
     "Nothing is overdue."),
    ("today", "today_page", "Due today", "Deadlines that end today", "Nothing is due today."),
    ("week", "week_page", "Due this week", "Deadlines in the next seven days",
     "Nothing else is due in the next seven days."),
    ("upcoming", "page", "Upcoming", "Later deadlines, the soonest first", "No later deadlines."),
]  # fmt: skip


def groups(deadlines: QuerySet[Deadline], on: dt.date) -> dict[str, QuerySet[Deadline]]:
    """Active deadlines sorted into overdue, due today, due this week and upcoming, as of ``on``."""
    active = deadlines.filter(status__in=ACTIVE).select_related("parcel", "notice", "officer")
    return {key: active.filter(where).order_by("due_on", "id") for key, where in _group_filters(on).items()}


def _group_filters(on: dt.date) -> dict[str, Q]:
    week_end = on + dt.timedelta(days=WEEK)
    is_open = Q(status=DeadlineStatus.OPEN)
    return {
        "overdue": Q(status=DeadlineStatus.OVERDUE) | Q(due_on__lt=on),
        "today": is_open & Q(due_on=on),
        "week": is_open & Q(due_on__gt=on, due_on__lte=week_end),
        "upcoming": is_open & Q(due_on__gt=week_end),
    }


def group_counts(deadlines: QuerySet[Deadline], on: dt.date) -> dict[str, int]:
    """How many active deadlines each group holds, as of ``on``: one query."""
    counts = {key: Count("id", filter=where) for key, where in _group_filters(on).items()}
    return deadlines.filter(status__in=ACTIVE).aggregate(**counts)


def pager(request: HttpRequest, name: str, rows: Any, count: int) -> tuple[Page, str]:
    """Page ``request.GET[name]`` of ``rows`` (``count`` known), and the query string its links keep: the
    filters and the other lists' pages, without its own page."""
    paginator = Paginator(rows, PER_PAGE)
    paginator.count = count  # type: ignore[misc]  # counted with the other groups in one query
    query = request.GET.copy()
    query.pop(name, None)
    return paginator.get_page(request.GET.get(name)), query.urlencode()


def filter_fields(filterset: DeadlineFilterSet) -> list[dict[str, Any]]:
    """The filter form's selects as plain data (the options listed once, marked chosen), so the template
    writes them without rendering Django's widget templates."""
    form, fields = filterset.form, []
    for name in ("program", "officer"):
        chosen = str(form[name].value() or "")
        options = [(str(value), str(label), str(value) == chosen) for value, label in form.fields[name].choices]
        fields.append({"name": name, "id": f"id_{name}", "label": form.fields[name].label, "options": options,
                       "errors": form.errors.get(name, []) if form.is_bound else []})  # fmt: skip
    return fields


@dataclass(frozen=True)
class PageInfo:
    """Where a page of the follow-up tasks is: what its links need, kept without the rows it came from."""

    number: int
    num_pages: int
    count: int
    previous: int | None
    next: int | None

    @classmethod
    def of(cls, page: Page) -> PageInfo:
        previous = page.previous_page_number() if page.has_previous() else None
        following = page.next_page_number() if page.has_next() else None
        return cls(page.number, page.paginator.num_pages, page.paginator.count, previous, following)


def open_tasks(
    request: HttpRequest, deadlines: QuerySet[Deadline], make: RowMaker
) -> tuple[PageInfo, str, list[TaskRow]]:
    """The page of open follow-up tasks of the deadlines shown, the oldest first, each with the permission
    that marks it done."""
    tasks = FollowUp.objects.filter(done_on__isnull=True, deadline__in=deadlines).order_by("raised_on", "id")
    page, query = pager(request, "tasks_page", tasks.values(*TASK_FIELDS), tasks.count())
    found = list(page.object_list)
    rows = make.made([{name: v[f"deadline__{name}"] for name in ROW_FIELDS} for v in found])
    out = []
    for v, row in zip(found, rows, strict=True):
        perm = PERMISSION_FOR_KIND.get(v["kind"], DEFAULT)[0]
        assignee = person(v["assigned_to__first_name"], v["assigned_to__last_name"], v["assigned_to__username"])
        out.append(TaskRow(v["id"], v["title"], v["raised_on"], assignee, perm, row))
    return PageInfo.of(page), query, out


def board_now(request: HttpRequest, on: dt.date) -> dict[str, Any]:
    """What the board shows for the filters and pages asked, computed now: the filter selects and the four
    lists rendered, the tasks as rows (whether the user may mark each done is asked per request)."""
    filterset = DeadlineFilterSet(request.GET or None, queryset=Deadline.objects.all(), request=request)
    deadlines = filterset.qs if filterset.is_bound and filterset.is_valid() else Deadline.objects.all()
    if filterset.is_bound and not filterset.is_valid():
        deadlines = Deadline.objects.none()
    counts = group_counts(deadlines, on)
    found = groups(deadlines, on)
    make = RowMaker(on)
    lists = []
    for key, param, label, caption, empty in GROUPS:
        page, keeps = pager(request, param, found[key], counts[key])
        rows = make.rows(page.object_list) if counts[key] else []
        lists.append({"key": key, "param": param, "label": label, "caption": caption, "empty": empty,
                      "page": page, "query": keeps, "rows": rows, "count": counts[key]})  # fmt: skip
    task_page, task_query, tasks = open_tasks(request, deadlines, make)
    filters = request.GET.copy()
    for param in ("tasks_page", *(g[1] for g in GROUPS)):
        filters.pop(param, None)
    areas = list(ImprovementArea.objects.order_by("name").values_list("code", "name"))
    return {
        "filters_html": render_to_string("enforcement/_board_filters.html", {"fields": filter_fields(filterset)}),
        "lists_html": render_to_string("enforcement/_board_lists.html", {"lists": lists}),
        "tasks": tasks,
        "task_page": task_page,
        "task_query": task_query,
        "query": filters.urlencode(),
        "areas": areas,
        "as_of": timezone.now(),
    }


def kept_board(request: HttpRequest, on: dt.date) -> dict[str, Any]:
    """The board for these filters and pages, kept (the same for every user) while the table generations
    (core.records.generation) and the day stay the same: it is then exactly what ``board_now`` would compute."""
    asked = hashlib.sha256(request.GET.urlencode().encode()).hexdigest()[:32]
    return generation.kept(f"deadline-board:{asked}:{on}", lambda: board_now(request, on))


@view_required
def deadline_board(request: HttpRequest) -> HttpResponse:
    on = today()
    board = kept_board(request, on)
    allowed = {perm for perm in {t.perm for t in board["tasks"]} if request.user.has_perm(perm)}
    return render(request, "enforcement/deadline_board.html", {**board, "on": on, "allowed": allowed})


@post_only
@view_required
def follow_up_done(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark a follow-up task done (role-checked by the action)."""
    task = get_object_or_404(FollowUp, pk=pk)
    require(request.user, permission_for(task), "do this")
    try:
        do_complete_follow_up(task, acting_user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"Task done: {task.title}")
    back = request.POST.get("next", "")
    return redirect(back if back.startswith("/enforcement/") else "enforcement:deadline_board")
