"""§118-47 Penalties for offenses (the written notice), and the §118-38 72-hour order.

§118-47: "Any person found to be violating any provision of this chapter shall be served by the town
with written notice stating the nature of the violation and providing a reasonable time limit for the
satisfactory correction thereof. The offender shall, within the period of time stated in such notice,
permanently cease all violations."

§118-38 (Inspection): "... the owner of the facility will be given 72 hours from the time of the
inspection to have a licensed contract hauler pump out and properly dispose of the contents."

The clock starts when the notice is served. A notice of violation states its limit in days or in hours
(a maintenance noncompliance at a grease interceptor gets 72 hours, I-36). A time limit in days ends at
the end of the calendar day (service + N), moved to the next business day when it falls on a weekend or
New York holiday (I-20); a limit in hours runs in elapsed time from the recorded moment and is never moved (I-20).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.deadlines import due_after, due_after_hours, local_date
from sewerworks.ordinance.decision import Deadline, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

TOPIC_NAME = "notice-deadline"


class NoticeDeadlineFacts(Facts):
    """A written notice as served: its kind, when it was served and the time limit it gives."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"kind": "notice_of_violation", "served_on": "2026-03-02", "correction_days": 30}]
        },
    )

    kind: Literal["notice_of_violation", "pump_out_order"] = Field(
        description="notice_of_violation (§118-47, a limit in days) or pump_out_order (§118-38, 72 hours)."
    )
    served_on: date | None = Field(default=None, description="Date the notice was served (limits in days).")
    served_at: datetime | None = Field(
        default=None, description="Moment the notice was served or the inspection made, with its time zone (hours)."
    )
    correction_days: int | None = Field(
        default=None, ge=1, le=3650, description="Time limit stated in the notice, days (default: parameter)."
    )
    correction_hours: int | None = Field(
        default=None,
        ge=1,
        le=8760,
        description="Time limit stated in the notice, hours (e.g. 72 for a maintenance noncompliance, I-36); "
        "counted in elapsed time from served_at.",
    )

    @model_validator(mode="after")
    def _served(self) -> NoticeDeadlineFacts:
        if self.correction_days is not None and self.correction_hours is not None:
            raise ValueError("a notice states its time limit in days or in hours, not both")
        if self.kind == "pump_out_order" or self.correction_hours is not None:
            if self.served_at is None or self.served_at.tzinfo is None:
                raise ValueError("a limit in hours needs served_at: the moment of service, with its time zone")
        elif self.served_on is None:
            raise ValueError("a notice of violation needs served_on: the date it was served")
        return self


def correction_deadline_hours(facts: NoticeDeadlineFacts, view: ParameterView) -> tuple[Deadline, Finding]:
    """A time limit in hours: elapsed time from the moment of service, never moved (§118-47, I-20, I-36)."""
    assert facts.served_at is not None and facts.correction_hours is not None
    hours = facts.correction_hours
    due_at = due_after_hours(facts.served_at, hours)
    moved = view.flag("deadlines.weekend_holiday_shift")  # applies to day counts only: said, not applied
    sentence = (
        f"Served at {facts.served_at.isoformat()} with {hours} hours to correct: the violation must cease "
        f"by {due_at.isoformat()}"
        + (
            " (a limit in hours runs in elapsed time and is not moved off a weekend or holiday, I-20)."
            if moved
            else "."
        )
    )
    deadline = Deadline(
        key="correct",
        name="correct the violation",
        due=local_date(due_at),
        due_at=due_at,
        section="118-47",
        sentence=sentence,
        interpretations=["I-20"],
    )
    finding = Finding(
        section="118-47",
        requirement="time-limit",
        severity="complies",
        sentence=sentence,
        compared={"served_at": facts.served_at.isoformat(), "hours": hours, "due_at": due_at.isoformat()},
        interpretations=["I-20"],
    )
    return deadline, finding


