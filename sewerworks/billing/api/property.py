"""The charges that run with the property over REST, on billing's router: the capital charge of a tax year (run
it, read its totals per area and what it could not charge), a §118-54 connection charge (bill it, read it, pay
toward it by name), a search letter and a sale. The same actions as the screens, role-checked and audited.
Refusals: 401, 403 for the wrong role, 404 for an unknown record, 422 naming the field and the rule."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Field, Schema, Status

from sewerworks.billing.api.router import VIEW, router
from sewerworks.billing.capital.run import capital_year, do_run_capital_charge
from sewerworks.billing.models import ConnectionCharge
from sewerworks.billing.property.connection import bill_of, do_pay_connection_charge, do_post_connection_charge
from sewerworks.billing.property.letter import do_write_search_letter
from sewerworks.billing.property.sale import do_record_sale
from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404 as _get
from sewerworks.core.api.errors import refused as _refused
from sewerworks.core.api.schemas import Day
from sewerworks.core.attachments.files import attachment_url
from sewerworks.registry.api import REFUSALS
from sewerworks.registry.models import Owner, Parcel


class CapitalAreaOut(Schema):
    area: str = Field(..., description="The improvement area's code.")
    parcels: int
    amount: Decimal = Field(..., description="What the area raises for the tax year, USD.")


class CapitalYearOut(Schema):
    tax_year: int
    parcels: int
    total: Decimal
    areas: list[CapitalAreaOut]
    open_issues: int = Field(..., description="Parcels not charged and not yet resolved or left out.")


class CapitalRunOut(CapitalYearOut):
    run: str
    roll_year: int
    charged: int = Field(..., description="Parcels this run charged (0 when the year was complete already).")


class ConnectionChargeIn(Schema):
    diameter_in: Decimal = Field(..., gt=0, le=48, description="The building sewer's diameter, inches (§118-54).")
    offered_on: Day = Field(..., description="The day the bill is offered (never after today).")
    installed_by_town_ft: Decimal | None = Field(None, ge=0, le=10000, description="Feet the town built, if any.")


class ConnectionChargeOut(Schema):
    id: int
    number: str
    parcel_id: int
    diameter_in: Decimal
    amount: Decimal
    offered_on: dt.date
    due_on: dt.date
    paid: Decimal
    balance: Decimal = Field(..., description="What is left to pay of it, USD.")
    on_ledger: bool = Field(..., description="Posted to the parcel's account (false: waiting for one, I-91).")


class ConnectionPaymentIn(Schema):
    amount: Decimal = Field(..., gt=0, description="Dollars and cents.")
    method: str = Field(..., description="cash, check, card or online.")
    reference: str = Field("", max_length=60)
    receipt_number: str = Field("", max_length=40, description="Empty: one is made for the day.")
    received_on: Day | None = None
    payer: str = Field("", max_length=120)


class ConnectionPaymentOut(Schema):
    receipt_number: str
    amount: Decimal
    balance: Decimal = Field(..., description="Left to pay of the connection charge after this payment.")


class SearchLetterIn(Schema):
    as_of: Day = Field(..., description="The day the letter states (never after today).")
    requested_by: str = Field(..., max_length=200, description="The attorney or firm the letter is for.")


class SearchLetterOut(Schema):
    number: str
    as_of: dt.date
    owed: Decimal = Field(..., description="Unpaid bills, connection charges left and charges not yet billed.")
    fee: Decimal
    pdf: str = Field(..., description="Where the kept PDF is downloaded (permission-checked).")


class SaleIn(Schema):
    buyer_owner_id: int = Field(..., description="The buyer, an owner of the registry.")
    sold_on: Day
    final_reading: int = Field(..., ge=0, description="The meter's register on the day of sale.")


class SaleOut(Schema):
    id: int
    sold_on: dt.date
    seller: str
    buyer: str
    gallons: Decimal
    amount: Decimal = Field(..., description="The final bill, settled at the closing (I-125).")


def _year_out(year: int) -> dict[str, Any]:
    found = capital_year(year)
    return {
        "tax_year": year,
        "parcels": found.parcels,
        "total": found.total,
        "areas": [{"area": a.code, "parcels": a.parcels, "amount": a.amount} for a in found.areas],
        "open_issues": found.open_issues,
    }


@router.post(
    "/billing/capital/{tax_year}/runs",
    response={201: CapitalRunOut, **REFUSALS},
    summary="Run the capital charge of a tax year (§118-52; I-122); a second run writes only what is missing",
)
def run_capital(request: HttpRequest, tax_year: int) -> Any:
    require(request, "billing.run_capital_charge")
    try:
        run = do_run_capital_charge(tax_year, acting_user=request.user)
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, {**_year_out(tax_year), "run": run.run, "roll_year": run.roll_year, "charged": run.charged})


@router.get(
    "/billing/capital/{tax_year}",
    response={200: CapitalYearOut, **REFUSALS},
    summary="A tax year's capital charge: totals per area and what is open",
)
def get_capital(request: HttpRequest, tax_year: int) -> Any:
    require(request, VIEW)
    if not 1900 <= tax_year <= 2999:
        raise _refused(ValidationError({"tax_year": f"{tax_year} is not a tax year."}))
    return _year_out(tax_year)


def _charge_out(charge: ConnectionCharge) -> dict[str, Any]:
    bill = bill_of(charge)
    return {
        "id": charge.pk,
        "number": charge.number,
        "parcel_id": charge.parcel_id,
        "diameter_in": charge.diameter_in,
        "amount": charge.amount,
        "offered_on": charge.offered_on,
        "due_on": charge.due_on,
        "paid": bill.paid,
        "balance": bill.balance,
        "on_ledger": bill.on_ledger,
    }


@router.post(
    "/billing/parcels/{parcel_id}/connection-charges",
    response={201: ConnectionChargeOut, **REFUSALS},
    summary="Bill a §118-54 connection charge on its own bill (I-42, I-123)",
)
def post_connection(request: HttpRequest, parcel_id: int, payload: ConnectionChargeIn) -> Any:
    require(request, "billing.post_connection_charge")
    parcel = _get(Parcel, parcel_id, "parcel")
    try:
        charge = do_post_connection_charge(
            parcel=parcel,
            diameter_in=payload.diameter_in,
            offered_on=payload.offered_on,
            installed_by_town_ft=payload.installed_by_town_ft,
            acting_user=request.user,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(201, _charge_out(charge))


@router.get(
    "/billing/connection-charges/{charge_id}",
    response={200: ConnectionChargeOut, **REFUSALS},
    summary="A connection charge and what is left to pay of it",
)
def get_connection(request: HttpRequest, charge_id: int) -> Any:
    require(request, VIEW)
    return _charge_out(_get(ConnectionCharge, charge_id, "connection charge"))


@router.post(
    "/billing/connection-charges/{charge_id}/payments",
    response={201: ConnectionPaymentOut, **REFUSALS},
    summary="Take a payment toward a connection charge by name (I-123)",
)
def pay_connection(request: HttpRequest, charge_id: int, payload: ConnectionPaymentIn) -> Any:
    require(request, "billing.take_payment")
    charge = _get(ConnectionCharge, charge_id, "connection charge")
    try:
        payment = do_pay_connection_charge(
            charge,
            amount=payload.amount,
            method=payload.method,
            reference=payload.reference,
            receipt_number=payload.receipt_number,
            received_on=payload.received_on,
            payer=payload.payer,
            acting_user=request.user,
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(
        201, {"receipt_number": payment.receipt_number, "amount": payment.amount, "balance": bill_of(charge).balance}
    )


@router.post(
    "/billing/parcels/{parcel_id}/search-letters",
    response={201: SearchLetterOut, **REFUSALS},
    summary="Write the Town Clerk's search letter for a parcel as of a day (I-124)",
)
def write_letter(request: HttpRequest, parcel_id: int, payload: SearchLetterIn) -> Any:
    require(request, "billing.write_search_letter")
    parcel = _get(Parcel, parcel_id, "parcel")
    try:
        letter = do_write_search_letter(
            parcel, as_of=payload.as_of, requested_by=payload.requested_by, acting_user=request.user
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(
        201,
        {
            "number": letter.number,
            "as_of": letter.as_of,
            "owed": letter.owed,
            "fee": letter.fee,
            "pdf": attachment_url("search-letter", letter.pk),
        },
    )


@router.post(
    "/billing/parcels/{parcel_id}/sales",
    response={201: SaleOut, **REFUSALS},
    summary="Record a sale: the final read, the final bill and the buyer (I-125)",
)
def record_sale(request: HttpRequest, parcel_id: int, payload: SaleIn) -> Any:
    require(request, "billing.record_sale")
    parcel = _get(Parcel, parcel_id, "parcel")
    buyer = _get(Owner, payload.buyer_owner_id, "owner")
    try:
        sale = do_record_sale(
            parcel, buyer=buyer, sold_on=payload.sold_on, final_reading=payload.final_reading, acting_user=request.user
        )
    except ValidationError as exc:
        raise _refused(exc) from exc
    return Status(
        201,
        {
            "id": sale.pk,
            "sold_on": sale.sold_on,
            "seller": sale.seller,
            "buyer": buyer.name,
            "gallons": sale.gallons,
            "amount": sale.amount,
        },
    )
