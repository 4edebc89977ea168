"""A notice that asks for an inspection, and its schedule (a reschedule is no failure, I-134)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.inspections.actions.common import audit, locked, save
from sewerworks.inspections.choices import Requester, Result
from sewerworks.inspections.models import Inspection
from sewerworks.inspections.subjects import content_type, subject_for

__all__ = ["do_request_inspection", "do_schedule_inspection", "open_inspection", "latest"]


def latest(record: Any, kind: str) -> Inspection | None:
    """The subject's latest inspection of ``kind`` (by request, then id)."""
    return (
        Inspection.objects.filter(subject_type=content_type(record), subject_id=record.pk, kind=kind)
        .order_by("-requested_on", "-id")
        .first()
    )


def open_inspection(record: Any, kind: str) -> Inspection | None:
    found = latest(record, kind)
    return found if found is not None and found.is_open else None


def do_request_inspection(
    subject: Any,
    *,
    kind: str,
    requested_on: dt.date,
    requested_by: str,
    acting_user: Any,
    requester_address: str = "",
    scheduled_for: dt.date | None = None,
) -> Inspection:
    """Record the notice that asks for an inspection of ``subject`` (a registered record): the plumber's that the
    laying is complete, the applicant's that the building sewer is ready for connection. The subject refuses a
    notice out of order; the checklist is issued from the subject's facts and kept as issued. A request after a
    failed, "not ready" or cancelled inspection of the same kind repeats it."""
    require(acting_user, "inspections.request_inspection", "record a request for an inspection")
    registered = subject_for(subject)
    chosen = registered.kind(kind)
    not_in_future("requested_on", requested_on, "A notice")
    who = check_text("requested_by", requested_by, max_length=120).strip()
    if not who:
        raise ValidationError({"requested_by": f"Name who gave {chosen.notice[0].lower()}{chosen.notice[1:]}."})
    address = check_text("requester_address", requester_address).strip()
    if chosen.requester == Requester.PLUMBER and not address:
        raise ValidationError(
            {
                "requester_address": "Give the plumber's mailing address: an order to re-excavate a "
                "filled trench is addressed to the plumber (§118-26)."
            }
        )
    if scheduled_for is not None and scheduled_for < requested_on:
        raise ValidationError({"scheduled_for": "An inspection is scheduled on or after the notice asking for it."})
    with transaction.atomic():
        current = registered.lock(subject)
        closed = registered.closed(current)
        if closed:
            raise ValidationError({"kind": closed})
        pending = open_inspection(current, kind)
        if pending is not None:
            raise ValidationError(
                {
                    "kind": f"A {chosen.label.lower()} inspection was already requested on "
                    f"{pending.requested_on} and has no result yet."
                }
            )
        before = latest(current, kind)
        if before is not None and before.result == Result.PASSED:
            raise ValidationError({"kind": f"The {chosen.label.lower()} inspection passed on {before.inspected_on}."})
        if before is not None and before.inspected_on and requested_on < before.inspected_on:
            raise ValidationError({"requested_on": f"The inspection it repeats was made on {before.inspected_on}."})
        inspection = Inspection(
            subject_type=content_type(current),
            subject_id=current.pk,
            parcel=registered.parcel(current),
            kind=kind,
            requested_on=requested_on,
            requested_by=who,
            requester=chosen.requester,
            requester_address=address,
            notice=chosen.notice[:200],
            repeats=before,
            scheduled_for=scheduled_for,
            entered_by=acting_user,
        )
        registered.on_request(current, inspection, acting_user)  # refuses a notice out of order
        issued = registered.checklist(current, chosen, requested_on, acting_user)
        inspection.checklist, inspection.checklist_decision = issued.items, issued.decision
        save(inspection, acting_user, f"{chosen.notice} ({who})")
        audit(acting_user, "do_request_inspection", inspection, requested_on=requested_on.isoformat())
        return inspection


def do_schedule_inspection(
    inspection: Inspection, *, scheduled_for: dt.date, acting_user: Any, why: str = ""
) -> Inspection:
    """Set or move the day of an inspection that has no result yet; a reschedule at the applicant's asking is no
    failure of the work (I-134), and the history keeps every day it was set for."""
    require(acting_user, "inspections.schedule_inspection", "schedule an inspection")
    with transaction.atomic():
        current = locked(inspection)
        if not current.is_open:
            raise ValidationError({"scheduled_for": f"The inspection has its result ({current.get_result_display()})."})
        if scheduled_for < current.requested_on:
            raise ValidationError({"scheduled_for": f"Schedule it on or after its request ({current.requested_on})."})
        moved = current.scheduled_for is not None
        current.scheduled_for = scheduled_for
        reason = check_text("why", why).strip() or ("Rescheduled (I-134)" if moved else "Scheduled")
        save(current, acting_user, reason, update_fields=["scheduled_for"])
        audit(acting_user, "do_schedule_inspection", current, scheduled_for=scheduled_for.isoformat())
        return current
