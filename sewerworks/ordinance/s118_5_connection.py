"""§ 118-5 and § 118-12 Connection to the public sewer; abandonment of private facilities (I-20).

    The owners of all houses, buildings or properties [...] situated within the improvement boundaries
    are hereby required, at their expense, to install suitable plumbing facilities therein and to
    connect such facilities directly with the proper public sewer [...] within 180 days after the date
    of official notice to do so, and any septic tanks, cesspools and similar private sewage disposal
    facilities shall be cleaned of sludge and liquid, abandoned and filled with suitable material within
    90 days after connection to the public sanitary sewer of the improvement.            (§ 118-5)

    At such time as a public sewer becomes available to a property served by a private sewage disposal
    system [...] a direct connection shall be made to the public sewer [...], and any septic tanks,
    cesspools and similar private sewage disposal facilities shall be cleaned of sludge and liquid,
    abandoned and filled with suitable material.                                         (§ 118-12)

I-20: "within N days after X" ends at the end of the calendar day X + N; a deadline for an act by the
public that ends on a Saturday, Sunday or New York public holiday moves to the next business day.
Notice 2026-01-01 → connect by 2026-06-30; connected 2026-03-05 → abandon by 2026-06-03; notice
2026-02-01 → connect by 2026-07-31.

Recorded dates are taken as recorded; the evaluation date (``as_of``) only decides whether a step not
yet done is overdue: it is overdue from the day after its deadline.
"""

from __future__ import annotations

from datetime import date, timedelta

from pydantic import ConfigDict, Field, model_validator

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Deadline, Decision, Finding, Severity
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

SECTION = "118-5"
TOPIC_NAME = "connection-deadlines"


def spoken(day: date) -> str:
    """A date as a clerk says it: "June 30, 2026"."""
    return f"{day:%B} {day.day}, {day.year}"


class ConnectionFacts(Facts):
    """A property inside the improvement boundaries and where it stands in connecting to the sewer."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"notice_served_on": "2026-01-01", "connected_on": "2026-03-05", "abandoned_on": None},
                {"notice_served_on": "2026-02-01"},
            ]
        },
    )

    notice_served_on: date | None = Field(
        default=None,
        description="Date the official notice to connect to the public sewer was served (none if not yet).",
        examples=["2026-01-01"],
    )
    connected_on: date | None = Field(
        default=None,
        description="Date the building was connected directly to the public sewer (none if not yet).",
        examples=["2026-03-05"],
    )
    abandoned_on: date | None = Field(
        default=None,
        description="Date the septic tank, cesspool or similar private facility was cleaned of sludge and "
        "liquid, abandoned and filled (none if not yet).",
        examples=[None, "2026-05-20"],
    )
    has_private_system: bool = Field(
        default=True,
        description="The property has a septic tank, cesspool or similar private sewage disposal facility.",
    )

    @model_validator(mode="after")
    def _abandonment_needs_a_private_system(self) -> ConnectionFacts:
        if self.abandoned_on is not None and not self.has_private_system:
            raise ValueError("abandoned_on is recorded but has_private_system is false: nothing to abandon")
        return self


def deadline(start: date, days: int, view: ParameterView, key: str, name: str, what: str) -> Deadline:
    """The last day of "within ``days`` days after ``start``", moved off a weekend or holiday (I-20)."""
    shift = view.flag("deadlines.weekend_holiday_shift")
    due = due_after(start, days, shift=shift)
    counted = start + timedelta(days=days)
    sentence = f"{what} by the end of {spoken(due)}, {days} days after {spoken(start)}"
    if due != counted:
        why = f"falls on a {counted:%A}" if counted.weekday() >= 5 else "is a New York public holiday"
        sentence += f" ({spoken(counted)} {why}, so the deadline moves to the next business day)"
    return Deadline(key=key, name=name, due=due, section=SECTION, sentence=sentence + ".", interpretations=["I-20"])


def _finding(requirement: str, severity: Severity, sentence: str, due: Deadline | None, done: date | None) -> Finding:
    return Finding(
        section=SECTION,
        requirement=requirement,
        severity=severity,
        sentence=sentence,
        compared={"due": due.due.isoformat() if due else None, "done_on": done.isoformat() if done else None},
        interpretations=["I-20"],
    )


def connection_within_180_days(
    facts: ConnectionFacts, view: ParameterView, as_of: date
) -> tuple[Finding | None, Deadline | None]:
    """Connect directly with the public sewer within 180 days after the date of official notice."""
    if facts.notice_served_on is None:
        if facts.connected_on is None:
            return None, None
        sentence = f"The building was connected to the public sewer on {spoken(facts.connected_on)}."
        return _finding("connect-to-public-sewer", "complies", sentence, None, facts.connected_on), None
    days = int(view.number("connection.days_after_notice"))
    due = deadline(facts.notice_served_on, days, view, "connect", "connect to the public sewer", "Connect")
    said = (
        f"Official notice to connect was served on {spoken(facts.notice_served_on)}; §118-5 requires "
        f"connection to the public sewer within {days} days, by {spoken(due.due)}"
    )
    done = facts.connected_on
    if done is not None:
        late = done > due.due
        verdict = f"it was connected on {spoken(done)}, " + ("after the deadline." if late else "in time.")
        severity: Severity = "fails" if late else "complies"
        return _finding("connect-to-public-sewer", severity, f"{said}; {verdict}", due, done), due
    if as_of > due.due:
        verdict = f"it was still not connected on {spoken(as_of)}, so the connection is overdue."
        return _finding("connect-to-public-sewer", "fails", f"{said}; {verdict}", due, done), due
    return None, due


def abandonment_within_90_days(
    facts: ConnectionFacts, view: ParameterView, as_of: date
) -> tuple[Finding | None, Deadline | None]:
    """Clean, abandon and fill private facilities within 90 days after connection (§118-5, §118-12)."""
    if not facts.has_private_system:
        sentence = "No septic tank, cesspool or similar private facility is recorded, so none must be abandoned."
        return _finding("abandon-private-facilities", "complies", sentence, None, None), None
    if facts.connected_on is None:
        if facts.abandoned_on is None:
            return None, None
        sentence = f"The private facility was cleaned, abandoned and filled on {spoken(facts.abandoned_on)}."
        return _finding("abandon-private-facilities", "complies", sentence, None, facts.abandoned_on), None
    days = int(view.number("connection.abandonment_days_after_connection"))
    due = deadline(
        facts.connected_on,
        days,
        view,
        "abandon",
        "abandon private facilities",
        "Clean, abandon and fill the private facility",
    )
    said = (
        f"The building was connected on {spoken(facts.connected_on)}; §118-5 requires the septic tank, "
        f"cesspool or similar private facility to be cleaned, abandoned and filled within {days} days, by "
        f"{spoken(due.due)}"
    )
    done = facts.abandoned_on
    if done is not None:
        late = done > due.due
        verdict = f"this was done on {spoken(done)}, " + ("after the deadline." if late else "in time.")
        severity: Severity = "fails" if late else "complies"
        return _finding("abandon-private-facilities", severity, f"{said}; {verdict}", due, done), due
    if as_of > due.due:
        verdict = (
            f"it was still not done on {spoken(as_of)}. Once notified of the violation the owner is fined "
            "daily until it is corrected (see the abandonment fine)."
        )
        return _finding("abandon-private-facilities", "fails", f"{said}; {verdict}", due, done), due
    return None, due


def state(
    facts: ConnectionFacts, as_of: date, connect_by: Deadline | None, abandon_by: Deadline | None
) -> tuple[str, str]:
    """The step the property is at, in the outcome's words, and what remains to be done."""
    if facts.connected_on is None:
        if connect_by is None:
            return "no-notice", "No official notice to connect has been served, so no §118-5 deadline is running."
        if as_of > connect_by.due:
            return "connection-overdue", ""
        return "awaiting-connection", f"The building must be connected to the public sewer by {spoken(connect_by.due)}."
    if abandon_by is not None and facts.abandoned_on is None:
        if as_of > abandon_by.due:
            return "abandonment-overdue", ""
        return "awaiting-abandonment", (
            f"The private facility must be cleaned, abandoned and filled by {spoken(abandon_by.due)}."
        )
    return "complete", "The building is connected to the public sewer and no private facility remains in use."


