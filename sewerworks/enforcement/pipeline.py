"""The life of a violation, declared as data.

    open → noticed → corrected → closed
    noticed → escalated → referred to court → closed

Every move is checked against ``TRANSITIONS`` and written as a :class:`StatusChange` (who, when, why).
"""

from __future__ import annotations

OPEN = "open"
NOTICED = "noticed"
CORRECTED = "corrected"
ESCALATED = "escalated"
REFERRED = "referred"
CLOSED = "closed"

STATUSES: dict[str, str] = {
    OPEN: "Open",
    NOTICED: "Noticed (written notice served)",
    CORRECTED: "Corrected",
    ESCALATED: "Escalated (time limit passed)",
    REFERRED: "Referred to court",
    CLOSED: "Closed",
}

# from -> {to: what the move means}
TRANSITIONS: dict[str, dict[str, str]] = {
    OPEN: {
        NOTICED: "written notice served (§118-47)",
        CORRECTED: "corrected before notice",
        CLOSED: "withdrawn: no violation",
    },
    NOTICED: {CORRECTED: "corrected within the time limit", ESCALATED: "time limit passed without correction"},
    ESCALATED: {CORRECTED: "corrected after the time limit", REFERRED: "referred to court (§118-47)"},
    REFERRED: {CORRECTED: "corrected while before the court", CLOSED: "court disposition recorded"},
    CORRECTED: {CLOSED: "closed after correction"},
    CLOSED: {},
}


class InvalidTransition(ValueError):
    """A move the pipeline does not allow."""


def check(current: str, target: str) -> str:
    """The meaning of the move ``current`` → ``target``; raises :class:`InvalidTransition` if not allowed."""
    allowed = TRANSITIONS.get(current)
    if allowed is None:
        raise InvalidTransition(f"Unknown status {current!r}.")
    if target not in allowed:
        options = ", ".join(STATUSES[s] for s in allowed) or "none (the case is closed)"
        raise InvalidTransition(
            f"A violation that is {STATUSES[current].lower()} cannot become {STATUSES.get(target, target).lower()}; "
            f"allowed: {options}."
        )
    return allowed[target]
