"""§ 118-54 Connection charges: the topic ``connection-charge`` (I-42, I-12, I-123).

    A charge in an amount as set by resolution of the Town Board will be levied against all property owners
    who tap in on the collection main imbedded in the street. The minimum sewer size shall be four inches in
    diameter. Any sewers in excess of four inches in diameter will pay additional charges; connection
    charges, interest and penalties shall be a lien upon the real property which is connecting to the public
    sewer and shall be levied on the property if not paid at the time the bill for connection charges is
    offered. [...] The cost of constructing the lateral from the public sewer to the property line will be
    covered by the above connection charge [...] or the Town Board may [...] contract for the cost of
    constructing said building sewer from the property line to the building drain and charge the property
    owner an installation charge therefor, at a rate to be established by the Town Board [...].

I-42: a schedule by building-sewer diameter set by resolution (``charges.connection_charge_schedule``); four
inches is the base and the minimum, a larger sewer pays the schedule's larger amount; a diameter the schedule
does not list is refused rather than interpolated. I-12: the lateral is covered by this charge. I-123: the
installation charge is the Board's rate per foot of building sewer (``charges.connection_installation_rate``,
zero while the Board has no contract), added only when the town built the building sewer. The charge is a bill
of its own, due ``charges.connection_charge_due_days`` after it is offered, and a lien relevied when unpaid.
Worked example: a 4-inch building sewer is charged $1,500.00; a 6-inch one $2,250.00; a 3-inch one is refused
(the §118-54 minimum is four inches); a 5-inch one is refused (not in the schedule); a tap with no diameter
recorded is "unpriced": owed, billed by the Town once the diameter is known (its ``bill`` deadline).
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from pydantic import ConfigDict, Field, field_validator

from sewerworks.ordinance.decision import Amount, Deadline, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.money import to_cents
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_5_connection import spoken
from sewerworks.ordinance.s118_52_charges import money

TOPIC_NAME = "connection-charge"
SECTION = "118-54"
IDS = ["I-42", "I-12", "I-123"]
MINIMUM_INCHES = Decimal(4)  # §118-54: "The minimum sewer size shall be four inches in diameter."


def schedule(view: ParameterView) -> dict[Decimal, Decimal]:
    """The Board's schedule: diameter in inches -> charge."""
    return {Decimal(str(k)): Decimal(v) for k, v in view.table("charges.connection_charge_schedule").items()}


