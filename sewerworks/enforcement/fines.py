"""The §118-5 abandonment fine as it accrues (I-21), computed by the ordinance rule from its dates.

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

from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.actions.common import decide, require
from sewerworks.enforcement.models import AbandonmentFine
from sewerworks.ordinance.parameters import ParameterSet
from sewerworks.ordinance.s118_5_abandonment_fine import abandonment_fine


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


def do_post_fine(fine: AbandonmentFine, *, posted_on: dt.date, acting_user: Any) -> AbandonmentFine:
    """The Superintendent posts the fine to the account's ledger (I-21): the amount is fixed as of that day
    and the determination is kept with the violation. Billing picks posted fines up."""
    require(acting_user, "enforcement.post_fine", "post a fine to the ledger")
    with transaction.atomic():
        fine = AbandonmentFine.objects.select_for_update().get(pk=fine.pk)
        if fine.posted_on:
            raise ValidationError({"posted_on": f"This fine was already posted on {fine.posted_on}."})
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
        fine.posted_on = posted_on
        fine._history_user = acting_user  # type: ignore[attr-defined]
        fine.save(update_fields=["posted_on"])
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_post_fine",
            subject=str(fine.violation),
            rows=1,
            detail={"amount": str(fine.amount), "days": fine.days},
        )
        return fine
