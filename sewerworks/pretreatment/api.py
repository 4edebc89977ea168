"""The pretreatment program over REST: industrial users, their samples and results, and the findings (the
limits exceeded, each naming its table row, basis, limit and value); and what staff enter by hand, through the
screens' own ``do_*`` actions: a user, a sampling point, a special agreement, preliminary treatment, a SPDES
cooling-water permit, a visit, one sample's results (checked by the lab import's row rules). Refusals: 401,
403 for the wrong role, 404 for an unknown id, 422 naming the field and the rule."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import timezone
from ninja import Router, Status
from ninja.errors import HttpError
from ninja.pagination import paginate

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import MAX_ID
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.models import BoardResolution
from sewerworks.ordinance.s118_37_limits import PARAMETERS
from sewerworks.pretreatment import actions
from sewerworks.pretreatment import api_schemas as s
from sewerworks.pretreatment.api_evaluations import router as evaluations_router
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.imports import check_sample
from sewerworks.pretreatment.models import Exceedance, IndustrialUser, Sample
from sewerworks.registry.api import REFUSALS, RegistryPagination
from sewerworks.registry.models import Building, SewerAccount

router = Router(tags=["pretreatment"])
router.add_router("/", evaluations_router)
VIEW = "pretreatment.view_pretreatment"


def _plain(value: Any) -> str:
    return format(value.normalize(), "f")


def _user(u: IndustrialUser) -> dict[str, Any]:
    return {
        "id": u.pk, "name": u.name, "building_id": u.building_id, "parcel_id": u.building.parcel_id,
        "account_id": u.account_id, "activity": u.activity,
        "average_daily_flow": _plain(u.average_daily_flow) if u.average_daily_flow is not None else None,
        "points": [{"id": p.pk, "code": p.code, "kind": p.kind, "location": p.location} for p in u.points.all()],
        "open_review": u.reviews.filter(status=ReviewStatus.OPEN).exists(),
    }  # fmt: skip


def _users() -> Any:
    return IndustrialUser.objects.select_related("building").prefetch_related("points").order_by("pk")


@router.get("/pretreatment/users", response={200: list[s.IndustrialUserOut], **REFUSALS},
            summary="Industrial users and their sampling points (§118-37, §118-41, §118-42)")  # fmt: skip
@paginate(RegistryPagination)
def list_users(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [_user(u) for u in _users()]


@router.get("/pretreatment/users/{user_id}", response={200: s.IndustrialUserOut, **REFUSALS})
def get_user(request: HttpRequest, user_id: int) -> Any:
    require(request, VIEW)
    return _user(_get(_users(), user_id, "industrial user"))


@router.get("/pretreatment/users/{user_id}/samples", response={200: list[s.SampleOut], **REFUSALS},
            summary="A user's samples with their results as reported and in the limit's unit (I-31)")  # fmt: skip
@paginate(RegistryPagination)
def list_samples(request: HttpRequest, user_id: int) -> Any:
    require(request, VIEW)
    user = _get(IndustrialUser, user_id, "industrial user")
    samples = Sample.objects.filter(point__user=user).select_related("point").prefetch_related("results")
    return [_sample(x) for x in samples.order_by("-day", "-pk")]


def _sample(x: Sample) -> dict[str, Any]:
    return {
        "id": x.pk, "lab_sample_id": x.lab_sample_id, "lab": x.lab, "point": x.point.code, "kind": x.kind,
        "started_at": x.started_at, "ended_at": x.ended_at, "day": x.day,
        "results": [{"parameter": r.parameter, "reported": r.shown, "value": _plain(r.value), "unit": r.unit,
                     "non_detect": r.non_detect, "method": r.method} for r in x.results.all()],
    }  # fmt: skip


@router.get("/pretreatment/findings", response={200: list[s.PretreatmentFindingOut], **REFUSALS},
            summary="Limits found exceeded, each with its table row, basis, limit and value (§118-37)")  # fmt: skip
@paginate(RegistryPagination)
def list_findings(request: HttpRequest, user_id: int | None = None) -> Any:
    require(request, VIEW)
    found = Exceedance.objects.select_related("point").order_by("-day", "parameter")
    if user_id is not None:
        found = found.filter(user_id=user_id) if 1 <= user_id <= MAX_ID else found.none()
    return [{
        "id": e.pk, "user_id": e.user_id, "point": e.point.code, "day": e.day, "parameter": e.parameter,
        "basis": e.basis, "row": e.row, "section": e.section, "value": _plain(e.value), "limit": _plain(e.limit),
        "unit": e.unit, "sentence": e.sentence, "violation_id": e.violation_id, "found_by_run": e.found_by_id,
        "withdrawn_by_run": e.withdrawn_by_id, "withdrawn_reason": e.withdrawn_reason,
    } for e in found]  # fmt: skip


# --- Entered by hand: the screens' actions over REST --------------------------------------------------------


def _act(action: Any, **kwargs: Any) -> Any:
    """Run a ``do_*`` action; its refusal is a 422 naming the field and the rule."""
    try:
        return action(**kwargs)
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.post("/pretreatment/users", response={201: s.IndustrialUserOut, **REFUSALS},
             summary="Register an industrial user in an industrial building (one per building, §118-37)")  # fmt: skip
def register_user(request: HttpRequest, payload: s.IndustrialUserIn) -> Any:
    require(request, "pretreatment.register_user")
    building = _get(Building, payload.building_id, "building")
    account = None
    if payload.account_number.strip():
        account = SewerAccount.objects.filter(account_number=payload.account_number.strip()).first()
        if account is None:
            raise HttpError(422, f"account_number: No sewer account {payload.account_number.strip()} is recorded.")
    user = _act(actions.do_register_industrial_user, building=building, activity=payload.activity, account=account,
                average_daily_flow=payload.average_daily_flow, acting_user=request.user)  # fmt: skip
    return Status(201, _user(_get(_users(), user.pk, "industrial user")))


@router.post("/pretreatment/users/{user_id}/sampling-points", response={201: s.PointOut, **REFUSALS},
             summary="Add a control manhole (§118-41) or the nearest downstream public manhole (§118-42)")  # fmt: skip
def add_point(request: HttpRequest, user_id: int, payload: s.SamplingPointIn) -> Any:
    require(request, "pretreatment.register_user")
    user = _get(IndustrialUser, user_id, "industrial user")
    return Status(201, _act(actions.do_add_sampling_point, user=user, acting_user=request.user, **payload.dict()))


@router.post("/pretreatment/users/{user_id}/agreements", response={201: s.PretreatmentAgreementOut, **REFUSALS},
             summary="Record a special agreement approved by a Board resolution (§118-43, I-71)")  # fmt: skip
def record_agreement(request: HttpRequest, user_id: int, payload: s.AgreementIn) -> Any:
    require(request, "pretreatment.record_agreement")
    user = _get(IndustrialUser, user_id, "industrial user")
    data = payload.dict()
    resolution = _get(BoardResolution, data.pop("resolution_id"), "Board resolution")
    if data["parameter"] not in PARAMETERS:
        raise HttpError(422, f"parameter: {data['parameter']!r} is not a parameter §118-37 limits.")
    a = _act(actions.do_record_special_agreement, user=user, resolution=resolution, acting_user=request.user, **data)
    return Status(201, {"id": a.pk, "user_id": a.user_id, "resolution": resolution.instrument,
                        "parameter": a.parameter, "limit": _plain(a.limit), "starts_on": a.starts_on,
                        "ends_on": a.ends_on})  # fmt: skip


@router.post("/pretreatment/users/{user_id}/treatment", response={201: s.TreatmentOut, **REFUSALS},
             summary="Record preliminary treatment: no construction before written approval (§118-40)")  # fmt: skip
def record_treatment(request: HttpRequest, user_id: int, payload: s.TreatmentIn) -> Any:
    require(request, "pretreatment.record_facility")
    user = _get(IndustrialUser, user_id, "industrial user")
    t = _act(actions.do_record_preliminary_treatment, user=user, acting_user=request.user, **payload.dict())
    return Status(201, t)


@router.post("/pretreatment/users/{user_id}/cooling-water-permits", response={201: s.PretreatmentPermitOut, **REFUSALS},
             summary="Record a SPDES permit for cooling water to natural drainage (§118-28)")  # fmt: skip
def record_permit(request: HttpRequest, user_id: int, payload: s.PermitIn) -> Any:
    require(request, "pretreatment.record_facility")
    user = _get(IndustrialUser, user_id, "industrial user")
    return Status(201, _act(actions.do_record_cooling_water_permit, user=user, acting_user=request.user,
                            **payload.dict()))  # fmt: skip


@router.post("/pretreatment/users/{user_id}/visits", response={201: s.VisitOut, **REFUSALS},
             summary="Record a §118-45 visit, its checklist of the §118-37 (§118-2, 3) prohibitions")  # fmt: skip
def record_visit(request: HttpRequest, user_id: int, payload: s.VisitIn) -> Any:
    require(request, "pretreatment.record_visit")
    user = _get(IndustrialUser, user_id, "industrial user")
    return Status(201, _act(actions.do_record_visit, user=user, acting_user=request.user, **payload.dict()))


@router.post("/pretreatment/users/{user_id}/samples", response={201: s.SampleOut, **REFUSALS},
             summary="Enter one sample's results, checked as a lab file's rows, evaluated (§118-37, 39)")  # fmt: skip
def enter_sample(request: HttpRequest, user_id: int, payload: s.SampleIn) -> Any:
    require(request, "pretreatment.import_results")
    user = _get(IndustrialUser, user_id, "industrial user")
    if not user.points.filter(code=payload.sampling_point.strip().upper()).exists():
        raise HttpError(422, f"sampling_point: {payload.sampling_point!r} is not a sampling point of {user}.")
    sample = {"sample_id": payload.sample_id, "sampling_point": payload.sampling_point.strip(),
              "start": payload.start.isoformat(), "end": payload.end.isoformat(), "sample_type": payload.sample_type,
              "lab": payload.lab, "flow_gal": "" if payload.flow_gal is None else str(payload.flow_gal),
              "corrects": payload.corrects.strip()}  # fmt: skip
    results = [{"parameter": r.parameter, "result": str(r.result), "qualifier": r.qualifier, "unit": r.unit,
                "detection_limit": "" if r.detection_limit is None else str(r.detection_limit), "method": r.method}
               for r in payload.results]  # fmt: skip
    rows, errors = check_sample(sample, results, as_of=timezone.localdate())
    if errors:
        raise HttpError(422, "; ".join(sorted({f"{e.field}: {e.message}" if e.field in sample else
                                               f"results[{(e.row or 1) - 1}].{e.field}: {e.message}"
                                               for e in errors})))  # fmt: skip
    actions.do_record_results(rows, acting_user=request.user, reason=f"entered through the API: {user}")
    entered = Sample.objects.select_related("point").prefetch_related("results")
    return Status(201, _sample(entered.get(lab=payload.lab, lab_sample_id=payload.sample_id)))
