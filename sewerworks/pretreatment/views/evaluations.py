"""A period's lab results evaluated at once (issue 36), on screen: started from the program page as a
background job, its progress, then the run with its change list (exceedances added, whose figures changed,
withdrawn: I-151). The action decides (``actions.evaluations``); a refusal comes back on the form."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.core.access.permissions import require
from sewerworks.core.models import Job
from sewerworks.enforcement.forms import DATE, StyledForm
from sewerworks.enforcement.views.common import apply_errors
from sewerworks.pretreatment.actions.evaluations import calendar_year, do_start_period_evaluation
from sewerworks.pretreatment.models import ChangeKind, EvaluationRun
from sewerworks.pretreatment.tasks import JOB_KIND

VIEW = "pretreatment.view_pretreatment"


class PeriodForm(StyledForm):
    start = forms.DateField(label="From", widget=DATE, help_text="A day before the first result is cut to it.")
    end = forms.DateField(label="To", widget=DATE, help_text="A day after today is cut to today (I-50).")


def period_form(data: dict[str, str] | None = None) -> PeriodForm:
    """The form of the program page: the calendar year by default."""
    start, end = calendar_year(timezone.localdate())
    return PeriodForm(data, initial={"start": start, "end": end})


def _listing(request: HttpRequest, form: PeriodForm, status: int = 200) -> HttpResponse:
    runs = Paginator(EvaluationRun.objects.select_related("started_by").order_by("-started_at", "-pk"), 30)
    active = Job.objects.filter(kind=JOB_KIND, status__in=[Job.Status.QUEUED, Job.Status.RUNNING]).first()
    context = {"page": runs.get_page(request.GET.get("page")), "form": form, "active": active}
    return render(request, "pretreatment/evaluation_list.html", context, status=status)


def evaluation_list(request: HttpRequest) -> HttpResponse:
    require(request.user, VIEW, "see the pretreatment program")
    return _listing(request, period_form())


@require_POST
def evaluation_start(request: HttpRequest) -> HttpResponse:
    require(request.user, "pretreatment.evaluate_period", "evaluate a period's lab results")
    form = period_form(request.POST)
    if form.is_valid():
        try:
            job = do_start_period_evaluation(form.cleaned_data["start"], form.cleaned_data["end"],
                                             acting_user=request.user)  # fmt: skip
            return redirect("pretreatment:evaluation_job", job.pk)
        except ValidationError as exc:
            apply_errors(form, exc)
    return _listing(request, form, status=422)


def evaluation_job(request: HttpRequest, job_id: int) -> HttpResponse:
    """The job's progress until its run has finished, then the run itself."""
    require(request.user, VIEW, "see the pretreatment program")
    job = get_object_or_404(Job, pk=job_id, kind=JOB_KIND)
    run = EvaluationRun.objects.filter(job=job).order_by("-pk").first()
    if run is not None and run.status != EvaluationRun.Status.RUNNING:
        target = reverse("pretreatment:evaluation_detail", args=[run.pk])
        if request.headers.get("HX-Request"):
            return HttpResponse(status=204, headers={"HX-Redirect": target})
        return redirect(target)
    return render(request, "pretreatment/evaluation_job.html", {"job": job, "run": run})


def evaluation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, VIEW, "see the pretreatment program")
    run = get_object_or_404(EvaluationRun.objects.select_related("started_by", "job"), pk=pk)
    kind = request.GET.get("kind", "")
    changes = run.changes.select_related("exceedance__point", "exceedance__user__building", "exceedance__violation")
    if kind in ChangeKind.values:
        changes = changes.filter(kind=kind)
    page = Paginator(changes.order_by("kind", "exceedance__day", "pk"), 100).get_page(request.GET.get("page"))
    kinds = [(k, label, run.changes.filter(kind=k).count()) for k, label in ChangeKind.choices]
    return render(request, "pretreatment/evaluation_detail.html",
                  {"run": run, "page": page, "kind": kind, "kinds": kinds})  # fmt: skip
