"""The pretreatment program over REST: industrial users, their samples and results, and the findings (the
limits exceeded, each naming its table row, basis, limit and value). Read-only: changes go through the
screens' actions. Refusals: 401, 403 for the wrong role, 404 for an unknown id."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router
from ninja.pagination import paginate

from sewerworks.core.api_auth import require
from sewerworks.core.api_errors import MAX_ID
from sewerworks.core.api_errors import record_or_404 as _get
from sewerworks.pretreatment import api_schemas as s
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.models import Exceedance, IndustrialUser, Sample
from sewerworks.registry.api import REFUSALS, RegistryPagination

router = Router(tags=["pretreatment"])
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
    return [{
        "id": x.pk, "lab_sample_id": x.lab_sample_id, "lab": x.lab, "point": x.point.code, "kind": x.kind,
        "started_at": x.started_at, "ended_at": x.ended_at, "day": x.day,
        "results": [{"parameter": r.parameter, "reported": r.shown, "value": _plain(r.value), "unit": r.unit,
                     "non_detect": r.non_detect, "method": r.method} for r in x.results.all()],
    } for x in samples.order_by("-day", "-pk")]  # fmt: skip


@router.get("/pretreatment/findings", response={200: list[s.FindingOut], **REFUSALS},
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
        "unit": e.unit, "sentence": e.sentence, "violation_id": e.violation_id,
    } for e in found]  # fmt: skip
