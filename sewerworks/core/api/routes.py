"""API of the core app: the determination topics, and background jobs.

Each determination topic gets its own endpoint, ``POST /api/determinations/{topic}``, whose request
body is that topic's facts schema (with worked examples) in the OpenAPI document.
"""

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Body, Query, Router, Schema
from ninja.errors import HttpError

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404
from sewerworks.core.api.schemas import Day, ErrorOut
from sewerworks.core.determinations.run import LawNotInForce, run_determination, run_determinations
from sewerworks.core.jobs.queue import do_cancel_job
from sewerworks.core.jobs.runner import do_rerun_job
from sewerworks.core.models import Job
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import FactsError, Topic, topics

router = Router(tags=["determinations"])
PUBLISHED_AS = "sewerworks.core.api"  # this module's operation ids, kept when it moved (sewerworks.api)


class TopicOut(Schema):
    name: str
    title: str
    sections: list[str]
    interpretations: list[str]
    facts_schema: dict[str, Any]
    examples: list[dict[str, Any]]


class AsOf(Schema):
    as_of: Day | None = None


def _topic_out(t: Topic) -> TopicOut:
    return TopicOut(
        name=t.name,
        title=t.title,
        sections=list(t.sections),
        interpretations=list(t.interpretations),
        facts_schema=t.facts_model.model_json_schema(),
        examples=[{"title": e.title, "facts": e.facts, "expected_outcome": e.expected_outcome} for e in t.examples],
    )


@router.get("/determinations", response=list[TopicOut], summary="List the determination topics")
def list_topics(request: HttpRequest) -> list[TopicOut]:
    require(request, "core.run_determination")
    return [_topic_out(t) for t in topics()]


def _endpoint_for(t: Topic) -> Any:
    facts_model = t.facts_model

    def endpoint(
        request: HttpRequest,
        facts: facts_model = Body(...),  # type: ignore[valid-type]
        params: AsOf = Query(...),  # noqa: B008
    ) -> Any:
        require(request, "core.run_determination")
        try:
            return run_determination(t.name, facts.model_dump(mode="json"), as_of=params.as_of)  # type: ignore[attr-defined]
        except (FactsError, LawNotInForce) as exc:
            raise HttpError(422, str(exc)) from exc

    endpoint.__name__ = "determine_" + t.name.replace("-", "_")
    endpoint.__doc__ = (
        f"{t.title} (§§ {', '.join(t.sections)}). Send the facts; get the Decision with its citations. "
        "`as_of` (YYYY-MM-DD) applies the law and parameters in force that day; default today."
    )
    return endpoint


MAX_BATCH = 10_000


def _batch_endpoint_for(t: Topic) -> Any:
    """``POST /api/determinations/{topic}/batch``: a list of facts, the list of Decisions in the same order
    (the parameters read once); a bad item is a 422 naming its index; at most 10,000 items."""
    facts_model = t.facts_model

    def endpoint(
        request: HttpRequest,
        facts: list[facts_model] = Body(..., max_length=MAX_BATCH),  # type: ignore[valid-type]
        params: AsOf = Query(...),  # noqa: B008
    ) -> Any:
        require(request, "core.run_determination")
        try:
            many = [f.model_dump(mode="json") for f in facts]  # type: ignore[attr-defined]
            return run_determinations(t.name, many, as_of=params.as_of)
        except (FactsError, LawNotInForce) as exc:
            raise HttpError(422, str(exc)) from exc

    endpoint.__name__ = "determine_many_" + t.name.replace("-", "_")
    endpoint.__doc__ = (
        f"{t.title}, for many cases at once (a rate study, another town's test suite): a list of facts, "
        f"at most {MAX_BATCH:,}; the list of Decisions in the same order, each as the single endpoint gives it."
    )
    return endpoint


def _openapi_examples(t: Topic) -> dict[str, Any]:
    """The topic's worked examples, shown as request examples in the OpenAPI document."""
    examples = {f"example{i}": {"summary": e.title, "value": e.facts} for i, e in enumerate(t.examples, start=1)}
    return {"requestBody": {"content": {"application/json": {"examples": examples}}}}


def _register_topic_endpoints() -> None:
    for t in topics():
        router.add_api_operation(
            f"/determinations/{t.name}",
            ["POST"],
            _endpoint_for(t),
            response={200: Decision, 422: ErrorOut},
            summary=t.title,
            operation_id="determine_" + t.name.replace("-", "_"),
            openapi_extra=_openapi_examples(t),
        )
        router.add_api_operation(
            f"/determinations/{t.name}/batch",
            ["POST"],
            _batch_endpoint_for(t),
            response={200: list[Decision], 422: ErrorOut},
            summary=f"{t.title}: many cases",
            operation_id="determine_many_" + t.name.replace("-", "_"),
        )


_register_topic_endpoints()


jobs_router = Router(tags=["jobs"])


class JobOut(Schema):
    id: int
    kind: str
    title: str
    status: str
    done: int
    total: int | None
    percent: int | None
    message: str
    result: dict[str, Any]
    created_at: dt.datetime
    finished_at: dt.datetime | None
    attempts: int
    may_rerun: bool


@jobs_router.get("/jobs", response=list[JobOut], summary="Recent background jobs")
def list_jobs(request: HttpRequest) -> Any:
    require(request, "core.view_job")
    return list(Job.objects.all()[:100])


@jobs_router.get("/jobs/{job_id}", response=JobOut, summary="A background job and its progress")
def job_detail(request: HttpRequest, job_id: int) -> Any:
    require(request, "core.view_job")
    return record_or_404(Job, job_id, "job")


@jobs_router.post(
    "/jobs/{job_id}/rerun",
    response={200: JobOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut},
    summary="Run an interrupted or failed job again, with the same task and arguments",
)
def rerun_job(request: HttpRequest, job_id: int) -> Any:
    return _on_job(request, job_id, "core.rerun_job", do_rerun_job)


@jobs_router.post(
    "/jobs/{job_id}/cancel",
    response={200: JobOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut},
    summary="Cancel a job still waiting for the worker (the Superintendent)",
)
def cancel_job(request: HttpRequest, job_id: int) -> Any:
    return _on_job(request, job_id, "core.cancel_job", do_cancel_job)


def _on_job(request: HttpRequest, job_id: int, permission: str, action: Any) -> Job:
    """The role asked first, then the job, then ``action`` on it; a refusal is a 422 naming the rule."""
    user = require(request, permission)
    job = record_or_404(Job, job_id, "job")
    try:
        done: Job = action(job, acting_user=user)
    except ValidationError as exc:
        raise HttpError(422, " ".join(exc.messages)) from exc
    return done


router.add_router("/", jobs_router)
