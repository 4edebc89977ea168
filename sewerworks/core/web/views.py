"""Core screens: the dashboard, background jobs, determinations."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from sewerworks.core.determinations.run import LawNotInForce, run_determination, today
from sewerworks.core.jobs.queue import do_cancel_job
from sewerworks.core.jobs.runner import do_rerun_job
from sewerworks.core.models import Job
from sewerworks.core.web.dashboard import shown_panels
from sewerworks.ordinance.topics import FactsError, UnknownTopic, topics


@permission_required("core.view_site", raise_exception=True)
def dashboard(request: HttpRequest) -> HttpResponse:
    jobs = Job.objects.filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING])[:5]
    panels, as_of = shown_panels(request)
    return render(request, "core/dashboard.html", {"panels": panels, "as_of": as_of, "running_jobs": jobs})


@permission_required("core.view_job", raise_exception=True)
def job_list(request: HttpRequest) -> HttpResponse:
    context = {
        "jobs": Job.objects.select_related("created_by")[:200],
        "may_rerun": request.user.has_perm("core.rerun_job"),
        "may_cancel": request.user.has_perm("core.cancel_job"),
    }
    return render(request, "core/job_list.html", context)


@require_POST
@permission_required("core.rerun_job", raise_exception=True)
def job_rerun(request: HttpRequest, pk: int) -> HttpResponse:
    """Run an interrupted or failed job again with the same task and arguments."""
    return _on_job(request, pk, do_rerun_job, "{} is queued again; a worker will run it.")


@require_POST
@permission_required("core.cancel_job", raise_exception=True)
def job_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    """Cancel a job still waiting for the worker (the Superintendent keeps the queue, issue 30)."""
    return _on_job(request, pk, do_cancel_job, "{}: cancelled; the worker will not run it.")


def _on_job(request: HttpRequest, pk: int, action: Callable[..., Job], done: str) -> HttpResponse:
    """Apply ``action`` to the job; say what came of it (``done`` names the job's title) or why it was refused."""
    job = get_object_or_404(Job, pk=pk)
    try:
        action(job, acting_user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, done.format(job.title))
    return redirect("core:job_detail", pk=pk)


@permission_required("core.view_job", raise_exception=True)
def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(Job, pk=pk)
    template = "core/_job_progress.html" if request.htmx else "core/job_detail.html"  # type: ignore[attr-defined]
    may = {"may_rerun": request.user.has_perm("core.rerun_job"), "may_cancel": request.user.has_perm("core.cancel_job")}
    return render(request, template, {"job": job, **may})


@permission_required("core.run_determination", raise_exception=True)
def determination_list(request: HttpRequest) -> HttpResponse:
    """Every topic with its sections and examples; staff may try one with their own facts."""
    context: dict[str, object] = {"topics": topics(), "today": today()}
    if request.method == "POST":
        name = request.POST.get("topic", "")
        raw = request.POST.get("facts", "")
        as_of_text = request.POST.get("as_of", "").strip()
        context["chosen"] = name
        context["facts_text"] = raw
        context["as_of_text"] = as_of_text
        try:
            as_of = dt.date.fromisoformat(as_of_text) if as_of_text else None
        except ValueError:
            context["error"] = f"As of: {as_of_text!r} is not a date of the form YYYY-MM-DD."
            return render(request, "core/determinations.html", context, status=400)
        try:
            facts = json.loads(raw)
            if not isinstance(facts, dict):
                raise ValueError("The facts must be a JSON object ({...}).")
            decision = run_determination(name, facts, as_of=as_of)
            context["decision"] = decision
        except json.JSONDecodeError as exc:
            context["error"] = f"The facts are not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        except FactsError as exc:
            context["error"] = "The facts do not fit the topic's schema."
            context["field_errors"] = exc.errors
        except LawNotInForce as exc:
            context["error"] = str(exc)
        except UnknownTopic:
            context["error"] = f"There is no determination topic called {name!r}."
        except ValueError as exc:
            context["error"] = str(exc)
    return render(request, "core/determinations.html", context)
