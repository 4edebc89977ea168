"""§ 118-33 Manholes: where a sewer must have one (I-40, I-77).

    Manholes shall be constructed at all changes in slope alignment or at intervals not exceeding 400
    linear feet.

I-40: at most 400 ft of pipe between consecutive manholes, and a manhole at every change of slope or
alignment. I-77: the 400 ft are measured along the pipe, so 400 ft complies and 400.01 ft fails; a bend
of at most ``manholes.alignment_tolerance`` (1°) at a vertex is not a change of alignment, nor a change of
grade of at most ``manholes.slope_change_tolerance`` (0.0005 ft/ft) a change of slope: a 1.5° bend at a
vertex with no manhole fails, a 1° one complies.

The facts are one run of pipe between two consecutive manholes, as lengths of straight pipe in order from
the upstream manhole, each with its length, slope and direction; each joint between two lengths is a
vertex with no manhole.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import ConfigDict, Field

from sewerworks.ordinance.decision import Decision, Finding
from sewerworks.ordinance.facts import Facts
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.registry import Example, Topic
from sewerworks.ordinance.rulebook import decide, num

SECTION = "118-33"
TOPIC_NAME = "manhole-spacing"
INTERPRETATIONS = ["I-40", "I-77"]
NodeKind = Literal["manhole", "outfall", "storage", "divider"]
NODE_WORDS = {"manhole": "manhole", "outfall": "outfall", "storage": "storage unit", "divider": "flow divider"}


class PipeLength(Facts):
    """One straight length of pipe of a run."""

    model_config = ConfigDict(extra="forbid")

    length_ft: Decimal = Field(gt=0, le=100_000, description="Length along the pipe, feet.")
    slope: Decimal = Field(ge=-1, le=1, description="Fall per foot of length (ft/ft; 0.004 is 0.40%).")
    bearing_deg: Decimal = Field(ge=0, lt=360, description="Direction of flow, degrees clockwise from grid north.")
    pipe: str = Field(default="", max_length=100, description="The pipe this length belongs to, for the findings.")


class ManholeRunFacts(Facts):
    """A run of pipe from one manhole to the next."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "upstream_manhole": "MH-1",
                    "downstream_manhole": "MH-2",
                    "lengths": [
                        {"length_ft": 220, "slope": 0.005, "bearing_deg": 90},
                        {"length_ft": 180, "slope": 0.005, "bearing_deg": 90},
                    ],
                }
            ]
        },
    )

    upstream_manhole: str = Field(default="", max_length=100, description="The manhole the run starts at.")
    downstream_manhole: str = Field(default="", max_length=100, description="The manhole the run ends at.")
    upstream_kind: NodeKind = Field(
        default="manhole", description="What the run starts at: a manhole, or an outfall, storage unit or divider."
    )
    downstream_kind: NodeKind = Field(
        default="manhole", description="What the run ends at: a manhole, or an outfall, storage unit or divider."
    )
    lengths: list[PipeLength] = Field(min_length=1, max_length=1000, description="Straight lengths, upstream first.")


def deflection(before: Decimal, after: Decimal) -> Decimal:
    """The angle the pipe turns at a vertex, 0 to 180 degrees, whichever way it turns."""
    turn = (after - before) % 360
    if turn < 0:
        turn += 360
    return 360 - turn if turn > 180 else turn


def _between(facts: ManholeRunFacts) -> str:
    """ "between manholes MH-1 and MH-2"; an end that is not a manhole is called what it is ("between manhole
    J1 and outfall O1")."""
    ends = [e for e in (facts.upstream_manhole, facts.downstream_manhole) if e]
    if len(ends) != 2:
        return "between consecutive manholes"
    if facts.upstream_kind == facts.downstream_kind == "manhole":
        return f"between manholes {' and '.join(ends)}"
    up, down = NODE_WORDS[facts.upstream_kind], NODE_WORDS[facts.downstream_kind]
    return f"between {up} {facts.upstream_manhole} and {down} {facts.downstream_manhole}"


def spacing(facts: ManholeRunFacts, view: ParameterView) -> Finding:
    """Manholes shall be constructed [...] at intervals not exceeding 400 linear feet."""
    limit = view.number("manholes.max_spacing")
    total = sum((length.length_ft for length in facts.lengths), Decimal(0))
    ok = total <= limit
    pipes = sorted({length.pipe for length in facts.lengths if length.pipe})
    return Finding(
        section=SECTION,
        requirement="manhole-spacing",
        severity="complies" if ok else "fails",
        sentence=f"{num(total)} ft of pipe {_between(facts)}; §118-33 allows at most {num(limit)} ft "
        f"{'' if ok else 'before another manhole is needed '}(I-40).",
        compared={"run_length_ft": num(total), "max_spacing_ft": num(limit), "pipes": ", ".join(pipes) or None},
        interpretations=INTERPRETATIONS,
    )


