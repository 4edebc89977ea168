"""The design review: every pipe and manhole of a design checked against Article V (§118-29, 32, 33).

Each finding is the ordinance's own ``Finding`` placed on an element (a pipe, a manhole, or the design as
a whole): the runs between manholes through ``manhole-spacing`` (§118-33, I-40, I-77); each pipe through
``gravity-sewer-design`` (§118-29's Recommended Standards, I-78) and, where the design states a trench,
``trench-width`` (§118-32, I-39, I-81); pipe strength as the Town Engineer's (I-04); the drainage area's
future flows and the approvals as review items (I-80); what the file held that the review cannot judge as
needs-review items (I-79).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sewerworks.engineering.designs.model import Design, Pipe
from sewerworks.ordinance.decision import Finding
from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.s118_29_recommended_standards import GravitySewerFacts, gravity_sewer
from sewerworks.ordinance.s118_32_trench import TrenchFacts, bedding, pipe_thickness_and_field_strength, trench_width
from sewerworks.ordinance.s118_33_manholes import ManholeRunFacts, PipeLength, manhole_run

TOWN_ENGINEER = "Town Engineer"
DESIGN = "design"
MAX_RUN_LENGTHS = 1000  # what the manhole-spacing topic takes in one run


@dataclass(frozen=True)
class PlacedFinding:
    """A finding and the element it is about: ``pipe``, ``manhole`` or ``design``, by name."""

    element_kind: str
    element: str
    finding: Finding


def bearing(a: tuple[float, float], b: tuple[float, float]) -> Decimal:
    """Direction from a to b, degrees clockwise from grid north, to a hundredth."""
    degrees = math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360
    return Decimal(f"{degrees:.2f}") % 360


def lengths_of(pipe: Pipe, slope: Decimal) -> list[PipeLength]:
    """The pipe's straight lengths: its stated length shared out in proportion to the drawn segments, each
    with the drawn direction (the drawing may not be to scale, I-79)."""
    segments = [(a, b) for a, b in zip(pipe.points, pipe.points[1:], strict=False) if math.dist(a, b) > 0]
    total = max(_q(pipe.length_ft), Decimal("0.001"))
    if not segments:
        return [PipeLength(length_ft=total, slope=slope, bearing_deg=Decimal(0), pipe=pipe.name)]
    drawn = sum(math.dist(a, b) for a, b in segments)
    shares = [Decimal(repr(math.dist(a, b) / drawn)) for a, b in segments]
    parts = [_q(total * share) for share in shares[:-1]]
    parts.append(total - sum(parts, Decimal(0)))
    return [
        PipeLength(length_ft=max(part, Decimal("0.001")), slope=slope, bearing_deg=bearing(a, b), pipe=pipe.name)
        for part, (a, b) in zip(parts, segments, strict=True)
    ]


def _clamped(slope: Decimal | None) -> Decimal:
    """A slope as the rules take it: six places, within ±1 ft/ft (unknown taken as flat)."""
    return Decimal(0) if slope is None else _q(max(Decimal(-1), min(Decimal(1), slope)), 6)


def _q(value: Decimal, places: int = 3) -> Decimal:
    """A measure to the places the ordinance's facts accept (six at most)."""
    return value.quantize(Decimal(1).scaleb(-places))


def _q_or_none(value: Decimal | None, places: int = 3) -> Decimal | None:
    return None if value is None else _q(value, places)


def sewers(design: Design) -> list[Pipe]:
    """The design's closed conduits: a street, ditch or open channel is not a sewer (I-143)."""
    return [pipe for pipe in design.pipes.values() if not pipe.open_channel]


def runs(design: Design) -> list[list[Pipe]]:
    """Pipes grouped into runs from one manhole to the next: a pipe continues into the one that starts
    where it ends when no manhole is there (and only one starts there). Open channels are not sewers."""
    pipes = sewers(design)
    starting: dict[tuple[float, float], list[Pipe]] = {}
    for pipe in pipes:
        if pipe.points and not pipe.upstream:
            starting.setdefault(pipe.points[0], []).append(pipe)
    continued = {id(p) for ps in starting.values() if len(ps) == 1 for p in ps}
    result = []
    for pipe in pipes:
        if id(pipe) in continued and any(
            not q.downstream and q.points and q.points[-1] == pipe.points[0] for q in pipes
        ):
            continue  # it is the middle of a run that starts upstream
        run, current, seen = [pipe], pipe, {pipe.name}
        while not current.downstream and current.points:
            following = starting.get(current.points[-1], [])
            if len(following) != 1 or following[0].name in seen:
                break
            current = following[0]
            run.append(current)
            seen.add(current.name)
        result.append(run)
    return result


def node_kind(design: Design, name: str) -> str:
    """What a run's end is: a manhole, an outfall, a storage unit or a divider (a manhole when unknown)."""
    node = design.manholes.get(name)
    return node.kind if node is not None else "manhole"


