"""§ 118-49, 118-51, 118-52 The capital cost amortization charge: the topic ``capital-charge`` (I-28, I-10, I-122).

§ 118-49  Sewer charges shall include a sewer user charge [...] and a capital cost amortization charge to be
    levied on all owners of property within the improvement boundaries.
§ 118-51  Capital cost amortization charges shall be billed at the same time and included in the tax statement
    that is sent out by the town for county charges and general town taxes.
§ 118-52  The capital cost amortization charges shall be levied on the basis of the assessed valuation of each
    parcel of property within the improvement boundaries for general town and county tax purposes at such
    rates that may from time to time be set by the Town Board.

I-28: not on the sewer bill; computed per parcel inside the improvement boundaries and per contract user
(§118-29.1, who pays "in the same manner" as a property inside, I-10) as the assessed valuation × the rate per
$1,000 of the area, and exported for the town's tax statement.

I-122: the valuation "for general town and county tax purposes" is the roll's *taxable* value (after
exemptions), which the roll import keeps beside the total assessed value; a parcel whose roll row carries no
taxable value is not charged on a guess but named for the clerk. Tax year Y is charged on the final roll of
Y − ``charges.capital_roll_year_lag`` (1: the roll of the year before) at the rates in force on 1 January of Y
(``charges.capital_rate_per_1000``, per improvement area, set by the Board's resolution). A contract user is
charged at the rate of the area whose main its lateral joins (its revenue area). The charge is rounded half up
to the cent (I-23). Worked example: a taxable value of $185,400.00 in the Marlborough area at $2.345 per $1,000
is $434.763 → **$434.76**; $100,010.00 in Milton at $3.125 is $312.53125 → **$312.53**; $1,000.00 at $2.345 is
exactly $2.345 → **$2.35** (half up, never to the even $2.34).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import ConfigDict, Field, field_validator

from sewerworks.ordinance.decision import Amount, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_52_charges import money

TOPIC_NAME = "capital-charge"
SECTIONS = ("118-49", "118-51", "118-52")
IDS = ["I-28", "I-10", "I-23", "I-122"]
RATE_PLACES = 6  # a rate per $1,000 is written with at most six decimal places (so SQL can compute it exactly)


def rate_year_day(tax_year: int) -> date:
    """The day whose rates and roll lag charge tax year ``tax_year`` (I-122): 1 January of that year."""
    return date(tax_year, 1, 1)


def roll_year_for(tax_year: int, view: ParameterView) -> int:
    """The roll year whose values charge ``tax_year`` (I-122: the final roll of the year before by default)."""
    return tax_year - int(view.number("charges.capital_roll_year_lag"))


def area_rates(view: ParameterView) -> dict[str, Decimal]:
    """The rate per $1,000 of taxable value, per improvement area code, checked: never negative, at most six
    decimal places. A bad rate raises ValueError naming the area (nothing is charged on it)."""
    rates = {}
    for area, value in view.table("charges.capital_rate_per_1000").items():
        rate = Decimal(value)
        if rate < 0:
            raise ValueError(f"the capital charge rate for {area} is negative ({rate}): a rate is zero or more")
        if rate != rate.quantize(Decimal(1).scaleb(-RATE_PLACES)):
            raise ValueError(f"the capital charge rate for {area} has more than {RATE_PLACES} decimal places")
        rates[str(area)] = rate
    return rates


def charge_of(taxable_value: Decimal, rate: Decimal) -> Decimal:
    """§118-52: the assessed valuation × the rate per $1,000, rounded half up to the cent (I-23)."""
    return to_cents(taxable_value * rate / 1000)


class CapitalChargeFacts(Facts):
    """One parcel (or contract user) for one tax year: where it lies and its taxable value on the roll."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"tax_year": 2027, "area": "marlborough", "roll_year": 2026, "taxable_value": "185400.00"}
            ]
        },
    )

    tax_year: int = Field(ge=1900, le=2999, description="The tax year the charge is levied for.", examples=[2027])
    area: str | None = Field(
        default=None,
        max_length=40,
        description="The improvement area's code: the parcel's own, or a contract user's revenue area. "
        "Empty for a parcel outside both areas that is no contract user.",
        examples=["marlborough"],
    )
    contract_user: bool = Field(
        default=False, description="A contract user outside the areas (§118-29.1), charged like a parcel inside."
    )
    roll_year: int | None = Field(
        default=None, ge=1900, le=2999, description="The roll year the taxable value comes from.", examples=[2026]
    )
    taxable_value: Decimal | None = Field(
        default=None,
        ge=0,
        description="The parcel's taxable value for town and county purposes on that roll, USD (I-122).",
        examples=["185400.00"],
    )

    @field_validator("taxable_value")
    @classmethod
    def _cents(cls, value: Decimal | None) -> Decimal | None:
        if value is not None and value != to_cents(value):
            raise ValueError("a taxable value is in dollars and cents (at most 2 decimal places)")
        return value


