"""Meeting a deadline over REST: the same action as the deadline page, the permission its kind names."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404
from sewerworks.enforcement import api_schemas as s
from sewerworks.enforcement.actions import do_meet_deadline
from sewerworks.enforcement.api_common import act as _act
from sewerworks.enforcement.api_common import deadlines as _deadlines
from sewerworks.enforcement.deadline_kinds import kind_rule
from sewerworks.enforcement.models import Deadline
from sewerworks.registry.api import REFUSALS

router = Router(tags=["enforcement"])


@router.post(
    "/deadlines/{deadline_id}/met",
    response={200: s.DeadlineDetailOut, **REFUSALS},
    summary="Mark a deadline met (who may follows its kind)",
)
def meet_deadline(request: HttpRequest, deadline_id: int, payload: s.MeetDeadlineIn) -> Any:
    """A pump-out done, a meter installed, a review of the Town's own completed: the deadline is met on
    ``met_on``. The permission is the kind's (a pump-out: the inspectors and the Superintendent)."""
    require(request, "enforcement.view_enforcement")
    deadline = record_or_404(Deadline.objects.all(), deadline_id, "deadline")
    require(request, kind_rule(deadline.kind).meet_permission)
    _act(do_meet_deadline, deadline, met_on=payload.met_on, why=payload.why, acting_user=request.user)
    return record_or_404(_deadlines().select_related("decision"), deadline_id, "deadline")
