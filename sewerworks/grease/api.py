"""The grease program over REST: establishments and where each stands, inspections (which serve the notice
or the 72-hour order as from the screens), pump-outs and haulers. Every change goes through
``grease.actions``, role-checked and audited. Refusals: 401, 403 for the wrong role, 404 for an unknown id,
422 naming the field and the rule."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import timezone
from ninja import Router, Status
from ninja.pagination import paginate

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.grease import actions
from sewerworks.grease import api_schemas as s
from sewerworks.grease.models import GreaseInspection, Hauler, Interceptor, PumpOut
from sewerworks.grease.readings import category
from sewerworks.grease.status import Standing, establishments, standing, standings
from sewerworks.registry.api import REFUSALS, RegistryPagination

router = Router(tags=["grease"])
VIEW = "grease.view_grease"


def _out(row: Standing) -> dict[str, Any]:
    e, i = row.establishment, row.interceptor
    case = "none" if row.notice is None else ("pump_out_order" if row.order_open else "pump_out_notice")
    return {
        "id": e.pk, "name": e.name, "building_id": e.building_id, "parcel_id": e.building.parcel_id,
        "seats": e.seats, "established_on": e.building.established_on, "category": category(e, i),
        "interceptor_id": i.pk if i else None, "interceptor": str(i) if i else "none",
        "last_fill_percent": row.fill, "open_case": case,
        "due_at": row.deadline.due_at if row.deadline else None,
        "deadline_status": row.deadline.status if row.deadline else None,
        "log": row.log_outcome, "predicted_on": row.predicted[0] if row.predicted else None,
    }  # fmt: skip


@router.get("/grease/establishments", response={200: list[s.EstablishmentOut], **REFUSALS},
            summary="Food service establishments and where each stands (§118-38)")  # fmt: skip
@paginate(RegistryPagination)
def list_establishments(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [_out(row) for row in standings(timezone.localdate())]


@router.get("/grease/establishments/{establishment_id}", response={200: s.EstablishmentOut, **REFUSALS})
def get_establishment(request: HttpRequest, establishment_id: int) -> Any:
    require(request, VIEW)
    return _out(standing(_get(establishments(), establishment_id, "establishment"), timezone.localdate()))


def _inspection(i: GreaseInspection) -> dict[str, Any]:
    deadline = i.notice.deadlines.order_by("due_on").first() if i.notice else None
    return {
        "id": i.pk, "interceptor_id": i.interceptor_id, "inspected_at": i.inspected_at, "fill_percent": i.fill_percent,
        "adequately_performing": i.adequately_performing, "outcome": i.outcome, "violation_id": i.violation_id,
        "notice_number": i.notice.number if i.notice else None, "due_at": deadline.due_at if deadline else None,
        "decision_id": i.decision_id,
    }  # fmt: skip


@router.get("/grease/interceptors/{interceptor_id}/inspections", response={200: list[s.InspectionOut], **REFUSALS})
def list_inspections(request: HttpRequest, interceptor_id: int) -> Any:
    require(request, VIEW)
    interceptor = _get(Interceptor.objects.all(), interceptor_id, "interceptor")
    return [_inspection(i) for i in interceptor.inspections.select_related("notice").order_by("inspected_at")]


@router.post("/grease/interceptors/{interceptor_id}/inspections", response={201: s.InspectionOut, **REFUSALS},
             summary="Record an inspection: the 80% notice or the 72-hour order is served with it (I-36)")  # fmt: skip
def record_inspection(request: HttpRequest, interceptor_id: int, payload: s.InspectionIn) -> Any:
    require(request, "grease.record_inspection")
    interceptor = _get(Interceptor.objects.all(), interceptor_id, "interceptor")
    try:
        inspection = actions.do_record_inspection(interceptor=interceptor, acting_user=request.user, **payload.dict())
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, _inspection(inspection))


@router.post("/grease/interceptors/{interceptor_id}/pump-outs",
             response={201: s.PumpOutOut, 200: s.PumpOutOut, **REFUSALS},
             summary="Enter a pump-out in the log (receipts are attached from the screens)",
             description="201 with the new entry; 200 with the entry already in the log when this one repeats it "
             "exactly (the same day, hauler, volume and manifest number: I-175), and nothing is written.")  # fmt: skip
def record_pump_out(request: HttpRequest, interceptor_id: int, payload: s.PumpOutIn) -> Any:
    require(request, "grease.record_pump_out")
    interceptor = _get(Interceptor.objects.all(), interceptor_id, "interceptor")
    data = payload.dict()
    hauler = _get(Hauler.objects.all(), data.pop("hauler_id"), "hauler")
    try:
        pump_out = actions.do_record_pump_out(interceptor=interceptor, hauler=hauler, acting_user=request.user, **data)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201 if pump_out.entered else 200, pump_out)


@router.get("/grease/interceptors/{interceptor_id}/pump-outs", response={200: list[s.PumpOutOut], **REFUSALS})
def list_pump_outs(request: HttpRequest, interceptor_id: int) -> Any:
    require(request, VIEW)
    _get(Interceptor.objects.all(), interceptor_id, "interceptor")
    return list(PumpOut.objects.filter(interceptor_id=interceptor_id).order_by("pumped_on", "id"))


@router.get("/grease/haulers", response={200: list[s.HaulerOut], **REFUSALS}, summary="Licensed haulers")
def list_haulers(request: HttpRequest) -> Any:
    require(request, VIEW)
    return list(Hauler.objects.all())


@router.post("/grease/haulers", response={201: s.HaulerOut, **REFUSALS}, summary="Add a licensed hauler")
def add_hauler(request: HttpRequest, payload: s.HaulerIn) -> Any:
    require(request, "grease.manage_haulers")
    try:
        return Status(201, actions.do_add_hauler(acting_user=request.user, **payload.dict()))
    except ValidationError as exc:
        raise _refused(exc) from exc
