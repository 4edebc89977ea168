"""Issuing a notice from a parcel in two clicks, the notice page, and recording its service."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.actions import do_issue_notice, do_open_violation, do_record_service
from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.connected import already_connected_warning
from sewerworks.enforcement.forms import NoticeForm, ServiceForm, ViolationForm
from sewerworks.enforcement.models import Notice, Violation
from sewerworks.enforcement.views.common import post_only, run_action, today, view_required
from sewerworks.enforcement.views.decisions import decision_of
from sewerworks.registry.availability import sewer_available
from sewerworks.registry.models import Parcel

NEEDS_VIOLATION = {k.value for k in NoticeKind} - {NoticeKind.NOTICE_TO_CONNECT.value}
CORRECTION_DAYS = "enforcement.default_correction_days"


def issue_permission(kind: str) -> str:
    """Only the Building Inspector issues an appearance ticket (§118-38); the clerk and Superintendent the rest."""
    if kind == NoticeKind.APPEARANCE_TICKET:
        return "enforcement.issue_appearance_ticket"
    return "enforcement.issue_notice"


def _param(key: str, on: dt.date, default: Any) -> Any:
    try:
        return current_parameters().at(on)[key]
    except KeyError:
        return default


def default_correction_days(on: dt.date) -> int | None:
    """The drafting default for a notice of violation's time limit, if the Town has one (I-22)."""
    value = _param(CORRECTION_DAYS, on, None)
    return int(value) if value is not None else None


def notice_to_connect_facts(parcel: Parcel, on: dt.date) -> str:
    """The sentence a Notice to Connect states, from the registry and the §118-5 time limits in force."""
    days = _param("connection.days_after_notice", on, 180)
    abandon = _param("connection.abandonment_days_after_connection", on, 90)
    where = parcel.improvement_area.name if parcel.improvement_area else "Town of Marlborough"
    return (
        f"The building at {parcel.address or parcel.tax_map_number} is within the {where} Sewer Improvement "
        "Area and a public sewer is available; §118-5 requires the owner to install suitable plumbing "
        f"facilities and connect them directly with the public sewer within {days} days after the date of "
        "this official notice, and to clean any septic tank, cesspool or similar private sewage disposal "
        f"facility of sludge and liquid, abandon it and fill it with suitable material within {abandon} days "
        "after connection."
    )


