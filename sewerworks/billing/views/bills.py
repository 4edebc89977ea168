"""A bill: its line items with their citations, and the Decision recomputed through its topic."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import permission_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.models import Bill, BillLine, LedgerEntry
from sewerworks.billing.penalties.sweep import bill_penalty_date, topic_facts
from sewerworks.billing.views.void import void_context
from sewerworks.core.compiled import compiled
from sewerworks.core.determinations.run import LawNotInForce, run_determination, today
from sewerworks.core.parameters import parameters_read_once
from sewerworks.core.records.sections import hold
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
    entries = bill.ledgerentry_set.all()  # all of the bill's entries, by date, then id (read with the bill)
    penalties = [e for e in entries if e.kind == LedgerKind.PENALTY]
    penalty = next((e for e in penalties if e.source_key.startswith("penalty:bill:")), None)
    if penalty is not None and sum(p.amount for p in penalties) <= 0:
        penalty = None  # withdrawn: a payment received in time was entered after the sweep (I-97)
    decision = None
    if bill.status == BillStatus.POSTED and bill.total > 0:
        facts = topic_facts(bill, until=today(), entries=entries)  # what counts as paid, as the sweep counts it (I-98)
        try:
            decision = run_determination("late-penalty", facts, as_of=max(today(), bill.period.bill_date))
        except (FactsError, LawNotInForce):
            decision = None
    return {"date": due, "entry": penalty, "decision": decision}


# The bill with what its page shows: its void and rebilling (one to one), its ledger entries (listed, its late
# penalty and payments among them) and its lines, each read by SQL compiled once per process (issue 38).
_RELATED = ("account", "parcel", "period", "period__area", "created_by", "voiding__voided_by", "rebilling__replaces")
_BILL = compiled("bill", lambda pk: Bill.objects.select_related(*_RELATED).filter(pk=pk))
_ENTRIES = compiled("bill entries", lambda pk: LedgerEntry.objects.filter(bill_id=pk).order_by("posted_on", "id"))
_LINES = compiled("bill lines", lambda pk: BillLine.objects.filter(bill_id=pk).order_by("position"))


@permission_required("billing.view_billing", raise_exception=True)
def bill_detail(request: HttpRequest, pk: int) -> HttpResponse:
    found = _BILL(pk)
    if not found:
        raise Http404("No bill has that number.")
    bill = found[0]
    hold(bill, "ledgerentry_set", _ENTRIES(pk))
    with parameters_read_once():  # the law in force read once for its two Decisions
        decision = recompute(bill)
        agrees = decision is not None and bool(decision.amounts) and decision.amounts[0].value == bill.total
        context = {
            "bill": bill,
            "lines": _LINES(pk),
            "decision": decision,
            "agrees": agrees,
            "entries": bill.ledgerentry_set.all(),
            "late": late_penalty(bill),
            **void_context(bill, request.user),
        }
    return render(request, "billing/bill_detail.html", context)
