"""Recording a private system where no public sewer is available, the county's steps, and the Board's grant."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.views.common import run_action
from sewerworks.permits import actions
from sewerworks.permits.forms import CountyStepForm, GrantForm, PrivateSystemForm
from sewerworks.permits.models import Permit
from sewerworks.permits.views.permit import posted, view_required


def new_private_system(request: HttpRequest) -> HttpResponse:
    require(request.user, "permits.record_county", "record a private sewage disposal system")
    form = PrivateSystemForm(request.POST or None, initial={"filed_on": timezone.localdate()})
    if request.method == "POST":
        done = run_action(
            request,
            form,
            lambda: actions.do_record_private_system(
                parcel=form.cleaned_data["tax_map_number"], applicant=form.cleaned_data["applicant"],
                filed_on=form.cleaned_data["filed_on"], description=form.cleaned_data["description"],
                acting_user=request.user,
            ),
            "Private system recorded: no public sewer is available (§118-7).",
        )  # fmt: skip
        if done:
            return redirect("permits:detail", done.pk)
    return render(request, "permits/private_system_form.html", {"form": form})


@require_POST
@view_required
def county_step(request: HttpRequest, pk: int) -> HttpResponse:
    form = CountyStepForm(request.POST)

    def act(p: Permit) -> Any:
        data, step = form.cleaned_data, form.cleaned_data["step"]
        if step == "permit":
            return actions.do_record_county_permit(
                p, number=data["number"], issued_on=data["on"], conditions=data["conditions"], acting_user=request.user
            )
        if step == "notice":
            return actions.do_record_county_notice(p, notified_at=form.moment(), acting_user=request.user)
        return actions.do_record_county_inspection(p, inspected_at=form.moment(), acting_user=request.user)

    return posted(request, pk, form, "county", act, "County step recorded.")


@require_POST
@view_required
def grant(request: HttpRequest, pk: int) -> HttpResponse:
    form = GrantForm(request.POST)

    def act(p: Permit) -> Any:
        return actions.do_grant_opening_permit(p, resolution=form.cleaned_data["resolution"], acting_user=request.user)

    return posted(request, pk, form, "grant", act, "Granted by the Town Board (§118-14).")


__all__ = ["county_step", "grant", "new_private_system"]
