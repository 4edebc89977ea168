"""The deadline engine every program uses: opening a deadline and meeting it.

A deadline is opened from a stored Decision (the determination that set its date) on a subject: a
property, or any other record (a sewer account, a building, an extension project's developer). Who may
mark it met follows its kind (``enforcement.deadline_kinds``). ``acting_user`` None is the system (the
daily sweep, the reconciliation of duties); a person is role-checked.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Required, TypedDict, Unpack

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import StoredDecision
from sewerworks.core.records import events
from sewerworks.core.records.pipelines import move
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, Program
from sewerworks.enforcement.deadline_kinds import kind_rule
from sewerworks.enforcement.models import Deadline, FollowUp, Notice
from sewerworks.ordinance.deadlines import local_date
from sewerworks.registry.models import Parcel, PrivateSystem

__all__ = ["DeadlineWanted", "do_meet_deadline", "do_open_deadline"]


def _parcel_of(subject: models.Model, parcel: Parcel | None) -> Parcel | None:
    if isinstance(subject, Parcel):
        return subject
    if parcel is not None:
        return parcel
    found = getattr(subject, "parcel", None)
    return found if isinstance(found, Parcel) else None


def _due(due_on: dt.date | None, due_at: dt.datetime | None) -> dt.date:
    if due_at is None:
        if due_on is None:
            raise ValidationError({"due_on": "A deadline needs a due date or a due moment."})
        return due_on
    if timezone.is_naive(due_at):
        raise ValidationError({"due_at": "Give the due moment with its time zone (I-20)."})
    local = local_date(due_at)  # a limit in hours ends on the local date of its moment (I-20)
    if due_on is not None and due_on != local:
        raise ValidationError({"due_on": f"{due_on} is not the local date of the due moment {due_at} ({local})."})
    return local


class DeadlineWanted(TypedDict, total=False):
    """What opens a deadline: ``do_open_deadline``'s arguments but the acting user."""

    program: Required[str]
    kind: Required[str]
    subject: Required[models.Model]
    decision: Required[StoredDecision]
    section: Required[str]
    title: Required[str]
    due_on: dt.date | None
    due_at: dt.datetime | None
    parcel: Parcel | None
    notice: Notice | None
    private_system: PrivateSystem | None
    officer: Any
    duty: str
    why: str


def do_open_deadline(*, acting_user: Any, **wanted: Unpack[DeadlineWanted]) -> Deadline:
    """Open a deadline on ``subject`` set by ``decision``. A due moment (``due_at``, for limits in hours)
    makes ``due_on`` its local date. ``duty`` names the duty rule that implied it, if one did."""
    if acting_user is not None:
        require(acting_user, "enforcement.open_deadline", "open a deadline")
    deadline = new_deadline(acting_user=acting_user, **wanted)
    deadline.full_clean()
    with transaction.atomic():
        deadline.save()
    return deadline


def new_deadline(*, acting_user: Any, **wanted: Unpack[DeadlineWanted]) -> Deadline:
    """The deadline :func:`do_open_deadline` opens, checked but not validated nor saved, its history row to name
    ``acting_user`` and the reason, dated on the as-of date of the determination that set it (I-115)."""
    unknown = set(wanted) - set(DeadlineWanted.__annotations__)
    if unknown:  # mypy checks the callers; a keyword it cannot see (built at run time) is still refused
        raise TypeError(f"a deadline has no {', '.join(sorted(unknown))}")
    program, kind, subject, decision = wanted["program"], wanted["kind"], wanted["subject"], wanted["decision"]
    due_at, officer, duty = wanted.get("due_at"), wanted.get("officer"), wanted.get("duty", "")
    if program not in Program.values:
        raise ValidationError({"program": f"Unknown program {program!r}; one of {', '.join(Program.values)}."})
    if kind not in DeadlineKind.values:
        raise ValidationError({"kind": f"Unknown kind of deadline {kind!r}; one of {', '.join(DeadlineKind.values)}."})
    if subject is None or subject.pk is None:
        raise ValidationError({"subject": "A deadline is about a saved record (a property or another record)."})
    on = _due(wanted.get("due_on"), due_at)
    deadline = Deadline(
        program=program,
        kind=kind,
        section=wanted["section"].replace("§", "").strip(),
        title=wanted["title"][:200],
        parcel=_parcel_of(subject, wanted.get("parcel")),
        notice=wanted.get("notice"),
        private_system=wanted.get("private_system"),
        decision=decision,
        due_on=on,
        due_at=due_at,
        officer=officer if officer is not None else acting_user,
        duty=duty,
    )
    if not isinstance(subject, Parcel):
        deadline.subject_type = ContentType.objects.get_for_model(subject)
        deadline.subject_id = subject.pk
    deadline._history_user = acting_user  # type: ignore[attr-defined]
    deadline._change_reason = wanted.get("why") or f"Opened by {decision.topic} ({duty or 'recorded act'})"  # type: ignore[attr-defined]
    deadline._occurred_at = min(events.as_moment(decision.as_of), events.now())  # type: ignore[attr-defined]
    return deadline


def do_meet_deadline(deadline: Deadline, *, met_on: dt.date, acting_user: Any, why: str) -> Deadline:
    """Mark ``deadline`` met on ``met_on`` (a late meeting keeps its ``overdue_since``). Who may is the
    deadline kind's permission; a review task raised for the missed deadline is closed with it."""
    rule = kind_rule(deadline.kind)
    if acting_user is not None:
        require(acting_user, rule.meet_permission, f"mark a deadline to {rule.verb} met")
    if not why.strip():
        raise ValidationError({"why": "Say how the deadline was met."})
    not_in_future("met_on", met_on, "Meeting a deadline")
    with transaction.atomic():
        locked = Deadline.objects.select_for_update().get(pk=deadline.pk)
        if locked.status == DeadlineStatus.MET:
            raise ValidationError({"met_on": f"This deadline was already met on {locked.met_on:%Y-%m-%d}."})
        if locked.status == DeadlineStatus.CANCELLED:
            raise ValidationError({"status": "This deadline was cancelled; it cannot be met."})
        locked.met_on = met_on
        # met when it was met, but not before it was set: a duty already met when the records implied it
        # (an interceptor installed before the program) is met on the day it was set (I-114, I-115)
        set_on = locked.decision.as_of if locked.decision_id else met_on
        move(locked, DeadlineStatus.MET, why=why.strip(), acting_user=acting_user, also=("met_on",),
             occurred_at=max(met_on, set_on))  # fmt: skip
        for task in FollowUp.objects.filter(deadline=locked, kind="review_missed_deadline", done_on__isnull=True):
            task.done_on = timezone.localdate()
            task._history_user = acting_user  # type: ignore[attr-defined]
            task._change_reason = f"Deadline met: {why.strip()}"[:100]  # type: ignore[attr-defined]
            task.save(update_fields=["done_on"])
        deadline.status, deadline.met_on = locked.status, locked.met_on
        return locked


def meet_all(deadlines: Any, *, met_on: dt.date, acting_user: Any, why: str) -> int:
    """Meet every open or overdue deadline of ``deadlines`` (a queryset), one by one, audited."""
    n = 0
    for deadline in deadlines.exclude(status__in=[DeadlineStatus.MET, DeadlineStatus.CANCELLED]):
        do_meet_deadline(deadline, met_on=met_on, acting_user=acting_user, why=why)
        n += 1
    return n