class ConnectionChargeFacts(Facts):
    """The building sewer that taps in on the collection main, and whether the town built it."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"diameter_in": "4", "offered_on": "2026-11-20"}]},
    )

    diameter_in: Decimal | None = Field(default=None, gt=0, le=48, examples=["4"],
                                        description="The building sewer's diameter, inches; empty when not recorded.")
    offered_on: date = Field(description="The day the bill for the connection charge is offered.",
                             examples=["2026-11-20"])  # fmt: skip
    installed_by_town_ft: Decimal | None = Field(
        default=None,
        ge=0,
        le=10000,
        description="Feet of building sewer the town built under the Board's contract (the installation charge); "
        "empty when the owner built it.",
    )

    @field_validator("diameter_in")
    @classmethod
    def _inches(cls, value: Decimal | None) -> Decimal | None:
        if value is not None and value != value.quantize(Decimal("0.01")):
            raise ValueError("a diameter is in inches with at most 2 decimal places")
        return value


def connection_charge(facts: ConnectionChargeFacts, view: ParameterView, as_of: date) -> Decision:
    """The charge for one connection by the schedule in force on the day its bill is offered."""
    terms = view.parameters.at(facts.offered_on)
    rates = schedule(terms)
    if facts.diameter_in is None:
        return _unpriced(facts, terms, as_of, rates)
    compared: dict[str, str | int | bool | None] = {
        "diameter_in": num(facts.diameter_in),
        "minimum_in": num(MINIMUM_INCHES),
        "schedule_in": ", ".join(num(d) for d in sorted(rates)),
    }
    findings: list[Finding] = []
    if facts.diameter_in < MINIMUM_INCHES:
        sentence = (
            f"A {num(facts.diameter_in)}-inch building sewer is refused: §118-54 sets four inches as the minimum "
            "sewer size."
        )
        findings.append(Finding(section=SECTION, requirement="minimum-size", severity="fails", sentence=sentence,
                                compared=compared, interpretations=["I-42"]))  # fmt: skip
        return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome="refused", summary=sentence,
                      findings=findings, interpretations=IDS)  # fmt: skip
    base = rates.get(facts.diameter_in)
    if base is None:
        sentence = (
            f"The Town Board's schedule lists no charge for a {num(facts.diameter_in)}-inch building sewer (it "
            f"lists {compared['schedule_in']} inches): the charge is set by resolution, never interpolated (I-42)."
        )
        findings.append(Finding(section=SECTION, requirement="schedule", severity="fails", sentence=sentence,
                                compared=compared, interpretations=["I-42"]))  # fmt: skip
        return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome="refused", summary=sentence,
                      findings=findings, interpretations=IDS)  # fmt: skip
    item = f"connection charge, {num(facts.diameter_in)}-inch building sewer"
    breakdown = [{"item": item, "amount": format(base, "f")}]
    total = base
    extra = ""
    if facts.installed_by_town_ft:
        rate = terms.number("charges.connection_installation_rate")
        installation = to_cents(facts.installed_by_town_ft * rate)
        total += installation
        working = f"{num(facts.installed_by_town_ft)} ft × {money(rate)} per foot"
        breakdown.append({"item": "installation charge (building sewer built under the town's contract)",
                          "working": working, "amount": format(installation, "f")})  # fmt: skip
        extra = f" and an installation charge of {money(installation)} ({working})"
    due_days = int(terms.number("charges.connection_charge_due_days"))
    due = facts.offered_on + timedelta(days=due_days)
    minimum = facts.diameter_in == MINIMUM_INCHES
    larger = "the base for the four-inch minimum" if minimum else "more than four inches pays more"
    sentence = (
        f"A {num(facts.diameter_in)}-inch building sewer taps in on the collection main: the Town Board's schedule "
        f"charges {money(base)} ({larger}; it covers the lateral to the property line, I-12){extra}, "
        f"{money(total)} in all, due {spoken(due)}. Unpaid, it is a lien levied on the property (§118-54)."
    )
    compared["charge"] = format(total, "f")
    findings.append(Finding(section=SECTION, requirement="connection-charge", severity="complies", sentence=sentence,
                            compared=compared, interpretations=["I-42", "I-12", "I-123"]))  # fmt: skip
    amounts = [Amount(key="connection_charge", name="connection charge", value=total, section=SECTION,
                      breakdown=breakdown)]  # fmt: skip
    deadlines = [Deadline(key="pay", name="pay the connection charge", due=due, section=SECTION,
                          sentence=f"Pay {money(total)} at the Town Clerk's office by {spoken(due)}.",
                          interpretations=["I-123"])]  # fmt: skip
    return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome="charged", summary=sentence, findings=findings,
                  amounts=amounts, deadlines=deadlines, interpretations=IDS)  # fmt: skip


def _unpriced(facts: ConnectionChargeFacts, terms: ParameterView, as_of: date, rates: dict[Decimal, Decimal]
              ) -> Decision:  # fmt: skip
    """A tap whose building sewer diameter is not recorded: the charge is owed (§118-54, "all property owners who tap
    in") but the schedule prices it by diameter, so it cannot be billed yet; the Town bills it once the diameter is
    known, a duty of its own due the day the bill would have been offered (I-123)."""
    sentence = (
        f"A building sewer tapped in on the collection main on {spoken(facts.offered_on)} with no diameter recorded: "
        "the Town Board's schedule charges by diameter (I-42), so the connection charge is billed once the diameter "
        "is known; it is owed from the day of the tap (§118-54)."
    )
    compared: dict[str, str | int | bool | None] = {"diameter_in": None,
                                                    "schedule_in": ", ".join(num(d) for d in sorted(rates))}
    findings = [Finding(section=SECTION, requirement="schedule", severity="fails", sentence=sentence,
                        compared=compared, interpretations=["I-42", "I-123"])]  # fmt: skip
    deadlines = [Deadline(key="bill", name="bill the connection charge", due=facts.offered_on, section=SECTION,
                          sentence="The Town Clerk bills the connection charge once the building sewer's diameter "
                          "is recorded.", interpretations=["I-123"])]  # fmt: skip
    return decide(topic=TOPIC_NAME, as_of=as_of, view=terms, outcome="unpriced", summary=sentence, findings=findings,
                  deadlines=deadlines, interpretations=IDS)  # fmt: skip


def _example(title: str, outcome: str, charge: str = "", due: str = "", **facts: Any) -> Example:
    return Example(title, facts, outcome, {"connection_charge": charge} if charge else {}, {"pay": due} if due else {})


TOPIC = Topic(
    name=TOPIC_NAME,
    title="§118-54 connection charge for a building sewer",
    sections=(SECTION,),
    facts_model=ConnectionChargeFacts,
    rule=connection_charge,
    interpretations=tuple(IDS),
    examples=(
        _example("A 4-inch building sewer, the minimum and the base: $1,500.00 due in 30 days", "charged",
                 "1500.00", "2026-12-20", diameter_in="4", offered_on="2026-11-20"),
        _example("A 6-inch building sewer pays more: $2,250.00", "charged", "2250.00", "2026-12-20",
                 diameter_in="6", offered_on="2026-11-20"),
        _example("A 3-inch building sewer is under the §118-54 minimum of four inches", "refused",
                 diameter_in="3", offered_on="2026-11-20"),
        _example("A 3.99-inch building sewer is still under the minimum", "refused",
                 diameter_in="3.99", offered_on="2026-11-20"),
        _example("A 5-inch building sewer is not in the Board's schedule: refused, never interpolated", "refused",
                 diameter_in="5", offered_on="2026-11-20"),
        Example("A tap with no diameter recorded is owed but not priced yet: the Town bills it once it is known",
                {"offered_on": "2026-11-20"}, "unpriced", {}, {"bill": "2026-11-20"}),
    ),  # fmt: skip
)
