"""Billing's steps of the daily sweep (``enforcement.sweep``): the §118-53 late penalties (I-25)."""

from __future__ import annotations

from sewerworks.billing.penalties.sweep import apply_late_penalties
from sewerworks.enforcement.sweep import SweepContext, sweep_step


@sweep_step("late-penalties", order=110)
def late_penalties(ctx: SweepContext) -> None:
    """The day after a bill's penalty date, a bill that owed anything at the end of it gets its one 10%
    penalty (§118-53, I-25). Decided by the ledger as found, so a second sweep on the day adds nothing."""
    added, refused = apply_late_penalties(ctx.as_of, run=f"sweep-{ctx.as_of.isoformat()}", now=ctx.now)
    ctx.count("late_penalties", added)
    ctx.count("late_penalty_periods_refused", len(refused))


@sweep_step("pending-charges", order=105)
def pending_charges(ctx: SweepContext) -> None:
    """Other programs' charges of a kind billed at once go on the ledger (``billing.pending.posting``, I-111); a
    charge with no single open account to bill stays pending (I-91)."""
    from sewerworks.billing.pending.posting import post_at_once

    posted, left = post_at_once(ctx.as_of, run=f"sweep-{ctx.as_of.isoformat()}")
    ctx.count("pending_charges_posted", posted)
    ctx.count("pending_charges_left", left)
