"""Extension projects: opening one, the Town Engineer's review of future flows, recording the approvals."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.records import events
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.engineering.choices import Authority, Builder, ProjectStatus, ReviewOutcome
from sewerworks.engineering.models import Approval, ExtensionProject

__all__ = ["do_open_project", "do_record_approval", "do_review_future_flows"]


def _save(record: Any, acting_user: Any, why: str) -> Any:
    record.full_clean()
    record._history_user = acting_user
    record._change_reason = why[:100]  # the history row keeps 100 characters
    record.save()
    return record


def do_open_project(
    *,
    name: str,
    acting_user: Any,
    place: str = "",
    builder: str = Builder.DEVELOPER,
    builder_name: str = "",
    drainage_area: str = "",
    opened_on: dt.date | None = None,
) -> ExtensionProject:
    """Open the record of a proposed extension: who builds it (§118-30, 31) and its drainage area (§118-29)."""
    require(acting_user, "engineering.open_project", "open a sewer extension project",
            who_may="the clerk, the Superintendent or the Town Engineer")  # fmt: skip
    if builder not in Builder.values:
        raise ValidationError({"builder": f"{builder!r} is not one of {', '.join(Builder.values)} (§118-30, 31)."})
    if opened_on is not None:
        not_in_future("opened_on", opened_on, "A project")
    project = ExtensionProject(
        name=name.strip()[:120], place=place, builder=builder, builder_name=builder_name,
        drainage_area=drainage_area, opened_by=acting_user,
    )  # fmt: skip
    if opened_on is not None:
        project.opened_on = opened_on
    with transaction.atomic():
        return _save(project, acting_user, "opened")


def do_review_future_flows(
    *, project: ExtensionProject, reviewed_on: dt.date, note: str, acting_user: Any
) -> ExtensionProject:
    """The Town Engineer's review of the drainage area: the design allows for the flows of all possible
    future extensions or developments within it (§118-29, I-80)."""
    require(acting_user, "engineering.approve_design", "review an extension's future flows",
            who_may="the Town Engineer")  # fmt: skip
    not_in_future("reviewed_on", reviewed_on, "The review of future flows")
    if not note.strip():
        raise ValidationError({"note": "Say what the design allows for (§118-29: all possible future flows)."})
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        project.future_flows_reviewed_on = reviewed_on
        project.future_flows_note = note.strip()
        return _save(project, acting_user, "future flows reviewed")


def do_record_approval(
    *, project: ExtensionProject, authority: str, approved_on: dt.date, acting_user: Any, reference: str = ""
) -> Approval:
    """Record an approval the extension needs. The Town Engineer approves the latest design revision, which
    must have no failing finding and whose future flows he has reviewed (§118-29, I-80); the Department of
    Health's and the Town Board's approvals are recorded as received. With every approval it needs, the
    project is approved for construction."""
    if authority == Authority.TOWN_ENGINEER:
        require(
            acting_user, "engineering.approve_design", "approve a sewer extension design", who_may="the Town Engineer"
        )
    else:
        require(acting_user, "engineering.record_outside_approval", "record an approval",
                who_may="the clerk, the Superintendent or the Town Engineer")  # fmt: skip
    if authority not in project.needed_authorities():
        needed = ", ".join(Authority(a).label for a in project.needed_authorities())
        raise ValidationError({"authority": f"This extension needs the approvals of {needed}, not {authority!r}."})
    not_in_future("approved_on", approved_on, "An approval")
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        if project.approvals.filter(authority=authority).exists():
            raise ValidationError({"authority": f"The {Authority(authority).label} approval is already recorded."})
        revision = project.latest_revision()
        if authority == Authority.TOWN_ENGINEER:
            if revision is None:
                raise ValidationError({"authority": "No design has been submitted to approve."})
            if revision.outcome == ReviewOutcome.FAILS:
                raise ValidationError({"authority": f"Revision {revision.number} has {revision.failing} failing "
                                       "finding(s): a corrected revision must be submitted first."})  # fmt: skip
            if project.future_flows_reviewed_on is None:
                raise ValidationError({"authority": "Review the drainage area's future flows first (§118-29)."})
            if approved_on < revision.reviewed_on:
                raise ValidationError({"approved_on": f"Revision {revision.number} was reviewed on "
                                       f"{revision.reviewed_on}; it cannot be approved before."})  # fmt: skip
        approval = Approval(
            project=project, authority=authority, approved_on=approved_on, reference=reference,
            revision=revision if authority == Authority.TOWN_ENGINEER else None, recorded_by=acting_user,
        )  # fmt: skip
        _save(approval, acting_user, "approval recorded")
        if not project.missing_approvals():
            project.status = ProjectStatus.APPROVED
            # approved on the day of its last approval (I-114)
            project._occurred_at = events.as_moment(approved_on)  # type: ignore[attr-defined]
            _save(project, acting_user, "every approval recorded")
        return approval