def review_run(
    run: list[Pipe], view: ParameterView, as_of: date, design: Design | None = None
) -> list[PlacedFinding]:
    lengths: list[PipeLength] = []
    for pipe in run:
        slope = pipe.slope
        if slope is None and lengths:
            slope = lengths[-1].slope  # unknown grade: no change of slope is claimed (inverts-not-given)
        lengths.extend(lengths_of(pipe, _clamped(slope)))
    if len(lengths) > MAX_RUN_LENGTHS:
        sentence = (f"The run from {run[0].name} to {run[-1].name} has {len(lengths)} straight lengths without a "
                    "manhole, too many to check one by one: the Town Engineer reviews its manholes.")  # fmt: skip
        return [PlacedFinding("pipe", run[0].name, _needs_review("118-33", "manhole-run-too-long", sentence, "I-77"))]
    ends: dict[str, Any] = {}
    if design is not None:
        ends = {"upstream_kind": node_kind(design, run[0].upstream),
                "downstream_kind": node_kind(design, run[-1].downstream)}  # fmt: skip
    facts = ManholeRunFacts.model_validate({"upstream_manhole": run[0].upstream,
                                            "downstream_manhole": run[-1].downstream, "lengths": lengths, **ends})
    decision = manhole_run(facts, view, as_of)
    placed = []
    for finding in decision.findings:
        where = str(finding.compared.get("pipe") or "")
        if finding.requirement == "manhole-spacing":
            where = _pipe_past_limit(run, view.number("manholes.max_spacing"))
        placed.append(PlacedFinding("pipe", where or run[0].name, finding))
    return placed


def _pipe_past_limit(run: list[Pipe], limit: Decimal) -> str:
    """The pipe on which the run first passes the spacing limit (the last one when it never does)."""
    total = Decimal(0)
    for pipe in run:
        total += pipe.length_ft
        if total > limit:
            return pipe.name
    return run[-1].name


def review_pipe(pipe: Pipe, view: ParameterView, as_of: date) -> list[PlacedFinding]:
    found: list[Finding] = []
    if pipe.slope is None:
        sentence = f"{pipe.name} states no upstream and downstream inverts, so its slope cannot be checked."
        found.append(_needs_review("118-29", "inverts-not-given", f"{sentence} The Town Engineer reviews it.", "I-81"))
    elif pipe.diameter_in is not None and pipe.shape == "circular":
        facts = GravitySewerFacts(pipe_diameter_in=_q(pipe.diameter_in, 2), slope=_clamped(pipe.slope),
                                  design_flow_cfs=_q_or_none(pipe.design_flow_cfs, 4))  # fmt: skip
        found.extend(gravity_sewer(facts, view, as_of).findings)
    if pipe.diameter_in is not None and pipe.trench_width_in is not None and pipe.trench_width_in > 0:
        trench = TrenchFacts(pipe_diameter_in=_q(pipe.diameter_in, 2), trench_width_in=_q(pipe.trench_width_in, 2),
                             concrete_encasement_in=_q_or_none(pipe.encasement_in, 2))  # fmt: skip
        found.append(trench_width(trench, view))
    if pipe.bedding_in is not None and pipe.diameter_in is not None:
        facts_b = TrenchFacts(
            pipe_diameter_in=_q(pipe.diameter_in, 2), trench_width_in=Decimal(1), bedding_in=_q(pipe.bedding_in, 2)
        )
        stone = bedding(facts_b, view)
        if stone is not None:
            found.append(stone)
    return [PlacedFinding("pipe", pipe.name, f) for f in found]


def _needs_review(section: str, requirement: str, sentence: str, *interpretations: str) -> Finding:
    return Finding(section=section, requirement=requirement, severity="discretion", decided_by=TOWN_ENGINEER,
                   sentence=sentence, interpretations=list(interpretations))  # fmt: skip


I_143 = frozenset({"not-closed-conduit", "storm-water-model"})


def _kind_of(design: Design, name: str) -> str:
    if name in design.pipes:
        return "channel" if design.pipes[name].open_channel else "pipe"
    if name in design.manholes:
        return design.manholes[name].kind
    return DESIGN


def review_design(design: Design, view: ParameterView, as_of: date) -> list[PlacedFinding]:
    """Every finding of the design, placed; a design with row errors is not reviewed (nothing placed)."""
    if design.errors:
        return []
    placed: list[PlacedFinding] = []
    for run in runs(design):
        placed.extend(review_run(run, view, as_of, design))
    for pipe in sewers(design):
        placed.extend(review_pipe(pipe, view, as_of))
    for item in design.review_items:
        kind = item.kind or _kind_of(design, item.element)
        cited = ("I-79", "I-143") if item.requirement in I_143 else ("I-79",)
        finding = _needs_review("118-29", item.requirement, item.sentence, *cited)
        placed.append(PlacedFinding(kind, item.element, finding))
    placed.append(PlacedFinding(DESIGN, DESIGN, pipe_thickness_and_field_strength()))
    placed.append(PlacedFinding(DESIGN, DESIGN, _needs_review(
        "118-29", "future-flows", "The design must anticipate and allow for flows from all possible future "
        "extensions or developments within the immediate drainage area (§118-29): the Town Engineer reviews the "
        "drainage area and its future flows.", "I-80")))  # fmt: skip
    return placed
