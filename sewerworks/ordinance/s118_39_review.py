"""§118-39 Limits on discharge of certain water and waste; preliminary treatment: the Town Engineer's review.

    The admission into the public sewers of any waters or wastes having a five-day biochemical oxygen
    demand greater than 300 parts per million by weight or containing more than 350 parts per million by
    weight of suspended solids or containing more than 15 parts per million of chlorine demand or
    containing any quantity of substances having the characteristics above the previously described limits
    or having an average daily flow greater than 2% of the average daily sewage flow of the town shall be
    subject to the review and approval of the Town Engineer.

    Where necessary, in the opinion of the Town Engineer, the owner shall provide, at his expense, such
    preliminary treatment as may be necessary [...] or control the quantities and rates of discharge of
    such waters or wastes.                                                                  (§ 118-39)

The thresholds are the tops of the normal ranges, one key shared with the §118-52 surcharge (I-03), judged
on each 24-hour average (I-30). The flow trigger compares the user's average daily flow with 2% of the
whole town's (both areas, I-32): exactly 2% is not "greater than". What the Town Engineer then requires
(approval, preliminary treatment under §118-40, flow equalisation, a §118-52 surcharge) is discretion,
named as such, never guessed.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import ConfigDict, Field, field_validator

from sewerworks.ordinance.decision import Compared, Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_37_limits import PARAMETERS, ROW_WORDS, review_threshold

SECTION = "118-39"
TOPIC_NAME = "town-engineer-review"
TOWN_ENGINEER = "Town Engineer"
CONSTITUENTS = ("bod", "suspended_solids", "chlorine_demand")
REMEDIES = (
    "approval of the discharge as it is",
    "preliminary treatment at the owner's expense (§118-40: plans approved in writing before construction)",
    "control of the quantities and rates of discharge (flow equalisation)",
    "a surcharge for strength under §118-52",
)


class EngineerReviewFacts(Facts):
    """What the Town Engineer's review turns on: 24-hour strengths, substances over limits, flows."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"bod": "420", "user_average_daily_flow": "25000",
                                         "town_average_daily_flow": "1250000"}]},
    )  # fmt: skip

    bod: Decimal | None = Field(default=None, ge=0, description="Five-day BOD, 24-hour average, mg/L.")
    suspended_solids: Decimal | None = Field(default=None, ge=0, description="Suspended solids, 24-hour, mg/L.")
    chlorine_demand: Decimal | None = Field(default=None, ge=0, description="Chlorine demand, 24-hour, mg/L.")
    substances_over_limits: list[str] = Field(
        default=[], max_length=50, description="§118-37 rows found above their limits (e.g. copper)."
    )

    @field_validator("substances_over_limits")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        unknown = [s for s in value if s not in PARAMETERS and s not in ROW_WORDS]
        if unknown:
            raise ValueError(f"unknown substance(s) {', '.join(unknown)}; known: {', '.join(PARAMETERS)}")
        return value

    cannot_show_compliance: list[str] = Field(
        default=[], max_length=50, description="Parameters whose non-detects cannot show compliance: the detection "
        "limit above the limit (I-72, I-180).",
    )

    @field_validator("cannot_show_compliance")
    @classmethod
    def _parameters(cls, value: list[str]) -> list[str]:
        unknown = [s for s in value if s not in PARAMETERS]
        if unknown:
            raise ValueError(f"unknown parameter(s) {', '.join(unknown)}; known: {', '.join(PARAMETERS)}")
        return value

    user_average_daily_flow: Decimal | None = Field(default=None, ge=0, description="The user's, gallons per day.")
    town_average_daily_flow: Decimal | None = Field(
        default=None, gt=0, description="The town's average daily sewage flow, both areas, gallons per day."
    )


def _trigger(requirement: str, sentence: str, compared: Compared, ids: list[str]) -> Finding:
    return Finding(section=SECTION, requirement=requirement, severity="discretion", sentence=sentence,
                   compared=compared, decided_by=TOWN_ENGINEER, interpretations=ids)  # fmt: skip


def strength(facts: EngineerReviewFacts, view: ParameterView) -> list[Finding]:
    """A BOD greater than 300, more than 350 of suspended solids, more than 15 of chlorine demand (I-30)."""
    found = []
    for key in CONSTITUENTS:
        value = getattr(facts, key)
        if value is None:
            continue
        threshold = review_threshold(view, key)
        words = PARAMETERS[key].words
        compared: Compared = {"value": num(value), "limit": num(threshold), "unit": "mg/L", "basis": "24-hour average"}
        if value > threshold:
            found.append(_trigger(key, f"{words} {num(value)} mg/L is greater than {num(threshold)} mg/L.", compared,
                                  ["I-03", "I-30"]))  # fmt: skip
        else:
            found.append(Finding(section=SECTION, requirement=key, severity="complies", compared=compared,
                                 sentence=f"{words} {num(value)} mg/L is not greater than {num(threshold)} mg/L.",
                                 interpretations=["I-30"]))  # fmt: skip
    return found


