"""What serving a notice starts, one handler per kind of notice (``CLOCKS``: kind → handler).

Each handler asks the ordinance for the time limit (a stored Decision) and opens its deadline the one way
every deadline is opened (:func:`open_from_decision` → ``do_open_deadline``), then moves what the notice
moves: the connections notified, the violation named (noticed, escalated, referred). A kind with no
handler (a damage report) starts no clock. A program adds its notice kind with ``@clock(kind)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sewerworks.core.models import StoredDecision
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions.common import decide
from sewerworks.enforcement.actions.deadlines import do_open_deadline
from sewerworks.enforcement.actions.followups import close_follow_ups
from sewerworks.enforcement.actions.violations import move
from sewerworks.enforcement.choices import DeadlineKind, NoticeKind, Program
from sewerworks.enforcement.models import AbandonmentFine, Deadline, Notice
from sewerworks.ordinance.decision import Decision

__all__ = ["CLOCKS", "clock", "open_from_decision", "start_clock"]

Handler = Callable[[Notice, Any], None]
CLOCKS: dict[str, Handler] = {}


def clock(kind: str) -> Callable[[Handler], Handler]:
    """Register ``fn(notice, acting_user)`` as what serving a notice of ``kind`` starts."""

    def register(fn: Handler) -> Handler:
        CLOCKS[kind] = fn
        return fn

    return register


def start_clock(notice: Notice, acting_user: Any) -> None:
    """Run the handler of ``notice``'s kind (the notice was just served)."""
    handler = CLOCKS.get(notice.kind)
    if handler is not None:
        handler(notice, acting_user)


def open_from_decision(
    notice: Notice,
    decided: tuple[Decision, StoredDecision],
    key: str,
    program: str,
    kind: str,
    section: str,
    title: str,
    acting_user: Any,
) -> Deadline:
    """Open the deadline the decision set under stable ``key``, on the notice's property, as served."""
    decision, stored = decided
    due = decision.deadline_for(key)
    return do_open_deadline(
        program=program,
        kind=kind,
        section=section,
        title=title,
        subject=notice.parcel,
        notice=notice,
        decision=stored,
        due_on=due.due if due.due_at is None else None,
        due_at=due.due_at,
        acting_user=acting_user,
        why=f"{notice.get_kind_display()} {notice.number} served",
    )


def notice_violation(notice: Notice, acting_user: Any) -> None:
    """The violation a notice names is noticed once a written notice of it is served (§118-47)."""
    violation = notice.violation
    if violation is not None and violation.status == pipeline.OPEN:
        served = notice.served_at or notice.served_on
        move(violation, pipeline.NOTICED, why=f"Notice {notice.number} served", acting_user=acting_user,
             occurred_at=served)  # fmt: skip


@clock(NoticeKind.NOTICE_TO_CONNECT)
def _notice_to_connect(notice: Notice, acting_user: Any) -> None:
    from sewerworks.enforcement.actions.connection import mark_notified

    served_on = notice.served_on
    assert served_on is not None
    decided = decide(
        "connection-deadlines",
        {"notice_served_on": served_on.isoformat()},
        as_of=served_on,
        subject=notice.parcel,
        acting_user=acting_user,
    )
    open_from_decision(
        notice,
        decided,
        "connect",
        program=Program.CONNECTION,
        kind=DeadlineKind.CONNECT,
        section="118-5",
        title=f"Connect {notice.parcel.address or notice.parcel} to the public sewer",
        acting_user=acting_user,
    )
    mark_notified(notice.parcel, served_on, why=f"Notice {notice.number} served", acting_user=acting_user)


@clock(NoticeKind.NOTICE_OF_VIOLATION)
def _notice_of_violation(notice: Notice, acting_user: Any) -> None:
    served_on = notice.served_on
    assert served_on is not None
    facts: dict[str, Any] = {"kind": "notice_of_violation", "served_on": served_on.isoformat()}
    if notice.correction_hours:  # a limit in hours runs from the moment of service (I-20, I-36)
        assert notice.served_at is not None
        facts["correction_hours"] = notice.correction_hours
        facts["served_at"] = notice.served_at.isoformat()
    elif notice.correction_days:
        facts["correction_days"] = notice.correction_days
    decided = decide("notice-deadline", facts, as_of=served_on, subject=notice.parcel, acting_user=acting_user)
    open_from_decision(
        notice,
        decided,
        "correct",
        program=notice.violation.program if notice.violation else Program.GENERAL,
        kind=DeadlineKind.CORRECT,
        section=notice.section,
        title=f"Correct: {notice.facts[:150]}",
        acting_user=acting_user,
    )
    violation = notice.violation
    if violation is not None:
        notice_violation(notice, acting_user)
        source = violation.source_deadline
        if source is not None and source.kind == DeadlineKind.ABANDON:
            # I-21: the §118-5 daily fine runs from the notification of the violation
            AbandonmentFine.objects.get_or_create(violation=violation, defaults={"notified_on": served_on})
        close_follow_ups(violation, ("serve_notice_of_violation",), served_on)


@clock(NoticeKind.PUMP_OUT_ORDER)
def _pump_out_order(notice: Notice, acting_user: Any) -> None:
    assert notice.served_at is not None and notice.served_on is not None
    decided = decide(
        "notice-deadline",
        {"kind": "pump_out_order", "served_at": notice.served_at.isoformat()},
        as_of=notice.served_on,
        subject=notice.parcel,
        acting_user=acting_user,
    )
    open_from_decision(
        notice,
        decided,
        "pump_out",
        program=Program.GREASE,
        kind=DeadlineKind.PUMP_OUT,
        section="118-38",
        title="Pump out the grease interceptor and call for reinspection",
        acting_user=acting_user,
    )
    # I-56: the order is the written notice of the §118-38 violation it names; missed, it escalates that one.
    notice_violation(notice, acting_user)


@clock(NoticeKind.APPEARANCE_TICKET)
def _appearance_ticket(notice: Notice, acting_user: Any) -> None:
    violation = notice.violation
    if violation is None:
        return
    assert notice.served_on is not None
    served = notice.served_at or notice.served_on
    if violation.status == pipeline.NOTICED:
        move(violation, pipeline.ESCALATED, why="Appearance ticket issued", acting_user=acting_user,
             occurred_at=notice.issued_on)  # fmt: skip
    if violation.status == pipeline.ESCALATED:
        move(violation, pipeline.REFERRED, why=f"Appearance ticket {notice.number} served", acting_user=acting_user,
             occurred_at=served)  # fmt: skip
    close_follow_ups(violation, ("appearance_ticket",), notice.served_on)
