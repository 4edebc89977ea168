"""The life of a billing period, declared as data.

    draft → reviewed → posted
    reviewed → draft (returned for a new run)

A draft is computed (and recomputed) by the bill run and is invisible to the ledger; a person reviews
it, exceptions first; posting writes its bills to the ledger once. A posted period never moves again.
Every move is checked against ``TRANSITIONS`` and written as a :class:`PeriodStatusChange`.
"""

from __future__ import annotations

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


class InvalidTransition(ValueError):
    """A move the pipeline does not allow."""


def check(current: str, target: str) -> str:
    """The meaning of the move ``current`` → ``target``; raises :class:`InvalidTransition` if not allowed."""
    allowed = TRANSITIONS.get(current)
    if allowed is None:
        raise InvalidTransition(f"Unknown status {current!r}.")
    if target not in allowed:
        options = ", ".join(STATUSES[s] for s in allowed) or "none (a posted period is final)"
        raise InvalidTransition(
            f"A billing period that is {STATUSES[current].lower()} cannot become "
            f"{STATUSES.get(target, target).lower()}; allowed: {options}."
        )
    return allowed[target]