def at_vertex(facts: ManholeRunFacts, view: ParameterView, index: int) -> list[Finding]:
    """Manholes shall be constructed at all changes in slope [or] alignment: the vertex between length
    ``index - 1`` and length ``index`` has no manhole, so neither may change beyond its tolerance."""
    before, after = facts.lengths[index - 1], facts.lengths[index]
    found: list[Finding] = []
    turn = deflection(before.bearing_deg, after.bearing_deg)
    angle = view.number("manholes.alignment_tolerance")
    where: dict[str, str | int | bool | None] = {"vertex": index, "pipe": after.pipe or before.pipe or None}
    if turn > angle:
        found.append(
            Finding(
                section=SECTION,
                requirement="manhole-at-alignment-change",
                severity="fails",
                sentence=f"The pipe turns {num(turn.quantize(Decimal('0.1')))}° at vertex {index} {_between(facts)} "
                f"with no manhole there; §118-33 needs a manhole at every change of alignment (bends of at most "
                f"{num(angle)}° excepted, I-77).",
                compared={**where, "deflection_deg": num(turn), "alignment_tolerance_deg": num(angle)},
                interpretations=INTERPRETATIONS,
            )
        )
    change = abs(after.slope - before.slope)
    grade = view.number("manholes.slope_change_tolerance")
    if change > grade:
        found.append(
            Finding(
                section=SECTION,
                requirement="manhole-at-slope-change",
                severity="fails",
                sentence=f"The slope changes from {num(before.slope * 100)}% to {num(after.slope * 100)}% at vertex "
                f"{index} {_between(facts)} with no manhole there; §118-33 needs a manhole at every change of "
                f"slope (changes of at most {num(grade * 100)} percentage points excepted, I-77).",
                compared={**where, "slope_before": num(before.slope), "slope_after": num(after.slope),
                          "slope_change_tolerance": num(grade)},
                interpretations=INTERPRETATIONS,
            )
        )  # fmt: skip
    return found


def changes(facts: ManholeRunFacts, view: ParameterView) -> list[Finding]:
    """Every vertex of the run without a manhole, checked; one finding that complies when none fails."""
    found = [f for index in range(1, len(facts.lengths)) for f in at_vertex(facts, view, index)]
    if found:
        return found
    vertices = len(facts.lengths) - 1
    view.number("manholes.alignment_tolerance")
    view.number("manholes.slope_change_tolerance")
    said = "no vertex" if vertices == 0 else f"{vertices} vertex" if vertices == 1 else f"{vertices} vertices"
    return [
        Finding(
            section=SECTION,
            requirement="manhole-at-changes",
            severity="complies",
            sentence=f"The run {_between(facts)} has {said} without a manhole, and no change of slope or "
            "alignment beyond the tolerances (I-77).",
            compared={"vertices": vertices},
            interpretations=INTERPRETATIONS,
        )
    ]


def manhole_run(facts: ManholeRunFacts, view: ParameterView, as_of: date) -> Decision:
    """The run's length between manholes and every vertex without one (§118-33, I-40, I-77)."""
    findings = [spacing(facts, view), *changes(facts, view)]
    failed = [f for f in findings if f.severity == "fails"]
    return decide(
        topic=TOPIC_NAME,
        as_of=as_of,
        view=view,
        outcome="fails" if failed else "complies",
        summary=" ".join(f.sentence for f in (failed or findings)),
        findings=findings,
        interpretations=INTERPRETATIONS,
    )


def _straight(*lengths: int | str, slope: str = "0.005", bearings: tuple[int | str, ...] = ()) -> dict[str, object]:
    turns = bearings or tuple(90 for _ in lengths)
    return {
        "upstream_manhole": "MH-1",
        "downstream_manhole": "MH-2",
        "lengths": [{"length_ft": n, "slope": slope, "bearing_deg": b} for n, b in zip(lengths, turns, strict=True)],
    }


TOPIC: Topic[ManholeRunFacts] = Topic(
    name=TOPIC_NAME,
    title="Manholes at most 400 ft apart and at every change of slope or alignment (§118-33)",
    sections=(SECTION,),
    facts_model=ManholeRunFacts,
    rule=manhole_run,
    interpretations=("I-40", "I-77"),
    examples=(
        Example("400 ft of straight pipe between manholes complies", _straight(400), "complies"),
        Example("400.01 ft of pipe between manholes fails", _straight("400.01"), "fails"),
        Example("A 1° bend at a vertex without a manhole complies", _straight(200, 200, bearings=(90, 91)), "complies"),
        Example("A 1.5° bend at a vertex without a manhole fails", _straight(200, 200, bearings=(90, "91.5")),
                "fails"),
    ),
)  # fmt: skip
