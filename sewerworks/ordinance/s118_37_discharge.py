"""§118-37 Discharge to public sewers: one sample, or one average, judged row by row.

    No person shall discharge or cause to be discharged any of the following described waters or wastes
    to any public sewer: Any liquid or vapor having a temperature higher than 150º F. (65º C.) or which
    would cause a temperature above 40º C. to enter the treatment facilities. [...] Any water or wastes
    containing emulsified oil and grease exceeding an average of 50 parts per million [...]. Any waters or
    wastes [...] within a permissible pH range of 6.0 to 9.0. [...] Any waters or wastes that, for a
    duration of 15 minutes, have a concentration greater than five times the average of that of normal
    sanitary sewage [...] as measured by suspended solids and BOD, and/or which is discharged continuously
    at a rate exceeding 1,000 gallons per minute, except by special permit. [...] Such toxic substances
    shall be limited to the average concentrations listed hereinafter in the sewage.       (§ 118-37)

    The admission into the public sewers of any waters or wastes having a five-day biochemical oxygen
    demand greater than 300 parts per million [...] shall be subject to the review and approval of the
    Town Engineer.                                                                         (§ 118-39)

Which basis each rule is judged on (I-73): the toxic table's 24-hour column on 24-hour averages (a
composite, or one day's grabs, I-31) and its 30-day column on 30-day averages; emulsified oil and grease
and the §118-39 thresholds on 24-hour averages (I-30); pH and temperature on every reading; slug loads on
grabs or continuous readings of 15 minutes or less (I-32); the rate of flow on continuous readings. A value
equal to its limit complies (I-31). A §118-39 threshold is a review by the Town Engineer, never a
violation by itself. A special agreement (§118-43) replaces the limit of the parameters it names (I-71).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from sewerworks.ordinance.decision import Compared, Decision, Finding, Severity
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num
from sewerworks.ordinance.s118_37_limits import (
    BASIS_WORDS,
    PARAMETERS,
    RESULT_UNITS,
    Basis,
    Limit,
    UnitMismatch,
    in_limit_unit,
    review_threshold,
    slug_limit,
    toxic_limit,
)

SECTION = "118-37"
TOPIC_NAME = "discharge-sample"
TOWN_ENGINEER = "Town Engineer"
REVIEW = "review-"  # requirement prefix of a §118-39 trigger


class Result(Facts):
    """One result as the lab reported it."""

    parameter: str = Field(description=f"What was measured: one of {', '.join(PARAMETERS)}.")
    value: Decimal = Field(description="The reported value (for a non-detect, the reporting limit may be given here).")
    unit: str = Field(description=f"The unit reported: one of {', '.join(RESULT_UNITS)}.")
    qualifier: Literal["", "<"] = Field(default="", description='"<" for a result below the detection limit.')
    detection_limit: Decimal | None = Field(default=None, ge=0, description="The method's detection limit, same unit.")

    @field_validator("parameter")
    @classmethod
    def _known_parameter(cls, value: str) -> str:
        if value not in PARAMETERS:
            raise ValueError(f"unknown parameter {value!r}; known: {', '.join(PARAMETERS)}")
        return value

    @model_validator(mode="after")
    def _unit_fits(self) -> Result:
        try:
            in_limit_unit(self.value, self.unit, self.parameter)
        except UnitMismatch as error:
            raise ValueError(str(error)) from None
        return self


class Agreement(Facts):
    """A §118-43 special agreement in force on the day sampled, for one parameter (I-71)."""

    parameter: str = Field(description="The parameter the agreement accepts at unusual strength.")
    limit: Decimal = Field(gt=0, description="The strength the town accepts, in the parameter's limit unit.")
    resolution: str = Field(min_length=1, max_length=120, description="The Board resolution that approved it.")


class DischargeSampleFacts(Facts):
    """A sample (grab, composite or continuous reading) or an average already computed, and its setting."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"kind": "composite", "results": [{"parameter": "copper", "value": "1601", "unit": "ug/L"}]}]
        },
    )

    kind: Literal["grab", "composite", "continuous", "average"] = Field(description="How the value was obtained.")
    basis: Basis | None = Field(
        default=None,
        description="instantaneous, 24_hour or 30_day; default: a composite is a 24-hour average (I-31), a grab "
        "or continuous reading a single reading; an average must say.",
    )
    minutes: int | None = Field(default=None, ge=0, le=100_000, description="Minutes a continuous reading spans.")
    results: list[Result] = Field(min_length=1, max_length=200, description="The results, one per parameter.")
    receiving_water: Literal["fresh", "saline"] | None = Field(default=None, description="Default: the setting.")
    supply_fluoridated: bool | None = Field(default=None, description="Default: the setting (I-33).")
    flow_special_permit: bool = Field(default=False, description="A special permit for more than 1,000 gpm.")
    special_agreements: list[Agreement] = Field(
        default=[], max_length=50, description="§118-43 special agreements in force on the day sampled (I-71)."
    )

    @model_validator(mode="after")
    def _basis(self) -> DischargeSampleFacts:
        if self.kind == "average" and self.basis in (None, "instantaneous"):
            raise ValueError("an average must give its basis: 24_hour or 30_day")
        if self.kind == "composite" and self.basis == "instantaneous":
            raise ValueError("a composite is not a single reading")
        return self

    def chosen_basis(self) -> Basis:
        if self.basis is not None:
            return self.basis
        return "24_hour" if self.kind == "composite" else "instantaneous"


