"""Corrections on screen (§118-53, I-128): adjustments made at the counter and approved or refused by a second
person; refunds authorised, audited and paid; the letter to the payer of a returned check; and what the
statement and the counter show of them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.billing import actions
from sewerworks.billing.actions.refunds import refundable
from sewerworks.billing.cash.documents import returned_check_letter
from sewerworks.billing.models import (
    AccountNote,
    Adjustment,
    AdjustmentReason,
    AdjustmentStatus,
    Bill,
    Refund,
    RefundStatus,
    ReturnedCheck,
)
from sewerworks.core.documents.responses import pdf_response
from sewerworks.registry.models import SewerAccount

VIEW = "billing.view_billing"


def corrections_of(account: Any) -> dict[str, Any]:
    """What the counter and the statement show of an account's corrections: its notes, adjustments (with who
    made and who checked each), refunds and returned checks."""
    return {
        "notes": AccountNote.objects.filter(account=account).select_related("written_by")[:10],
        "adjustments": Adjustment.objects.filter(account=account).select_related(
            "made_by", "checked_by", "bill__period"
        ),
        "refunds": Refund.objects.filter(account=account).select_related("authorised_by"),
        "returned": ReturnedCheck.objects.filter(payment__account=account).select_related("payment"),
        "reasons": AdjustmentReason.choices,
    }


def _back(request: HttpRequest, default: str, *args: Any) -> HttpResponse:
    target = request.POST.get("next", "")
    if target.startswith("/billing/") and "//" not in target:
        return redirect(target)
    return redirect(default, *args)


def _pk(value: str) -> int:
    return int(value) if value.isdigit() and len(value) < 18 else 0


def _say(request: HttpRequest, exc: ValidationError) -> None:
    messages.error(request, " ".join(exc.messages))


@require_POST
@permission_required("billing.make_adjustment", raise_exception=True)
def make_adjustment(request: HttpRequest) -> HttpResponse:
    bill = get_object_or_404(Bill, pk=_pk(request.POST.get("bill", "")))
    post = request.POST
    try:
        made = actions.do_make_adjustment(
            bill,
            part=post.get("part", ""),
            amount=post.get("amount", ""),
            reason=post.get("reason", ""),
            explanation=post.get("explanation", ""),
            acting_user=request.user,
        )
    except ValidationError as exc:
        _say(request, exc)
    else:
        waiting = " It waits for the Superintendent's approval (I-128)." if made.status == "pending" else ""
        amount = f"−${-made.amount:,}" if made.amount < 0 else f"${made.amount:,}"
        messages.success(request, f"Adjustment {made.pk} of {amount} to the {made.part} recorded.{waiting}")
    return _back(request, "billing:counter_account", bill.account_id)


@permission_required(VIEW, raise_exception=True)
def adjustments(request: HttpRequest) -> HttpResponse:
    rows = Adjustment.objects.select_related("account", "bill__period", "made_by", "checked_by")
    context = {
        "waiting": rows.filter(status=AdjustmentStatus.PENDING).order_by("made_at"),
        "recent": rows.exclude(status=AdjustmentStatus.PENDING)[:50],
        "can_approve": request.user.has_perm("billing.approve_adjustment"),
    }
    return render(request, "billing/adjustments.html", context)


@require_POST
@permission_required("billing.approve_adjustment", raise_exception=True)
def check_adjustment(request: HttpRequest, pk: int) -> HttpResponse:
    adjustment = get_object_or_404(Adjustment, pk=pk)
    note = request.POST.get("note", "")
    try:
        if request.POST.get("decision") == "refuse":
            actions.do_refuse_adjustment(adjustment, acting_user=request.user, note=note)
            messages.success(request, f"Adjustment {adjustment.pk} refused: nothing goes on the ledger.")
        else:
            actions.do_approve_adjustment(adjustment, acting_user=request.user, note=note)
            messages.success(request, f"Adjustment {adjustment.pk} approved and posted to the ledger.")
    except ValidationError as exc:
        _say(request, exc)
    return _back(request, "billing:adjustments")


@permission_required(VIEW, raise_exception=True)
def refunds(request: HttpRequest) -> HttpResponse:
    rows = Refund.objects.select_related("account", "authorised_by", "recorded_by")
    context = {
        "open": rows.filter(status__in=[RefundStatus.AUTHORISED, RefundStatus.AUDITED]).order_by("authorised_at"),
        "done": rows.filter(status__in=[RefundStatus.PAID, RefundStatus.CANCELLED])[:50],
        "can_record": request.user.has_perm("billing.record_refund"),
        "can_authorise": request.user.has_perm("billing.authorise_refund"),
        "today": timezone.localdate(),
    }
    return render(request, "billing/refunds.html", context)


@require_POST
@permission_required("billing.authorise_refund", raise_exception=True)
def authorise_refund(request: HttpRequest, pk: int) -> HttpResponse:
    account = get_object_or_404(SewerAccount, pk=pk)
    try:
        refund = actions.do_authorise_refund(
            account,
            amount=request.POST.get("amount", ""),
            payee=request.POST.get("payee", ""),
            acting_user=request.user,
            note=request.POST.get("note", ""),
        )
    except ValidationError as exc:
        _say(request, exc)
    else:
        messages.success(
            request,
            f"Refund {refund.pk} of ${refund.amount:,} authorised: a claim for the Board's "
            "audit; the credit is held until the Supervisor pays it.",
        )
    return _back(request, "billing:counter_account", account.pk)


def _date(value: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        raise ValidationError({"date": f"{value[:20]!r} is not a date (YYYY-MM-DD)."}) from None


@require_POST
@permission_required(VIEW, raise_exception=True)
def refund_step(request: HttpRequest, pk: int) -> HttpResponse:
    refund = get_object_or_404(Refund, pk=pk)
    step, post = request.POST.get("step"), request.POST
    try:
        if step == "audit":
            actions.do_record_refund_audit(
                refund,
                audited_on=_date(post.get("on", "")),
                claim_number=post.get("claim_number", ""),
                abstract=post.get("abstract", ""),
                acting_user=request.user,
            )
            messages.success(request, f"Refund {refund.pk}: the Board's audit recorded.")
        elif step == "paid":
            actions.do_record_refund_paid(
                refund,
                paid_on=_date(post.get("on", "")),
                supervisor_check=post.get("supervisor_check", ""),
                acting_user=request.user,
            )
            messages.success(request, f"Refund {refund.pk} paid by the Supervisor: the credit is closed.")
        elif step == "cancel":
            actions.do_cancel_refund(refund, acting_user=request.user, note=post.get("note", ""))
            messages.success(request, f"Refund {refund.pk} cancelled: the credit is no longer held.")
        else:
            messages.error(request, "Choose a step: audit, paid or cancel.")
    except ValidationError as exc:
        _say(request, exc)
    return redirect("billing:refunds")


@permission_required(VIEW, raise_exception=True)
def returned_letter(request: HttpRequest, pk: int) -> HttpResponse:
    returned = get_object_or_404(ReturnedCheck.objects.select_related("payment__account", "payment__parcel"), pk=pk)
    pdf = returned_check_letter(returned, timezone.localdate())
    return pdf_response(pdf, f"returned-check-{returned.payment.receipt_number}.pdf")


def refund_context(account: Any, user: Any) -> dict[str, Any]:
    return {"refundable": refundable(account), "can_authorise": user.has_perm("billing.authorise_refund")}
