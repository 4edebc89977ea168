"""A deadline's page: what must be done, about what, the determination that set the date, and marking it
met (who may follows its kind, ``enforcement.deadline_kinds``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.actions import do_meet_deadline
from sewerworks.enforcement.choices import DeadlineStatus
from sewerworks.enforcement.deadline_kinds import kind_rule
from sewerworks.enforcement.forms import MeetDeadlineForm
from sewerworks.enforcement.models import Deadline
from sewerworks.enforcement.views.common import post_only, run_action, today, view_required
from sewerworks.enforcement.views.decisions import decision_of

OPEN = (DeadlineStatus.OPEN, DeadlineStatus.OVERDUE)


def _deadline(pk: int) -> Deadline:
    return get_object_or_404(
        Deadline.objects.select_related("parcel", "notice", "decision", "officer", "subject_type"), pk=pk
    )


def _context(request: HttpRequest, deadline: Deadline, form: MeetDeadlineForm | None) -> dict[str, Any]:
    rule = kind_rule(deadline.kind)
    can_meet = deadline.status in OPEN and request.user.has_perm(rule.meet_permission)
    if can_meet and form is None:
        form = MeetDeadlineForm(initial={"met_on": today()})
    return {
        "deadline": deadline,
        "rule": rule,
        "days_left": (deadline.due_on - today()).days,
        "decision": decision_of(deadline.decision),
        "follow_ups": list(deadline.follow_ups.order_by("raised_on", "id")),
        "can_meet": can_meet,
        "form": form,
    }


@view_required
def deadline_detail(request: HttpRequest, pk: int) -> HttpResponse:
    deadline = _deadline(pk)
    return render(request, "enforcement/deadline_detail.html", _context(request, deadline, None))


@post_only
@view_required
def meet_deadline(request: HttpRequest, pk: int) -> HttpResponse:
    deadline = _deadline(pk)
    require(request.user, kind_rule(deadline.kind).meet_permission, "do this")
    form = MeetDeadlineForm(request.POST)
    data = form.cleaned_data if form.is_valid() else {}

    def act() -> Deadline:
        return do_meet_deadline(deadline, met_on=data["met_on"], why=data["why"], acting_user=request.user)

    if run_action(request, form, act, f"Deadline met: {deadline.title}"):
        return redirect("enforcement:deadline_detail", pk=deadline.pk)
    return render(request, "enforcement/deadline_detail.html", _context(request, deadline, form), status=400)