def _finding(
    requirement: str,
    severity: Severity,
    sentence: str,
    compared: Compared,
    *,
    section: str = SECTION,
    decided_by: str | None = None,
    interpretations: list[str] | None = None,
) -> Finding:
    return Finding(section=section, requirement=requirement, severity=severity, sentence=sentence,
                   compared=compared, decided_by=decided_by, interpretations=interpretations or [])  # fmt: skip


def _compare(limit: Limit, value: Decimal, result: Result, *, nondetect: bool) -> Compared:
    return {
        "row": limit.row, "basis": limit.basis, "limit": num(limit.value), "unit": limit.unit,
        "value": num(value), "reported": f"{result.qualifier}{num(result.value)} {result.unit}",
        "non_detect": nondetect,
    }  # fmt: skip


def against_limit(
    requirement: str, limit: Limit, result: Result, view: ParameterView, section: str = SECTION
) -> Finding:
    """A value equal to its limit complies (I-31); a non-detect counts as zero (I-31) unless its detection
    limit is above the limit, when it cannot show compliance (I-72)."""
    value = in_limit_unit(result.value, result.unit, result.parameter)
    nondetect = result.qualifier == "<"
    shown = f"{num(value)} {limit.unit}"
    if nondetect:
        reporting = in_limit_unit(result.detection_limit or result.value, result.unit, result.parameter)
        compared = _compare(limit, Decimal(0) if view.flag("discharge.nondetect_as_zero") else reporting, result,
                            nondetect=True)  # fmt: skip
        if reporting > limit.value:
            sentence = (f"{limit.row}, {limit.basis}: not detected, but the detection limit {num(reporting)} "
                        f"{limit.unit} is above the limit of {num(limit.value)} {limit.unit}{limit.note}: the result "
                        "cannot show compliance.")  # fmt: skip
            return _finding(requirement, "discretion", sentence, compared, decided_by=TOWN_ENGINEER,
                            interpretations=["I-31", "I-72", "I-180"], section=section)  # fmt: skip
        sentence = f"{limit.row}, {limit.basis}: not detected (below {num(reporting)} {limit.unit}), counted as zero."
        return _finding(requirement, "complies", sentence, compared, interpretations=["I-31"], section=section)
    ok = value <= limit.value
    verb = "is within" if ok else "exceeds"
    sentence = f"{limit.row}, {limit.basis}: {shown} {verb} the limit of {num(limit.value)} {limit.unit}{limit.note}."
    compared = _compare(limit, value, result, nondetect=False)
    return _finding(requirement, "complies" if ok else "fails", sentence, compared, interpretations=["I-31"],
                    section=section)  # fmt: skip


