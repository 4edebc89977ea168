"""The pretreatment screens, under /pretreatment/ (namespace ``pretreatment``): the industrial users, a user's
page with a chart per substance and sampling point, the exceedance list, the Town Engineer's review queue;
the lab results import is the import framework's screen (preview first), which /pretreatment/results/ leads to."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.views.common import apply_errors
from sewerworks.pretreatment.actions import do_decide_review
from sewerworks.pretreatment.charts import charts_for
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.models import EngineerReview, Exceedance, IndustrialUser
from sewerworks.pretreatment.views.evaluations import period_form

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


def results_import(request: HttpRequest) -> HttpResponse:
    """The lab results import is the import framework's screen for the lab kind, the preview first (as for
    reads): this address leads there, and back to the Pretreatment program after."""
    require(request.user, "pretreatment.import_results", "import lab results")
    home = reverse("registry:import_kind_home", args=["pretreatment-results"])
    return redirect(f"{home}?{urlencode({'next': reverse('pretreatment:home')})}")