def connection_deadlines(facts: ConnectionFacts, view: ParameterView, as_of: date) -> Decision:
    """Where the property stands against the §118-5 connection and abandonment deadlines on ``as_of``."""
    connect, connect_by = connection_within_180_days(facts, view, as_of)
    abandon, abandon_by = abandonment_within_90_days(facts, view, as_of)
    findings = [f for f in (connect, abandon) if f is not None]
    outcome, summary = state(facts, as_of, connect_by, abandon_by)
    late = [f.sentence for f in findings if f.severity == "fails"]
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=" ".join(s for s in (summary, *late) if s),
        findings=findings,
        deadlines=[d for d in (connect_by, abandon_by) if d is not None],
        interpretations=["I-20"],
    )


TOPIC: Topic[ConnectionFacts] = Topic(
    name=TOPIC_NAME,
    title="Deadlines to connect to the public sewer and abandon private facilities (§118-5, §118-12)",
    sections=(SECTION, "118-12"),
    facts_model=ConnectionFacts,
    rule=connection_deadlines,
    interpretations=("I-20",),
    examples=(
        Example(
            "Notice served 2026-01-01: connect by 2026-06-30",
            {"notice_served_on": "2026-01-01"},
            "awaiting-connection",
            deadlines={"connect": "2026-06-30"},
        ),
        Example(
            "Connected 2026-03-05: clean, abandon and fill the septic tank by 2026-06-03",
            {"notice_served_on": "2026-01-01", "connected_on": "2026-03-05"},
            "awaiting-abandonment",
            deadlines={"connect": "2026-06-30", "abandon": "2026-06-03"},
        ),
        Example(
            "Notice served 2026-02-01: connect by 2026-07-31",
            {"notice_served_on": "2026-02-01"},
            "awaiting-connection",
            deadlines={"connect": "2026-07-31"},
        ),
        Example(
            "Notice served 2025-06-01 and still not connected: overdue since 2025-11-28",
            {"notice_served_on": "2025-06-01"},
            "connection-overdue",
            deadlines={"connect": "2025-11-28"},
        ),
        Example(
            "Connected 2025-12-01 and the septic tank still in use: overdue since 2026-03-02",
            {"notice_served_on": "2025-09-01", "connected_on": "2025-12-01"},
            "abandonment-overdue",
            deadlines={"connect": "2026-03-02", "abandon": "2026-03-02"},
        ),
        Example(
            "Connected and the septic tank abandoned in time",
            {"notice_served_on": "2026-01-01", "connected_on": "2026-03-05", "abandoned_on": "2026-04-10"},
            "complete",
            deadlines={"connect": "2026-06-30", "abandon": "2026-06-03"},
        ),
    ),
)
