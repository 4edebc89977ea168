"""§118-52 Levy of user charges: who must install a water meter, and by when (I-20, I-27, I-52).

    If the property has its own water supply or is served by an unmetered independent water company,
    the owner shall install a water meter at his expense. Commercial or nonresident users must install a
    water meter at their own expense.                                                        (§ 118-52)

I-27: until the meter is read, usage is estimated, and the missing meter is a deadline (days a parameter).
I-52: an account must install a meter when it has none (it is not metered) and its user is outside the
Marlborough Water District (its own supply or an unmetered water company) or is not a residential user
(commercial, industrial or institutional: "commercial or nonresident"). The days run from the day the
account was opened, or, when no opening date is recorded, from the day the duty was found; the end is
moved off a weekend or holiday (I-20).
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.deadlines import due_after
from sewerworks.ordinance.decision import Deadline, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide

SECTION = "118-52"
TOPIC_NAME = "meter-deadline"


class MeterFacts(Facts):
    """A sewer account: its user, whether it has a meter, and from when the duty runs."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"user_class": "commercial", "metered": False, "starts_on": "2026-03-02"}]},
    )

    user_class: Literal["residential", "commercial", "industrial", "institutional"] = Field(
        description="The user's class on the account."
    )
    metered: bool = Field(description="The account's water use is read from a meter.")
    in_water_district: bool = Field(
        default=True, description="The user takes water from the Marlborough Water District (false: own supply)."
    )
    starts_on: date = Field(description="The day the account was opened (or the duty was found, I-52).")


def must_install(facts: MeterFacts, view: ParameterView) -> str | None:
    """Why the user must install a meter (§118-52), or None: "If the property has its own water supply or is
    served by an unmetered independent water company ... Commercial or nonresident users must install"."""
    classes = set(view.items("meters.user_classes_that_install"))
    if facts.metered:
        return None
    if not facts.in_water_district:
        return "its water comes from its own supply, outside the Marlborough Water District"
    if facts.user_class in classes:
        return f"it is a {facts.user_class} (nonresidential) user"
    return None


def meter_deadline(facts: MeterFacts, view: ParameterView, as_of: date) -> Decision:
    why = must_install(facts, view)
    if why is None:
        sentence = "The account is metered, or a residential user of the water district: no meter to install."
        finding = Finding(
            section=SECTION,
            requirement="install-meter",
            severity="complies",
            sentence=sentence,
            interpretations=["I-27", "I-52"],
        )
        return decide(
            topic=TOPIC_NAME,
            as_of=as_of,
            view=view,
            outcome="no-meter-required",
            summary=sentence,
            findings=[finding],
            interpretations=["I-27", "I-52"],
        )
    days = int(view.number("meters.install_days"))
    due = due_after(facts.starts_on, days, shift=view.flag("deadlines.weekend_holiday_shift"))
    sentence = (
        f"The account has no water meter and {why}: §118-52 requires the user to install one at its own "
        f"expense, within {days} days of {facts.starts_on.isoformat()}, by the end of {due.isoformat()}; "
        "until it is read, usage is estimated (I-27)."
    )
    deadline = Deadline(
        key="install_meter",
        name="install a water meter",
        due=due,
        section=SECTION,
        sentence=sentence,
        interpretations=["I-20", "I-27", "I-52"],
    )
    finding = Finding(
        section=SECTION,
        requirement="install-meter",
        severity="complies",
        sentence=sentence,
        compared={"starts_on": facts.starts_on.isoformat(), "days": days, "due": due.isoformat()},
        interpretations=["I-27", "I-52"],
    )
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome="install-by",
        summary=sentence,
        findings=[finding],
        deadlines=[deadline],
        interpretations=["I-20", "I-27", "I-52"],
    )


TOPIC: Topic[MeterFacts] = Topic(
    name=TOPIC_NAME,
    title="A water meter the user must install (§118-52)",
    sections=(SECTION,),
    facts_model=MeterFacts,
    rule=meter_deadline,
    interpretations=("I-27", "I-52"),
    examples=(
        Example(
            "An unmetered commercial user opened 2026-03-02 installs by 2026-05-01",
            {"user_class": "commercial", "metered": False, "starts_on": "2026-03-02"},
            "install-by",
            deadlines={"install_meter": "2026-05-01"},
        ),
        Example(
            "A metered household in the water district installs nothing",
            {"user_class": "residential", "metered": True, "starts_on": "2026-03-02"},
            "no-meter-required",
        ),
    ),
)