def _agreement(facts: DischargeSampleFacts, parameter: str) -> Agreement | None:
    return next((a for a in facts.special_agreements if a.parameter == parameter), None)


def _agreed(limit: Limit, agreement: Agreement) -> Limit:
    note = f" (special agreement, {agreement.resolution}, §118-43, I-71)"
    return Limit(limit.row, limit.basis, agreement.limit, limit.unit, note)


def toxic_substance(facts: DischargeSampleFacts, result: Result, view: ParameterView, basis: Basis) -> Finding | None:
    """Such toxic substances shall be limited to the average concentrations listed [in the table]."""
    if basis == "instantaneous":
        return None  # a single grab counts in its day's 24-hour average (I-31, I-73)
    water = facts.receiving_water or view["discharge.receiving_water"]
    fluoridated = view.flag("discharge.water_supply_fluoridated") if facts.supply_fluoridated is None else (
        facts.supply_fluoridated)  # fmt: skip
    limit = toxic_limit(view, result.parameter, basis, fresh_water=water == "fresh", fluoridated=fluoridated)
    agreement = _agreement(facts, result.parameter)
    if agreement is not None:
        return against_limit(f"{result.parameter}-{basis}", _agreed(limit, agreement), result, view, "118-43")
    finding = against_limit(f"{result.parameter}-{basis}", limit, result, view)
    return finding.model_copy(update={"interpretations": sorted({*finding.interpretations, "I-73", "I-33"})}) if (
        result.parameter == "fluorides") else finding  # fmt: skip


def ph_range(result: Result, view: ParameterView) -> Finding:
    """Free acids and alkalies must be neutralized, at all times, within a permissible pH range of 6.0 to
    9.0 (inclusive, I-34)."""
    low, high = (Decimal(view.table("discharge.ph_range")[k]) for k in ("minimum", "maximum"))
    ok = low <= result.value <= high
    words = "is within" if ok else "is outside"
    sentence = f"pH {result.value:f} {words} the permissible range of {low:f} to {high:f}."
    compared: Compared = {"row": "pH", "basis": "at all times", "limit": f"{low:f} to {high:f}",
                          "unit": "pH", "value": num(result.value)}  # fmt: skip
    return _finding("ph", "complies" if ok else "fails", sentence, compared, interpretations=["I-34"])


def temperature(result: Result, view: ParameterView) -> list[Finding]:
    """Any liquid or vapor having a temperature higher than 150º F. (65º C.) [I-34] or which would cause a
    temperature above 40º C. to enter the treatment facilities [the Town Engineer's judgement, I-70]."""
    degf = in_limit_unit(result.value, result.unit, "temperature")
    limit = view.number("discharge.max_temperature")
    ok = degf <= limit
    given = f" ({num(result.value)} °C)" if result.unit == "degC" else ""
    sentence = f"Temperature {num(degf)} °F{given} {'is not' if ok else 'is'} higher than {num(limit)} °F."
    compared: Compared = {"row": "Temperature", "basis": "any reading", "limit": num(limit), "unit": "degF",
                          "value": num(degf), "reported": f"{num(result.value)} {result.unit}"}  # fmt: skip
    found = [_finding("temperature", "complies" if ok else "fails", sentence, compared, interpretations=["I-34"])]
    plant = view.number("discharge.treatment_plant_max_temperature")
    plant_f = plant * 9 / 5 + 32
    if ok and degf > plant_f:
        found.append(_finding(
            "treatment-plant-temperature", "discretion",
            f"At {num(degf)} °F it is above {num(plant)} °C ({num(plant_f)} °F): whether it would cause a temperature "
            f"above {num(plant)} °C to enter the treatment facilities is the Town Engineer's judgement.",
            {"value": num(degf), "limit": num(plant_f), "unit": "degF"}, decided_by=TOWN_ENGINEER,
            interpretations=["I-70"]))  # fmt: skip
    return found


