"""Construction on record: the Board's resolution and the guaranty security, the start, the daily reports with
the Town Engineer's stop-work orders and rejections, the month's inspection billed (§118-31, 35)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.attachments.files import attachment_url
from sewerworks.engineering import forms_construction as f
from sewerworks.engineering.acceptance import acceptance_waits_for
from sewerworks.engineering.actions import (
    do_attach_report_photo,
    do_bill_inspection_month,
    do_file_daily_report,
    do_lift_stop_work,
    do_link_board_resolution,
    do_record_security,
    do_reject_material,
    do_start_construction,
    do_stop_work,
)
from sewerworks.engineering.actions.construction import board_resolution, start_blockers
from sewerworks.engineering.actions.inspection_bills import unbilled_months
from sewerworks.engineering.choices import ElementKind
from sewerworks.engineering.models import DailyReport, ExtensionProject, StopWorkOrder
from sewerworks.engineering.views.common import submit, tabs, view_required


def _pipes(project: ExtensionProject) -> list[str]:
    revision = project.approved_revision() or project.latest_revision()
    if revision is None:
        return []
    return list(revision.elements.filter(kind=ElementKind.PIPE).values_list("name", flat=True))


def _page(request: HttpRequest, project: ExtensionProject, status: int = 200, **bound: Any) -> HttpResponse:
    today = timezone.localdate()
    resolution, approval = board_resolution(project)
    reports: list[Any] = list(project.daily_reports.select_related("inspector").prefetch_related(
        "photos", "rejections", "stop_work_orders").order_by("-report_date"))  # fmt: skip
    for report in reports:
        report.photo_links = [(p, attachment_url("report-photo", p.pk)) for p in report.photos.all()]
    context = {
        "project": project, "tabs": tabs(project, "engineering:construction"), "resolution": resolution,
        "approval": approval, "securities": project.securities.order_by("received_on"), "reports": reports,
        "open_order": project.stop_work.filter(lifted_on__isnull=True).first(),
        "orders": project.stop_work.order_by("issued_on"), "months": project.inspection_months.select_related("charge"),
        "unbilled": unbilled_months(project, today), "waits_for": acceptance_waits_for(project, today),
        "blockers": start_blockers(project, today) if project.status == "approved" else {},
        "link_form": bound.get("link_form") or f.LinkResolutionForm(prefix="link"),
        "security_form": bound.get("security_form") or f.SecurityForm(prefix="security"),
        "start_form": bound.get("start_form") or f.StartForm(prefix="start"),
        "report_form": bound.get("report_form") or f.DailyReportForm(prefix="report", pipes=_pipes(project)),
        "bill_form": bound.get("bill_form") or f.BillMonthForm(prefix="bill"),
        "stop_form": f.StopWorkForm(prefix="stop"), "reject_form": f.RejectionForm(prefix="reject"),
        "lift_form": f.LiftForm(prefix="lift"), "photo_form": f.PhotoForm(prefix="photo"),
        "can_record": request.user.has_perm("engineering.record_construction"),
        "can_inspect": request.user.has_perm("engineering.inspect_construction"),
        "can_decide": request.user.has_perm("engineering.decide_construction"),
        "can_bill": request.user.has_perm("engineering.bill_inspection"),
    }  # fmt: skip
    return render(request, "engineering/construction.html", context, status=status)


@view_required
def construction(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_object_or_404(ExtensionProject, pk=pk))


def _submit(request: HttpRequest, pk: int, name: str, form: Any, act: Any, done: str) -> HttpResponse:
    """Run ``act(project, cleaned_data)`` for a valid form; a refusal re-renders the page with it (422)."""
    project = get_object_or_404(ExtensionProject, pk=pk)
    return submit(request, form, lambda d: act(project, d), done, back=("engineering:construction", pk),
                  again=lambda bound: _page(request, project, status=422, **{name: bound}))  # fmt: skip


@view_required
def link_resolution(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.record_construction", "link the Board's resolution")
    return _submit(request, pk, "link_form", f.LinkResolutionForm(request.POST or None, prefix="link"),
                   lambda p, d: do_link_board_resolution(project=p, acting_user=request.user, **d),
                   "The Board's resolution is linked.")  # fmt: skip


@view_required
def record_security(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.record_construction", "record a guaranty security")
    return _submit(request, pk, "security_form", f.SecurityForm(request.POST or None, prefix="security"),
                   lambda p, d: do_record_security(project=p, acting_user=request.user, **d),
                   "The security is recorded.")  # fmt: skip


@view_required
def start(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.record_construction", "start construction")
    return _submit(request, pk, "start_form", f.StartForm(request.POST or None, prefix="start"),
                   lambda p, d: do_start_construction(project=p, acting_user=request.user, **d),
                   "Construction has started: the Town Engineer's inspection begins.")  # fmt: skip


@view_required
def file_report(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.inspect_construction", "file a daily inspection report")
    project = get_object_or_404(ExtensionProject, pk=pk)
    form = f.DailyReportForm(request.POST or None, prefix="report", pipes=_pipes(project))
    return _submit(request, pk, "report_form", form,
                   lambda p, d: do_file_daily_report(project=p, acting_user=request.user, **d),
                   "The day's report is filed.")  # fmt: skip


@view_required
def bill_month(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.bill_inspection", "bill the Town Engineer's inspection")
    return _submit(request, pk, "bill_form", f.BillMonthForm(request.POST or None, prefix="bill"),
                   lambda p, d: do_bill_inspection_month(project=p, month=d["month"], acting_user=request.user),
                   "The month's inspection is billed to the parcel of record.")  # fmt: skip


def _on_report(request: HttpRequest, pk: int, form: Any, act: Any, done: str) -> HttpResponse:
    report = get_object_or_404(DailyReport, pk=pk)
    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, "; ".join(f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items()))
        else:
            try:
                act(report, form.cleaned_data)
            except ValidationError as error:
                messages.error(request, "; ".join(error.messages))
            else:
                messages.success(request, done)
    return redirect("engineering:construction", report.project_id)


@view_required
def stop_work(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.decide_construction", "stop the work", who_may="the Town Engineer")
    return _on_report(request, pk, f.StopWorkForm(request.POST or None, prefix="stop"),
                      lambda r, d: do_stop_work(report=r, acting_user=request.user, **d),
                      "Work is stopped (§ 118-31).")  # fmt: skip


@view_required
def reject_material(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.decide_construction", "reject material", who_may="the Town Engineer")
    return _on_report(request, pk, f.RejectionForm(request.POST or None, prefix="reject"),
                      lambda r, d: do_reject_material(report=r, acting_user=request.user, **d),
                      "The material is rejected (§ 118-31).")  # fmt: skip


@view_required
def add_photo(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.inspect_construction", "attach a photograph")
    return _on_report(request, pk, f.PhotoForm(request.POST or None, request.FILES or None, prefix="photo"),
                      lambda r, d: do_attach_report_photo(report=r, acting_user=request.user, **d),
                      "The photograph is attached.")  # fmt: skip


@view_required
def lift(request: HttpRequest, pk: int) -> HttpResponse:
    require(request.user, "engineering.decide_construction", "lift a stop-work order", who_may="the Town Engineer")
    order = get_object_or_404(StopWorkOrder, pk=pk)
    form = f.LiftForm(request.POST or None, prefix="lift")
    if request.method == "POST" and form.is_valid():
        try:
            do_lift_stop_work(order=order, acting_user=request.user, **form.cleaned_data)
        except ValidationError as error:
            messages.error(request, "; ".join(error.messages))
        else:
            messages.success(request, "The stop-work order is lifted: work may go on.")
    elif request.method == "POST":
        messages.error(request, "; ".join(f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items()))
    return redirect("engineering:construction", order.project_id)
