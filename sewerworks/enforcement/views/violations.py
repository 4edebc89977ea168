"""The violation page: status and its allowed moves, history, evidence, notices, deadlines, the §118-5
fine accruing, the §118-47 maximum a court may impose, court fines and charges, correction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from sewerworks.core.access.permissions import require
from sewerworks.core.determinations.run import LawNotInForce, run_determination
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions import (
    do_move_violation,
    do_record_charge,
    do_record_correction,
    do_record_court_fine,
)
from sewerworks.enforcement.actions.evidence import do_add_evidence
from sewerworks.enforcement.choices import DeadlineKind, NoticeKind
from sewerworks.enforcement.fines import fine_as_of
from sewerworks.enforcement.forms import ChargeForm, CorrectionForm, CourtFineForm, EvidenceForm, MoveForm
from sewerworks.enforcement.models import Deadline, Violation
from sewerworks.enforcement.views.common import post_only, run_action, today, view_required
from sewerworks.enforcement.views.decisions import decision_of
from sewerworks.ordinance.topics import FactsError, UnknownTopic

EXPOSURE_TOPIC = "violation-exposure"


def exposure(violation: Violation) -> dict[str, Any]:
    """The §118-47 maximum a court may impose on conviction (I-22), from the served notice of violation."""
    notice = (
        violation.notices.filter(kind=NoticeKind.NOTICE_OF_VIOLATION, served_on__isnull=False)
        .order_by("served_on", "id")
        .first()
    )
    if notice is None or notice.served_on is None:
        return {"note": "No written notice of violation has been served: nothing can be owed under §118-47 yet."}
    deadline = notice.deadlines.filter(kind=DeadlineKind.CORRECT).order_by("due_on").first()
    facts: dict[str, Any] = {"section": violation.section, "notice_served_on": notice.served_on.isoformat()}
    if deadline is not None:
        facts["correction_deadline"] = deadline.due_on.isoformat()
    if violation.corrected_on:
        facts["corrected_on"] = violation.corrected_on.isoformat()
    try:
        decision = run_determination(EXPOSURE_TOPIC, {"violations": [facts]}, as_of=today())
    except UnknownTopic:
        return {"note": "The §118-47 exposure rule is not available in this installation yet."}
    except (FactsError, LawNotInForce) as exc:
        return {"note": f"The §118-47 exposure could not be computed: {exc}"}
    amounts = {a.name: a for a in decision.amounts}
    total = next((a for name, a in amounts.items() if "exposure" in name or "maximum" in name), None)
    return {"decision": decision, "total": total, "notice": notice}


def _context(request: HttpRequest, violation: Violation, forms: dict[str, Form] | None = None) -> dict[str, Any]:
    on = today()
    user = request.user
    deadlines = list(
        Deadline.objects.filter(notice__violation=violation).select_related("notice", "decision").order_by("due_on")
    )
    if violation.source_deadline_id:
        deadlines.insert(0, violation.source_deadline)  # type: ignore[arg-type]
    for d in deadlines:
        d.days_left = (d.due_on - on).days  # type: ignore[attr-defined]
        d.decision_view = decision_of(d.decision)  # type: ignore[attr-defined]
    fine = getattr(violation, "abandonment_fine", None)
    fine_now = fine_as_of(fine, on) if fine is not None else None
    can_move = user.has_perm("enforcement.move_violation")
    moves = list(pipeline.TRANSITIONS.get(violation.status, {}).items()) if can_move else []
    forms = forms or {}
    open_case = violation.status not in (pipeline.CORRECTED, pipeline.CLOSED)
    perms = {
        "evidence": "enforcement.add_evidence",
        "correction": "enforcement.record_correction",
        "court_fine": "enforcement.record_court_fine",
        "charge": "enforcement.record_charge",
    }
    blank: dict[str, Callable[[], Form]] = {
        "evidence": EvidenceForm,
        "correction": lambda: CorrectionForm(initial={"corrected_on": on}),
        "court_fine": CourtFineForm,
        "charge": lambda: ChargeForm(initial={"incurred_on": on}),
    }
    shown = {name: forms.get(name) or blank[name]() for name, perm in perms.items() if user.has_perm(perm)}
    if not open_case:
        shown.pop("correction", None)
    return {
        "violation": violation,
        "statuses": pipeline.STATUSES,
        "moves": [(target, pipeline.STATUSES[target], meaning) for target, meaning in moves],
        "move_form": forms.get("move") or MoveForm(),
        "changes": violation.status_changes.select_related("by"),
        "evidence": violation.evidence.select_related("uploaded_by"),
        "notices": violation.notices.order_by("issued_on", "id"),
        "deadlines": deadlines,
        "fine": fine,
        "fine_now": fine_now,
        "exposure": exposure(violation),
        "court_fines": violation.court_fines.select_related("recorded_by"),
        "charges": violation.charges.select_related("recorded_by", "pending_charge"),
        "forms": shown,
        "on": on,
        "can_issue": user.has_perm("enforcement.issue_notice"),
        "can_ticket": user.has_perm("enforcement.issue_appearance_ticket"),
    }


def _violation(pk: int) -> Violation:
    return get_object_or_404(
        Violation.objects.select_related("parcel", "parcel__improvement_area", "responsible_owner", "source_deadline"),
        pk=pk,
    )


@view_required
def violation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    violation = _violation(pk)
    return render(request, "enforcement/violation_detail.html", _context(request, violation))


def _post(
    request: HttpRequest,
    pk: int,
    perm: str,
    name: str,
    form_class: type[Form],
    act: Callable[[Violation, dict[str, Any]], Any],
    success: str,
) -> HttpResponse:
    violation = _violation(pk)
    require(request.user, perm, "do this")
    form = form_class(request.POST, request.FILES)
    data = form.cleaned_data if form.is_valid() else {}
    if run_action(request, form, lambda: act(violation, data), success):
        return redirect("enforcement:violation_detail", pk=violation.pk)
    violation.refresh_from_db()
    return render(request, "enforcement/violation_detail.html", _context(request, violation, {name: form}))


@post_only
@view_required
def move_violation(request: HttpRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        "enforcement.move_violation",
        "move",
        MoveForm,
        lambda v, d: do_move_violation(
            v, d["target"], why=d["why"], acting_user=request.user, occurred_on=d.get("occurred_on")
        ),
        "The case moved.",
    )


@post_only
@view_required
def add_evidence(request: HttpRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        "enforcement.add_evidence",
        "evidence",
        EvidenceForm,
        lambda v, d: do_add_evidence(v, file=d["file"], description=d["description"], acting_user=request.user),
        "Evidence added.",
    )


@post_only
@view_required
def record_correction(request: HttpRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        "enforcement.record_correction",
        "correction",
        CorrectionForm,
        lambda v, d: do_record_correction(v, corrected_on=d["corrected_on"], why=d["why"], acting_user=request.user),
        "Correction recorded.",
    )


@post_only
@view_required
def record_court_fine(request: HttpRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        "enforcement.record_court_fine",
        "court_fine",
        CourtFineForm,
        lambda v, d: do_record_court_fine(v, acting_user=request.user, **d),
        "Court fine recorded.",
    )


@post_only
@view_required
def record_charge(request: HttpRequest, pk: int) -> HttpResponse:
    return _post(
        request,
        pk,
        "enforcement.record_charge",
        "charge",
        ChargeForm,
        lambda v, d: do_record_charge(v, acting_user=request.user, **d),
        "Charge recorded for billing.",
    )
