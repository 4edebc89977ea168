"""Pending charges: the actions that write them (any program) and mark them billed (billing).

A program's own ``do_*`` action that has already checked its role (recording a §118-47 charge, posting a
§118-5 fine) calls :func:`add_pending_charge` inside its transaction; a person adding a charge directly goes
through :func:`do_add_pending_charge`, which checks ``core.add_pending_charge``. Both are idempotent by
source key: the same source twice returns the charge first written, unchanged. Every write leaves a
history row naming the user.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from sewerworks.core.models import PendingCharge
from sewerworks.core.permissions import require
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


def do_mark_charge_billed(
    charge: PendingCharge, *, billed_on: dt.date, billing_reference: str, acting_user: Any
) -> PendingCharge:
    """Billing posted the charge (to a bill or the account's ledger) on ``billed_on``: it is no longer
    pending. A charge is billed once: a second time is refused, naming when and where it was billed."""
    require(acting_user, "core.bill_pending_charge", "mark a charge billed")
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
