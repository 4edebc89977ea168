"""The pretreatment screens, under /pretreatment/ (namespace ``pretreatment``): the industrial users, a user's
page with a chart per substance and sampling point, the exceedance list, the Town Engineer's review queue,
and the lab results import."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.imports import rejects
from sewerworks.core.imports.runner import do_import
from sewerworks.enforcement.views.common import apply_errors
from sewerworks.pretreatment.actions import do_decide_review
from sewerworks.pretreatment.charts import charts_for
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.models import EngineerReview, Exceedance, IndustrialUser
from sewerworks.pretreatment.views.evaluations import period_form

MAX_BYTES = 5 * 1024 * 1024
VIEW = "pretreatment.view_pretreatment"


def user_list(request: HttpRequest) -> HttpResponse:
    require(request.user, VIEW, "see the pretreatment program")
    users = IndustrialUser.objects.select_related("building__parcel").order_by("building__name")
    rows = [{"user": u, "exceedances": u.exceedances.filter(withdrawn_by=None).count(),
             "review": u.reviews.filter(status=ReviewStatus.OPEN).first()} for u in users]  # fmt: skip
    return render(request, "pretreatment/user_list.html", {"rows": rows, "period_form": period_form()})


def user_detail(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, VIEW, "see the pretreatment program")
    user = get_object_or_404(IndustrialUser.objects.select_related("building__parcel", "account"), pk=pk)
    points = list(user.points.all())
    context = {
        "u": user, "points": points, "charts": charts_for(points, timezone.localdate()),
        "exceedances": user.exceedances.select_related("point", "violation")[:50],
        "reviews": user.reviews.all(), "agreements": user.agreements.select_related("resolution"),
        "treatments": user.treatments.all(), "permits": user.spdes_permits.all(), "visits": user.visits.all()[:10],
    }  # fmt: skip
    return render(request, "pretreatment/user_detail.html", context)


def exceedance_list(request: HttpRequest) -> HttpResponse:
    require(request.user, VIEW, "see the pretreatment program")
    found = Exceedance.objects.select_related("user__building", "point", "violation").order_by("-day", "parameter")
    page = Paginator(found, 50).get_page(request.GET.get("page"))
    return render(request, "pretreatment/exceedance_list.html", {"page": page})


class DecideForm(forms.Form):
    status = forms.ChoiceField(label="Decision", widget=forms.RadioSelect,
                               choices=[c for c in ReviewStatus.choices if c[0] != ReviewStatus.OPEN])  # fmt: skip
    reasoning = forms.CharField(label="The Town Engineer's reasons", widget=forms.Textarea(
        attrs={"rows": 3, "class": "form-control"}))  # fmt: skip


def review_queue(request: HttpRequest) -> HttpResponse:
    require(request.user, VIEW, "see the pretreatment program")
    reviews = EngineerReview.objects.select_related("user__building").order_by("status", "opened_on")
    return render(request, "pretreatment/review_queue.html",
                  {"open": [r for r in reviews if r.status == ReviewStatus.OPEN],
                   "decided": [r for r in reviews if r.status != ReviewStatus.OPEN][:30]})  # fmt: skip


def review_decide(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "pretreatment.decide_review", "decide a §118-39 review")
    review = get_object_or_404(EngineerReview.objects.select_related("user__building"), pk=pk)
    form = DecideForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            do_decide_review(review, status=form.cleaned_data["status"], reasoning=form.cleaned_data["reasoning"],
                             acting_user=request.user)  # fmt: skip
            return redirect("pretreatment:reviews")
        except ValidationError as exc:
            apply_errors(form, exc)
    return render(request, "pretreatment/review_decide.html", {"review": review, "form": form})


class ResultsForm(forms.Form):
    file = forms.FileField(label="Lab results (CSV)", widget=forms.ClearableFileInput(attrs={"class": "form-control"}))
    valid_rows_only = forms.BooleanField(
        label="Enter the valid rows and give me a reject file of the others", required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )  # fmt: skip


def results_import(request: HttpRequest) -> HttpResponse:
    require(request.user, "pretreatment.import_results", "import lab results")
    form = ResultsForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            form.add_error("file", f"A lab file may be at most {MAX_BYTES // (1024 * 1024)} MB.")
        else:
            try:
                result = do_import(
                    "pretreatment-results", acting_user=request.user, data=upload.read(),
                    file_name=upload.name[-100:], valid_rows_only=form.cleaned_data["valid_rows_only"],
                )  # fmt: skip
            except ValidationError as exc:
                form.add_error("file", exc.messages)
    return render(request, "pretreatment/results_import.html", {"form": form, "result": result})


def results_rejects(request: HttpRequest, run: str) -> FileResponse:
    require(request.user, "pretreatment.import_results", "download a reject file")
    try:
        path = rejects.reject_path(run)
    except ValueError:
        path = None
    if path is None:
        raise Http404("This import has no reject file.")
    return FileResponse(path.open("rb"), as_attachment=True, filename="lab-rejects.csv", content_type="text/csv")
