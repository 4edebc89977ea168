"""Corrections over REST (§118-53, I-128), on billing's router: adjustments (made, approved or refused by a second
person), refunds of a credit (authorised, audited, paid, cancelled) and the letter of a returned check. A
returned check itself is the payments API's reversal with the bank's reference and reason. Refusals: 401, 403 for
the wrong role, 404 for an unknown id, 422 naming the field and the rule (an adjustment approved by its maker,
a refund larger than the credit, a step out of order).

Money is a decimal string of dollars (``"-5.00"``), never a JSON number.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Field, Query, Schema, Status

from sewerworks.billing import actions
from sewerworks.billing.api.router import VIEW, router
from sewerworks.billing.cash.documents import returned_check_letter
from sewerworks.billing.models import Adjustment, AdjustmentStatus, Bill, Refund, ReturnedCheck
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.api.schemas import Day
from sewerworks.core.documents.responses import pdf_response
from sewerworks.registry.api import REFUSALS
from sewerworks.registry.models import SewerAccount

PDF = {200: {"description": "The letter to the payer as a PDF.", "content": {"application/pdf": {}}}}


class BillingAdjustmentIn(Schema):
    bill_id: int
    part: str = Field(..., description="charge or penalty.")
    amount: str = Field(..., description='Dollars, negative lowers what is owed, e.g. "-5.00".')
    reason: str = Field(..., description="penalty_error, abatement, small_balance, dispute or other.")
    explanation: str = Field(..., max_length=300)


class BillingCheckIn(Schema):
    note: str = Field("", max_length=300, description="The approver's note (required to refuse).")


class BillingAdjustmentOut(Schema):
    id: int
    account_id: int
    bill_id: int
    part: str
    amount: Decimal
    reason: str
    explanation: str
    status: str = Field(..., description="pending, posted or refused.")
    needs_approval: bool
    threshold: Decimal
    made_on: dt.date
    made_by_id: int
    checked_by_id: int | None
    check_note: str
    posted_on: dt.date | None
    source_key: str = Field(..., description="The ledger entry's key once posted.")


class BillingRefundIn(Schema):
    amount: str = Field(..., description='Dollars of the credit to refund, e.g. "80.00".')
    payee: str = Field(..., max_length=120)
    note: str = Field("", max_length=300)


class BillingRefundAuditIn(Schema):
    audited_on: Day | None = Field(None, description="The day the Board audited the claim (default today).")
    claim_number: str = Field(..., max_length=30)
    abstract: str = Field("", max_length=60)


class BillingRefundPaidIn(Schema):
    paid_on: Day | None = Field(None, description="The day the Supervisor paid it (default today).")
    supervisor_check: str = Field(..., max_length=30)


class BillingRefundCancelIn(Schema):
    note: str = Field(..., max_length=300)


class BillingRefundOut(Schema):
    id: int
    account_id: int
    payee: str
    amount: Decimal
    status: str = Field(..., description="authorised, audited, paid or cancelled.")
    authorised_on: dt.date
    authorised_by_id: int
    claim_number: str
    audited_on: dt.date | None
    abstract: str
    paid_on: dt.date | None
    supervisor_check: str


def _adjustment(a: Adjustment) -> dict[str, Any]:
    fields = (
        "id",
        "account_id",
        "bill_id",
        "part",
        "amount",
        "reason",
        "explanation",
        "status",
        "needs_approval",
        "threshold",
        "made_on",
        "made_by_id",
        "checked_by_id",
        "check_note",
        "posted_on",
        "source_key",
    )
    return {k: getattr(a, k) for k in fields}


@router.get(
    "/billing/adjustments",
    response={200: list[BillingAdjustmentOut], **REFUSALS},
    summary="Adjustments, those waiting for approval first, then the latest 100",
)
def list_adjustments(
    request: HttpRequest,
    status: str | None = Query(None, description="Only pending, posted or refused ones."),  # type: ignore[type-arg]
) -> Any:
    require(request, VIEW)
    rows = Adjustment.objects.all()
    if status is not None:
        if status not in AdjustmentStatus.values:
            raise _refused(ValidationError({"status": f"{status[:20]!r} is none of pending, posted, refused."}))
        rows = rows.filter(status=status)
    return [_adjustment(a) for a in rows.order_by("-status", "-made_at")[:100]]


@router.post(
    "/billing/adjustments",
    response={201: BillingAdjustmentOut, **REFUSALS},
    summary="Adjust a posted bill's charge or penalty (above the threshold it waits for approval)",
)
def make_adjustment(request: HttpRequest, payload: BillingAdjustmentIn) -> Any:
    require(request, "billing.make_adjustment")
    bill = _get(Bill, payload.bill_id, "bill")
    try:
        made = actions.do_make_adjustment(
            bill,
            part=payload.part,
            amount=payload.amount,
            reason=payload.reason,
            explanation=payload.explanation,
            acting_user=request.user,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, _adjustment(made))


@router.post(
    "/billing/adjustments/{adjustment_id}/approval",
    response={200: BillingAdjustmentOut, **REFUSALS},
    summary="Approve an adjustment (never its maker): posted to the ledger",
)
def approve_adjustment(request: HttpRequest, adjustment_id: int, payload: BillingCheckIn) -> Any:
    require(request, "billing.approve_adjustment")
    adjustment = _get(Adjustment, adjustment_id, "adjustment")
    try:
        return _adjustment(actions.do_approve_adjustment(adjustment, acting_user=request.user, note=payload.note))
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.post(
    "/billing/adjustments/{adjustment_id}/refusal",
    response={200: BillingAdjustmentOut, **REFUSALS},
    summary="Refuse an adjustment waiting for approval: nothing goes on the ledger",
)
def refuse_adjustment(request: HttpRequest, adjustment_id: int, payload: BillingCheckIn) -> Any:
    require(request, "billing.approve_adjustment")
    adjustment = _get(Adjustment, adjustment_id, "adjustment")
    try:
        return _adjustment(actions.do_refuse_adjustment(adjustment, acting_user=request.user, note=payload.note))
    except ValidationError as exc:
        raise _refused(exc) from exc


def _refund(r: Refund) -> dict[str, Any]:
    fields = (
        "id",
        "account_id",
        "payee",
        "amount",
        "status",
        "authorised_on",
        "authorised_by_id",
        "claim_number",
        "audited_on",
        "abstract",
        "paid_on",
        "supervisor_check",
    )
    return {k: getattr(r, k) for k in fields}


@router.get("/billing/refunds", response={200: list[BillingRefundOut], **REFUSALS}, summary="The latest 100 refunds")
def list_refunds(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [_refund(r) for r in Refund.objects.order_by("-authorised_at")[:100]]


@router.post(
    "/billing/accounts/{account_id}/refunds",
    response={201: BillingRefundOut, **REFUSALS},
    summary="Authorise a refund of an account's credit: a claim for the Board's audit, the credit held",
)
def authorise_refund(request: HttpRequest, account_id: int, payload: BillingRefundIn) -> Any:
    require(request, "billing.authorise_refund")
    account = _get(SewerAccount, account_id, "sewer account")
    try:
        refund = actions.do_authorise_refund(
            account, amount=payload.amount, payee=payload.payee, acting_user=request.user, note=payload.note
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, _refund(refund))


@router.post(
    "/billing/refunds/{refund_id}/audit",
    response={200: BillingRefundOut, **REFUSALS},
    summary="Record the Town Board's audit of a refund's claim",
)
def audit_refund(request: HttpRequest, refund_id: int, payload: BillingRefundAuditIn) -> Any:
    require(request, "billing.record_refund")
    refund = _get(Refund, refund_id, "refund")
    try:
        return _refund(
            actions.do_record_refund_audit(
                refund,
                audited_on=payload.audited_on,
                claim_number=payload.claim_number,
                abstract=payload.abstract,
                acting_user=request.user,
            )
        )
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.post(
    "/billing/refunds/{refund_id}/payment",
    response={200: BillingRefundOut, **REFUSALS},
    summary="Record a refund paid by the Supervisor: the credit closed on the ledger that day",
)
def pay_refund(request: HttpRequest, refund_id: int, payload: BillingRefundPaidIn) -> Any:
    require(request, "billing.record_refund")
    refund = _get(Refund, refund_id, "refund")
    try:
        return _refund(
            actions.do_record_refund_paid(
                refund, paid_on=payload.paid_on, supervisor_check=payload.supervisor_check, acting_user=request.user
            )
        )
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.post(
    "/billing/refunds/{refund_id}/cancellation",
    response={200: BillingRefundOut, **REFUSALS},
    summary="Cancel a refund not yet paid: its credit is no longer held",
)
def cancel_refund(request: HttpRequest, refund_id: int, payload: BillingRefundCancelIn) -> Any:
    require(request, "billing.authorise_refund")
    refund = _get(Refund, refund_id, "refund")
    try:
        return _refund(actions.do_cancel_refund(refund, acting_user=request.user, note=payload.note))
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.get(
    "/billing/returned-checks/{returned_id}/letter",
    response={**REFUSALS},
    summary="The letter to the payer of a returned check, as a PDF",
    openapi_extra={"responses": PDF},
)
def get_returned_letter(request: HttpRequest, returned_id: int) -> HttpResponse:
    require(request, VIEW)
    returned: ReturnedCheck = _get(ReturnedCheck.objects.select_related("payment"), returned_id, "returned check")
    return pdf_response(
        returned_check_letter(returned, timezone.localdate()), f"returned-check-{returned.payment.receipt_number}.pdf"
    )
