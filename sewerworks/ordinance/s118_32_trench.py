"""§ 118-32 Design specifications: trench width, encasement, bedding (I-39, I-04).

    Pipe shall be of a type approved by the Town Engineer. Trench widths as measured just above the
    crown of the pipe shall not exceed the following: 8 [inches] 3 feet 3 inches; 10: 3 feet 6 inches;
    12: 3 feet 9 inches. If the trench widths are found, during field inspection, to exceed the limits
    in the above table, the sewer pipe shall be encased with a minimum of six inches of concrete. Pipe
    shall be firmly and evenly bedded on a minimum of three inches of No. 1A or No. 1 crushed stone [...].
    Pipe thickness and field strength shall be calculated on the following criteria: [missing]

I-39: only 8, 10 and 12 inch pipe have a limit; wider than the limit is not a rejection but requires at
least 6 inches of concrete encasement; other diameters are for the Town Engineer. I-04: the criteria
for pipe thickness and field strength are missing, so they are the Town Engineer's review.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-32"
TOPIC_NAME = "trench-width"
TOWN_ENGINEER = "Town Engineer"


class TrenchFacts(Facts):
    """A sewer trench as found at field inspection."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"pipe_diameter_in": 10, "trench_width_in": 44, "concrete_encasement_in": 6}]
        },
    )

    pipe_diameter_in: Decimal = Field(gt=0, description="Nominal pipe diameter, inches.", examples=[10])
    trench_width_in: Decimal = Field(
        gt=0, description="Trench width measured just above the crown of the pipe, inches.", examples=[42]
    )
    concrete_encasement_in: Decimal | None = Field(
        default=None,
        ge=0,
        description="Thickness of concrete encasing the pipe, inches (none if absent).",
        examples=[None, 6],
    )
    bedding_in: Decimal | None = Field(
        default=None,
        ge=0,
        description="Depth of No. 1A or No. 1 crushed stone bedding, inches (if measured).",
        examples=[None, 3],
    )


def feet_and_inches(inches: Decimal) -> str:
    feet, rest = divmod(inches, 12)
    return f"{num(feet)} ft {num(rest)} in"


def trench_width(facts: TrenchFacts, view: ParameterView) -> Finding:
    """Trench widths just above the crown shall not exceed the table; wider needs encasement (I-39)."""
    table = view.table("trench.max_width_by_diameter")
    limits = {Decimal(k): Decimal(v) for k, v in table.items()}
    diameter, width = facts.pipe_diameter_in, facts.trench_width_in
    limit = limits.get(diameter)
    if limit is None:
        listed = ", ".join(num(d) for d in sorted(limits))
        return Finding(
            section=SECTION,
            requirement="trench-width",
            severity="discretion",
            decided_by=TOWN_ENGINEER,
            sentence=f"§118-32 sets trench widths only for {listed}-inch pipe; a {num(width)}-inch trench "
            f"for {num(diameter)}-inch pipe is for the Town Engineer to accept.",
            compared={
                "pipe_diameter_in": num(diameter),
                "trench_width_in": num(width),
                "max_trench_width_in": None,
            },
            interpretations=["I-39"],
        )
    compared: dict[str, str | int | bool | None] = {
        "pipe_diameter_in": num(diameter),
        "trench_width_in": num(width),
        "max_trench_width_in": num(limit),
    }
    if width <= limit:
        return Finding(
            section=SECTION,
            requirement="trench-width",
            severity="complies",
            compared=compared,
            sentence=f"The trench is {num(width)} in wide just above the crown; §118-32 allows "
            f"{num(limit)} in ({feet_and_inches(limit)}) for {num(diameter)}-inch pipe.",
            interpretations=["I-39"],
        )
    return concrete_encasement(facts, view, limit, compared)


