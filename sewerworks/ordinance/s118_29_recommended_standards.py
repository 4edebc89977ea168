"""§ 118-29 Design: the Recommended Standards a gravity sewer must meet (I-78).

    All extensions to the sanitary sewer system owned and maintained by the town shall be properly
    designed in accordance with the Recommended Standards for Sewage Works, as adopted by the Great Lakes
    - Upper Mississippi River Board of State Sanitary Engineers and in strict conformance with all
    requirements of the New York State Department of Health.

The chapter names the standard by its older title; today it is the Recommended Standards for Wastewater
Facilities ("Ten States Standards"). The edition applied is the parameter ``design.recommended_standards``
and every finding names it. I-78: from the 2014 edition, §33.2 (no public gravity sewer smaller than 8
inches) and §33.41: the least slope by diameter (0.40% for 8-inch, 0.28% for 10-inch, 0.22% for 12-inch
pipe ...), and, where a design flow is given, the full-flow capacity and velocity by Manning's formula
with n = 0.013, at least 2 ft/s. A diameter the table does not list is the Town Engineer's review.

Worked example: 8-inch pipe at 0.40% flowing full carries 0.764 ft³/s at 2.19 ft/s; at 0.39% it fails the
minimum slope.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, localcontext

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-29"
TOPIC_NAME = "gravity-sewer-design"
TOWN_ENGINEER = "Town Engineer"
PI = Decimal("3.14159265358979323846")
MANNING_US = Decimal("1.486")  # the constant of Manning's formula in US customary units


class GravitySewerFacts(Facts):
    """One length of gravity sewer as designed, between two manholes."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"pipe_diameter_in": 8, "slope": 0.004, "design_flow_cfs": 0.5}]},
    )

    pipe_diameter_in: Decimal = Field(gt=0, le=240, description="Nominal inside diameter, inches.")
    slope: Decimal = Field(ge=-1, le=1, description="Fall per foot (ft/ft, 0.004 is 0.40%); zero or less is flat.")
    design_flow_cfs: Decimal | None = Field(
        default=None, ge=0, le=100_000, description="Peak design flow the pipe must carry, ft³/s (if given)."
    )


def _standard(view: ParameterView) -> str:
    return (
        f"the {view['design.recommended_standards']} (adopted by §118-29 as the Recommended Standards for Sewage Works)"
    )


def minimum_diameter(facts: GravitySewerFacts, view: ParameterView) -> Finding | None:
    """No public gravity sewer conveying raw wastewater shall be less than 8 inches in diameter (§33.2)."""
    least = view.number("design.min_gravity_diameter")
    if facts.pipe_diameter_in >= least:
        return None
    return Finding(
        section=SECTION,
        requirement="minimum-diameter",
        severity="fails",
        sentence=f"A {num(facts.pipe_diameter_in)}-inch public gravity sewer is smaller than the {num(least)} "
        f"inches of {_standard(view)}.",
        compared={"pipe_diameter_in": num(facts.pipe_diameter_in), "min_diameter_in": num(least)},
        interpretations=["I-78"],
    )


def minimum_slope(facts: GravitySewerFacts, view: ParameterView) -> Finding:
    """All sewers shall be designed and constructed to give mean velocities, when flowing full, of not less
    than 2.0 feet per second [...]. The following are the minimum slopes which should be provided (§33.41)."""
    table = {Decimal(k): Decimal(v) for k, v in view.table("design.min_slope_by_diameter").items()}
    diameter, percent = facts.pipe_diameter_in, facts.slope * 100
    least = table.get(diameter)
    compared: dict[str, str | int | bool | None] = {
        "pipe_diameter_in": num(diameter),
        "slope_percent": num(percent),
        "min_slope_percent": None if least is None else num(least),
    }
    if least is None:
        return Finding(
            section=SECTION,
            requirement="minimum-slope",
            severity="discretion",
            decided_by=TOWN_ENGINEER,
            sentence=f"{_standard(view)[0].upper()}{_standard(view)[1:]} lists no minimum slope for "
            f"{num(diameter)}-inch pipe; its {num(percent)}% slope is for the Town Engineer.",
            compared=compared,
            interpretations=["I-78"],
        )
    ok = percent >= least
    return Finding(
        section=SECTION,
        requirement="minimum-slope",
        severity="complies" if ok else "fails",
        sentence=f"The {num(diameter)}-inch pipe is laid at {num(percent)}%; {_standard(view)} require at least "
        f"{num(least)}% for {num(diameter)}-inch pipe.",
        compared=compared,
        interpretations=["I-78"],
    )


