"""Entering an application, with the review shown as the design is typed (htmx), and correcting the design."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.views.common import apply_errors, run_action
from sewerworks.permits import actions
from sewerworks.permits.forms import ApplicationForm, DesignForm
from sewerworks.permits.models import Permit
from sewerworks.permits.review import review_design


def _review_context(design_form: DesignForm, kind: str, filed_on: Any) -> dict[str, Any]:
    if not design_form.is_valid():
        return {"review": None, "design_errors": design_form.errors}
    found = review_design(kind, design_form.design(), filed_on or timezone.localdate())
    return {"review": found.as_json()}


def new_application(request: HttpRequest) -> HttpResponse:
    require(request.user, "permits.enter_application", "enter a permit application")
    form = ApplicationForm(request.POST or None, initial={"filed_on": timezone.localdate(), "kind": "building_sewer"})
    design = DesignForm(request.POST or None, prefix="d", initial={"diameter_in": 4, "material": "pvc_sdr35"})
    if request.method == "POST":
        needs_design = request.POST.get("kind") == "building_sewer"
        if needs_design and not design.is_valid():
            form.is_valid()
        else:
            done = run_action(
                request,
                form,
                lambda: actions.do_file_application(
                    acting_user=request.user, design=design.design() if needs_design else {}, **form.action_kwargs()
                ),
                "Application entered; the review ran.",
            )
            if done:
                return redirect("permits:detail", done.pk)
    return render(request, "permits/application_form.html", {"form": form, "design": design})


@require_POST
def review_preview(request: HttpRequest) -> HttpResponse:
    """The review of the design as typed (htmx swaps it beside the form); nothing is saved."""
    require(request.user, "permits.enter_application", "enter a permit application")
    design = DesignForm(request.POST, prefix="d")
    filed = ApplicationForm(request.POST).fields["filed_on"].to_python(request.POST.get("filed_on") or None)
    return render(request, "permits/_review.html", _review_context(design, "building_sewer", filed))


def edit_design(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "permits.enter_application", "correct a permit application")
    permit = get_object_or_404(Permit, pk=pk)
    design = DesignForm(request.POST or None, prefix="d", initial=DesignForm.initial_from(permit.design))
    if request.method == "POST" and design.is_valid():
        try:
            actions.do_update_design(
                permit, design=design.design(), acting_user=request.user, why=request.POST.get("why", "")[:100]
            )
        except ValidationError as exc:
            apply_errors(design, exc)
        else:
            return redirect("permits:detail", permit.pk)
    return render(request, "permits/design_form.html", {"p": permit, "design": design})
