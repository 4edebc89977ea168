"""Void and rebill over REST, on billing's router: the same actions as the bill page, role-checked and
audited; and the supplementary bill of an account held when its period was posted (I-182). Refusals: 401,
403 for the wrong role, 404 for an unknown bill, 422 naming the field and the rule (a bill already void, a
draft, a live bill in the way of a rebill, reads still held, a bill not held in a posted period)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Field, Schema, Status

from sewerworks.billing.api.router import router
from sewerworks.billing.corrections.held import do_bill_held_account
from sewerworks.billing.corrections.void import do_rebill_account, do_void_bill, void_key
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.registry.api import REFUSALS

PUBLISHED_AS = "sewerworks.billing.api_void"  # this module's operation ids, kept when it moved


class VoidIn(Schema):
    reason: str = Field(..., max_length=300, description="Why the bill is wrong, e.g. the meter was misread.")


class VoidOut(Schema):
    bill_id: int
    status: str = Field(..., description="void")
    voided_on: dt.date
    reason: str
    reversal: str = Field(..., description="The source key of the entry taking the bill's total off: void:<id>.")
    reversed_amount: Decimal = Field(..., description="Dollars taken off the balance (negative).")


class RebillOut(Schema):
    bill_id: int = Field(..., description="The new bill: the period's live bill for the account.")
    replaces: int = Field(..., description="The voided bill it replaces.")
    total: Decimal
    bill_date: dt.date = Field(..., description="The day it was posted to the ledger.")
    penalty_date: dt.date = Field(..., description="§118-53: unpaid at the end of this day, a penalty (I-110).")


@router.post(
    "/billing/bills/{bill_id}/void",
    response={200: VoidOut, **REFUSALS},
    summary="Void a posted bill: a reversing entry, its penalty withdrawn, what was paid made credit",
)
def void_bill(request: HttpRequest, bill_id: int, payload: VoidIn) -> Any:
    require(request, "billing.void_bill")
    bill = _get(Bill, bill_id, "bill")
    try:
        voided = do_void_bill(bill, by=request.user, reason=payload.reason)
    except ValidationError as exc:
        raise _refused(exc) from exc
    reversal = LedgerEntry.objects.get(source_key=void_key(bill.pk))
    return {
        "bill_id": bill.pk,
        "status": "void",
        "voided_on": voided.voided_on,
        "reason": voided.reason,
        "reversal": reversal.source_key,
        "reversed_amount": reversal.amount,
    }


def _billed(done: Any, bill: Bill) -> Status:
    """The 201 answer of a bill posted in place of ``bill`` (a rebill or a supplementary bill)."""
    return Status(201, {"bill_id": done.bill.pk, "replaces": bill.pk, "total": done.bill.total,
                        "bill_date": done.bill_date, "penalty_date": done.penalty_date})  # fmt: skip


@router.post(
    "/billing/bills/{bill_id}/rebill",
    response={201: RebillOut, **REFUSALS},
    summary="Bill the account of a voided bill again for its period, with the bill run's own rules",
)
def rebill(request: HttpRequest, bill_id: int) -> Any:
    require(request, "billing.rebill_account")
    bill = _get(Bill.objects.select_related("period", "account"), bill_id, "bill")
    try:
        done = do_rebill_account(bill.period, bill.account, by=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return _billed(done, bill)


@router.post(
    "/billing/bills/{bill_id}/supplementary",
    response={201: RebillOut, **REFUSALS},
    summary="Bill an account held when its period was posted, once its read is entered (I-182)",
)
def supplementary(request: HttpRequest, bill_id: int) -> Any:
    require(request, "billing.rebill_account")
    bill = _get(Bill.objects.select_related("period", "account"), bill_id, "bill")
    try:
        done = do_bill_held_account(bill, by=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return _billed(done, bill)
