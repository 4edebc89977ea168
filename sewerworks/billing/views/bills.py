"""A bill: its line items with their citations, and the Decision recomputed through its topic."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import permission_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.models import Bill
from sewerworks.billing.penalties.sweep import bill_penalty_date, topic_facts
from sewerworks.billing.views.void import void_context
from sewerworks.core.determinations.run import LawNotInForce, run_determination, today
from sewerworks.core.parameters import parameters_read_once
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import FactsError


def recompute(bill: Bill) -> Decision | None:
    """The bill's Decision, computed again through its topic from the facts it keeps (None when held)."""
    facts = bill.topic_facts
    if not facts or not bill.topic:
        return None
    try:
        return run_determination(bill.topic, facts, as_of=bill.period.bill_date)
    except (FactsError, ValueError):
        return None


def late_penalty(bill: Bill) -> dict[str, Any] | None:
    """The bill's penalty date, its late penalty on the ledger if any, and the topic ``late-penalty``
    applied today to the payments the ledger records on it (§118-53, I-25)."""
    due = bill_penalty_date(bill)
    if due is None:
        return None
    penalties = [e for e in bill.ledgerentry_set.all() if e.kind == LedgerKind.PENALTY]  # by date, then id
    penalty = next((e for e in penalties if e.source_key.startswith("penalty:bill:")), None)
    if penalty is not None and sum(p.amount for p in penalties) <= 0:
        penalty = None  # withdrawn: a payment received in time was entered after the sweep (I-97)
    decision = None
    if bill.status == BillStatus.POSTED and bill.total > 0:
        facts = topic_facts(bill, until=today())  # what counts as paid, as the sweep counts it (I-98)
        try:
            decision = run_determination("late-penalty", facts, as_of=max(today(), bill.period.bill_date))
        except (FactsError, LawNotInForce):
            decision = None
    return {"date": due, "entry": penalty, "decision": decision}


@permission_required("billing.view_billing", raise_exception=True)
def bill_detail(request: HttpRequest, pk: int) -> HttpResponse:
    # The bill with what its page shows read once: its void and rebilling (one to one), its ledger entries
    # (listed, and its late penalty among them); the parameters in force read once for its two Decisions.
    related = ("account", "parcel", "period", "period__area", "created_by", "voiding__voided_by", "rebilling__replaces")
    bill = get_object_or_404(Bill.objects.select_related(*related).prefetch_related("ledgerentry_set"), pk=pk)
    with parameters_read_once():
        decision = recompute(bill)
        agrees = decision is not None and bool(decision.amounts) and decision.amounts[0].value == bill.total
        context = {
            "bill": bill,
            "lines": bill.lines.order_by("position"),
            "decision": decision,
            "agrees": agrees,
            "entries": bill.ledgerentry_set.all(),
            "late": late_penalty(bill),
            **void_context(bill, request.user),
        }
    return render(request, "billing/bill_detail.html", context)