def emulsified_oil_grease(facts: DischargeSampleFacts, result: Result, view: ParameterView) -> Finding:
    """Any water or wastes containing emulsified oil and grease exceeding an average of 50 parts per million
    [...] of ether-soluble matter (50 mg/L on each 24-hour average, I-30)."""
    limit = Limit("Emulsified oil and grease", BASIS_WORDS["24_hour"], view.number("discharge.emulsified_oil_grease"),
                  "mg/L")  # fmt: skip
    agreement = _agreement(facts, result.parameter)
    chosen = _agreed(limit, agreement) if agreement else limit
    finding = against_limit("emulsified_oil_grease", chosen, result, view, "118-43" if agreement else SECTION)
    return finding.model_copy(update={"interpretations": sorted({*finding.interpretations, "I-30"})})


def slug_load(result: Result, view: ParameterView) -> Finding:
    """For a duration of 15 minutes, a concentration greater than five times the average of normal sanitary
    sewage, as measured by suspended solids and BOD (1,325 and 1,100 mg/L, I-32)."""
    limit = Limit(f"Slug load, {PARAMETERS[result.parameter].words}", "15 minutes or less",
                  slug_limit(view, result.parameter), "mg/L")  # fmt: skip
    finding = against_limit(f"slug-{result.parameter}", limit, result, view)
    return finding.model_copy(update={"interpretations": sorted({*finding.interpretations, "I-32"})})


def flow_rate(facts: DischargeSampleFacts, result: Result, view: ParameterView) -> Finding:
    """[...] discharged continuously at a rate exceeding 1,000 gallons per minute, except by special permit."""
    limit = view.number("discharge.max_flow_rate")
    ok = result.value <= limit or facts.flow_special_permit
    permit = " under a special permit" if facts.flow_special_permit and result.value > limit else ""
    sentence = (f"Discharged at {num(result.value)} gallons per minute, {'not ' if result.value <= limit else ''}"
                f"above {num(limit)}{permit}.")  # fmt: skip
    compared: Compared = {"row": "Rate of discharge", "basis": "continuous", "limit": num(limit), "unit": "gal/min",
                          "value": num(result.value), "special_permit": facts.flow_special_permit}  # fmt: skip
    return _finding("flow-rate", "complies" if ok else "fails", sentence, compared)


def review_trigger(facts: DischargeSampleFacts, result: Result, view: ParameterView) -> Finding:
    """§118-39: BOD greater than 300, suspended solids 350, chlorine demand 15 mg/L is subject to the review
    and approval of the Town Engineer (each 24-hour average, I-30); never a violation by itself."""
    words = PARAMETERS[result.parameter].words
    agreement = _agreement(facts, result.parameter)
    chapter = review_threshold(view, result.parameter)
    threshold = agreement.limit if agreement else chapter
    value = Decimal(0) if result.qualifier == "<" else in_limit_unit(result.value, result.unit, result.parameter)
    by = (f" accepted by special agreement ({agreement.resolution}, §118-43) in place of the chapter's {num(chapter)}"
          if agreement else "")  # fmt: skip
    compared: Compared = {"row": words, "basis": "24-hour average", "limit": num(threshold), "unit": "mg/L",
                          "value": num(value), "chapter_limit": num(chapter)}  # fmt: skip
    section = "118-43" if agreement and value <= threshold else "118-39"
    if value <= threshold:
        sentence = f"{words} {num(value)} mg/L is not greater than {num(threshold)} mg/L{by}."
        return _finding(f"{REVIEW}{result.parameter}", "complies", sentence, compared, section=section,
                        interpretations=["I-30"] + (["I-71"] if agreement else []))  # fmt: skip
    sentence = (f"{words} {num(value)} mg/L is greater than {num(threshold)} mg/L{by}: the discharge is subject to "
                "the Town Engineer's review and approval (§118-39).")  # fmt: skip
    return _finding(f"{REVIEW}{result.parameter}", "discretion", sentence, compared, section="118-39",
                    decided_by=TOWN_ENGINEER, interpretations=["I-30"])  # fmt: skip


