"""``GET/POST /api/resolutions``: the Board resolutions recorded here and the values they set.

A POST goes through ``do_record_resolution``: every value is checked by the parameter loader first, and a
refused value is a 422 whose ``detail`` names the row and the key (``loc: ["body", "values", 0, "value"]``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest
from ninja import Field, Router, Schema, Status
from ninja.errors import HttpError

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404
from sewerworks.core.api.schemas import Day, ErrorOut
from sewerworks.core.models import BoardResolution
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

router = Router(tags=["resolutions"])


class ValueIn(Schema):
    key: str = Field(..., description="Parameter key, e.g. connection.sewer_available_distance.")
    value: Any = Field(..., description='As in the parameter files: money as a quoted string ("12.00"), never a float.')
    effective: Day | None = Field(None, description="From when; default the resolution's effective date.")
    section: str = Field("", description="Section of Chapter 118 it sets; default the parameter's own.")
    unit: str = Field("", description="Optional: the unit the value is in; must be the parameter's own unit.")


class ResolutionIn(Schema):
    instrument: str = Field(..., description="As cited, e.g. 'Resolution 2027-14'.")
    kind: str = Field("resolution", description="resolution or local_law.")
    adopted_on: Day
    effective_on: Day
    title: str
    notes: str = ""
    values: list[ValueIn]

    model_config = {
        "json_schema_extra": {
            "examples": [
                {
                    "instrument": "Resolution 2027-14",
                    "adopted_on": "2027-03-10",
                    "effective_on": "2027-07-01",
                    "title": "Availability of the public sewer",
                    "values": [{"key": "connection.sewer_available_distance", "value": 150}],
                }
            ]
        }
    }


class ValueOut(Schema):
    key: str
    value: Any
    effective: dt.date
    section: str


class ResolutionOut(Schema):
    id: int
    instrument: str
    kind: str
    adopted_on: dt.date
    effective_on: dt.date | None
    title: str
    notes: str
    values: list[ValueOut]


def _out(r: BoardResolution) -> ResolutionOut:
    values = [ValueOut(key=v.key, value=v.value, effective=v.effective, section=v.section) for v in r.values.all()]
    return ResolutionOut(
        id=r.pk,
        instrument=r.instrument,
        kind=r.kind,
        adopted_on=r.adopted_on,
        effective_on=r.effective_on,
        title=r.title,
        notes=r.notes,
        values=values,
    )


@router.get("/resolutions", response=list[ResolutionOut], summary="Board resolutions recorded here")
def list_resolutions(request: HttpRequest) -> Any:
    require(request, "core.view_resolution")
    return [_out(r) for r in BoardResolution.objects.prefetch_related("values").order_by("-adopted_on", "-pk")]


@router.get("/resolutions/{resolution_id}", response={200: ResolutionOut, 404: ErrorOut}, summary="One resolution")
def get_resolution(request: HttpRequest, resolution_id: int) -> Any:
    require(request, "core.view_resolution")
    return _out(record_or_404(BoardResolution.objects.prefetch_related("values"), resolution_id, "resolution"))


def _detail(error: ValidationError) -> list[dict[str, Any]]:
    detail: list[dict[str, Any]] = []
    for field, problems in error.error_dict.items():
        for problem in problems:
            params = problem.params or {}
            message = problem.message % params if params else problem.message
            if "row" in params:
                loc = ["body", "values", params["row"], "value"]
                detail.append({"loc": loc, "msg": message, "key": params["key"], "type": "parameter_value"})
            else:
                detail.append({"loc": ["body", field], "msg": message, "type": "value_error"})
    return detail


@router.post(
    "/resolutions",
    response={201: ResolutionOut, 403: ErrorOut, 422: ErrorOut},
    summary="Record a Board resolution and the values it sets (checked before anything is stored)",
)
def record_resolution(request: HttpRequest, body: ResolutionIn) -> Any:
    user = require(request, "core.record_resolution")
    values = [ProposedValue(v.key, v.value, v.effective, v.section, v.unit) for v in body.values]
    try:
        record = do_record_resolution(
            instrument=body.instrument,
            kind=body.kind,
            adopted_on=body.adopted_on,
            effective_on=body.effective_on,
            title=body.title,
            notes=body.notes,
            values=values,
            acting_user=user,
        )
    except PermissionDenied as exc:
        raise HttpError(403, str(exc)) from exc
    except ValidationError as exc:
        return Status(422, {"detail": _detail(exc)})
    return Status(201, _out(record))
