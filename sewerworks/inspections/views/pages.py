"""The inspections list, an inspection's page, and what is posted from it (schedule, result, photo)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import permission_required
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.core.attachments.files import attachment_url
from sewerworks.enforcement.views.common import run_action
from sewerworks.inspections import actions
from sewerworks.inspections.forms import PhotoForm, ResultForm, ScheduleForm
from sewerworks.inspections.listing import listed
from sewerworks.inspections.models import Inspection
from sewerworks.inspections.subjects import subject_of
from sewerworks.registry.choices import BuildingUse

view_required = permission_required("inspections.view_inspections", raise_exception=True)


@view_required
def inspection_list(request: HttpRequest) -> HttpResponse:
    rows = listed(request.user, limit=200)
    pending = Inspection.objects.filter(result="").order_by("scheduled_for", "requested_on", "id")[:100]
    open_rows = []
    for inspection in pending:
        registered, subject = subject_of(inspection)
        open_rows.append((inspection, registered.kind(inspection.kind), registered.label(subject)))
    return render(request, "inspections/list.html", {"rows": rows, "open_rows": open_rows})


def _inspection(pk: int) -> Inspection:
    return get_object_or_404(Inspection.objects.select_related("inspector", "entered_by", "repeats"), pk=pk)


def _result_form(inspection: Inspection, kind: Any, data: Any = None, files: Any = None) -> ResultForm:
    return ResultForm(
        data,
        files,
        items=inspection.checklist,
        extra=kind.fields,
        uses=BuildingUse.choices,
        initial={"inspected_on": inspection.scheduled_for or timezone.localdate()},
    )


@view_required
def inspection_detail(request: HttpRequest, pk: int, forms: dict[str, Form] | None = None) -> HttpResponse:
    inspection = _inspection(pk)
    registered, subject = subject_of(inspection)
    kind = registered.kind(inspection.kind)
    forms = forms or {}
    user = request.user
    may_record = user.has_perm(kind.result_permission) or user.has_perm("inspections.request_inspection")
    context = {
        "i": inspection,
        "kind": kind,
        "subject_label": registered.label(subject),
        "subject_url": registered.url(subject),
        "result_form": forms.get("result") or _result_form(inspection, kind),
        "may_record": inspection.is_open and may_record,
        "may_pass": user.has_perm(kind.result_permission),
        "schedule_form": forms.get("schedule") or ScheduleForm(initial={"scheduled_for": inspection.scheduled_for}),
        "photo_form": forms.get("photo") or PhotoForm(),
        "photos": [(p, attachment_url("inspection-photo", p.pk)) for p in inspection.photos.all()],
        "repeated_by": inspection.repeated_by.order_by("requested_on", "id"),
        "answers": [(item, inspection.answers.get(item["key"]) or {}) for item in inspection.checklist],
        "history": inspection.history.select_related("history_user").order_by("-history_date", "-history_id")[:20],
    }
    return render(request, "inspections/detail.html", context)


def _posted(
    request: HttpRequest, pk: int, form: Form, name: str, act: Callable[[Inspection], Any], done: str
) -> HttpResponse:
    """Run the action from the form; a refusal is put on the form (its field, or on top), nothing written."""
    inspection = _inspection(pk)
    if run_action(request, form, lambda: act(inspection), done):
        return redirect("inspections:detail", pk)
    return inspection_detail(request, pk, forms={name: form})


@require_POST
@view_required
def schedule(request: HttpRequest, pk: int) -> HttpResponse:
    form = ScheduleForm(request.POST)
    return _posted(
        request,
        pk,
        form,
        "schedule",
        lambda i: actions.do_schedule_inspection(
            i,
            scheduled_for=form.cleaned_data["scheduled_for"],
            why=form.cleaned_data["why"],
            acting_user=request.user,
        ),
        "Inspection scheduled.",
    )


@require_POST
@view_required
def record_result(request: HttpRequest, pk: int) -> HttpResponse:
    inspection = _inspection(pk)
    registered, _subject = subject_of(inspection)
    form = _result_form(inspection, registered.kind(inspection.kind), request.POST, request.FILES)

    def act(i: Inspection) -> Any:
        data = form.cleaned_data
        return actions.do_record_result(
            i,
            result=data["result"],
            inspected_on=data["inspected_on"],
            answers=form.answers(),
            notes=data["notes"],
            photos=data["photos"],
            caption=data["caption"],
            latitude=data["latitude"],
            longitude=data["longitude"],
            extra=form.extra(),
            acting_user=request.user,
        )

    return _posted(request, pk, form, "result", act, "Result recorded.")


@require_POST
@view_required
def add_photo(request: HttpRequest, pk: int) -> HttpResponse:
    form = PhotoForm(request.POST, request.FILES)
    return _posted(
        request,
        pk,
        form,
        "photo",
        lambda i: actions.do_add_photo(
            i,
            file=form.cleaned_data["file"],
            caption=form.cleaned_data["caption"],
            acting_user=request.user,
        ),
        "Photograph added.",
    )