def correction_deadline(facts: NoticeDeadlineFacts, view: ParameterView) -> tuple[Deadline, Finding]:
    """The end of the time limit stated in a notice of violation (§118-47, I-20).

    The notice states its own limit; ``enforcement.default_correction_days`` only stands in where the facts
    give none (I-47)."""
    if facts.correction_hours is not None:
        return correction_deadline_hours(facts, view)
    assert facts.served_on is not None
    days = facts.correction_days or int(view.number("enforcement.default_correction_days"))
    shift = view.flag("deadlines.weekend_holiday_shift")
    due = due_after(facts.served_on, days, shift=shift)
    moved = (
        " (moved to the next business day, I-20)"
        if shift and due != due_after(facts.served_on, days, shift=False)
        else ""
    )
    sentence = (
        f"Served on {facts.served_on.isoformat()} with {days} days to correct: the violation must cease "
        f"by the end of {due.isoformat()}{moved}."
    )
    deadline = Deadline(
        key="correct",
        name="correct the violation",
        due=due,
        section="118-47",
        sentence=sentence,
        interpretations=["I-20"],
    )
    finding = Finding(
        section="118-47",
        requirement="time-limit",
        severity="complies",
        sentence=sentence,
        compared={"served_on": facts.served_on.isoformat(), "days": days, "due": due.isoformat()},
        interpretations=["I-20"],
    )
    return deadline, finding


def pump_out_deadline(facts: NoticeDeadlineFacts, view: ParameterView) -> tuple[Deadline, Finding]:
    """72 hours from the recorded moment, in elapsed time, never moved (§118-38, I-20, I-36)."""
    assert facts.served_at is not None
    hours = int(view.number("grease.pump_out_order_hours"))
    due_at = due_after_hours(facts.served_at, hours)
    sentence = (
        f"Ordered at {facts.served_at.isoformat()}: the interceptor must be pumped out by a licensed "
        f"hauler within {hours} hours, by {due_at.isoformat()}, and a reinspection requested."
    )
    deadline = Deadline(
        key="pump_out",
        name="pump out the interceptor",
        due=due_at.date(),
        due_at=due_at,
        section="118-38",
        sentence=sentence,
        interpretations=["I-20", "I-36"],
    )
    finding = Finding(
        section="118-38",
        requirement="seventy-two-hours",
        severity="complies",
        sentence=sentence,
        compared={"served_at": facts.served_at.isoformat(), "hours": hours, "due_at": due_at.isoformat()},
        interpretations=["I-20", "I-36"],
    )
    return deadline, finding


def notice_deadline(facts: NoticeDeadlineFacts, view: ParameterView, as_of: date) -> Decision:
    if facts.kind == "pump_out_order":
        deadline, finding = pump_out_deadline(facts, view)
        outcome = "pump-out-deadline"
    else:
        deadline, finding = correction_deadline(facts, view)
        outcome = "correction-deadline"
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=deadline.sentence,
        findings=[finding],
        deadlines=[deadline],
        interpretations=deadline.interpretations,
    )


TOPIC: Topic[NoticeDeadlineFacts] = Topic(
    name=TOPIC_NAME,
    title="Time limit of a written notice (§118-47) or a 72-hour order (§118-38)",
    sections=("118-47", "118-38"),
    facts_model=NoticeDeadlineFacts,
    rule=notice_deadline,
    interpretations=("I-20",),
    examples=(
        Example(
            "A notice served 2026-03-02 with 30 days ends 2026-04-01",
            {"kind": "notice_of_violation", "served_on": "2026-03-02", "correction_days": 30},
            "correction-deadline",
            deadlines={"correct": "2026-04-01"},
        ),
        Example(
            "A maintenance notice served at 14:00 EST on 2026-03-06 with 72 hours ends 15:00 EDT on 2026-03-09",
            {"kind": "notice_of_violation", "served_at": "2026-03-06T14:00:00-05:00", "correction_hours": 72},
            "correction-deadline",
            deadlines={"correct": "2026-03-09T14:00:00-05:00"},
        ),
        Example(
            "A 72-hour order at 10:00 EST on 2026-03-06 ends 72 elapsed hours later, 11:00 EDT on 2026-03-09",
            {"kind": "pump_out_order", "served_at": "2026-03-06T10:00:00-05:00"},
            "pump-out-deadline",
            deadlines={"pump_out": "2026-03-09T10:00:00-05:00"},
        ),
    ),
)
