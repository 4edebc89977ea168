"""A period's lab results evaluated at once over REST (issue 36): start one as a background job, list the runs,
read one with its change list (exceedances added, whose figures changed, withdrawn, I-151). The same action
as the program page and ``sewerworks pretreatment evaluate``. Refusals: 401, 403 for the wrong role, 404 for
an unknown run, 422 naming the field or the rule (a period still to come, without results, or an evaluation
already queued or running)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Router, Status
from ninja.pagination import paginate

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import MAX_ID
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.pretreatment import api_schemas as s
from sewerworks.pretreatment.actions.evaluations import do_start_period_evaluation
from sewerworks.pretreatment.models import EvaluationRun
from sewerworks.registry.api import REFUSALS, RegistryPagination

router = Router(tags=["pretreatment"])
VIEW = "pretreatment.view_pretreatment"


def _plain(value: Any) -> str | None:
    return None if value is None else format(value.normalize(), "f")


def run_out(run: EvaluationRun) -> dict[str, Any]:
    fields = ("id", "requested_start", "requested_end", "start", "end", "as_of", "status", "full",
              "parameters_version", "job_id", "results_read", "series", "added", "changed", "withdrawn",
              "violations", "timings", "notes", "message")  # fmt: skip
    return {f: getattr(run, f) for f in fields}


@router.post("/pretreatment/evaluations", response={202: s.EvaluationJobOut, **REFUSALS},
             summary="Evaluate a period's lab results at once, as a background job (§118-37, §118-39)")  # fmt: skip
def start_evaluation(request: HttpRequest, payload: s.EvaluationIn) -> Any:
    require(request, "pretreatment.evaluate_period")
    try:
        job = do_start_period_evaluation(payload.start, payload.end, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(202, {"id": job.pk, "status": job.status})


@router.get("/pretreatment/evaluations", response={200: list[s.EvaluationRunOut], **REFUSALS},
            summary="Period evaluations, newest first (``job_id``: the run of one job)")  # fmt: skip
@paginate(RegistryPagination)
def list_evaluations(request: HttpRequest, job_id: int | None = None) -> Any:
    require(request, VIEW)
    runs = EvaluationRun.objects.order_by("-started_at", "-pk")
    if job_id is not None:
        runs = runs.filter(job_id=job_id) if 1 <= job_id <= MAX_ID else runs.none()
    return [run_out(r) for r in runs]


@router.get("/pretreatment/evaluations/{run_id}", response={200: s.EvaluationRunDetailOut, **REFUSALS},
            summary="A period evaluation and every change it made to the findings (I-151)")  # fmt: skip
def get_evaluation(request: HttpRequest, run_id: int) -> Any:
    require(request, VIEW)
    run = _get(EvaluationRun, run_id, "period evaluation")
    changes = run.changes.select_related("exceedance__point").order_by("kind", "exceedance__day", "pk")
    return {**run_out(run), "changes": [{
        "kind": c.kind, "exceedance_id": c.exceedance_id, "point": c.exceedance.point.code,
        "parameter": c.exceedance.parameter, "basis": c.exceedance.basis, "day": c.exceedance.day,
        "value_before": _plain(c.value_before), "limit_before": _plain(c.limit_before),
        "value_after": _plain(c.value_after), "limit_after": _plain(c.limit_after), "unit": c.exceedance.unit,
        "reason": c.reason,
    } for c in changes]}  # fmt: skip