def capital_charge(facts: CapitalChargeFacts, view: ParameterView, as_of: date) -> Decision:
    """The charge of one parcel for one tax year, or why there is none."""
    terms = view.parameters.at(rate_year_day(facts.tax_year))  # I-122: the rates of 1 January of the tax year
    wanted_roll = roll_year_for(facts.tax_year, terms)
    compared: dict[str, str | int | bool | None] = {
        "tax_year": facts.tax_year,
        "area": facts.area,
        "contract_user": facts.contract_user,
        "roll_year": facts.roll_year,
        "roll_year_used": wanted_roll,
    }
    findings: list[Finding] = []
    amounts: list[Amount] = []

    def refuse(requirement: str, sentence: str, section: str = "118-52") -> Decision:
        findings.append(Finding(section=section, requirement=requirement, severity="fails", sentence=sentence,
                                compared=compared, interpretations=["I-28", "I-122"]))  # fmt: skip
        return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome="cannot-charge", summary=sentence,
                      findings=findings, interpretations=IDS)  # fmt: skip

    if facts.area is None:
        sentence = (
            "The parcel lies outside both improvement areas and is no contract user: §118-49 levies the capital "
            "cost amortization charge on the owners of property within the improvement boundaries only."
        )
        findings.append(Finding(section="118-49", requirement="within-boundaries", severity="complies",
                                sentence=sentence, compared=compared, interpretations=["I-28"]))  # fmt: skip
        return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome="not-charged", summary=sentence,
                      findings=findings, interpretations=IDS)  # fmt: skip
    if facts.roll_year is not None and facts.roll_year != wanted_roll:
        return refuse(
            "roll-year",
            f"Tax year {facts.tax_year} is charged on the {wanted_roll} roll (I-122), not on the {facts.roll_year} "
            "roll.",
        )
    if facts.taxable_value is None:
        return refuse(
            "taxable-value",
            f"The parcel has no taxable value on the {wanted_roll} roll: the charge is levied on the valuation for "
            "general town and county tax purposes (§118-52, I-122) and is not guessed.",
        )
    try:
        rates = area_rates(terms)
    except ValueError as exc:
        return refuse("rate", f"{str(exc).capitalize()} (§118-52).")
    rate = rates.get(facts.area)
    if rate is None:
        return refuse(
            "rate",
            f"The Town Board has set no capital charge rate for the {facts.area} area in force on "
            f"1 January {facts.tax_year} (§118-52).",
        )
    charge = charge_of(facts.taxable_value, rate)
    exact = facts.taxable_value * rate / 1000
    working = f"{money(facts.taxable_value)} × ${num(rate)} per $1,000 = ${num(exact)}"
    who = "a contract user charged as a property inside (§118-29.1, I-10)" if facts.contract_user else "inside"
    sentence = (
        f"Tax year {facts.tax_year}, {facts.area} area ({who}): {working}, rounded half up to {money(charge)} "
        f"(I-23), billed with the town's tax statement (§118-51), not on the sewer bill (I-28)."
    )
    compared.update({"taxable_value": format(facts.taxable_value, "f"), "rate_per_1000": format(rate, "f")})
    findings.append(Finding(section="118-52", requirement="capital-charge", severity="complies", sentence=sentence,
                            compared=compared, interpretations=["I-28", "I-23", "I-122"]  # fmt: skip
                            + (["I-10"] if facts.contract_user else [])))  # fmt: skip
    amounts.append(
        Amount(key="capital_charge", name="capital cost amortization charge", value=charge, section="118-52",
               breakdown=[{"item": "taxable value × rate per $1,000", "working": working,
                           "amount": format(charge, "f")}])  # fmt: skip
    )
    return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome="charged", summary=sentence, findings=findings,
                  amounts=amounts, interpretations=IDS)  # fmt: skip


def _example(title: str, outcome: str, charge: str = "", **facts: Any) -> Example:
    return Example(title, facts, outcome, {"capital_charge": charge} if charge else {})


TOPIC = Topic(
    name=TOPIC_NAME,
    title="Capital cost amortization charge of a parcel for a tax year",
    sections=SECTIONS,
    facts_model=CapitalChargeFacts,
    rule=capital_charge,
    interpretations=tuple(IDS),
    examples=(
        _example("$185,400.00 in the Marlborough area at $2.345 per $1,000: $434.76", "charged", "434.76",
                 tax_year=2027, area="marlborough", roll_year=2026, taxable_value="185400.00"),
        _example("$100,010.00 in the Milton area at $3.125: $312.53125 rounds to $312.53", "charged", "312.53",
                 tax_year=2027, area="milton", roll_year=2026, taxable_value="100010.00"),
        _example("$1,000.00 at $2.345: exactly $2.345, half up to $2.35 (never to the even $2.34)", "charged",
                 "2.35", tax_year=2027, area="marlborough", roll_year=2026, taxable_value="1000.00"),
        _example("A contract user in the Milton revenue area is charged like a parcel inside", "charged", "156.25",
                 tax_year=2027, area="milton", contract_user=True, roll_year=2026, taxable_value="50000.00"),
        _example("A parcel outside both areas, no contract user: no capital charge", "not-charged",
                 tax_year=2027, taxable_value="90000.00"),
        _example("No taxable value on the 2026 roll: named for the clerk, not guessed", "cannot-charge",
                 tax_year=2027, area="marlborough", roll_year=2026),
        _example("A value from the 2027 roll for tax year 2027: the wrong roll", "cannot-charge",
                 tax_year=2027, area="marlborough", roll_year=2027, taxable_value="185400.00"),
    ),  # fmt: skip
)
