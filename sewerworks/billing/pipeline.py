"""The life of a billing period, declared as data.

    draft → reviewed → posting → posted
    reviewed → draft (returned for a new run)

A draft is computed (and recomputed) by the bill run and is invisible to the ledger; a person reviews
it, exceptions first; posting writes its bills to the ledger once, in chunks of accounts, each its own
short transaction (I-108): while it lasts the period is "posting", each bill part of the ledger from the
moment its chunk commits; a posting that stopped (a crash) is finished by posting again, which posts only
what is left. The period becomes posted when every bill is. A posted period never moves again.
Every move is checked by core's :class:`~sewerworks.core.records.pipelines.Pipeline` and written as a
:class:`PeriodStatusChange`.
"""

from __future__ import annotations

from django.dispatch import Signal

from sewerworks.core.records.pipelines import InvalidTransition, Pipeline

# Sent by ``do_post_period`` once a posting has put bills on the ledger (``period=``, ``acting_user=``): a higher
# app plugs in what follows a posting (the public side e-mails paperless owners their bills, I-163).
period_posted = Signal()

DRAFT = "draft"
REVIEWED = "reviewed"
POSTING = "posting"
POSTED = "posted"

STATUSES: dict[str, str] = {
    DRAFT: "Draft",
    REVIEWED: "Reviewed",
    POSTING: "Posting",
    POSTED: "Posted",
}

# from -> {to: what the move means}
TRANSITIONS: dict[str, dict[str, str]] = {
    DRAFT: {REVIEWED: "draft bills reviewed, exceptions first"},
    REVIEWED: {
        POSTING: "posting to the ledger began, chunk by chunk (I-108)",
        DRAFT: "returned to draft: the bill run computes it again",
    },
    # I-108: a posting is never undone half way; it is finished (posting again posts what is left).
    POSTING: {POSTED: "bills posted to the ledger (§118-51)"},
    POSTED: {},
}


# The one pipeline helper of core checks every move and names the allowed ones in its refusal.
PERIOD = Pipeline(noun="a billing period", statuses=STATUSES, transitions=TRANSITIONS)
check = PERIOD.check

__all__ = ["DRAFT", "POSTED", "POSTING", "REVIEWED", "STATUSES", "TRANSITIONS", "InvalidTransition", "PERIOD", "check"]
