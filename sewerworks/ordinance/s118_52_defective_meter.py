"""§ 118-52 Defective water meter: the topic ``defective-meter-charge`` (I-26, with I-27 as fall-back).

    In the event of a defective water meter, the average of its last two semiannual billings for sewer
    user charges during which the meter was operating properly will be charged.

I-26: charge = the average of the last two semiannual sewer user charges billed while the meter worked,
rounded half up to cents: $36.20 and $41.90 → $39.05; $36.20 and $41.95 → $39.075 → $39.08. "Last two"
are the two latest periods billed while it worked, whatever came between. With fewer than two such
bills there is nothing to average: the user is charged the class estimate of typical usage (I-27),
rated like any water used, with the values in force on the period's last day (I-43).

I-59: "in no way shall there be less than a minimum charge of $10": an average below the minimum in
force on the period's last day (old bills under a lower minimum) is raised to that minimum.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import ConfigDict, Field, field_validator, model_validator

from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide
from sewerworks.ordinance.s118_5_connection import spoken
from sewerworks.ordinance.s118_52_charges import SECTION, charge_parameters, gallons_text, money, rate_user_charge
from sewerworks.ordinance.s118_52_user_charge_facts import UserClass

TOPIC_NAME = "defective-meter-charge"
PERIOD = {"period_start": "2026-04-01", "period_end": "2026-09-30"}


class WorkingBilling(Facts):
    """A semiannual sewer user charge billed while the meter was operating properly."""

    period_end: date = Field(description="Last day of the period billed.", examples=["2026-03-31"])
    charge: Decimal = Field(ge=0, description="Sewer user charge billed for that period, USD.", examples=["41.90"])

    @field_validator("charge")
    @classmethod
    def _in_cents(cls, value: Decimal) -> Decimal:
        if value != to_cents(value):
            raise ValueError("a billed charge is in dollars and cents (at most 2 decimal places)")
        return value


class DefectiveMeterFacts(Facts):
    """A period in which the account's meter was defective, and what was billed while it worked."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    **PERIOD,
                    "previous_billings": [
                        {"period_end": "2025-09-30", "charge": "36.20"},
                        {"period_end": "2026-03-31", "charge": "41.90"},
                    ],
                }
            ]
        },
    )

    period_start: date = Field(description="First day of the period the meter was defective.", examples=["2026-04-01"])
    period_end: date = Field(description="Last day of that period (its values rate an estimate, I-43).")
    user_class: UserClass = Field(default="residential", description="User class, for the I-27 fall-back estimate.")
    previous_billings: list[WorkingBilling] = Field(
        default=[], description="Earlier semiannual billings during which the meter was operating properly."
    )

    @model_validator(mode="after")
    def _earlier_distinct_periods(self) -> DefectiveMeterFacts:
        if self.period_end < self.period_start:
            raise ValueError("period_end is before period_start")
        ends = [b.period_end for b in self.previous_billings]
        if len(set(ends)) != len(ends):
            raise ValueError("previous_billings lists the same period twice")
        later = [e for e in ends if e >= self.period_start]
        if later:
            raise ValueError(f"previous_billings: the period ending {later[0].isoformat()} is not before this one")
        return self


def last_two_working_billings(facts: DefectiveMeterFacts) -> list[WorkingBilling]:
    """§118-52: "Its last two semiannual billings [...] during which the meter was operating properly" (I-26)."""
    return sorted(facts.previous_billings, key=lambda b: b.period_end)[-2:]


def average_of_last_two(billings: list[WorkingBilling]) -> Decimal:
    """The average of two charges, rounded half up to cents (I-26, I-23)."""
    first, second = billings
    return to_cents((first.charge + second.charge) / 2)


