"""The clerk's day and month over REST (§118-53, I-126, I-127), on billing's router: the drawer waiting for a
deposit, deposits (close one, read one, its slip as a PDF), and the month's turnover per fund (read, close).
The same actions as the screens, role-checked and audited. Refusals: 401, 403 for the wrong role, 404 for an
unknown id, 422 naming the field and the rule (a deposit closed twice, a day after today or in a closed month,
the cash differing without a reason, a month not over or with payments waiting).

Money is a decimal string of dollars (``"57.30"``), never a JSON number.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Field, Query, Schema, Status
from ninja.errors import HttpError

from sewerworks.billing.actions import do_close_deposit, do_close_month
from sewerworks.billing.api.router import VIEW, router
from sewerworks.billing.cash.deposits import DepositView, Line, closed_lines, pending, summarise
from sewerworks.billing.cash.documents import deposit_slip_pdf
from sewerworks.billing.cash.turnover import MonthView, month_view
from sewerworks.billing.models import Deposit
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.api.schemas import Day
from sewerworks.core.documents.responses import pdf_response
from sewerworks.registry.api import REFUSALS

PDF = {200: {"description": "The deposit slip as a PDF.", "content": {"application/pdf": {}}}}


class CashLineOut(Schema):
    payment_id: int
    kind: str = Field(..., description="payment, or reversal (a payment reversed, a negative line).")
    method: str
    reference: str
    receipt_number: str
    account_id: int
    fund_id: int | None = Field(..., description="The Sewer Improvement Area credited (I-126); null: no area.")
    amount: Decimal
    day: dt.date = Field(..., description="The day received, or reversed.")


class CashTotalOut(Schema):
    key: str = Field(..., description="The payment method, or the fund's area code ('none': no area).")
    label: str
    count: int
    amount: Decimal


class CashDrawerOut(Schema):
    day: dt.date
    total: Decimal
    cash: Decimal = Field(..., description="The cash in the items: what the drawer should hold.")
    by_method: list[CashTotalOut]
    by_fund: list[CashTotalOut]
    lines: list[CashLineOut]


class CashDepositOut(CashDrawerOut):
    id: int
    number: str
    cash_counted: Decimal
    cash_difference: Decimal = Field(..., description="Counted less the cash in the items: over (+), short (-).")
    difference_reason: str
    closed_at: dt.datetime
    closed_by_id: int


class CashDepositIn(Schema):
    day: Day = Field(..., description="The business day closed (never after today; days close in order).")
    cash_counted: str = Field(..., description='The cash counted in the drawer, e.g. "120.00".')
    difference_reason: str = Field("", max_length=200, description="Why the cash differs, when it does.")


class CashTurnoverLineOut(Schema):
    fund_id: int | None
    fund: str
    items: int
    amount: Decimal


class CashTurnoverOut(Schema):
    month: dt.date
    closed: bool
    closed_at: dt.datetime | None
    closed_by_id: int | None
    total: Decimal
    cash_difference: Decimal = Field(..., description="Over or short at the counter, credited to no fund.")
    funds: list[CashTurnoverLineOut]
    deposits: list[int] = Field(..., description="The deposits of the month's days.")
    waiting: int = Field(..., description="Payments or reversals of the month in no deposit yet.")


def _line(ln: Line) -> dict[str, Any]:
    return {
        k: getattr(ln, k)
        for k in (
            "payment_id",
            "kind",
            "method",
            "reference",
            "receipt_number",
            "account_id",
            "fund_id",
            "amount",
            "day",
        )
    }


def _drawer(view: DepositView) -> dict[str, Any]:
    def totals(rows: list[Any]) -> list[dict[str, Any]]:
        return [{"key": t.key, "label": t.label, "count": t.count, "amount": t.amount} for t in rows]

    return {
        "day": view.day,
        "total": view.total,
        "cash": view.cash,
        "by_method": totals(view.by_method),
        "by_fund": totals([t for _, t in view.by_fund]),
        "lines": [_line(ln) for ln in view.lines],
    }


def _deposit(d: Deposit) -> dict[str, Any]:
    return {
        **_drawer(summarise(d.day, closed_lines(d))),
        "id": d.pk,
        "number": d.number,
        "total": d.total,
        "cash_counted": d.cash_counted,
        "cash_difference": d.cash_difference,
        "difference_reason": d.difference_reason,
        "closed_at": d.closed_at,
        "closed_by_id": d.closed_by_id,
    }


def _turnover(view: MonthView) -> dict[str, Any]:
    closed = view.closed
    return {
        "month": view.month,
        "closed": closed is not None,
        "closed_at": closed.closed_at if closed else None,
        "closed_by_id": closed.closed_by_id if closed else None,
        "total": view.total,
        "cash_difference": view.cash_difference,
        "funds": [{"fund_id": f.id, "fund": f.name, "items": t.count, "amount": t.amount} for f, t in view.by_fund],
        "deposits": [row.deposit.pk for row in view.deposits],
        "waiting": len(view.waiting),
    }


def _month(year: int, month: int) -> dt.date:
    try:
        first = dt.date(year, month, 1)
    except (ValueError, OverflowError):
        raise HttpError(422, f"month: {year}-{month} is not a month.") from None
    if first.year < 1900:
        raise HttpError(422, "month: the Town's records begin in 1900.")
    return first


@router.get(
    "/billing/deposits/pending",
    response={200: CashDrawerOut, **REFUSALS},
    summary="The drawer: what a deposit closed for a day would take now, by method and by fund",
)
def get_pending(request: HttpRequest, day: Day | None = Query(None, description="The day (default today).")) -> Any:  # type: ignore[type-arg]
    require(request, VIEW)
    on = day or timezone.localdate()
    return _drawer(summarise(on, pending(on)))


@router.post(
    "/billing/deposits",
    response={201: CashDepositOut, **REFUSALS},
    summary="Close the day's drawer into its deposit (once per day, never changed after)",
)
def close_deposit(request: HttpRequest, payload: CashDepositIn) -> Any:
    require(request, "billing.close_deposit")
    try:
        deposit = do_close_deposit(
            payload.day,
            cash_counted=payload.cash_counted,
            acting_user=request.user,
            difference_reason=payload.difference_reason,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, _deposit(deposit))


@router.get(
    "/billing/deposits", response={200: list[CashDepositOut], **REFUSALS}, summary="The last 60 deposits, newest first"
)
def list_deposits(request: HttpRequest) -> Any:
    require(request, VIEW)
    return [_deposit(d) for d in Deposit.objects.order_by("-day")[:60]]


@router.get("/billing/deposits/{deposit_id}", response={200: CashDepositOut, **REFUSALS}, summary="A deposit")
def get_deposit(request: HttpRequest, deposit_id: int) -> Any:
    require(request, VIEW)
    return _deposit(_get(Deposit, deposit_id, "deposit"))


@router.get(
    "/billing/deposits/{deposit_id}/slip",
    response={**REFUSALS},
    summary="A deposit slip as a PDF",
    openapi_extra={"responses": PDF},
)
def get_deposit_slip(request: HttpRequest, deposit_id: int) -> HttpResponse:
    require(request, VIEW)
    deposit: Deposit = _get(Deposit, deposit_id, "deposit")
    return pdf_response(deposit_slip_pdf(deposit), f"deposit-{deposit.number}.pdf")


@router.get(
    "/billing/turnover/{year}/{month}",
    response={200: CashTurnoverOut, **REFUSALS},
    summary="A month's moneys turned over to the Supervisor, per fund, with its deposits",
)
def get_turnover(request: HttpRequest, year: int, month: int) -> Any:
    require(request, VIEW)
    return _turnover(month_view(_month(year, month)))


@router.post(
    "/billing/turnover/{year}/{month}/close",
    response={200: CashTurnoverOut, **REFUSALS},
    summary="Close and sign a month's turnover: frozen from then on",
)
def close_turnover(request: HttpRequest, year: int, month: int) -> Any:
    require(request, "billing.close_month")
    first = _month(year, month)
    try:
        do_close_month(first, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return _turnover(month_view(first))
