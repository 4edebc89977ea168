"""Follow-up tasks the daily sweep raises: marking one done.

Who may close a task follows what the task asks: serving a notice of violation is the clerk's or the
Superintendent's (issue notices), an appearance ticket the Building Inspector's (§118-38), a court
referral the Superintendent's (§118-47).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.enforcement.models import FollowUp

__all__ = ["PERMISSION_FOR_KIND", "do_complete_follow_up", "permission_for"]

# follow-up kind -> (permission, what the person does)
PERMISSION_FOR_KIND: dict[str, tuple[str, str]] = {
    "serve_notice_of_violation": ("enforcement.issue_notice", "close a task to serve a notice of violation"),
    "appearance_ticket": ("enforcement.issue_appearance_ticket", "close a task to issue an appearance ticket"),
    "consider_court_referral": ("enforcement.move_violation", "close a task to consider a court referral"),
    "review_missed_deadline": ("enforcement.open_violation", "close a task to review a missed deadline"),
    "check_interceptor": ("enforcement.open_violation", "close a task to check a grease interceptor"),
}
DEFAULT = ("enforcement.issue_notice", "close a follow-up task")


def permission_for(follow_up: FollowUp) -> str:
    """The permission needed to mark ``follow_up`` done."""
    return PERMISSION_FOR_KIND.get(follow_up.kind, DEFAULT)[0]


def do_complete_follow_up(follow_up: FollowUp, *, done_on: dt.date | None = None, acting_user: Any) -> FollowUp:
    """Mark a follow-up task done (once); the audit trail names who closed it and when."""
    perm, what = PERMISSION_FOR_KIND.get(follow_up.kind, DEFAULT)
    require(acting_user, perm, what)
    done_on = done_on or timezone.localdate()
    with transaction.atomic():
        task = FollowUp.objects.select_for_update().select_related("deadline").get(pk=follow_up.pk)
        if task.done_on is not None:
            raise ValidationError({"done_on": f"This task was already marked done on {task.done_on:%Y-%m-%d}."})
        if done_on < task.raised_on:
            raise ValidationError({"done_on": "A task cannot be done before the day it was raised."})
        not_in_future("done_on", done_on, "A task done")
        task.done_on = done_on
        task._history_user = acting_user  # type: ignore[attr-defined]
        task._change_reason = "Marked done"  # type: ignore[attr-defined]
        task.save(update_fields=["done_on"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_complete_follow_up",
            subject=f"{task.title} ({task.deadline})",
            rows=1,
            detail={"follow_up": task.pk, "kind": task.kind, "done_on": done_on.isoformat()},
        )
        return task


def close_follow_ups(violation: Any, kinds: tuple[str, ...], on: dt.date) -> int:
    """Tasks a later act answers: serving the notice of violation closes "serve a notice", an appearance
    ticket closes "issue a ticket", a court referral closes "consider a referral", a correction closes
    them all. ``violation``'s own missed deadline and the deadlines of its notices are looked at."""
    from django.db.models import Q

    n = 0
    for task in FollowUp.objects.filter(
        Q(deadline__violation=violation) | Q(deadline__notice__violation=violation), kind__in=kinds,
        done_on__isnull=True,
    ):
        task.done_on = on
        task._change_reason = f"Answered: {violation} moved on"[:100]  # type: ignore[attr-defined]
        task.save(update_fields=["done_on"])
        n += 1
    return n
