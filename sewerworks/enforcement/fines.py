"""The §118-5 abandonment fine as it accrues (I-21), computed by the ordinance rule from its dates, and
its posting: when the violation is corrected, or earlier when the Superintendent posts it, the final
amount becomes a pending charge (core) that billing posts to the account's ledger: the posting is the
action ``enforcement.actions.do_post_fine``.

The amount is always recomputed from (notified on, corrected on or the day evaluated), never added to,
so the daily sweep can run twice or overlap without changing it, and the figure equals the
``abandonment-fine`` determination for the same dates.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.models import AbandonmentFine
from sewerworks.ordinance.parameters import ParameterSet
from sewerworks.ordinance.s118_5_abandonment_fine import abandonment_fine
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
    """Recompute and save the fine to date; True if it changed.

    A fine still running is never wound back: evaluated on a day before the one a later run computed it
    through (a sweep "as of" a past day, catching up a missed day), it stays as it stands. Only a
    correction sets it to an earlier day: the day the violation ended."""
    if fine.corrected_on is None and fine.computed_through is not None and as_of < fine.computed_through:
        return False
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
