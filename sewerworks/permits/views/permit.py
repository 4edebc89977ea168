"""The permit page (pipeline, review, fee, decisions, attachments, history) and the actions posted from it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from sewerworks.core.attachments.files import attachment_url
from sewerworks.core.documents.responses import pdf_response
from sewerworks.permits import actions
from sewerworks.permits.actions.moves import BY_INSPECTION, OFFICIAL_PERMISSIONS, OWN_ACTION, blockers
from sewerworks.permits.documents import permit_pdf, review_letter_pdf
from sewerworks.permits.forms import (
    AttachmentForm,
    CountyStepForm,
    DiscretionForm,
    ExaminationForm,
    FeeForm,
    GrantForm,
    MoveForm,
)
from sewerworks.permits.models import Permit
from sewerworks.permits.pipelines import FEE_REQUIRED, MOVES
from sewerworks.permits.review import findings
from sewerworks.permits.status import permits
from sewerworks.permits.views.industrial_form import industrial_user_form
from sewerworks.permits.views.inspection_context import inspection_context

MOVE_LABELS = {
    "under_review": "Begin the review",
    "approved": "Approve",
    "denied": "Deny",
    "withdrawn": "Withdrawn by the applicant",
    "in_construction": "Construction begun",
    "inspected": "Inspected and passed",
    "connected": "Connected",
    "closed": "Close",
}
view_required = permission_required("permits.view_permits", raise_exception=True)


def _permit(pk: int) -> Permit:
    return get_object_or_404(
        permits().select_related("entered_by", "building", "industrial_user__building"), pk=pk
    )


@view_required
def permit_detail(request: HttpRequest, pk: int, forms: dict[str, Form] | None = None) -> HttpResponse:
    permit = _permit(pk)
    user = request.user
    moves = [
        {"to": m.to, "meaning": m.meaning, "label": MOVE_LABELS.get(m.to, permit.pipeline.statuses[m.to])}
        for m in MOVES[permit.kind].get(permit.status, ())
        if m.to not in OWN_ACTION and m.to not in BY_INSPECTION and user.has_perm(m.permission)
    ]
    undecided = [
        (t, f)
        for t, f in findings(permit.review, "discretion")
        if user.has_perm(OFFICIAL_PERMISSIONS.get(f["decided_by"], "-"))
    ]
    forms = forms or {}
    context = {
        "p": permit,
        "pipeline": [(s, label, s == permit.status) for s, label in permit.pipeline.statuses.items()],
        "moves": moves,
        "blockers": blockers(permit),
        "fee_required": permit.kind in FEE_REQUIRED,
        "fee": getattr(permit, "fee", None),
        "fee_form": forms.get("fee") or FeeForm(initial={"paid_on": permit.filed_on, "amount": _fee_due(permit)}),
        "undecided": [
            (
                t,
                f,
                DiscretionForm(initial={"topic": t, "requirement": f["requirement"]}, prefix=f"{t}-{f['requirement']}"),
            )
            for t, f in undecided
        ],
        "decided": permit.discretions.select_related("decided_by"),
        "attachments": [(a, attachment_url("permit-document", a.pk)) for a in permit.attachments.all()],
        "attach_form": forms.get("attach") or AttachmentForm(),
        "examination_form": forms.get("examination") or ExaminationForm(),
        "county_form": forms.get("county") or CountyStepForm(initial={"step": _county_step(permit)}),
        "county_step": _county_step(permit),
        "grant_form": forms.get("grant") or GrantForm(),
        "history": permit.history.select_related("history_user").order_by("-occurred_at", "-history_id")[:30],
        "county_overdue": permit.county_inspection_overdue(),
        "industrial_form": forms.get("industrial") or industrial_user_form(permit),
        **inspection_context(permit, forms),
    }
    return render(request, "permits/permit_detail.html", context)


def _county_step(permit: Permit) -> str:
    return {"submitted": "permit", "county_permitted": "notice", "county_notified": "inspection"}.get(permit.status, "")


def _fee_due(permit: Permit) -> Any:
    from sewerworks.permits.actions.applications import fee_due

    try:
        return fee_due(permit) if permit.kind in FEE_REQUIRED else None
    except ValidationError:
        return None


def posted(
    request: HttpRequest, pk: int, form: Form, name: str, act: Callable[[Permit], Any], done: str
) -> HttpResponse:
    permit = _permit(pk)
    if form.is_valid():
        try:
            act(permit)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(request, done)
            return redirect("permits:detail", pk)
    return permit_detail(request, pk, forms={name: form})


@require_POST
@view_required  # staff only, before the permit is looked up: no role, a 403 rather than a 404
def move(request: HttpRequest, pk: int) -> HttpResponse:
    form = MoveForm(request.POST)
    return posted(
        request,
        pk,
        form,
        "move",
        lambda p: actions.do_move_permit(
            p,
            to=form.cleaned_data["to"],
            why=form.cleaned_data["why"],
            acting_user=request.user,
            occurred_on=form.cleaned_data.get("occurred_on"),
        ),
        "Permit moved.",
    )


@require_POST
@view_required  # staff only, before the permit is looked up: no role, a 403 rather than a 404
def record_fee(request: HttpRequest, pk: int) -> HttpResponse:
    form = FeeForm(request.POST)
    return posted(
        request,
        pk,
        form,
        "fee",
        lambda p: actions.do_record_fee(p, acting_user=request.user, **form.cleaned_data),
        "Fee recorded; kept as a pending charge for billing.",
    )


@require_POST
@view_required  # staff only, before the permit is looked up: no role, a 403 rather than a 404
def decide(request: HttpRequest, pk: int) -> HttpResponse:
    prefix = request.POST.get("prefix", "")
    form = DiscretionForm(request.POST, prefix=prefix)
    return posted(
        request,
        pk,
        form,
        "decide",
        lambda p: actions.do_record_discretion(p, acting_user=request.user, **form.cleaned_data),
        "Decision recorded.",
    )


@require_POST
@view_required  # staff only, before the permit is looked up: no role, a 403 rather than a 404
def attach(request: HttpRequest, pk: int) -> HttpResponse:
    form = AttachmentForm(request.POST, request.FILES)
    return posted(
        request,
        pk,
        form,
        "attach",
        lambda p: actions.do_attach_document(
            p, file=form.cleaned_data["file"], kind=form.cleaned_data["kind"], acting_user=request.user
        ),
        "Document attached.",
    )


@require_POST
@view_required  # staff only, before the permit is looked up: no role, a 403 rather than a 404
def examine(request: HttpRequest, pk: int) -> HttpResponse:
    form = ExaminationForm(request.POST)
    return posted(
        request,
        pk,
        form,
        "examination",
        lambda p: actions.do_record_examination(p, acting_user=request.user, **form.cleaned_data),
        "Examination recorded; the review ran again.",
    )


@view_required
def permit_document(request: HttpRequest, pk: int) -> HttpResponse:
    permit = _permit(pk)
    return pdf_response(permit_pdf(permit), f"permit-{permit.number}.pdf")


@view_required
def review_letter(request: HttpRequest, pk: int) -> HttpResponse:
    permit = _permit(pk)
    return pdf_response(review_letter_pdf(permit), f"review-{permit.number}.pdf")
