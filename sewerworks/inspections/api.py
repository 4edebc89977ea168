"""Inspections over REST: the list, one inspection with its checklist, its schedule and its result. Every change
goes through ``inspections.actions``, role-checked and audited. Refusals: 401, 403 for the wrong role, 404 for an
unknown id, 422 naming the field and the rule (a step out of order, a date in the future or before the request, a
pass with an item not satisfied). Photographs are added on the inspection's page (a form with files)."""

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest
from ninja import Query, Router
from ninja.errors import HttpError
from ninja.pagination import paginate

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404, refused
from sewerworks.core.attachments.files import attachment_url
from sewerworks.inspections import actions
from sewerworks.inspections import api_schemas as s
from sewerworks.inspections.models import Inspection
from sewerworks.inspections.subjects import subject_of
from sewerworks.registry.api import REFUSALS, RegistryPagination

router = Router(tags=["inspections"])
VIEW = "inspections.view_inspections"


def inspection_out(i: Inspection) -> dict[str, Any]:
    registered, subject = subject_of(i)
    return {
        "id": i.pk,
        "subject": registered.label(subject),
        "subject_kind": registered.name,
        "subject_id": i.subject_id,
        "parcel_id": i.parcel_id,
        "kind": i.kind,
        "requested_on": i.requested_on,
        "requested_by": i.requested_by,
        "requester": i.requester,
        "notice": i.notice,
        "scheduled_for": i.scheduled_for,
        "repeats_id": i.repeats_id,
        "checklist": i.checklist,
        "result": i.result,
        "inspected_on": i.inspected_on,
        "inspector": str(i.inspector) if i.inspector else None,
        "answers": i.answers,
        "notes": i.notes,
        "latitude": i.latitude,
        "longitude": i.longitude,
        "summary": i.summary,
        "photos": [attachment_url("inspection-photo", p.pk) for p in i.photos.all()],
    }


def act(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except ValidationError as exc:
        raise refused(exc) from exc
    except PermissionDenied as exc:
        raise HttpError(403, str(exc)) from exc


@router.get("/inspections", response={200: list[s.InspectionOut], **REFUSALS}, summary="Inspections, newest first")
@paginate(RegistryPagination)
def list_inspections(request: HttpRequest, q: s.InspectionQuery = Query(...)) -> Any:  # noqa: B008
    require(request, VIEW)
    qs = Inspection.objects.select_related("inspector").order_by("-requested_on", "-id")
    if q.result:
        qs = qs.filter(result="" if q.result == "open" else q.result)
    if q.kind:
        qs = qs.filter(kind=q.kind)
    if q.parcel_id is not None:
        qs = qs.filter(parcel_id=q.parcel_id)
    return [inspection_out(i) for i in qs]


@router.get("/inspections/{inspection_id}", response={200: s.InspectionOut, **REFUSALS})
def get_inspection(request: HttpRequest, inspection_id: int) -> Any:
    require(request, VIEW)
    return inspection_out(record_or_404(Inspection, inspection_id, "inspection"))


@router.post(
    "/inspections/{inspection_id}/schedule",
    response={200: s.InspectionOut, **REFUSALS},
    summary="Schedule or reschedule an inspection with no result yet (a reschedule is no failure, I-134)",
)
def schedule_inspection(request: HttpRequest, inspection_id: int, payload: s.InspectionScheduleIn) -> Any:
    require(request, "inspections.schedule_inspection")
    inspection = record_or_404(Inspection, inspection_id, "inspection")
    return inspection_out(
        act(lambda: actions.do_schedule_inspection(inspection, acting_user=request.user, **payload.dict()))
    )


@router.post(
    "/inspections/{inspection_id}/result",
    response={200: s.InspectionOut, **REFUSALS},
    summary="Record the result: the order of §§118-25, 26 is checked and a pass starts its hand-off",
)
def record_result(request: HttpRequest, inspection_id: int, payload: s.InspectionResultIn) -> Any:
    require(request, VIEW)  # the kind's own permission is the action's to check (a trench: I-130; §118-25)
    inspection = record_or_404(Inspection, inspection_id, "inspection")
    data = payload.dict()
    extra = {k: data.pop(k) for k in ("building_name", "building_use") if data.get(k) is not None}
    data.pop("building_name", None), data.pop("building_use", None)
    return inspection_out(
        act(lambda: actions.do_record_result(inspection, acting_user=request.user, extra=extra, **data))
    )
