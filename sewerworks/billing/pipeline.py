"""The life of a billing period, declared as data.

    draft → reviewed → posted
    reviewed → draft (returned for a new run)

A draft is computed (and recomputed) by the bill run and is invisible to the ledger; a person reviews
it, exceptions first; posting writes its bills to the ledger once. A posted period never moves again.
Every move is checked by core's :class:`~sewerworks.core.pipelines.Pipeline` and written as a
:class:`PeriodStatusChange`.
"""

from __future__ import annotations

from sewerworks.core.pipelines import InvalidTransition, Pipeline

DRAFT = "draft"
REVIEWED = "reviewed"
POSTED = "posted"

STATUSES: dict[str, str] = {
    DRAFT: "Draft",
    REVIEWED: "Reviewed",
    POSTED: "Posted",
}

# from -> {to: what the move means}
TRANSITIONS: dict[str, dict[str, str]] = {
    DRAFT: {REVIEWED: "draft bills reviewed, exceptions first"},
    REVIEWED: {
        POSTED: "bills posted to the ledger (§118-51)",
        DRAFT: "returned to draft: the bill run computes it again",
    },
    POSTED: {},
}


# The one pipeline helper of core checks every move and names the allowed ones in its refusal.
PERIOD = Pipeline(noun="a billing period", statuses=STATUSES, transitions=TRANSITIONS)
check = PERIOD.check

__all__ = ["DRAFT", "POSTED", "REVIEWED", "STATUSES", "TRANSITIONS", "InvalidTransition", "PERIOD", "check"]
