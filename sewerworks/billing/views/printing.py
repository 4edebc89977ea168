"""Bills on paper: one bill as a PDF; a period's bills for the mailing (start the batch, follow it, download)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from sewerworks.billing.actions import do_start_bill_batch
from sewerworks.billing.choices import Basis, BillStatus
from sewerworks.billing.documents.render import bill_pdf as typeset_bill
from sewerworks.billing.models import Bill, BillBatch, BillingPeriod, MailingOrder
from sewerworks.core.access.permissions import require
from sewerworks.core.documents.responses import pdf_response


def unprintable(bill: Bill) -> str:
    """Why a bill is not printed (a held or void bill is never mailed), or ""."""
    if bill.status == BillStatus.VOID:
        return f"Bill {bill.pk} is void: it is not printed."
    if bill.basis == Basis.HELD:
        return f"Bill {bill.pk} is held for a person (I-61): it is not printed until it is billed."
    return ""


@permission_required("billing.view_billing", raise_exception=True)
def bill_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The bill as a PDF, shown in the browser (anyone who may read the bill)."""
    bill = get_object_or_404(Bill.objects.select_related("account", "period"), pk=pk)
    refused = unprintable(bill)
    if refused:
        return HttpResponse(refused, status=409, content_type="text/plain; charset=utf-8")
    # printed for someone at the window: the bill as sent, and what was paid toward it since (issue 38)
    typeset = typeset_bill(bill, reprinted_on=timezone.localdate())
    return pdf_response(typeset, f"bill-{bill.pk}-{bill.account.account_number}.pdf")


class BatchForm(forms.Form):
    order = forms.ChoiceField(
        choices=MailingOrder.choices,
        initial=MailingOrder.ROUTE,
        widget=forms.RadioSelect,
        label="Mailing order",
        help_text="By route: the accounts' mailing routes, then street and number. By address: street and number.",
    )


@permission_required("billing.view_billing", raise_exception=True)
def period_mailing(request: HttpRequest, pk: int) -> HttpResponse:
    """The period's bills for the mailing: start a batch PDF (clerk, Superintendent), follow it, download it."""
    period = get_object_or_404(BillingPeriod.objects.select_related("area"), pk=pk)
    may_print = request.user.has_perm("billing.print_bills")
    form = BatchForm(request.POST or None)
    if request.method == "POST":
        require(request.user, "billing.print_bills", "print the bills for the mailing")
        if form.is_valid():
            try:
                batch = do_start_bill_batch(period, order=form.cleaned_data["order"], acting_user=request.user)
            except ValidationError as exc:
                messages.error(request, " ".join(exc.messages))
            else:
                messages.success(request, f"Batch {batch.pk} has started; its progress is shown below.")
                return redirect("billing:period_mailing", period.pk)
    batches = BillBatch.objects.filter(period=period).select_related("job", "created_by")[:10]
    context = {"period": period, "form": form, "batches": batches, "may_print": may_print}
    return render(request, "billing/period_mailing.html", context)


@permission_required("billing.print_bills", raise_exception=True)
def batch_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """One batch's progress (the fragment the mailing page polls while the job runs)."""
    batch = get_object_or_404(BillBatch.objects.select_related("job", "period", "created_by"), pk=pk)
    return render(request, "billing/_batch.html", {"batch": batch, "may_print": True})
