"""The screens of the charges that run with the property: a connection charge (billed, its bill as a PDF, paid
at the counter by name), the Town Clerk's search letter, and a sale (final read, final bill, the buyer)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from sewerworks.billing.actions.payments import new_receipt_number
from sewerworks.billing.choices import PaymentMethod
from sewerworks.billing.models import ConnectionCharge, Sale, SearchLetter
from sewerworks.billing.property.connection import bill_of, do_pay_connection_charge, do_post_connection_charge
from sewerworks.billing.property.documents import connection_bill_pdf
from sewerworks.billing.property.letter import do_write_search_letter, search
from sewerworks.billing.property.sale import do_record_sale
from sewerworks.billing.views.property_forms import (
    ConnectionChargeForm,
    ConnectionPaymentForm,
    SaleForm,
    SearchLetterForm,
)
from sewerworks.core.attachments.files import attachment_url
from sewerworks.core.documents.responses import pdf_response
from sewerworks.registry.models import Owner, Parcel


def refused(form: Form, error: ValidationError) -> None:
    """An action's refusal on the form: each field's message on its field, the rest on top."""
    if hasattr(error, "error_dict"):
        for field, errors in error.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error.messages)


@permission_required("billing.post_connection_charge", raise_exception=True)
def connection_new(request: HttpRequest, parcel_pk: int) -> HttpResponse:
    parcel = get_object_or_404(Parcel, pk=parcel_pk)
    form = ConnectionChargeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            charge = do_post_connection_charge(
                parcel=parcel,
                diameter_in=form.cleaned_data["diameter_in"],
                offered_on=form.cleaned_data["offered_on"],
                installed_by_town_ft=form.cleaned_data["installed_by_town_ft"],
                acting_user=request.user,
            )
        except ValidationError as exc:
            refused(form, exc)
        else:
            messages.success(request, f"Connection charge {charge.number} of ${charge.amount:,} billed (§118-54).")
            return redirect("billing:connection_charge", charge.pk)
    return render(request, "billing/connection_new.html", {"parcel": parcel, "form": form})


@permission_required("billing.view_billing", raise_exception=True)
def connection_charge(request: HttpRequest, pk: int) -> HttpResponse:
    charge = get_object_or_404(ConnectionCharge.objects.select_related("parcel", "account", "decision"), pk=pk)
    today = timezone.localdate()
    initial = {"received_on": today, "receipt_number": new_receipt_number(today), "method": PaymentMethod.CASH}
    form = ConnectionPaymentForm(request.POST or None, initial=initial)
    can_take = request.user.has_perm("billing.take_payment")
    if request.method == "POST" and can_take and form.is_valid():
        data = form.cleaned_data
        try:
            payment = do_pay_connection_charge(
                charge,
                amount=data["amount"],
                method=data["method"],
                reference=data["reference"],
                receipt_number=data["receipt_number"],
                received_on=data["received_on"],
                payer=data["payer"],
                acting_user=request.user,
            )
        except ValidationError as exc:
            refused(form, exc)
        else:
            messages.success(request, f"Receipt {payment.receipt_number}: ${payment.amount:,} toward {charge.number}.")
            return redirect("billing:receipt", payment.pk)
    elif request.method == "POST" and not can_take:
        return HttpResponse(status=403)
    payments = charge.parcel.payments.filter(pk__in=_payments_toward(charge)).order_by("received_on", "pk")
    context = {"charge": charge, "bill": bill_of(charge), "form": form, "can_take": can_take, "payments": payments}
    return render(request, "billing/connection_charge.html", context)


def _payments_toward(charge: ConnectionCharge) -> Any:
    from sewerworks.billing.models import LedgerEntry, Payment

    keys = LedgerEntry.objects.filter(source_key__endswith=f":item:{charge.item_key}", kind="payment")
    receipts = [k.split(":")[1] for k in keys.values_list("source_key", flat=True)]
    return Payment.objects.filter(receipt_number__in=receipts).values("pk")


@permission_required("billing.view_billing", raise_exception=True)
def connection_charge_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    charge = get_object_or_404(ConnectionCharge.objects.select_related("parcel"), pk=pk)
    return pdf_response(connection_bill_pdf(charge), f"connection-charge-{charge.number}.pdf")


@permission_required("billing.view_billing", raise_exception=True)
def search_letter(request: HttpRequest, parcel_pk: int) -> HttpResponse:
    """The parcel's search letters, and (for the clerk's office) the form that writes the next one."""
    parcel = get_object_or_404(Parcel, pk=parcel_pk)
    can_write = request.user.has_perm("billing.write_search_letter")
    form = SearchLetterForm(request.POST or None)
    if request.method == "POST":
        if not can_write:
            return HttpResponse(status=403)
        if form.is_valid():
            try:
                letter = do_write_search_letter(
                    parcel,
                    as_of=form.cleaned_data["as_of"],
                    requested_by=form.cleaned_data["requested_by"],
                    acting_user=request.user,
                )
            except ValidationError as exc:
                refused(form, exc)
            else:
                messages.success(request, f"Search letter {letter.number} written: owed ${letter.owed:,}.")
                return redirect("billing:search_letter", parcel.pk)
    letters = [
        (letter, attachment_url("search-letter", letter.pk)) for letter in SearchLetter.objects.filter(parcel=parcel)
    ]
    context = {
        "parcel": parcel,
        "form": form,
        "can_write": can_write,
        "letters": letters,
        "preview": search(parcel, as_of=timezone.localdate()),
    }
    return render(request, "billing/search_letter.html", context)


@permission_required("billing.record_sale", raise_exception=True)
def record_sale(request: HttpRequest, parcel_pk: int) -> HttpResponse:
    parcel = get_object_or_404(Parcel, pk=parcel_pk)
    form = SaleForm(request.POST or None, initial={"sold_on": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            buyer = Owner.objects.filter(name=data["buyer"].strip()).order_by("pk").first()
            if buyer is None:
                buyer = Owner(name=data["buyer"].strip(), mailing_address=data["buyer_mailing_address"].strip())
            sale = _sale_with(parcel, buyer, data, request.user)
        except ValidationError as exc:
            refused(form, exc)
        else:
            messages.success(
                request, f"Sale recorded: final bill ${sale.amount:,}; {sale.ownership.owner} owns it now."
            )
            return redirect("billing:sale", sale.pk)
    return render(request, "billing/sale_form.html", {"parcel": parcel, "form": form})


def _sale_with(parcel: Parcel, buyer: Owner, data: dict[str, Any], user: Any) -> Sale:
    from django.db import transaction

    from sewerworks.registry.actions import do_create_record

    with transaction.atomic():
        if buyer.pk is None:
            fields = {"name": buyer.name, "mailing_address": buyer.mailing_address}
            buyer = do_create_record("owner", fields, acting_user=user, reason="Buyer at a sale")  # type: ignore[assignment]
        return do_record_sale(
            parcel, buyer=buyer, sold_on=data["sold_on"], final_reading=data["final_reading"], acting_user=user
        )


@permission_required("billing.view_billing", raise_exception=True)
def sale(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(
        Sale.objects.select_related("parcel", "account", "ownership__owner", "final_read__meter", "decision"), pk=pk
    )
    return render(request, "billing/sale.html", {"sale": found})
