"""The counter: the clerk finds the account by any search key, sees what is owed and why, takes the
payment and prints the receipt, all from the keyboard (the search box and then the amount have the
focus; Enter submits; accesskeys: S search, A amount, P take the payment, R print the receipt).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from sewerworks.billing import actions
from sewerworks.billing.actions.payments import new_receipt_number
from sewerworks.billing.choices import PaymentMethod
from sewerworks.billing.statements.account import statement
from sewerworks.billing.views.corrections import corrections_of, refund_context
from sewerworks.core.money import MoneyFormField
from sewerworks.registry.models import Ownership, SewerAccount
from sewerworks.registry.search import search

SHOWN = 25


class PaymentForm(forms.Form):
    amount = MoneyFormField(label="Amount ($)", help_text="Dollars and cents, e.g. 57.30.")
    method = forms.ChoiceField(label="Paid by", choices=PaymentMethod.choices, initial=PaymentMethod.CASH)
    reference = forms.CharField(
        label="Reference",
        required=False,
        max_length=60,
        help_text="Check number, card's last four, online confirmation.",
    )
    payer = forms.CharField(label="Name of the payer", required=False, max_length=120)
    received_on = forms.DateField(label="Received on", widget=forms.DateInput(attrs={"type": "date"}))
    receipt_number = forms.CharField(
        label="Receipt number",
        max_length=40,
        help_text="Filled in for you; a receipt-book number may replace it. The same receipt is never taken twice.",
    )


def accounts_for(query: str) -> list[SewerAccount]:
    """The accounts on the parcels the registry search finds (tax map number, address, owner, account, meter)."""
    hits = search(query, limit=SHOWN)
    numbers = [h.label for h in hits if h.kind == "account"]
    parcel_ids = [h.parcel_id for h in hits if h.parcel_id is not None and h.kind != "account"]
    found = SewerAccount.objects.filter(account_number__in=numbers) | SewerAccount.objects.filter(
        parcel_id__in=parcel_ids
    )
    return list(found.select_related("parcel").order_by("account_number")[:SHOWN])


def owners_of(parcel_ids: list[int]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    rows = Ownership.objects.filter(parcel_id__in=parcel_ids, end__isnull=True).order_by("owner__name")
    for parcel_id, name in rows.values_list("parcel_id", "owner__name"):
        out.setdefault(parcel_id, []).append(name)
    return out


@permission_required("billing.take_payment", raise_exception=True)
def counter(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:100]
    found = accounts_for(query) if query else []
    if len(found) == 1 and not request.headers.get("HX-Request"):
        return redirect("billing:counter_account", found[0].pk)
    owners = owners_of([a.parcel_id for a in found])
    rows = [{"account": a, "owners": owners.get(a.parcel_id, [])} for a in found]
    template = "billing/_counter_results.html" if request.headers.get("HX-Request") else "billing/counter.html"
    return render(request, template, {"query": query, "rows": rows})


def _initial(today: dt.date) -> dict[str, Any]:
    return {"received_on": today, "receipt_number": new_receipt_number(today), "method": PaymentMethod.CASH}


@permission_required("billing.take_payment", raise_exception=True)
def counter_account(request: HttpRequest, pk: int) -> HttpResponse:
    account = get_object_or_404(SewerAccount.objects.select_related("parcel"), pk=pk)
    today = timezone.localdate()
    form = PaymentForm(request.POST or None, initial=_initial(today))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            taken = actions.do_take_payment(account, acting_user=request.user, **data)
        except ValidationError as exc:
            for name, errors in exc.message_dict.items():
                form.add_error(name if name in form.fields else None, errors)
        else:
            p = taken.payment
            if taken.created:
                messages.success(request, f"Receipt {p.receipt_number}: ${p.amount:,} taken.")
            else:
                messages.info(request, f"Receipt {p.receipt_number} was already taken: nothing was entered twice.")
            return redirect("billing:receipt", p.pk)
    owed = statement(account, on=today)
    context = {
        "account": account,
        "owners": owners_of([account.parcel_id]).get(account.parcel_id, []),
        "owed": owed,
        "form": form,
        "today": today,
        "recent": account.payments.order_by("-received_on", "-id")[:5],
        **corrections_of(account),
        **refund_context(account, request.user),
        "can_adjust": request.user.has_perm("billing.make_adjustment"),
    }
    return render(request, "billing/counter_account.html", context)


@require_POST
@permission_required("billing.take_payment", raise_exception=True)
def counter_apply_credit(request: HttpRequest, pk: int) -> HttpResponse:
    account = get_object_or_404(SewerAccount, pk=pk)
    written = actions.do_apply_credit(account, acting_user=request.user)
    if written:
        messages.success(request, "The account's credit was applied to its open bills, oldest first (I-63).")
    else:
        messages.info(request, "Nothing to apply: no credit, or no open bill.")
    return redirect("billing:counter_account", account.pk)
