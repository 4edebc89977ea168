"""A bill printed again at the window (issue 38, item 7): the bill as it was sent, and what happened to it since,
as of the day of the reprint: each receipt set against it (net of a reversal), the late penalty if one was added,
what the tax roll took if it was relevied, and what is left to pay. The mailing never prints this part."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.owed import ZERO, bills_owed
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.core.documents.wording import money, spoken_date


def since_the_bill(bill: Bill, as_of: dt.date) -> dict[str, Any] | None:
    """What the reprint adds (see the module); None for a bill the ledger does not carry (a draft, a void)."""
    owed = next((b for b in bills_owed(bill.account, on=as_of) if b.bill.pk == bill.pk), None)
    if owed is None:
        return None
    paid: dict[str, dict[str, Any]] = {}
    entries = LedgerEntry.objects.filter(bill=bill, kind__in=(LedgerKind.PAYMENT, LedgerKind.REVERSAL),
                                         posted_on__lte=as_of)  # fmt: skip
    for e in entries.order_by("posted_on", "id"):
        receipt = e.source_key.split(":")[1] if ":" in e.source_key else e.source_key
        row = paid.setdefault(receipt, {"receipt": receipt, "on": e.posted_on, "cents": ZERO})
        row["cents"] -= e.amount  # a payment is a credit on the ledger; its reversal takes it back
    payments = [{**r, "on": spoken_date(r["on"]), "amount": money(r["cents"])} for r in paid.values() if r["cents"]]
    left: Decimal = owed.balance
    return {
        "as_of": spoken_date(as_of),
        "payments": payments,
        "penalty": money(owed.penalty) if owed.penalty else "",
        "relevied": money(owed.relevied) if owed.relevied else "",
        "roll_year": owed.roll_year,
        "left": money(max(left, ZERO)),
        "paid_in_full": left <= 0,
    }
