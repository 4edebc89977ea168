"""A payment's receipt (its page and its PDF) and its reversal; an account's statement; the day's
receipts for the clerk's deposit."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.billing import actions
from sewerworks.billing.ledger.receipts import receipt_context, receipt_pdf
from sewerworks.billing.models import DepositItem, Payment, ReturnedCheck
from sewerworks.billing.statements.account import statement
from sewerworks.billing.statements.day import day_receipts
from sewerworks.billing.views.corrections import corrections_of
from sewerworks.core.documents.responses import pdf_response
from sewerworks.registry.models import SewerAccount


def _day(value: str | None, default: dt.date) -> tuple[dt.date, str]:
    """A ``?day=`` or ``?on=`` date, or the default with a note naming the bad value."""
    if not value:
        return default, ""
    try:
        return dt.date.fromisoformat(value), ""
    except ValueError:
        return default, f"{value[:20]!r} is not a date (YYYY-MM-DD): showing {default}."


def _payment(pk: int) -> Payment:
    return get_object_or_404(Payment.objects.select_related("account", "parcel", "received_by", "reversed_by"), pk=pk)


@permission_required("billing.view_billing", raise_exception=True)
def receipt(request: HttpRequest, pk: int) -> HttpResponse:
    payment = _payment(pk)
    context = {
        **receipt_context(payment),
        "returned": ReturnedCheck.objects.filter(payment=payment).first(),
        "deposited": DepositItem.objects.filter(payment=payment).select_related("deposit").order_by("id"),
        "can_reverse": request.user.has_perm("billing.reverse_payment") and not payment.is_reversed,
        "can_take": request.user.has_perm("billing.take_payment"),
    }
    return render(request, "billing/receipt.html", context)


@permission_required("billing.view_billing", raise_exception=True)
def receipt_document(request: HttpRequest, pk: int) -> HttpResponse:
    payment = _payment(pk)
    return pdf_response(receipt_pdf(payment), f"receipt-{payment.receipt_number}.pdf")


@require_POST
@permission_required("billing.reverse_payment", raise_exception=True)
def reverse_payment(request: HttpRequest, pk: int) -> HttpResponse:
    payment = _payment(pk)
    bank = request.POST.get("bank_reference", "").strip()
    returned = actions.BankReturn(bank, request.POST.get("return_reason", "")) if bank else None
    try:
        actions.do_reverse_payment(
            payment, acting_user=request.user, reason=request.POST.get("reason", ""), returned=returned
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        done = "returned check recorded: print the letter to the payer" if returned else "its entries are undone"
        messages.success(request, f"Receipt {payment.receipt_number} reversed on the ledger; {done}.")
    return redirect("billing:receipt", payment.pk)


@permission_required("billing.view_billing", raise_exception=True)
def account_statement(request: HttpRequest, pk: int) -> HttpResponse:
    account = get_object_or_404(SewerAccount.objects.select_related("parcel"), pk=pk)
    today = timezone.localdate()
    on, note = _day(request.GET.get("on"), today)
    context = {
        "account": account,
        "st": statement(account, on=on),
        "note": note,
        "today": today,
        "payments": account.payments.select_related("received_by").order_by("-received_on", "-id")[:50],
        "can_take": request.user.has_perm("billing.take_payment"),
        **corrections_of(account),
    }
    return render(request, "billing/statement.html", context)


@permission_required("billing.view_billing", raise_exception=True)
def receipts_of_the_day(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    day, note = _day(request.GET.get("day"), today)
    mine = request.GET.get("mine") == "1"
    context = {
        "r": day_receipts(day, taken_by=request.user if mine else None),
        "note": note,
        "mine": mine,
        "previous": day - dt.timedelta(days=1) if day > dt.date.min else None,
        "next": day + dt.timedelta(days=1) if day < today else None,
    }
    return render(request, "billing/day_receipts.html", context)