def findings_for(facts: DischargeSampleFacts, result: Result, view: ParameterView) -> list[Finding]:
    """Every rule that judges this result on this basis (I-73)."""
    basis = facts.chosen_basis()
    family = PARAMETERS[result.parameter].family
    short = facts.kind == "grab" or (facts.kind == "continuous" and (facts.minutes or 0) <= view.number(
        "discharge.slug_minutes"))  # fmt: skip
    if family == "toxic":
        toxic = toxic_substance(facts, result, view, basis)
        return [toxic] if toxic else []
    if family == "ph":
        return [ph_range(result, view)]
    if family == "temperature":
        return temperature(result, view)
    if family == "oil_grease":
        return [emulsified_oil_grease(facts, result, view)] if basis == "24_hour" else []
    if family == "flow":
        return [flow_rate(facts, result, view)] if facts.kind == "continuous" else []
    found: list[Finding] = []
    if short and basis == "instantaneous" and result.parameter in ("bod", "suspended_solids"):
        found.append(slug_load(result, view))
    if basis == "24_hour":
        found.append(review_trigger(facts, result, view))
    return found


def outcome_of(findings: list[Finding]) -> str:
    """exceeds > review-required (§118-39) > needs-review (discretion) > complies."""
    if any(f.severity == "fails" for f in findings):
        return "exceeds"
    if any(f.severity == "discretion" and f.requirement.startswith(REVIEW) for f in findings):
        return "review-required"
    if any(f.severity == "discretion" for f in findings):
        return "needs-review"
    return "complies"


def discharge_sample(facts: DischargeSampleFacts, view: ParameterView, as_of: date) -> Decision:
    """Each result judged by every rule that applies to it on its basis."""
    findings = [f for result in facts.results for f in findings_for(facts, result, view)]
    outcome = outcome_of(findings)
    failing = [f for f in findings if f.severity != "complies"]
    summary = " ".join(f.sentence for f in failing) or (
        f"{len(findings)} limit(s) checked on this {BASIS_WORDS[facts.chosen_basis()]}: all complied."
        if findings else "No §118-37 limit applies to these results on this basis.")  # fmt: skip
    return decide(topic=TOPIC_NAME, as_of=as_of, view=view, outcome=outcome, summary=summary, findings=findings,
                  interpretations=["I-31", "I-73"])  # fmt: skip


def _cu(value: str, unit: str = "mg/L", **kw: object) -> dict[str, object]:
    return {"kind": "composite", "results": [{"parameter": "copper", "value": value, "unit": unit}], **kw}


TOPIC: Topic[DischargeSampleFacts] = Topic(
    name=TOPIC_NAME,
    title="A discharge sample or average against §118-37 and the §118-39 review thresholds",
    sections=(SECTION, "118-39", "118-43"),
    facts_model=DischargeSampleFacts,
    rule=discharge_sample,
    interpretations=("I-31", "I-73"),
    examples=(
        Example("A copper composite at 1.6 mg/L, the 24-hour limit, complies", _cu("1.6"), "complies"),
        Example("A copper composite at 1,601 µg/L exceeds the 24-hour limit of 1.6 mg/L", _cu("1601", "ug/L"),
                "exceeds"),
        Example("A 30-day copper average of 0.801 mg/L exceeds 0.8 mg/L",
                {**_cu("0.801"), "kind": "average", "basis": "30_day"}, "exceeds"),
        Example("A grab at pH 5.8 is outside 6.0 to 9.0",
                {"kind": "grab", "results": [{"parameter": "ph", "value": "5.8", "unit": "pH"}]}, "exceeds"),
        Example("A composite with BOD 301 mg/L goes to the Town Engineer's review",
                {"kind": "composite", "results": [{"parameter": "bod", "value": "301", "unit": "mg/L"}]},
                "review-required"),
        Example("BOD 900 mg/L under a special agreement accepting 1,000 mg/L needs no review",
                {"kind": "composite", "results": [{"parameter": "bod", "value": "900", "unit": "mg/L"}],
                 "special_agreements": [{"parameter": "bod", "limit": "1000", "resolution": "Resolution 2026-07"}]},
                "complies"),
        Example("Cadmium not detected (<5 µg/L) counts as zero",
                {"kind": "composite", "results": [{"parameter": "cadmium", "value": "5", "unit": "ug/L",
                                                   "qualifier": "<", "detection_limit": "5"}]}, "complies"),
    ),
)  # fmt: skip