def substances_above_limits(facts: EngineerReviewFacts, view: ParameterView) -> Finding | None:
    """Containing any quantity of substances having the characteristics above the previously described limits."""
    if not facts.substances_over_limits:
        return None
    table = view.table("discharge.toxic_limits")
    names = ", ".join(ROW_WORDS[s] if s in table else PARAMETERS[s].words for s in facts.substances_over_limits)
    return _trigger("substances", f"Substances found above their §118-37 limits: {names}.",
                    {"substances": ", ".join(facts.substances_over_limits)}, [])  # fmt: skip


def unproven(facts: EngineerReviewFacts) -> Finding | None:
    """A non-detect whose detection limit is above the limit cannot show compliance (I-72): whether the substance
    is there above its limit is for the Town Engineer's review, never a violation by itself (I-180)."""
    if not facts.cannot_show_compliance:
        return None
    names = ", ".join(PARAMETERS[p].words for p in facts.cannot_show_compliance)
    sentence = (f"Not detected, but with a detection limit above the §118-37 limit, so the results cannot show "
                f"compliance: {names}.")  # fmt: skip
    return _trigger("cannot-show-compliance", sentence, {"parameters": ", ".join(facts.cannot_show_compliance)},
                    ["I-72", "I-180"])  # fmt: skip


def average_daily_flow(facts: EngineerReviewFacts, view: ParameterView) -> Finding | None:
    """Having an average daily flow greater than 2% of the average daily sewage flow of the town (I-32)."""
    if facts.user_average_daily_flow is None or facts.town_average_daily_flow is None:
        return None
    share = view.number("discharge.review_flow_share")
    allowed = facts.town_average_daily_flow * share / 100
    compared: Compared = {"value": num(facts.user_average_daily_flow), "limit": num(allowed), "unit": "gal/day",
                          "share_percent": num(share)}  # fmt: skip
    if facts.user_average_daily_flow > allowed:
        town = num(facts.town_average_daily_flow)
        sentence = (f"An average daily flow of {num(facts.user_average_daily_flow)} gallons is greater than "
                    f"{num(share)}% of the town's {town} gallons ({num(allowed)}).")  # fmt: skip
        return _trigger("flow", sentence, compared, ["I-32"])
    sentence = (f"An average daily flow of {num(facts.user_average_daily_flow)} gallons is not greater than "
                f"{num(share)}% of the town's ({num(allowed)}).")  # fmt: skip
    return Finding(section=SECTION, requirement="flow", severity="complies", sentence=sentence, compared=compared,
                   interpretations=["I-32"])  # fmt: skip


def remedy() -> Finding:
    """Where necessary, in the opinion of the Town Engineer, the owner shall provide [...] preliminary
    treatment [...] or control the quantities and rates of discharge."""
    return _trigger("remedy", "What follows is the Town Engineer's discretion: " + "; ".join(REMEDIES) + ".", {}, [])


def town_engineer_review(facts: EngineerReviewFacts, view: ParameterView, as_of: date) -> Decision:
    """Review-required naming each trigger, or none."""
    findings = strength(facts, view)
    findings += [f for f in (substances_above_limits(facts, view), unproven(facts), average_daily_flow(facts, view))
                 if f is not None]  # fmt: skip
    triggers = [f for f in findings if f.severity == "discretion"]
    if triggers:
        findings.append(remedy())
        summary = "Subject to the Town Engineer's review and approval: " + " ".join(f.sentence for f in triggers)
        outcome = "review-required"
    else:
        outcome, summary = "none", "Nothing here calls for the Town Engineer's review under §118-39."
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=findings,
                  interpretations=["I-30"])  # fmt: skip


TOPIC: Topic[EngineerReviewFacts] = Topic(
    name=TOPIC_NAME,
    title="Whether a discharge is subject to the Town Engineer's review (§118-39)",
    sections=(SECTION,),
    facts_model=EngineerReviewFacts,
    rule=town_engineer_review,
    interpretations=("I-30",),
    examples=(
        Example("BOD 300 mg/L needs no review", {"bod": "300"}, "none"),
        Example("BOD 301 mg/L is subject to review", {"bod": "301"}, "review-required"),
        Example("Copper over its limit is subject to review", {"substances_over_limits": ["copper"]},
                "review-required"),
        Example("BOD 250 mg/L, but lead not detected below 0.5 mg/L, above its limit: review (I-72, I-180)",
                {"bod": "250", "cannot_show_compliance": ["lead"]}, "review-required"),
        Example("20,000 gpd of a town's 1,000,000 (2%) needs no review",
                {"user_average_daily_flow": "20000", "town_average_daily_flow": "1000000"}, "none"),
        Example("20,001 gpd of a town's 1,000,000 is subject to review",
                {"user_average_daily_flow": "20001", "town_average_daily_flow": "1000000"}, "review-required"),
    ),
)  # fmt: skip
