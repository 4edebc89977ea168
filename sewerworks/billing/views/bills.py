"""A bill: its line items with their citations, and the Decision recomputed through its topic."""

from __future__ import annotations

from django.contrib.auth.decorators import permission_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from sewerworks.billing.models import Bill
from sewerworks.core.determinations import run_determination
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import FactsError


def recompute(bill: Bill) -> Decision | None:
    """The bill's Decision, computed again through its topic from the facts it keeps (None when held)."""
    if not bill.facts or not bill.topic:
        return None
    try:
        return run_determination(bill.topic, bill.facts, as_of=bill.period.bill_date)
    except (FactsError, ValueError):
        return None


@permission_required("billing.view_billing", raise_exception=True)
def bill_detail(request: HttpRequest, pk: int) -> HttpResponse:
    bill = get_object_or_404(
        Bill.objects.select_related("account", "parcel", "period", "period__area", "created_by"), pk=pk
    )
    decision = recompute(bill)
    agrees = decision is not None and bool(decision.amounts) and decision.amounts[0].value == bill.total
    context = {
        "bill": bill,
        "lines": bill.lines.order_by("position"),
        "decision": decision,
        "agrees": agrees,
        "entries": bill.ledgerentry_set.all(),
    }
    return render(request, "billing/bill_detail.html", context)
