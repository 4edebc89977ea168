"""Billing over REST: periods (open, run as a job, review, post), bills with line items, a parcel's ledger
and balance. Every change goes through ``billing.actions``, role-checked and audited as from the screens.
Refusals: 401, 403 for the wrong role, 404 for an unknown id, 422 naming the field or the rule.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Status
from ninja.pagination import paginate

from sewerworks.billing import actions
from sewerworks.billing.api import schemas as s
from sewerworks.billing.api.router import VIEW, router
from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.billing.penalties.sweep import bill_penalty_date
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.registry.api import REFUSALS, RegistryPagination
from sewerworks.registry.models import ImprovementArea, Parcel, SewerAccount

PUBLISHED_AS = "sewerworks.billing.api"  # this module's operation ids, kept when it moved (sewerworks.api)


@router.get("/billing/periods", response={200: list[s.PeriodOut], **REFUSALS}, summary="Billing periods")
@paginate(RegistryPagination)
def list_periods(request: HttpRequest) -> Any:
    require(request, VIEW)
    return BillingPeriod.objects.order_by("-end", "id")


@router.post("/billing/periods", response={201: s.PeriodOut, **REFUSALS}, summary="Open a billing period (§118-51)")
def open_period(request: HttpRequest, payload: s.PeriodIn) -> Any:
    require(request, "billing.open_period")
    area = None if payload.area_id is None else _get(ImprovementArea, payload.area_id, "improvement area")
    try:
        return Status(201, actions.do_open_period(payload.end, area=area, acting_user=request.user))
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.post(
    "/billing/periods/{period_id}/runs",
    response={202: s.BillingJobOut, **REFUSALS},
    summary="Run the period's draft bills as a background job",
)
def run_period(request: HttpRequest, period_id: int) -> Any:
    require(request, "billing.run_bills")
    try:
        job = actions.do_start_bill_run(_get(BillingPeriod, period_id, "billing period"), acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(202, {"id": job.pk, "status": job.status})


@router.post(
    "/billing/periods/{period_id}/review", response={200: s.PeriodOut, **REFUSALS}, summary="Mark the draft reviewed"
)
def review_period(request: HttpRequest, period_id: int) -> Any:
    require(request, "billing.review_period")
    try:
        return actions.do_review_period(_get(BillingPeriod, period_id, "billing period"), acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.post(
    "/billing/periods/{period_id}/post",
    response={200: s.PostOut, **REFUSALS},
    summary="Post a reviewed period in chunks, or finish a stopped posting (I-108); twice changes nothing",
)
def post_period(request: HttpRequest, period_id: int) -> Any:
    require(request, "billing.post_period")
    try:
        result = actions.do_post_period(_get(BillingPeriod, period_id, "billing period"), acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return {"posted": result.posted, "unchanged": result.unchanged, "message": result.message}


@router.post(
    "/billing/periods/{period_id}/strengths",
    response={200: s.StrengthOut, **REFUSALS},
    summary="Record an account's measured strength for the period (I-03)",
)
def record_strength(request: HttpRequest, period_id: int, payload: s.StrengthIn) -> Any:
    require(request, "billing.record_strength")
    period = _get(BillingPeriod, period_id, "billing period")
    account = _get(SewerAccount, payload.account_id, "sewer account")
    measured = {k: getattr(payload, k) for k in ("bod", "suspended_solids", "chlorine_demand")}
    try:
        return actions.do_record_strength(account, period, acting_user=request.user, source=payload.source, **measured)
    except ValidationError as exc:
        raise _refused(exc) from exc


@router.get(
    "/billing/periods/{period_id}/bills",
    response={200: list[s.BillOut], **REFUSALS},
    summary="The period's bills; ?flag= for one kind of exception",
)
@paginate(RegistryPagination)
def list_bills(request: HttpRequest, period_id: int, flag: str = "") -> Any:
    require(request, VIEW)
    qs = Bill.objects.filter(period=_get(BillingPeriod, period_id, "billing period")).order_by("account_id")
    return qs.filter(flags__contains=flag) if flag else qs


@router.get("/billing/bills/{bill_id}", response={200: s.BillDetailOut, **REFUSALS}, summary="A bill, line by line")
def get_bill(request: HttpRequest, bill_id: int) -> Any:
    require(request, VIEW)
    bill = _get(Bill, bill_id, "bill")
    lines = list(bill.lines.order_by("position"))
    penalty = bill.ledgerentry_set.filter(kind=LedgerKind.PENALTY).values_list("amount", flat=True).first()
    late = {"penalty_date": bill_penalty_date(bill), "penalty": penalty}
    return {**{f: getattr(bill, f) for f in s.BillOut.model_fields}, "facts": bill.topic_facts, "lines": lines, **late}


@router.get(
    "/billing/parcels/{parcel_id}/ledger",
    response={200: list[s.EntryOut], **REFUSALS},
    summary="A parcel's ledger entries (charges run with the property, §118-53)",
)
@paginate(RegistryPagination)
def parcel_ledger(request: HttpRequest, parcel_id: int) -> Any:
    require(request, VIEW)
    return LedgerEntry.objects.filter(parcel=_get(Parcel, parcel_id, "parcel")).order_by("posted_on", "id")


@router.get(
    "/billing/parcels/{parcel_id}/balance",
    response={200: s.BalanceOut, **REFUSALS},
    summary="A parcel's balance: the sum of its ledger entries",
)
def parcel_balance(request: HttpRequest, parcel_id: int) -> Any:
    require(request, VIEW)
    parcel = _get(Parcel, parcel_id, "parcel")
    return {"parcel_id": parcel.pk, "balance": balance(parcel=parcel)}

