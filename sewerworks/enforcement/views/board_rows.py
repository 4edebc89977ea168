"""The deadlines board's rows: each deadline read as the columns it shows (no model object per row) and
turned into the texts and links the template prints as they are (no include, tag or query per row)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone

from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.models import Deadline
from sewerworks.enforcement.templatetags.enforcement_tags import days_phrase


def url_of(name: str) -> Callable[[Any], str]:
    """The URL of view ``name`` for a record's pk, reversed once for all the rows of a page."""
    marker = "9876543210"
    before, _, after = reverse(name, args=[int(marker)]).partition(marker)
    return lambda pk: f"{before}{pk}{after}"


def long_date(day: dt.date) -> str:
    """ "Monday, January 4, 2027" (the board's dates, as Django's "l, F j, Y")."""
    return f"{day:%A, %B} {day.day}, {day.year}"


def person(first: str | None, last: str | None, username: str | None) -> str:
    """A user as the board names them: the full name, else the username; "" for no one."""
    if username is None:
        return ""
    return f"{first} {last}".strip() or username


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
        officer = person(v["officer__first_name"], v["officer__last_name"], v["officer__username"])
        return BoardRow(
            url=self.detail(v["id"]), title=v["title"],
            subject=v["parcel__tax_map_number"] if parcel_id else label,
            subject_url=self.parcel(parcel_id) if parcel_id else "",
            address=f"{v['parcel__street_number'] or ''} {v['parcel__street_name'] or ''}".strip() if parcel_id else "",
            section=v["section"], due_iso=v["due_on"].isoformat(), due_label=long_date(v["due_on"]),
            due_time=f"{timezone.localtime(v['due_at']):%-I:%M %p}" if v["due_at"] else "",
            days_phrase=days_phrase(days), late=days < 0, status=STATUS_LABELS.get(v["status"], v["status"]),
            officer=officer, notice_number=v["notice__number"] or "",
            notice_url=self.notice(notice_id) if notice_id else "",
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class TaskRow:
    """An open follow-up task as the board lists it, with the row of the deadline it follows."""

    pk: int
    title: str
    raised_on: dt.date
    assignee: str
    perm: str  # the permission that marks it done (enforcement.actions.followups)
    deadline: BoardRow


TASK_FIELDS = ("id", "kind", "title", "raised_on", "assigned_to__first_name", "assigned_to__last_name",
               "assigned_to__username", *(f"deadline__{name}" for name in ROW_FIELDS))  # fmt: skip
