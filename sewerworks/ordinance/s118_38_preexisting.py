"""§118-38 Preexisting nonconforming uses: interceptors within 30 days of connecting (I-20, I-35, I-51).

    Preexisting nonconforming uses. All food service facilities which do not have grease and oil traps
    and interceptors at the premises shall install such interceptors in accordance with the requirements
    of this section within 30 days of connecting to the public sewer.                       (§ 118-38)

A facility is preexisting when it was established on or before 2000-07-24, the day L.L. No. 2-2000 added
the section (I-35: established after it is "hereafter established", new construction, which must have its
interceptor before it opens). The 30 days run from the connection and end at the end of the 30th day,
moved off a weekend or holiday (I-20). I-51: where nothing records an interceptor, the facility is taken
not to have one, so the deadline is tracked until a record says otherwise.

Connected 2026-03-02 → install by 2026-04-01; connected 2026-05-01 → 2026-05-31 is a Sunday → 2026-06-01.
"""

from __future__ import annotations

from datetime import date

from pydantic import ConfigDict, Field

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Deadline, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

SECTION = "118-38"
TOPIC_NAME = "interceptor-deadline"


class PreexistingFacilityFacts(Facts):
    """A food service facility connected to the public sewer, and whether it has an interceptor."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"established_on": "1985-06-01", "connected_on": "2026-03-02"}]},
    )

    established_on: date = Field(description="When the food service use was established.")
    connected_on: date = Field(description="When the facility was connected to the public sewer.")
    has_interceptor: bool = Field(
        default=False,
        description="A grease and oil trap or interceptor is on the premises (I-51: false if none is on record).",
    )


def installation_due(connected_on: date, view: ParameterView) -> tuple[int, date]:
    """The days allowed after connecting (``grease.preexisting_install_days``) and the day they end, moved
    off a weekend or holiday (I-20). The one count of the 30 days, for the duty and for the requirement."""
    days = int(view.number("grease.preexisting_install_days"))
    return days, due_after(connected_on, days, shift=view.flag("deadlines.weekend_holiday_shift"))


def install_within_30_days(facts: PreexistingFacilityFacts, view: ParameterView) -> tuple[Finding, Deadline | None]:
    """ "shall install such interceptors ... within 30 days of connecting to the public sewer" """
    since = view.day("grease.new_construction_after")
    if facts.established_on > since:
        sentence = (
            f"Established on {facts.established_on.isoformat()}, after {since.isoformat()}: a new facility, "
            "which must have its interceptor when built (I-35), not a preexisting use."
        )
        return Finding(
            section=SECTION,
            requirement="preexisting-install",
            severity="complies",
            sentence=sentence,
            interpretations=["I-35"],
        ), None
    if facts.has_interceptor:
        sentence = "The preexisting facility has a grease interceptor on the premises: nothing to install."
        return Finding(
            section=SECTION,
            requirement="preexisting-install",
            severity="complies",
            sentence=sentence,
            interpretations=["I-51"],
        ), None
    days, due = installation_due(facts.connected_on, view)
    sentence = (
        f"A preexisting food service facility (established {facts.established_on.isoformat()}) without a "
        f"grease interceptor, connected on {facts.connected_on.isoformat()}: install one within {days} days, "
        f"by the end of {due.isoformat()}."
    )
    deadline = Deadline(
        key="install_interceptor",
        name="install the grease interceptor",
        due=due,
        section=SECTION,
        sentence=sentence,
        interpretations=["I-20", "I-51"],
    )
    finding = Finding(
        section=SECTION,
        requirement="preexisting-install",
        severity="complies",
        sentence=sentence,
        compared={"connected_on": facts.connected_on.isoformat(), "days": days, "due": due.isoformat()},
        interpretations=["I-20", "I-35", "I-51"],
    )
    return finding, deadline


def interceptor_deadline(facts: PreexistingFacilityFacts, view: ParameterView, as_of: date) -> Decision:
    finding, deadline = install_within_30_days(facts, view)
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome="install-by" if deadline else "nothing-to-install",
        summary=finding.sentence,
        findings=[finding],
        deadlines=[deadline] if deadline else [],
        interpretations=finding.interpretations,
    )


TOPIC: Topic[PreexistingFacilityFacts] = Topic(
    name=TOPIC_NAME,
    title="Interceptor of a preexisting food service facility: 30 days after connection (§118-38)",
    sections=(SECTION,),
    facts_model=PreexistingFacilityFacts,
    rule=interceptor_deadline,
    interpretations=("I-35",),
    examples=(
        Example(
            "Established 1985, connected 2026-03-02: install by 2026-04-01",
            {"established_on": "1985-06-01", "connected_on": "2026-03-02"},
            "install-by",
            deadlines={"install_interceptor": "2026-04-01"},
        ),
        Example(
            "Established 2005: new construction, not a preexisting use",
            {"established_on": "2005-06-01", "connected_on": "2026-03-02"},
            "nothing-to-install",
        ),
    ),
)
