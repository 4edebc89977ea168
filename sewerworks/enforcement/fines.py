"""The §118-5 abandonment fine as it accrues (I-21), computed by the ordinance rule from its dates, and
its posting: when the violation is corrected, or earlier when the Superintendent posts it, the final
amount becomes a pending charge (core) that billing posts to the account's ledger.

The amount is always recomputed from (notified on, corrected on or the day evaluated), never added to,
so the daily sweep can run twice or overlap without changing it, and the figure equals the
``abandonment-fine`` determination for the same dates.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.charges import add_pending_charge
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.actions.common import decide, not_in_future, require
from sewerworks.enforcement.models import AbandonmentFine
from sewerworks.ordinance.parameters import ParameterSet
from sewerworks.ordinance.s118_5_abandonment_fine import SECTION, abandonment_fine
from sewerworks.registry.models import Parcel, SewerAccount


def fine_as_of(fine: AbandonmentFine, as_of: dt.date, params: ParameterSet | None = None) -> tuple[Decimal, int]:
    """(amount, days in violation) for ``fine`` evaluated on ``as_of`` (or its correction date)."""
    until = fine.corrected_on or as_of
    if until < fine.notified_on:
        return Decimal("0.00"), 0
    view = (params or current_parameters()).at(until)
    total, _breakdown = abandonment_fine(fine.notified_on, until, view)
    return total, (until - fine.notified_on).days


def refresh_fine(fine: AbandonmentFine, *, as_of: dt.date, params: ParameterSet | None = None) -> bool:
    """Recompute and save the fine to date; True if it changed."""
    amount, days = fine_as_of(fine, as_of, params)
    through = fine.corrected_on or as_of
    if (fine.amount, fine.days, fine.computed_through) == (amount, days, through):
        return False
    fine.amount, fine.days, fine.computed_through = amount, days, through
    fine.save(update_fields=["amount", "days", "computed_through", "corrected_on"])
    return True


def billing_account(parcel: Parcel) -> SewerAccount | None:
    """The account a charge to ``parcel`` is billed to: its only open sewer account; with none or several,
    none is named and billing chooses."""
    accounts = list(parcel.accounts.filter(closed_on__isnull=True)[:2])
    return accounts[0] if len(accounts) == 1 else None


def post_fine(fine: AbandonmentFine, *, posted_on: dt.date, acting_user: Any) -> AbandonmentFine:
    """Post the fine (I-21): fix its amount as of ``posted_on`` (or its correction), keep the determination
    with the violation, and write the pending charge of that amount for billing. Nothing to post (a fine of
    $0.00) leaves it unposted; a posted fine is returned unchanged. The caller checked the role and holds
    the transaction (the correction of the violation, or the Superintendent's :func:`do_post_fine`)."""
    if fine.posted_on is not None:
        return fine
    until = fine.corrected_on or posted_on
    decide(
        "abandonment-fine",
        {
            "notified_on": fine.notified_on.isoformat(),
            "corrected_on": fine.corrected_on.isoformat() if fine.corrected_on else None,
        },
        as_of=until,
        subject=fine.violation,
        acting_user=acting_user,
    )
    refresh_fine(fine, as_of=posted_on)
    if fine.amount <= 0:
        return fine
    violation = fine.violation
    fine.pending_charge = add_pending_charge(
        source_key=fine.source_key,
        parcel=violation.parcel,
        account=billing_account(violation.parcel),
        amount=fine.amount,
        section=SECTION,
        description=f"Fine for failing to abandon a private system in time (§118-5): {fine.days} days "
        f"from the notification of {fine.notified_on:%B} {fine.notified_on.day}, {fine.notified_on.year}",
        program=violation.program,
        kind="abandonment_fine",
        incurred_on=posted_on,
        acting_user=acting_user,
    )
    fine.posted_on = posted_on
    fine._history_user = acting_user  # type: ignore[attr-defined]
    fine._change_reason = f"Posted: ${fine.amount:,}"  # type: ignore[attr-defined]
    fine.save(update_fields=["posted_on", "pending_charge"])
    AuditEvent.objects.create(
        actor=acting_user,
        action="post_fine",
        subject=str(violation),
        rows=1,
        detail={"amount": str(fine.amount), "days": fine.days, "pending_charge": fine.pending_charge.pk},
    )
    return fine


def do_post_fine(fine: AbandonmentFine, *, posted_on: dt.date, acting_user: Any) -> AbandonmentFine:
    """The Superintendent posts the fine before the violation is corrected (I-21): the amount is fixed as of
    that day and becomes a pending charge; a later correction does not change it."""
    require(acting_user, "enforcement.post_fine", "post a fine to the ledger")
    not_in_future("posted_on", posted_on, "A posting")
    with transaction.atomic():
        fine = AbandonmentFine.objects.select_for_update().select_related("violation__parcel").get(pk=fine.pk)
        if fine.posted_on:
            raise ValidationError({"posted_on": f"This fine was already posted on {fine.posted_on}."})
        if posted_on < fine.notified_on:
            raise ValidationError(
                {"posted_on": f"A fine cannot be posted before the notification was served ({fine.notified_on})."}
            )
        post_fine(fine, posted_on=posted_on, acting_user=acting_user)
        if fine.posted_on is None:
            raise ValidationError({"posted_on": f"No fine has accrued by {posted_on}: there is nothing to post."})
        return fine
