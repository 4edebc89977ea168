"""The permit page's inspections: the notices asking for them, and the restoration that closes the permit."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sewerworks.inspections.actions import do_request_inspection
from sewerworks.inspections.forms import RequestForm
from sewerworks.permits import actions
from sewerworks.permits.models import Permit
from sewerworks.permits.views.inspection_context import RestorationForm, kinds_for
from sewerworks.permits.views.permit import posted, view_required


@require_POST
@view_required
def request_inspection(request: HttpRequest, pk: int) -> HttpResponse:
    permit = Permit.objects.filter(pk=pk).first()
    form = RequestForm(request.POST, kinds=kinds_for(permit) if permit else ())
    return posted(
        request,
        pk,
        form,
        "request",
        lambda p: do_request_inspection(
            p,
            kind=form.cleaned_data["kind"],
            requested_on=form.cleaned_data["requested_on"],
            requested_by=form.cleaned_data["requested_by"],
            requester_address=form.cleaned_data["requester_address"],
            scheduled_for=form.cleaned_data["scheduled_for"],
            acting_user=request.user,
        ),
        "Notice recorded: the inspection is requested, its checklist issued.",
    )


@require_POST
@view_required
def record_restoration(request: HttpRequest, pk: int) -> HttpResponse:
    form = RestorationForm(request.POST)
    return posted(
        request,
        pk,
        form,
        "restoration",
        lambda p: actions.do_record_restoration(
            p,
            restored_on=form.cleaned_data["restored_on"],
            why=form.cleaned_data["why"],
            acting_user=request.user,
        ),
        "Restoration recorded (§118-27).",
    )
