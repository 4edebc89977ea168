"""Construction of an extension on record (§118-30, 31, 35; I-144): the Board's resolution linked to its
approval, the guaranty security the town demands, and the start of construction.

Construction starts only when the project is approved for construction, the Town Board's resolution is
recorded and linked (its §118-31 approval when an owner, builder or developer builds; its §118-30 finding that
the extension warrants its cost when the town builds), and, when the resolution demands a guaranty security,
one is received by the start day and not expired on it (I-144). Who builds for an owner, builder or developer
pays the Town Engineer's inspection, billed to the project's parcel of record (I-141), which must be named.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.models import BoardResolution
from sewerworks.core.money import dollars
from sewerworks.core.records import events
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.engineering.actions.projects import _save
from sewerworks.engineering.choices import Builder, ProjectStatus, SecurityKind
from sewerworks.engineering.models import Approval, ExtensionProject, GuarantySecurity

__all__ = ["board_resolution", "do_link_board_resolution", "do_record_security", "do_start_construction"]

WHO_RECORDS = "the clerk, the Superintendent or the Town Engineer"


def _text(field: str, value: str, max_length: int, what: str) -> str:
    text = check_text(field, value or "", max_length=max_length).strip()
    if not text:
        raise ValidationError({field: f"Give {what}."})
    return text


def board_resolution(project: ExtensionProject) -> tuple[BoardResolution | None, Approval | None]:
    """The Board's resolution construction rests on, and the approval it is linked to (none for the town)."""
    if project.builder == Builder.TOWN:
        return project.warrant_resolution, None
    approval = project.board_approval()
    return (approval.resolution if approval is not None else None), approval


def do_link_board_resolution(
    *, project: ExtensionProject, resolution: BoardResolution, security_demanded: bool, acting_user: Any
) -> Approval:
    """Link the Town Board's §118-31 approval of an extension an owner, builder or developer builds to the
    recorded resolution, saying whether it demands a guaranty security (§118-35)."""
    require(acting_user, "engineering.record_construction", "link the Board's resolution", who_may=WHO_RECORDS)
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        approval = project.board_approval()
        if project.builder == Builder.TOWN:
            raise ValidationError({"resolution": "The town builds this extension: the Board's §118-30 decision "
                                   "that it warrants its cost is its resolution."})  # fmt: skip
        if approval is None:
            raise ValidationError({"resolution": "Record the Town Board's approval (§118-31) first."})
        if resolution.adopted_on > approval.approved_on:
            raise ValidationError({"resolution": f"{resolution} was adopted after the Board's approval of "
                                   f"{approval.approved_on}: link the resolution that approved it."})  # fmt: skip
        if project.status == ProjectStatus.UNDER_CONSTRUCTION:
            raise ValidationError({"resolution": "Construction has started on the resolution already linked."})
        approval.resolution, approval.security_demanded = resolution, bool(security_demanded)
        demand = "demanding a guaranty security" if security_demanded else "no security demanded"
        return _save(approval, acting_user, f"Linked to {resolution.instrument} ({demand})")  # type: ignore[no-any-return]


def do_record_security(
    *, project: ExtensionProject, kind: str, amount: Any, issuer: str, number: str, received_on: dt.date,
    acting_user: Any, expires_on: dt.date | None = None,
) -> GuarantySecurity:  # fmt: skip
    """Record a completion bond, maintenance bond or certified check received as part of the guaranty
    (§118-35): its amount, issuer, number, the day received and, for a bond, its expiry."""
    require(acting_user, "engineering.record_construction", "record a guaranty security", who_may=WHO_RECORDS)
    if kind not in SecurityKind.values:
        raise ValidationError({"kind": f"{kind!r} is not one of {', '.join(SecurityKind.values)} (§118-35)."})
    value = dollars(amount, allow_negative=False)
    if value is None or value <= 0:
        raise ValidationError({"amount": "Give the security's amount in dollars, more than zero."})
    not_in_future("received_on", received_on, "A security")
    if kind != SecurityKind.CERTIFIED_CHECK and expires_on is None:
        raise ValidationError({"expires_on": "A bond states the day it expires."})
    if expires_on is not None and expires_on < received_on:
        raise ValidationError({"expires_on": f"It expires ({expires_on}) before it was received ({received_on})."})
    security = GuarantySecurity(
        project=project, kind=kind, amount=value, issuer=_text("issuer", issuer, 120, "the surety or bank"),
        number=_text("number", number, 60, "the bond's or check's number"), received_on=received_on,
        expires_on=expires_on, recorded_by=acting_user,
    )  # fmt: skip
    with transaction.atomic():
        return _save(security, acting_user, f"{security.get_kind_display()} received")  # type: ignore[no-any-return]


def start_blockers(project: ExtensionProject, started_on: dt.date) -> dict[str, str]:
    """Why construction cannot start on ``started_on``, by field; empty when it may (I-144)."""
    blockers: dict[str, str] = {}
    if project.status != ProjectStatus.APPROVED:
        blockers["status"] = f"The extension is {project.get_status_display().lower()}, not approved for construction."
    resolution, approval = board_resolution(project)
    if resolution is None:
        where = "§118-30 decision that it warrants its cost" if project.builder == Builder.TOWN else "§118-31 approval"
        blockers["resolution"] = f"Link the Town Board's {where} to its recorded resolution first."
    elif resolution.adopted_on > started_on:
        blockers["started_on"] = f"{resolution} was adopted after {started_on}."
    if approval is not None and approval.security_demanded:
        held = [s for s in project.securities.all() if s.in_force_on(started_on)]
        if not held:
            blockers["security"] = (f"The Board's resolution demands a guaranty security (§118-35): none received by "
                                    f"{started_on} is in force that day.")  # fmt: skip
    if project.builder != Builder.TOWN and project.parcel_id is None:
        blockers["parcel"] = "Name the parcel of record the Town Engineer's inspection is billed to (§118-31)."
    return blockers


def do_start_construction(
    *, project: ExtensionProject, started_on: dt.date, contractor: str, acting_user: Any, parcel: Any = None
) -> ExtensionProject:
    """Construction starts: the Town Engineer's full-time inspection begins (§118-31). Refused, naming each
    field, without the linked resolution or the demanded security (I-144)."""
    require(acting_user, "engineering.record_construction", "start construction", who_may=WHO_RECORDS)
    not_in_future("started_on", started_on, "The start of construction")
    name = _text("contractor", contractor, 120, "the contractor who lays the pipe")
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        if parcel is not None:
            project.parcel = parcel
        blockers = start_blockers(project, started_on)
        if blockers:
            raise ValidationError(blockers)
        project.contractor, project.construction_started_on = name, started_on
        project.status = ProjectStatus.UNDER_CONSTRUCTION
        project._occurred_at = events.as_moment(started_on)  # type: ignore[attr-defined]  # I-114
        return _save(project, acting_user, f"Construction started by {name}")  # type: ignore[no-any-return]