def concrete_encasement(
    facts: TrenchFacts, view: ParameterView, limit: Decimal, compared: dict[str, str | int | bool | None]
) -> Finding:
    """A trench wider than the table: the pipe shall be encased with a minimum of six inches of concrete."""
    least = view.number("trench.min_concrete_encasement")
    encasement = facts.concrete_encasement_in
    ok = encasement is not None and encasement >= least
    found = (
        "none is recorded" if encasement is None or encasement == 0 else f"{num(encasement)} in is recorded"
    )
    return Finding(
        section=SECTION,
        requirement="concrete-encasement",
        severity="complies" if ok else "fails",
        sentence=f"The trench is {num(facts.trench_width_in)} in wide just above the crown, wider than the "
        f"{num(limit)} in ({feet_and_inches(limit)}) §118-32 allows for {num(facts.pipe_diameter_in)}-inch "
        f"pipe, so the pipe must be encased in at least {num(least)} in of concrete; {found}.",
        compared={
            **compared,
            "concrete_encasement_in": None if encasement is None else num(encasement),
            "min_concrete_encasement_in": num(least),
        },
        interpretations=["I-39"],
    )


def bedding(facts: TrenchFacts, view: ParameterView) -> Finding | None:
    """Pipe shall be firmly and evenly bedded on a minimum of three inches of crushed stone."""
    if facts.bedding_in is None:
        return None
    least = view.number("trench.min_bedding")
    return Finding(
        section=SECTION,
        requirement="bedding",
        severity="complies" if facts.bedding_in >= least else "fails",
        sentence=f"The pipe is bedded on {num(facts.bedding_in)} in of crushed stone; §118-32 requires at "
        f"least {num(least)} in.",
        compared={"bedding_in": num(facts.bedding_in), "min_bedding_in": num(least)},
    )


def pipe_thickness_and_field_strength() -> Finding:
    """The criteria are missing from our text (I-04): the Town Engineer reviews them."""
    return Finding(
        section=SECTION,
        requirement="pipe-thickness-field-strength",
        severity="discretion",
        decided_by=TOWN_ENGINEER,
        sentence="Pipe thickness and field strength are calculated on criteria missing from our text of "
        "§118-32; they are the Town Engineer's review.",
        interpretations=["I-04"],
    )


def trench_inspection(facts: TrenchFacts, view: ParameterView, as_of: date) -> Decision:
    """The trench width (and bedding, if measured) of §118-32; pipe strength is left to the Town Engineer."""
    width = trench_width(facts, view)
    checked = [f for f in (width, bedding(facts, view)) if f is not None]
    if any(f.severity == "fails" for f in checked):
        outcome = "fails"
    elif any(f.severity == "discretion" for f in checked):
        outcome = "needs-review"
    else:
        outcome = "complies"
    summary = " ".join(f.sentence for f in checked)
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome=outcome,
        summary=summary,
        findings=[*checked, pipe_thickness_and_field_strength()],
        interpretations=["I-39", "I-04"],
    )


TOPIC: Topic[TrenchFacts] = Topic(
    name=TOPIC_NAME,
    title="Trench width and encasement of a sewer (§118-32)",
    sections=(SECTION,),
    facts_model=TrenchFacts,
    rule=trench_inspection,
    interpretations=("I-39", "I-04"),
    examples=(
        Example(
            "A 42-inch trench for 10-inch pipe is within 3 ft 6 in",
            {"pipe_diameter_in": 10, "trench_width_in": 42},
            "complies",
        ),
        Example(
            "A 43-inch trench for 10-inch pipe without encasement fails",
            {"pipe_diameter_in": 10, "trench_width_in": 43},
            "fails",
        ),
        Example(
            "A 43-inch trench for 10-inch pipe encased in 6 inches of concrete complies",
            {"pipe_diameter_in": 10, "trench_width_in": 43, "concrete_encasement_in": 6},
            "complies",
        ),
        Example(
            "A trench for 15-inch pipe is for the Town Engineer",
            {"pipe_diameter_in": 15, "trench_width_in": 50},
            "needs-review",
        ),
    ),
)
