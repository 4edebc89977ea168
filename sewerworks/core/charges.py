"""Pending charges: the actions that write them (any program) and mark them billed (billing).

A program's own ``do_*`` action that has already checked its role (recording a §118-47 charge, posting a
§118-5 fine) calls :func:`add_pending_charge` inside its transaction; a person adding a charge directly goes
through :func:`do_add_pending_charge`, which checks ``core.add_pending_charge``. Both are idempotent by
source key: the same source twice returns the charge first written, unchanged. Every write leaves a
history row naming the user.

How billing posts each kind is declared by the program that writes it (:func:`register_charge_kind`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.models import PendingCharge
from sewerworks.core.text import has_nul
from sewerworks.ordinance.chapter import catalogue


def _section(value: str) -> str:
    try:
        return catalogue.normalise_number(value.replace("§", "").strip())
    except (KeyError, ValueError):
        return value


def add_pending_charge(
    *,
    source_key: str,
    parcel: Any,
    amount: Decimal,
    section: str,
    description: str,
    program: str,
    kind: str,
    incurred_on: dt.date,
    account: Any = None,
    acting_user: Any,
) -> PendingCharge:
    """Write the pending charge for ``source_key`` once (the caller has checked its own role).

    If a charge from this source exists it is returned unchanged, whatever the other arguments say: the
    source's first charge stands (a changed amount is a new source, e.g. an adjustment). Bad values are a
    ValidationError naming the field.
    """
    existing = PendingCharge.objects.filter(source_key=source_key).first()
    if existing is not None:
        return existing
    charge = PendingCharge(
        source_key=source_key,
        parcel=parcel,
        account=account,
        amount=amount,
        section=_section(section),
        description=description,
        program=program,
        kind=kind,
        incurred_on=incurred_on,
        created_by=acting_user,
    )
    charge.full_clean(validate_constraints=False)
    charge._history_user = acting_user  # type: ignore[attr-defined]
    try:
        with transaction.atomic():
            charge.save()
    except IntegrityError:
        # Written by a concurrent call between our look and our insert: the first one stands.
        existing = PendingCharge.objects.filter(source_key=source_key).first()
        if existing is None:
            raise
        return existing
    return charge


def do_add_pending_charge(*, acting_user: Any, **fields: Any) -> PendingCharge:
    """A person (the clerk, the Superintendent) adds a pending charge; see :func:`add_pending_charge`."""
    require(acting_user, "core.add_pending_charge", "add a charge for billing")
    with transaction.atomic():
        return add_pending_charge(acting_user=acting_user, **fields)


@dataclass(frozen=True)
class ChargeKind:
    """How billing posts a kind of pending charge; the program that writes the kind declares it once
    (``register_charge_kind`` in its ``charges`` module), so a new kind needs no edit in billing.

    ``rides_on_next_bill``: posted with the account's next posted bill (it names the bill and is owed and
    paid with it); otherwise billed at once, on the day billing next posts pending charges (the daily
    sweep). ``paid_when_incurred``: the program took the money when the charge arose (a fee paid at
    filing): billing posts the charge and its payment together, so it is on the ledger and owed by no one
    (I-111)."""

    kind: str
    ledger_kind: str
    section: str
    rides_on_next_bill: bool
    paid_when_incurred: bool = False
    label: str = ""


CHARGE_KINDS: dict[str, ChargeKind] = {}


def register_charge_kind(
    kind: str,
    *,
    ledger_kind: str,
    section: str,
    rides_on_next_bill: bool,
    paid_when_incurred: bool = False,
    label: str = "",
) -> ChargeKind:
    """Declare how billing posts pending charges of ``kind`` (see :class:`ChargeKind`); once per kind."""
    declared = ChargeKind(kind, ledger_kind, _section(section), rides_on_next_bill, paid_when_incurred, label)
    if kind in CHARGE_KINDS and CHARGE_KINDS[kind] != declared:
        raise ValueError(f"pending-charge kind {kind!r} is declared twice, differently")
    if paid_when_incurred and rides_on_next_bill:
        raise ValueError(f"pending-charge kind {kind!r}: a charge paid when incurred is not carried to a bill")
    CHARGE_KINDS[kind] = declared
    return declared


def mark_charge_billed(
    charge: PendingCharge, *, billed_on: dt.date, billing_reference: str, acting_user: Any
) -> PendingCharge:
    """:func:`do_mark_charge_billed` for billing's own posting, which has checked its role (or is the
    daily sweep, with no user)."""
    with transaction.atomic():
        return _mark(charge, billed_on=billed_on, billing_reference=billing_reference, acting_user=acting_user)


def do_mark_charge_billed(
    charge: PendingCharge, *, billed_on: dt.date, billing_reference: str, acting_user: Any
) -> PendingCharge:
    """Billing posted the charge (to a bill or the account's ledger) on ``billed_on``: it is no longer
    pending. A charge is billed once: a second time is refused, naming when and where it was billed."""
    require(acting_user, "core.bill_pending_charge", "mark a charge billed")
    return _mark(charge, billed_on=billed_on, billing_reference=billing_reference, acting_user=acting_user)


def _mark(charge: PendingCharge, *, billed_on: dt.date, billing_reference: str, acting_user: Any) -> PendingCharge:
    reference = (billing_reference or "").strip()
    if not reference:
        raise ValidationError({"billing_reference": "Name the bill or ledger entry the charge was posted to."})
    if len(reference) > 60 or has_nul(reference):
        raise ValidationError({"billing_reference": "At most 60 characters, and no NUL character."})
    with transaction.atomic():
        locked = PendingCharge.objects.select_for_update().get(pk=charge.pk)
        if locked.billed_on is not None:
            raise ValidationError(
                {"billed_on": f"This charge was already billed on {locked.billed_on} ({locked.billing_reference})."}
            )
        if billed_on < locked.incurred_on:
            raise ValidationError(
                {"billed_on": f"A charge cannot be billed before it was incurred ({locked.incurred_on})."}
            )
        locked.billed_on, locked.billing_reference = billed_on, reference
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked._change_reason = f"Billed: {reference}"  # type: ignore[attr-defined]
        locked.save(update_fields=["billed_on", "billing_reference"])
        return locked
