"""The life of a violation and of a deadline, declared as data (``core.records.pipelines``).

    open → noticed → corrected → closed
    noticed → escalated → referred to court → closed

Every move is checked against its transitions and written as a history row (who, when, why); a violation's
moves are also its :class:`StatusChange` rows.
"""

from __future__ import annotations

from sewerworks.core.records.pipelines import InvalidTransition, Pipeline
from sewerworks.enforcement.choices import DeadlineStatus

__all__ = ["DEADLINE", "VIOLATION", "InvalidTransition", "check"]

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


VIOLATION = Pipeline("a violation", STATUSES, TRANSITIONS)

# A deadline (I-57): open until met or passed; a passed one can still be met (late, its overdue_since kept);
# met and cancelled are final.
DEADLINE = Pipeline(
    "a deadline",
    dict(DeadlineStatus.choices),
    {
        DeadlineStatus.OPEN: {
            DeadlineStatus.MET: "met in time",
            DeadlineStatus.OVERDUE: "passed without being met (the daily sweep)",
            DeadlineStatus.CANCELLED: "cancelled: no longer owed",
        },
        DeadlineStatus.OVERDUE: {
            DeadlineStatus.MET: "met late",
            DeadlineStatus.CANCELLED: "cancelled: no longer owed",
        },
        DeadlineStatus.MET: {},
        DeadlineStatus.CANCELLED: {},
    },
)


def check(current: str, target: str) -> str:
    """The meaning of the violation's move ``current`` → ``target``; raises :class:`InvalidTransition`."""
    return VIOLATION.check(current, target)
