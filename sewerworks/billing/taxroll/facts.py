"""An account's facts for the topic ``relevy`` read from the ledger (§118-53): its posted bills with their penalty
dates, penalties, payments toward each part, amounts relevied, and its credit. The statement's set-based SQL and
the topic must agree on them (``test_statement_agreement``); the statement's screen shows the topic's Decision
of an account, with its citations."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.ledger.owed import PAID, unapplied_credit
from sewerworks.billing.models import Bill, LedgerEntry, Rebill
from sewerworks.billing.taxroll.sums import period_penalty_dates
from sewerworks.core.determinations.run import run_determination
from sewerworks.ordinance.decision import Decision

SEWER = (LedgerKind.CHARGE, LedgerKind.ADJUSTMENT)


def relevy_facts(account: Any, statement_date: dt.date, cutoff: dt.date | None = None) -> dict[str, Any]:
    """The topic's facts of ``account`` on ``statement_date`` (and with ``cutoff``, for the relevy)."""
    dates = period_penalty_dates()
    rebills = {r.bill_id: r for r in Rebill.objects.filter(bill__account=account)}
    bills = Bill.objects.filter(account=account, status=BillStatus.POSTED).select_related("period").order_by("pk")
    facts: dict[str, Any] = {"statement_date": statement_date.isoformat(), "bills": [], "penalties": [],
                             "payments": [], "relevied": []}  # fmt: skip
    if cutoff is not None:
        facts["cutoff"] = cutoff.isoformat()
    credit = unapplied_credit(account, until=statement_date)
    if credit:
        facts["credit"] = format(credit, "f")
    entries = LedgerEntry.objects.filter(bill__in=bills).order_by("posted_on", "pk")
    by_bill: dict[int, list[LedgerEntry]] = {}
    for entry in entries:
        by_bill.setdefault(entry.bill_id or 0, []).append(entry)
    for bill in bills:
        rebill = rebills.get(bill.pk)
        penalty_date = rebill.penalty_date if rebill else dates.get(bill.period_id)
        if penalty_date is None:
            continue
        mine = by_bill.get(bill.pk, [])
        key = str(bill.pk)
        charge = sum((e.amount for e in mine if e.kind in SEWER and e.posted_on <= statement_date), Decimal("0.00"))
        other = sum((e.amount for e in mine if e.kind == LedgerKind.PENDING_CHARGE and e.posted_on <= statement_date),
                    Decimal("0.00"))  # fmt: skip
        facts["bills"].append({"key": key, "posted_on": (rebill.bill_date if rebill else bill.period.bill_date)
                               .isoformat(), "penalty_date": penalty_date.isoformat(), "charge": format(max(charge, 0),
                               "f"), "other_charges": format(max(other, 0), "f")})  # fmt: skip
        for e in mine:
            part = e.source_key.rsplit(":", 1)[-1]
            if e.kind == LedgerKind.PENALTY:
                added = e.posted_on.isoformat()
                facts["penalties"].append({"bill": key, "added_on": added, "amount": format(e.amount, "f")})
            elif e.kind in PAID and part in ("penalty", "charge"):
                facts["payments"].append({"bill": key, "on": e.posted_on.isoformat(), "part": part,
                                          "amount": format(-e.amount, "f")})  # fmt: skip
            elif e.kind == LedgerKind.RELEVY_TRANSFER and part in ("penalty", "charge"):
                facts["relevied"].append({"bill": key, "on": e.posted_on.isoformat(), "part": part,
                                          "amount": format(-e.amount, "f")})  # fmt: skip
    return facts


def relevy_decision(account: Any, statement_date: dt.date, cutoff: dt.date | None = None) -> Decision:
    """The topic's Decision for ``account`` on ``statement_date``, with the parameters in force (and recorded
    resolutions), through core's determination runner."""
    return run_determination("relevy", relevy_facts(account, statement_date, cutoff), as_of=statement_date)
