"""The clerk's papers, on the Town's letterhead (``core.documents``): the deposit slip (every item, totals by kind
and by fund, the cash counted), the month's turnover to the Supervisor with the clerk's signature line, and the
letter to the payer of a returned check."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sewerworks.billing.cash.deposits import closed_lines, summarise
from sewerworks.billing.cash.turnover import MonthView
from sewerworks.billing.models import Deposit, ReturnedCheck
from sewerworks.core.documents.render import render_document
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import person
from sewerworks.registry.models import Ownership


def deposit_context(deposit: Deposit) -> dict[str, Any]:
    return {
        "town": town(),
        "deposit": deposit,
        "number": f"Deposit {deposit.number}",
        "title": "Deposit slip",
        "view": summarise(deposit.day, closed_lines(deposit)),
        "closed_by": person(deposit.closed_by),
    }


def deposit_slip_pdf(deposit: Deposit) -> bytes:
    return bytes(render_document("billing/documents/deposit_slip.html", deposit_context(deposit)).write_pdf())


def turnover_pdf(view: MonthView) -> bytes:
    context = {
        "town": town(),
        "view": view,
        "number": f"Turnover {view.month:%Y-%m}",
        "title": f"Moneys turned over to the Supervisor, {view.month:%B %Y}",
        "signed_by": person(view.closed.closed_by) if view.closed else "",
    }
    return bytes(render_document("billing/documents/turnover.html", context).write_pdf())


def payer_of(returned: ReturnedCheck) -> str:
    """Whom the letter goes to: the payer named on the receipt, else the parcel's owners on the day paid."""
    payment = returned.payment
    if payment.payer:
        return payment.payer
    day = payment.received_on
    owners = Ownership.objects.filter(parcel_id=payment.parcel_id).exclude(start__gt=day).exclude(end__lt=day)
    names = list(owners.order_by("owner__name").values_list("owner__name", flat=True))
    return " and ".join(names) or "The owner"


def returned_check_context(returned: ReturnedCheck, today: dt.date) -> dict[str, Any]:
    payment = returned.payment
    return {
        "town": town(),
        "returned": returned,
        "payment": payment,
        "payer": payer_of(returned),
        "number": f"Returned check {payment.receipt_number}",
        "title": "Your check was returned by the bank",
        "today": today,
        "signed_by": person(returned.recorded_by),
    }


def returned_check_letter(returned: ReturnedCheck, today: dt.date) -> bytes:
    context = returned_check_context(returned, today)
    return bytes(render_document("billing/documents/returned_check.html", context).write_pdf())