def defective_meter_charge(facts: DefectiveMeterFacts, view: ParameterView, as_of: date) -> Decision:
    """The average of the last two good billings (I-26), or the class estimate with fewer (I-27)."""
    span = f"{spoken(facts.period_start)} – {spoken(facts.period_end)}"
    last_two = last_two_working_billings(facts)
    on_last_day = view.parameters.at(facts.period_end)
    if len(last_two) == 2:
        average = average_of_last_two(last_two)
        minimum = on_last_day.number("charges.minimum_charge")
        charge = max(average, minimum)
        shown = " and ".join(f"{money(b.charge)} (period ending {spoken(b.period_end)})" for b in last_two)
        sentence = f"The meter was defective: the average of its last two good billings, {shown}, is {money(average)}"
        sentence += (
            "."
            if average >= minimum
            else f", less than the {money(minimum)} minimum in force on "
            f"{spoken(facts.period_end)}, so the minimum is charged (I-59)."
        )
        breakdown = [
            {"item": "working billing", "period_end": b.period_end.isoformat(), "charge": format(b.charge, "f")}
            for b in last_two
        ] + [
            {
                "item": "average",
                "working": f"({' + '.join(money(b.charge) for b in last_two)}) ÷ 2",
                "amount": format(average, "f"),
            }
        ]
        if charge != average:
            breakdown.append({"item": "minimum charge", "amount": format(charge, "f"), "interpretations": "I-59, I-24"})
        ids = ["I-26", "I-23", *(["I-59", "I-24"] if charge != average else [])]
        finding = Finding(
            section=SECTION,
            requirement="defective-meter-average",
            severity="complies",
            sentence=sentence,
            interpretations=ids,
        )
        amount = Amount(key="charge", name="sewer user charge", value=charge, section=SECTION, breakdown=breakdown)
        summary = f"Sewer user charge for {span}, meter defective: {money(charge)} (I-26)."
        return decide(
            topic=TOPIC_NAME,
            as_of=as_of,
            view=on_last_day,
            outcome="average",
            summary=summary,
            findings=[finding],
            amounts=[amount],
            interpretations=ids,
        )
    gallons = Decimal(on_last_day.table("charges.class_estimates")[facts.user_class])
    estimate = rate_user_charge(gallons, charge_parameters(on_last_day, strength=False))
    count = "one good billing" if last_two else "no good billing"
    sentence = (
        f"The meter was defective and there is {count} to average (two are needed, I-26): the {facts.user_class} "
        f"estimate of typical usage, {gallons_text(gallons)}, is charged at the rate in force on "
        f"{spoken(facts.period_end)} (I-27, I-43)."
    )
    finding = Finding(
        section=SECTION,
        requirement="defective-meter-average",
        severity="complies",
        sentence=sentence,
        interpretations=["I-26", "I-27", "I-43"],
    )
    amounts = [
        Amount(
            key="charge",
            name="sewer user charge",
            value=estimate.total,
            section=SECTION,
            breakdown=[i.as_row() for i in estimate.line_items],
        ),
        Amount(key="gallons_billed", name="gallons billed", value=gallons, unit="gal", section=SECTION),
    ]
    summary = f"Sewer user charge for {span}, meter defective: {money(estimate.total)}, the class estimate (I-27)."
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=on_last_day,
        outcome="estimate",
        summary=summary,
        findings=[finding],
        amounts=amounts,
        interpretations=["I-23", "I-24", "I-26", "I-27", "I-43"],
    )


def _billings(*pairs: tuple[str, str]) -> list[dict[str, Any]]:
    return [{"period_end": end, "charge": charge} for end, charge in pairs]


# (title, facts, outcome, charge in dollars): the tests check each to the cent.
CASES: tuple[tuple[str, dict[str, Any], str, str], ...] = (
    (
        "Good billings of $36.20 and $41.90 average $39.05 (I-26)",
        {**PERIOD, "previous_billings": _billings(("2025-09-30", "36.20"), ("2026-03-31", "41.90"))},
        "average",
        "39.05",
    ),
    (
        "Only the last two good billings count: $50.00 two years back is left out",
        {
            **PERIOD,
            "previous_billings": _billings(("2026-03-31", "41.90"), ("2024-09-30", "50.00"), ("2025-09-30", "36.20")),
        },
        "average",
        "39.05",
    ),
    (
        "$36.20 and $41.95 average $39.075, rounded half up to $39.08",
        {**PERIOD, "previous_billings": _billings(("2025-09-30", "36.20"), ("2026-03-31", "41.95"))},
        "average",
        "39.08",
    ),
    (
        "One good billing is not two: the residential estimate of 30,000 gallons, $90.00 (I-27)",
        {**PERIOD, "previous_billings": _billings(("2026-03-31", "41.90"))},
        "estimate",
        "90.00",
    ),
    (
        "No good billing, a commercial user: the 60,000-gallon estimate, $180.00 (I-27)",
        {**PERIOD, "user_class": "commercial"},
        "estimate",
        "180.00",
    ),
    (
        "Billings of $8.00 and $9.00 from before the 2000 minimum average $8.50: the $10.00 minimum instead (I-59)",
        {**PERIOD, "previous_billings": _billings(("1999-09-30", "8.00"), ("2000-03-31", "9.00"))},
        "average",
        "10.00",
    ),
)

TOPIC: Topic[DefectiveMeterFacts] = Topic(
    name=TOPIC_NAME,
    title="Sewer user charge while the water meter is defective (§118-52)",
    sections=(SECTION,),
    facts_model=DefectiveMeterFacts,
    rule=defective_meter_charge,
    interpretations=("I-26",),
    examples=tuple(Example(title, facts, outcome, amounts={"charge": d}) for title, facts, outcome, d in CASES),
)
