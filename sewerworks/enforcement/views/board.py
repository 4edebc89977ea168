"""The deadlines board: what is overdue, due today, due this week and coming up, with the open follow-up
tasks the daily sweep raised."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from sewerworks.enforcement.actions.followups import (
    DEFAULT,
    PERMISSION_FOR_KIND,
    do_complete_follow_up,
    permission_for,
)
from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.filters import DeadlineFilterSet
from sewerworks.enforcement.models import Deadline, FollowUp
from sewerworks.enforcement.templatetags.enforcement_tags import days_phrase
from sewerworks.enforcement.views.common import post_only, require_perm, today, view_required
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


def url_of(name: str) -> Callable[[Any], str]:
    """The URL of view ``name`` for a record's pk, reversed once for all the rows of a page."""
    marker = "9876543210"
    before, _, after = reverse(name, args=[int(marker)]).partition(marker)
    return lambda pk: f"{before}{pk}{after}"


def long_date(day: dt.date) -> str:
    """"Monday, January 4, 2027" (the board's dates, as Django's "l, F j, Y")."""
    return f"{day:%A, %B} {day.day}, {day.year}"


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One deadline as the board lists it, every text and link computed in the view (no work per row in
    the template)."""

    url: str
    title: str
    subject: str
    subject_url: str
    address: str
    section: str
    due_iso: str
    due_label: str
    due_time: str
    days_phrase: str
    late: bool
    status: str
    officer: str
    notice_number: str
    notice_url: str


ROW_FIELDS = (
    "id", "title", "section", "due_on", "due_at", "status", "parcel_id", "notice_id", "parcel__tax_map_number",
    "parcel__street_number", "parcel__street_name", "notice__number", "officer__first_name", "officer__last_name",
    "officer__username",
)  # fmt: skip
STATUS_LABELS = dict(DeadlineStatus.choices)


def row_values(d: Deadline) -> dict[str, Any]:
    """A deadline read with its parcel, notice and officer, as ``ROW_FIELDS`` (a follow-up task's)."""
    parcel, notice, officer = d.parcel, d.notice, d.officer
    return {
        "id": d.pk, "title": d.title, "section": d.section, "due_on": d.due_on, "due_at": d.due_at,
        "status": d.status, "parcel_id": d.parcel_id, "notice_id": d.notice_id,
        "parcel__tax_map_number": parcel.tax_map_number if parcel else None,
        "parcel__street_number": parcel.street_number if parcel else None,
        "parcel__street_name": parcel.street_name if parcel else None,
        "notice__number": notice.number if notice else None,
        "officer__first_name": officer.first_name if officer else None,
        "officer__last_name": officer.last_name if officer else None,
        "officer__username": officer.username if officer else None,
    }  # fmt: skip


class RowMaker:
    """Builds the board's rows from the columns they show (no model object per row): each URL reversed
    once a page, dates formatted in Python."""

    def __init__(self, on: dt.date) -> None:
        self.on = on
        self.detail, self.parcel, self.notice = (
            url_of("enforcement:deadline_detail"), url_of("registry:parcel_detail"), url_of("enforcement:notice_detail")
        )  # fmt: skip

    def rows(self, deadlines: Any) -> list[BoardRow]:
        """The rows of a page of deadlines (a QuerySet slice)."""
        found = list(deadlines.values(*ROW_FIELDS))
        return self.made(found)

    def made(self, found: list[dict[str, Any]]) -> list[BoardRow]:
        """The rows; a deadline about no property is named by its record (read for those rows only)."""
        about = [v["id"] for v in found if v["parcel_id"] is None]
        labels = {}
        if about:
            labels = {d.pk: d.subject_label for d in Deadline.objects.filter(pk__in=about).prefetch_related("subject")}
        return [self.row(v, labels.get(v["id"], "")) for v in found]

    def row(self, v: dict[str, Any], label: str = "") -> BoardRow:
        days = (v["due_on"] - self.on).days
        parcel_id, notice_id = v["parcel_id"], v["notice_id"]
        officer = f"{v['officer__first_name']} {v['officer__last_name']}".strip() or v["officer__username"] or ""
        return BoardRow(
            url=self.detail(v["id"]), title=v["title"],
            subject=v["parcel__tax_map_number"] if parcel_id else label,
            subject_url=self.parcel(parcel_id) if parcel_id else "",
            address=f"{v['parcel__street_number']} {v['parcel__street_name']}".strip() if parcel_id else "",
            section=v["section"], due_iso=v["due_on"].isoformat(), due_label=long_date(v["due_on"]),
            due_time=f"{timezone.localtime(v['due_at']):%-I:%M %p}" if v["due_at"] else "",
            days_phrase=days_phrase(days), late=days < 0, status=STATUS_LABELS.get(v["status"], v["status"]),
            officer=officer, notice_number=v["notice__number"] or "",
            notice_url=self.notice(notice_id) if notice_id else "",
        )  # fmt: skip


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


@dataclass(frozen=True, slots=True)
class TaskRow:
    """An open follow-up task as the board lists it, with the row of the deadline it follows."""

    pk: int
    title: str
    raised_on: dt.date
    assignee: str
    can_complete: bool
    deadline: BoardRow


TASK_FIELDS = ("id", "kind", "title", "raised_on", "assigned_to__first_name", "assigned_to__last_name",
               "assigned_to__username", *(f"deadline__{name}" for name in ROW_FIELDS))  # fmt: skip


def open_tasks(request: HttpRequest, deadlines: QuerySet[Deadline], make: RowMaker) -> tuple[Page, str, list[TaskRow]]:
    """The page of open follow-up tasks of the deadlines shown, the oldest first, each with whether the
    user may mark it done (asked once per permission)."""
    tasks = FollowUp.objects.filter(done_on__isnull=True, deadline__in=deadlines).order_by("raised_on", "id")
    page, query = pager(request, "tasks_page", tasks.values(*TASK_FIELDS), tasks.count())
    found = list(page.object_list)
    may: dict[str, bool] = {}
    rows = make.made([{name: v[f"deadline__{name}"] for name in ROW_FIELDS} for v in found])
    out = []
    for v, row in zip(found, rows, strict=True):
        perm = PERMISSION_FOR_KIND.get(v["kind"], DEFAULT)[0]
        if perm not in may:
            may[perm] = request.user.has_perm(perm)
        assignee = f"{v['assigned_to__first_name']} {v['assigned_to__last_name']}".strip()
        out.append(TaskRow(v["id"], v["title"], v["raised_on"], assignee or v["assigned_to__username"] or "",
                           may[perm], row))  # fmt: skip
    return page, query, out


@view_required
def deadline_board(request: HttpRequest) -> HttpResponse:
    on = today()
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
    context: dict[str, Any] = {
        "filter_fields": filter_fields(filterset),
        "on": on,
        "lists": lists,
        "tasks": tasks,
        "task_page": task_page,
        "task_query": task_query,
        "query": filters.urlencode(),
        "areas": ImprovementArea.objects.order_by("name").only("code", "name"),
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
