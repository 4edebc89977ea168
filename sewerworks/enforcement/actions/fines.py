"""Posting the §118-5 abandonment fine (I-21): when the violation is corrected, or earlier when the
Superintendent posts it, its final amount becomes a pending charge (core) billing posts to the ledger."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.charges import add_pending_charge
from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.actions.common import decide, not_in_future
from sewerworks.enforcement.fines import billing_account, refresh_fine
from sewerworks.enforcement.models import AbandonmentFine
from sewerworks.ordinance.s118_5_abandonment_fine import SECTION

__all__ = ["do_post_fine", "post_fine"]


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
