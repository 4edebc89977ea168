"""The runs of a design revision as written (a run: the pipe, or the pipes joined with no manhole between them,
from one manhole to the next), and where a planned test section lies on its run's drawing.

A pipe whose upstream end is a manhole starts a run; while its downstream end is no manhole the run goes on
into the one pipe that starts where it ends (as the review joins them, ``designs/review.py``). Open channels
are not sewers and have no run (I-143). Lengths are the design's (a SWMM drawing is not to scale): a
section's place on the drawing is its share of the run's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from shapely import wkt
from shapely.geometry import LineString
from shapely.ops import linemerge, substring

from sewerworks.engineering.choices import ElementKind

HUNDREDTH = Decimal("0.01")


@dataclass(frozen=True)
class Run:
    name: str
    pipes: tuple[Any, ...]
    upstream: str
    downstream: str
    length_ft: Decimal
    diameter_in: Decimal | None

    def geometry(self) -> LineString | None:
        """The run's drawing as one line, upstream first (None when a pipe is not drawn)."""
        lines = [wkt.loads(p.geometry) for p in self.pipes if p.geometry]
        if len(lines) != len(self.pipes) or any(line.geom_type != "LineString" for line in lines):
            return None
        merged = linemerge(lines) if len(lines) > 1 else lines[0]
        return merged if merged.geom_type == "LineString" else None


def _ends(pipe: Any) -> tuple[tuple[float, float], tuple[float, float]] | None:
    if not pipe.geometry:
        return None
    coords = list(wkt.loads(pipe.geometry).coords)
    return (coords[0][0], coords[0][1]), (coords[-1][0], coords[-1][1])


def runs_of(revision: Any) -> list[Run]:
    """Every run of ``revision``, in the order of their first pipes' names."""
    pipes = list(revision.elements.filter(kind=ElementKind.PIPE).order_by("name"))
    starting: dict[tuple[float, float], list[Any]] = {}
    for pipe in pipes:
        ends = _ends(pipe)
        if ends is not None and not pipe.upstream:
            starting.setdefault(ends[0], []).append(pipe)
    followed = {id(p) for group in starting.values() if len(group) == 1 for p in group}
    result = []
    for pipe in pipes:
        if id(pipe) in followed and any(
            not q.downstream and _ends(q) is not None and _ends(q)[1] == _ends(pipe)[0] for q in pipes  # type: ignore[index]
        ):
            continue  # the middle of a run that starts upstream
        chain, current = [pipe], pipe
        while not current.downstream and _ends(current) is not None:
            following = starting.get(_ends(current)[1], [])  # type: ignore[index]
            if len(following) != 1 or following[0] in chain:
                break
            current = following[0]
            chain.append(current)
        length = sum((p.length_ft or Decimal(0) for p in chain), Decimal(0)).quantize(HUNDREDTH, ROUND_HALF_UP)
        result.append(Run(
            name="+".join(p.name for p in chain), pipes=tuple(chain),
            upstream=chain[0].upstream or f"upstream end of {chain[0].name}",
            downstream=chain[-1].downstream or f"downstream end of {chain[-1].name}",
            length_ft=length, diameter_in=chain[0].diameter_in,
        ))  # fmt: skip
    return result


def section_line(run: Run, from_ft: Decimal, to_ft: Decimal) -> str:
    """WKT of the part of the run's drawing a section covers, by its share of the run's length ("" if undrawn)."""
    line = run.geometry()
    if line is None or run.length_ft <= 0:
        return ""
    start, end = float(from_ft / run.length_ft), float(to_ft / run.length_ft)
    part = substring(line, start, end, normalized=True)
    return str(part.wkt) if part.geom_type == "LineString" else ""
