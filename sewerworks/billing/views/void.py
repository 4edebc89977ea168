"""The bill page's forms: void a posted bill (a reason required), bill the account again, and bill an account
held when its period was posted (I-182)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from sewerworks.billing.choices import BillStatus
from sewerworks.billing.corrections.held import do_bill_held_account, held_after_posting
from sewerworks.billing.corrections.void import do_rebill_account, do_void_bill
from sewerworks.billing.models import Bill, BillVoid, Rebill
from sewerworks.billing.penalties.sweep import rebill_of


def void_context(bill: Bill, user: Any) -> dict[str, Any]:
    """What the bill page shows about a void: the void, the bill that replaced it or the one it replaces,
    and which of the two forms the user may use."""
    if Bill.voiding.is_cached(bill):  # type: ignore[attr-defined]  # read with the bill (the bill page)
        voiding = getattr(bill, "voiding", None)
    else:
        voiding = BillVoid.objects.filter(bill=bill).select_related("voided_by").first()
    replaced_by = None
    if bill.status == BillStatus.VOID:  # only a voided bill is replaced (billing.corrections.void.do_rebill_account)
        replaced_by = Rebill.objects.filter(replaces=bill).select_related("bill").order_by("-pk").first()
    live = Bill.objects.filter(account_id=bill.account_id, period_id=bill.period_id).exclude(status=BillStatus.VOID)
    return {
        "voiding": voiding,
        "rebilling": rebill_of(bill),
        "replaced_by": replaced_by,
        "can_void": bill.status == BillStatus.POSTED and user.has_perm("billing.void_bill"),
        "can_rebill": bill.status == BillStatus.VOID and user.has_perm("billing.rebill_account") and not live.exists(),
        "held_after_posting": held_after_posting(bill),
        "can_bill_held": held_after_posting(bill) and user.has_perm("billing.rebill_account"),
    }


@require_POST
@permission_required("billing.void_bill", raise_exception=True)
def void_bill(request: HttpRequest, pk: int) -> HttpResponse:
    bill = get_object_or_404(Bill, pk=pk)
    try:
        do_void_bill(bill, by=request.user, reason=request.POST.get("reason", ""))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"Bill {bill.pk} voided: its total is taken off the ledger by a reversing entry.")
    return redirect("billing:bill_detail", bill.pk)


@require_POST
@permission_required("billing.rebill_account", raise_exception=True)
def rebill(request: HttpRequest, pk: int) -> HttpResponse:
    bill = get_object_or_404(Bill.objects.select_related("period", "account"), pk=pk)
    try:
        done = do_rebill_account(bill.period, bill.account, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("billing:bill_detail", bill.pk)
    messages.success(request, f"Bill {done.bill.pk} posted for {bill.period.name}, replacing bill {bill.pk}.")
    return redirect("billing:bill_detail", done.bill.pk)


@require_POST
@permission_required("billing.rebill_account", raise_exception=True)
def bill_held(request: HttpRequest, pk: int) -> HttpResponse:
    bill = get_object_or_404(Bill.objects.select_related("period", "account"), pk=pk)
    try:
        done = do_bill_held_account(bill, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("billing:bill_detail", bill.pk)
    messages.success(request, f"Bill {done.bill.pk} posted for {bill.period.name}: the supplementary bill of the "
                     f"account held when the period was posted (bill {bill.pk}).")  # fmt: skip
    return redirect("billing:bill_detail", done.bill.pk)
