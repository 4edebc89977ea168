"""The mailing order of a period's bills: by mailing route, or by service address.

By route: the accounts with a mailing route (``SewerAccount.mailing_route``, the reader's route or book)
first, route by route, each by street and house number; then the accounts with none, by street and
number (the order a reader walks a street). By address: street, then house number ("12" before "12A"
before "102"), then account number. Held bills are never mailed (I-61) and void bills never printed;
a posted period prints its posted bills (but those posting sent by e-mail to a paperless owner, I-163), a
draft period its drafts as proofs.
"""

from __future__ import annotations

import re
from typing import Any

from sewerworks.billing.choices import Basis, BillStatus
from sewerworks.billing.models import Bill, BillingPeriod, MailingOrder

_NUMBER = re.compile(r"^\s*(\d+)(.*)$")


def house_number(text: str) -> tuple[int, str]:
    """ "12A" → (12, "a"): numbers in numeric order; a number-less address after every numbered one."""
    found = _NUMBER.match(text or "")
    if not found:
        return (10**9, (text or "").strip().lower())
    return (int(found.group(1)), found.group(2).strip().lower())


def _address_key(row: tuple[Any, ...]) -> tuple[Any, ...]:
    _pk, _route, street, number, account = row
    return ((street or "").strip().lower(), house_number(number), account)


def _route_key(row: tuple[Any, ...]) -> tuple[Any, ...]:
    route = (row[1] or "").strip().upper()
    return (0 if route else 1, route, *_address_key(row))


def printable(period: BillingPeriod) -> Any:
    """The bills of ``period`` that go in the mailing (posted ones, or drafts as proofs of a draft period)."""
    bills = Bill.objects.filter(period=period).exclude(status=BillStatus.VOID).exclude(basis=Basis.HELD)
    if period.status == "posted":  # a paperless owner's bill went by e-mail instead (I-163)
        bills = bills.filter(status=BillStatus.POSTED, emailed_at__isnull=True)
    return bills


def mailing_ids(period: BillingPeriod, order: str) -> list[int]:
    """The ids of the period's printable bills in mailing order (``route`` or ``address``)."""
    if order not in MailingOrder.values:
        raise ValueError(f"order must be one of {', '.join(MailingOrder.values)}, not {order!r}")
    rows = printable(period).values_list(
        "pk", "account__mailing_route", "parcel__street_name", "parcel__street_number", "account__account_number"
    )
    key = _route_key if order == MailingOrder.ROUTE else _address_key
    return [row[0] for row in sorted(rows, key=key)]