def full_flow(diameter_in: Decimal, slope: Decimal, n: Decimal) -> tuple[Decimal, Decimal]:
    """Manning's velocity (ft/s) and capacity (ft³/s) of a circular pipe flowing full: V = 1.486/n R^⅔ S^½."""
    if slope <= 0:
        return Decimal(0), Decimal(0)
    with localcontext() as context:
        context.prec = 28
        radius = diameter_in / 48  # hydraulic radius of a full circle, D/4, in feet
        velocity = MANNING_US / n * radius ** (Decimal(2) / 3) * slope.sqrt()
        area = PI * (diameter_in / 12) ** 2 / 4
        return +velocity, +(velocity * area)


def full_flow_checks(facts: GravitySewerFacts, view: ParameterView) -> list[Finding]:
    """Where a design flow is given: the pipe flowing full carries it, at no less than 2 ft/s (§33.41)."""
    if facts.design_flow_cfs is None:
        return []
    n = view.number("design.manning_n")
    least = view.number("design.min_full_flow_velocity")
    velocity, capacity = full_flow(facts.pipe_diameter_in, facts.slope, n)
    shown_v, shown_q = velocity.quantize(Decimal("0.01")), capacity.quantize(Decimal("0.001"))
    pipe = f"{num(facts.pipe_diameter_in)}-inch pipe at {num(facts.slope * 100)}%"
    compared: dict[str, str | int | bool | None] = {
        "manning_n": num(n),
        "full_flow_velocity_fps": num(shown_v),
        "full_flow_capacity_cfs": num(shown_q),
        "design_flow_cfs": num(facts.design_flow_cfs),
        "min_velocity_fps": num(least),
    }
    carries = capacity >= facts.design_flow_cfs
    fast = velocity >= least
    return [
        Finding(
            section=SECTION,
            requirement="full-flow-capacity",
            severity="complies" if carries else "fails",
            sentence=f"Flowing full (Manning, n = {num(n)}), {pipe} carries {num(shown_q)} ft³/s; the design flow "
            f"is {num(facts.design_flow_cfs)} ft³/s.",
            compared=compared,
            interpretations=["I-78"],
        ),
        Finding(
            section=SECTION,
            requirement="full-flow-velocity",
            severity="complies" if fast else "fails",
            sentence=f"Flowing full (Manning, n = {num(n)}), {pipe} runs at {num(shown_v)} ft/s; {_standard(view)} "
            f"require at least {num(least)} ft/s.",
            compared=compared,
            interpretations=["I-78"],
        ),
    ]


def gravity_sewer(facts: GravitySewerFacts, view: ParameterView, as_of: date) -> Decision:
    """One pipe of a design checked against the Recommended Standards §118-29 adopts (I-78)."""
    findings = [f for f in (minimum_diameter(facts, view), minimum_slope(facts, view)) if f is not None]
    findings.extend(full_flow_checks(facts, view))
    if any(f.severity == "fails" for f in findings):
        outcome = "fails"
    elif any(f.severity == "discretion" for f in findings):
        outcome = "needs-review"
    else:
        outcome = "complies"
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=" ".join(f.sentence for f in findings),
        findings=findings,
        interpretations=["I-78"],
    )


TOPIC: Topic[GravitySewerFacts] = Topic(
    name=TOPIC_NAME,
    title="A gravity sewer against the Recommended Standards §118-29 adopts: slope, size, full-flow velocity",
    sections=(SECTION,),
    facts_model=GravitySewerFacts,
    rule=gravity_sewer,
    interpretations=("I-78",),
    examples=(
        Example("8-inch pipe at 0.40% meets the minimum slope", {"pipe_diameter_in": 8, "slope": "0.0040"}, "complies"),
        Example("8-inch pipe at 0.39% is below the minimum slope", {"pipe_diameter_in": 8, "slope": "0.0039"}, "fails"),
        Example("10-inch pipe at 0.28% complies", {"pipe_diameter_in": 10, "slope": "0.0028"}, "complies"),
        Example("12-inch pipe at 0.21% fails", {"pipe_diameter_in": 12, "slope": "0.0021"}, "fails"),
        Example("8-inch pipe at 0.40% carries 0.5 ft³/s at over 2 ft/s",
                {"pipe_diameter_in": 8, "slope": "0.0040", "design_flow_cfs": "0.5"}, "complies"),
        Example("8-inch pipe at 0.40% cannot carry 0.8 ft³/s",
                {"pipe_diameter_in": 8, "slope": "0.0040", "design_flow_cfs": "0.8"}, "fails"),
        Example("11-inch pipe is for the Town Engineer", {"pipe_diameter_in": 11, "slope": "0.004"}, "needs-review"),
    ),
)  # fmt: skip
