"""The permits program over REST: permits with their review and what blocks approval, applications, design
corrections, the fee, moves and officials' decisions. Every change goes through ``permits.actions``,
role-checked and audited. Refusals: 401, 403 for the wrong role, 404 for an unknown id, 422 naming the field
and the rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest
from ninja import Router, Status
from ninja.errors import HttpError
from ninja.pagination import paginate

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.inspections.actions import do_request_inspection
from sewerworks.inspections.api import inspection_out
from sewerworks.inspections.api_schemas import InspectionOut, InspectionRequestIn
from sewerworks.permits import actions
from sewerworks.permits import api_schemas as s
from sewerworks.permits.actions.moves import blockers
from sewerworks.permits.models import Permit
from sewerworks.permits.status import permits
from sewerworks.registry.api import REFUSALS, RegistryPagination
from sewerworks.registry.models import Parcel

router = Router(tags=["permits"])
VIEW = "permits.view_permits"


def _out(p: Permit) -> dict[str, Any]:
    fee = getattr(p, "fee", None)
    return {
        "id": p.pk,
        "number": p.number,
        "kind": p.kind,
        "permit_class": p.permit_class,
        "status": p.status,
        "parcel_id": p.parcel_id,
        "applicant": p.applicant,
        "filed_on": p.filed_on,
        "review_outcome": p.review_outcome,
        "review": p.review,
        "blockers": blockers(p),
        "fee_receipt": fee.receipt_number if fee else None,
        "county_inspection_overdue": p.county_inspection_overdue(),
        "industrial_user_id": p.industrial_user_id,
        "industrial_user_legacy": p.industrial_user_legacy,
    }


def _act(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except ValidationError as exc:
        raise _refused(exc) from exc
    except PermissionDenied as exc:
        raise HttpError(403, str(exc)) from exc


@router.get("/permits", response={200: list[s.PermitOut], **REFUSALS}, summary="Permits, newest first")
@paginate(RegistryPagination)
def list_permits(request: HttpRequest, status: str = "", kind: str = "") -> Any:
    require(request, VIEW)
    qs = permits()
    if status:
        qs = qs.filter(status=status)
    if kind:
        qs = qs.filter(kind=kind)
    return [_out(p) for p in qs]


@router.get("/permits/{permit_id}", response={200: s.PermitOut, **REFUSALS})
def get_permit(request: HttpRequest, permit_id: int) -> Any:
    require(request, VIEW)
    return _out(_get(permits(), permit_id, "permit"))


@router.post(
    "/permits",
    response={201: s.PermitOut, **REFUSALS},
    summary="Enter an application: the review runs as it is saved (§118-15)",
)
def file_application(request: HttpRequest, payload: s.ApplicationIn) -> Any:
    require(request, "permits.enter_application")
    data = payload.dict()
    parcel = _get(Parcel.objects.all(), data.pop("parcel_id"), "parcel")
    extra = {k: data.pop(k) for k in ("constituents", "characteristics", "activity") if data[k]}
    user_id = data.pop("industrial_user_id")
    if user_id is not None:
        users = Permit._meta.get_field("industrial_user").related_model
        extra["industrial_user"] = _get(users.objects.all(), user_id, "industrial user")  # type: ignore[union-attr]
    permit = _act(lambda: actions.do_file_application(parcel=parcel, acting_user=request.user, **data, **extra))
    return Status(201, _out(permit))


@router.put(
    "/permits/{permit_id}/design",
    response={200: s.PermitOut, **REFUSALS},
    summary="Correct the design; the review runs again",
)
def update_design(request: HttpRequest, permit_id: int, payload: s.DesignIn) -> Any:
    require(request, "permits.enter_application")
    permit = _get(permits(), permit_id, "permit")
    return _out(_act(lambda: actions.do_update_design(permit, acting_user=request.user, **payload.dict())))


@router.post(
    "/permits/{permit_id}/fee",
    response={201: s.PermitOut, **REFUSALS},
    summary="The fee paid to the Town Clerk at filing (§118-15, I-88)",
)
def record_fee(request: HttpRequest, permit_id: int, payload: s.FeeIn) -> Any:
    require(request, "permits.record_fee")
    permit = _get(permits(), permit_id, "permit")
    _act(lambda: actions.do_record_fee(permit, acting_user=request.user, **payload.dict()))
    return Status(201, _out(_get(permits(), permit_id, "permit")))


@router.post(
    "/permits/{permit_id}/moves",
    response={200: s.PermitOut, **REFUSALS},
    summary="Move the permit one declared step (the fee and review gates apply)",
)
def move_permit(request: HttpRequest, permit_id: int, payload: s.PermitMoveIn) -> Any:
    require(request, VIEW)
    permit = _get(permits(), permit_id, "permit")
    return _out(_act(lambda: actions.do_move_permit(permit, acting_user=request.user, **payload.dict())))


@router.post(
    "/permits/{permit_id}/discretion",
    response={201: s.PermitOut, **REFUSALS},
    summary="The named official decides a discretion finding (I-90)",
)
def decide(request: HttpRequest, permit_id: int, payload: s.DiscretionIn) -> Any:
    require(request, VIEW)
    permit = _get(permits(), permit_id, "permit")
    _act(lambda: actions.do_record_discretion(permit, acting_user=request.user, **payload.dict()))
    return Status(201, _out(_get(permits(), permit_id, "permit")))


@router.post(
    "/permits/{permit_id}/inspection-requests",
    response={201: InspectionOut, **REFUSALS},
    summary="A notice asking for an inspection: the plumber's (trench, §118-26) or the applicant's (connection, "
    "§118-25); refused out of order",
)
def request_inspection(request: HttpRequest, permit_id: int, payload: InspectionRequestIn) -> Any:
    require(request, "inspections.request_inspection")
    permit = _get(permits(), permit_id, "permit")
    inspection = _act(lambda: do_request_inspection(permit, acting_user=request.user, **payload.dict()))
    return Status(201, inspection_out(inspection))
