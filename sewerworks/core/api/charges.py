"""Pending charges over REST: what every program charged to a property, for billing to post.

``GET /api/pending-charges`` (``pending=true``: not yet billed) lists them oldest first with the parcel
and account they are charged to; ``POST /api/pending-charges/{id}/billing`` is billing saying it posted one.
Money travels as a decimal string with two places (I-23).
"""

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest
from ninja import Field, Query, Router, Schema
from ninja.errors import HttpError
from ninja.errors import ValidationError as NinjaValidationError
from ninja.pagination import LimitOffsetPagination, paginate
from pydantic import PlainSerializer

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404
from sewerworks.core.api.schemas import MAX_PAGE, Day, ErrorOut, PageInput
from sewerworks.core.charges import do_mark_charge_billed
from sewerworks.core.models import PendingCharge

router = Router(tags=["pending charges"])
MAX_ID = 2**53
SLUG = r"^[a-z][a-z0-9_]*$"
Dollars = Annotated[Decimal, PlainSerializer(lambda d: format(d, "f"), return_type=str)]


REFUSALS = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}


class Pagination(LimitOffsetPagination):
    """``limit`` (1-500, default 50) and ``offset``; the answer has ``items`` and the total ``count``."""

    Input = PageInput  # type: ignore[assignment]  # the one shape of limit and offset (core.api.schemas)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_limit=MAX_PAGE, **kwargs)


class PendingChargeOut(Schema):
    """A charge a program wrote for billing: pending until billing marks it billed."""

    id: int
    parcel_id: int
    tax_map_number: str = Field(..., alias="parcel.tax_map_number")
    address: str = Field(..., alias="parcel.address")
    account_id: int | None = Field(None, description="The account to bill, if the program named one.")
    amount: Dollars = Field(..., description='Dollars and cents as a string, e.g. "650.00".')
    section: str = Field(..., description="Section of Chapter 118 the charge is made under.")
    description: str
    program: str
    kind: str
    source_key: str = Field(..., description="The record it comes from (app.kind:id); unique.")
    incurred_on: dt.date
    billed_on: dt.date | None = Field(None, description="Empty while pending.")
    billing_reference: str


class PendingChargeQuery(Schema):
    pending: bool | None = Field(None, description="true: not yet billed; false: billed.")
    parcel: int | None = Field(None, ge=1, le=MAX_ID, description="Only charges to this parcel (id).")
    program: str | None = Field(None, max_length=40, pattern=SLUG, description="Only charges of this program.")
    kind: str | None = Field(None, max_length=60, pattern=SLUG, description="Only charges of this kind.")


class BillingIn(Schema):
    billed_on: Day
    billing_reference: str = Field(..., min_length=1, max_length=60, description="The bill or ledger entry.")


def _charges() -> Any:
    return PendingCharge.objects.select_related("parcel").order_by("incurred_on", "id")


@router.get(
    "/pending-charges",
    response={200: list[PendingChargeOut], **REFUSALS},
    summary="Charges every program wrote for billing",
)
@paginate(Pagination)
def list_pending_charges(request: HttpRequest, q: PendingChargeQuery = Query(...)) -> Any:  # noqa: B008
    require(request, "core.view_pending_charge")
    qs = _charges()
    if q.pending is not None:
        qs = qs.filter(billed_on__isnull=q.pending)
    for field, value in (("parcel_id", q.parcel), ("program", q.program), ("kind", q.kind)):
        if value is not None:
            qs = qs.filter(**{field: value})
    return qs


@router.get("/pending-charges/{charge_id}", response={200: PendingChargeOut, **REFUSALS}, summary="A pending charge")
def get_pending_charge(request: HttpRequest, charge_id: int) -> Any:
    require(request, "core.view_pending_charge")
    return record_or_404(_charges(), charge_id, "pending charge")


@router.post(
    "/pending-charges/{charge_id}/billing",
    response={200: PendingChargeOut, **REFUSALS},
    summary="Billing posted the charge",
)
def mark_billed(request: HttpRequest, charge_id: int, payload: BillingIn) -> Any:
    """Billing says it posted the charge to a bill or ledger entry; a charge is billed once."""
    require(request, "core.bill_pending_charge")
    charge = get_pending_charge(request, charge_id)
    try:
        do_mark_charge_billed(
            charge, billed_on=payload.billed_on, billing_reference=payload.billing_reference, acting_user=request.user
        )
    except PermissionDenied as exc:
        raise HttpError(403, str(exc)) from exc
    except DjangoValidationError as exc:
        raise NinjaValidationError(
            [
                {"loc": ["body", "payload", field], "msg": m}
                for field, messages in exc.message_dict.items()
                for m in messages
            ]
        ) from exc
    return get_pending_charge(request, charge_id)