@view_required
def issue_notice(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the prefilled notice form; POST: issue it and go to the notice."""
    parcel = get_object_or_404(Parcel.objects.select_related("improvement_area"), pk=pk)
    source = request.POST if request.method == "POST" else request.GET
    kind = source.get("kind") or NoticeKind.NOTICE_TO_CONNECT
    if kind not in NoticeKind.values:
        kind = NoticeKind.NOTICE_TO_CONNECT
    require(request.user, issue_permission(kind), "do this")
    on = today()
    violation = None
    wanted = request.GET.get("violation", "")
    if wanted.isdigit():
        violation = Violation.objects.filter(pk=int(wanted), parcel=parcel).first()
    if request.method == "POST":
        form = NoticeForm(request.POST, parcel=parcel)
        data = form.cleaned_data if form.is_valid() else {}
        if data:
            require(request.user, issue_permission(data["kind"]), "do this")
        notice = run_action(
            request,
            form,
            lambda: do_issue_notice(
                kind=data["kind"],
                parcel=parcel,
                facts=data["facts"],
                violation=data.get("violation"),
                correction_days=data.get("correction_days"),
                correction_hours=data.get("correction_hours"),
                addressee_name=data.get("addressee_name", ""),
                addressee_block=data.get("addressee_block", ""),
                acting_user=request.user,
            ),
            "Notice issued. Record its service when it has been served: the clock starts then.",
        )
        if notice:
            return redirect("enforcement:notice_detail", pk=notice.pk)
    else:
        initial: dict[str, Any] = {"kind": kind}
        if kind == NoticeKind.NOTICE_TO_CONNECT:
            initial["facts"] = notice_to_connect_facts(parcel, on)
        elif violation is not None:
            initial["violation"] = violation
            initial["facts"] = violation.description
        if kind == NoticeKind.NOTICE_OF_VIOLATION:
            initial["correction_days"] = default_correction_days(on)
        form = NoticeForm(initial=initial, parcel=parcel)
    violations = Violation.objects.filter(parcel=parcel).exclude(status="closed")
    context = {
        "parcel": parcel,
        "form": form,
        "kind": kind,
        "kind_label": NoticeKind(kind).label,
        "needs_violation": kind in NEEDS_VIOLATION,
        "has_violations": violations.exists(),
        "availability": sewer_available(parcel, on=on) if kind == NoticeKind.NOTICE_TO_CONNECT else None,
        "connected_warning": already_connected_warning(parcel) if kind == NoticeKind.NOTICE_TO_CONNECT else "",
        "kinds": NoticeKind.choices,
        "can_record_violation": request.user.has_perm("enforcement.open_violation"),
    }
    return render(request, "enforcement/notice_form.html", context)


@view_required
def new_violation(request: HttpRequest, pk: int) -> HttpResponse:
    """Record a violation on a property; then on to the notice of the kind asked (if any)."""
    parcel = get_object_or_404(Parcel.objects.select_related("improvement_area"), pk=pk)
    require(request.user, "enforcement.open_violation", "do this")
    then = request.POST.get("then") or request.GET.get("then", "")
    then = then if then in NEEDS_VIOLATION else ""
    if request.method == "POST":
        form = ViolationForm(request.POST)
        data = form.cleaned_data if form.is_valid() else {}
        violation = run_action(
            request,
            form,
            lambda: do_open_violation(parcel=parcel, acting_user=request.user, **data),
            "Violation recorded.",
        )
        if violation:
            if then and request.user.has_perm(issue_permission(then)):
                url = reverse("enforcement:issue_notice", args=[parcel.pk])
                return redirect(f"{url}?kind={then}&violation={violation.pk}")
            return redirect("enforcement:violation_detail", pk=violation.pk)
    else:
        form = ViolationForm(initial={"discovered_on": today()})
    return render(request, "enforcement/violation_form.html", {"parcel": parcel, "form": form, "then": then})


@view_required
def notice_detail(request: HttpRequest, pk: int) -> HttpResponse:
    notice = get_object_or_404(
        Notice.objects.select_related("parcel", "parcel__improvement_area", "violation", "issued_by", "addressee"),
        pk=pk,
    )
    return render(request, "enforcement/notice_detail.html", _notice_context(request, notice, None))


def _notice_context(request: HttpRequest, notice: Notice, form: ServiceForm | None) -> dict[str, Any]:
    deadlines = list(notice.deadlines.select_related("decision", "officer").order_by("due_on"))
    on = today()
    for d in deadlines:
        d.days_left = (d.due_on - on).days  # type: ignore[attr-defined]
        d.decision_view = decision_of(d.decision)  # type: ignore[attr-defined]
    can_serve = request.user.has_perm("enforcement.record_service") and (not notice.served or form is not None)
    if form is None and can_serve:
        form = ServiceForm(initial={"served_on": on})
    return {"notice": notice, "deadlines": deadlines, "form": form, "can_serve": can_serve}


@post_only
@view_required
def record_service(request: HttpRequest, pk: int) -> HttpResponse:
    notice = get_object_or_404(Notice.objects.select_related("parcel", "violation"), pk=pk)
    require(request.user, "enforcement.record_service", "do this")
    form = ServiceForm(request.POST)
    data = form.cleaned_data if form.is_valid() else {}

    def act() -> Notice:
        served_at = None
        if data.get("served_time"):
            served_at = timezone.make_aware(dt.datetime.combine(data["served_on"], data["served_time"]))
        return do_record_service(
            notice,
            method=data["method"],
            served_on=data["served_on"],
            served_by_name=data["served_by_name"],
            served_at=served_at,
            acting_user=request.user,
        )

    if run_action(request, form, act, "Service recorded: the time limit now runs."):
        return redirect("enforcement:notice_detail", pk=notice.pk)
    context = _notice_context(request, notice, form)
    return render(request, "enforcement/notice_detail.html", context)
