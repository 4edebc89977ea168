"""GeoJSON designs: pipes as LineStrings, manholes as Points (I-79).

A FeatureCollection whose coordinates are in the CRS it declares (``"crs": {"type": "name", "properties":
{"name": "EPSG:4326"}}``), else the one stated at upload, else EPSG:2260. Each feature's ``properties``:

- a manhole (Point): ``id``, ``rim_ft``, ``invert_ft``;
- a pipe (LineString): ``id``, ``diameter_in``, ``material``, ``upstream_invert_ft``,
  ``downstream_invert_ft``, ``trench_width_in``, ``bedding_in``, ``encasement_in``, ``design_flow_cfs``;
  drawn from upstream to downstream. Its length is the drawn length in EPSG:2260 feet; an end within
  ``JOIN_FT`` of a manhole ends at that manhole, any other end continues into the next pipe with no
  manhole between them.

Any other geometry and diameters off the nominal sizes are needs-review items; a feature that cannot be
read is a row error naming the feature ("feature 3") and its line in the file where it can be found.
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
from typing import Any

from sewerworks.core.text import without_nul
from sewerworks.engineering.designs import crs as crs_module
from sewerworks.engineering.designs.model import (
    MAX_ELEVATION_FT,
    MAX_FLOW_CFS,
    MAX_LENGTH_FT,
    MAX_TRENCH_IN,
    BadNumber,
    Design,
    Manhole,
    Pipe,
    Point,
    nominal_diameter,
    number,
)

JOIN_FT = 1.0  # a pipe end within a foot of a manhole's point ends at that manhole (I-79)
PIPE_NUMBERS = {"upstream_invert_ft": MAX_ELEVATION_FT, "downstream_invert_ft": MAX_ELEVATION_FT,
                "trench_width_in": MAX_TRENCH_IN, "bedding_in": MAX_TRENCH_IN, "encasement_in": MAX_TRENCH_IN,
                "design_flow_cfs": MAX_FLOW_CFS}  # fmt: skip
NON_NEGATIVE = {"trench_width_in", "bedding_in", "encasement_in", "design_flow_cfs"}


def _declared_crs(document: dict[str, Any]) -> str | None:
    declared = document.get("crs")
    if isinstance(declared, dict) and isinstance(declared.get("properties"), dict):
        name = declared["properties"].get("name")
        return name if isinstance(name, str) else None
    return None


def _line_of(text: str, index: int) -> int | None:
    """The line on which feature ``index`` starts, found by counting ``"type": "Feature"`` markers."""
    seen, at = -1, 0
    while seen < index:
        at = text.find('"Feature"', at)
        if at < 0:
            return None
        seen, at = seen + 1, at + 1
    return text.count("\n", 0, at) + 1


class _Reader:
    def __init__(self, design: Design, text: str) -> None:
        self.design = design
        self.text = text

    def where(self, index: int) -> tuple[str, int | None]:
        return f"feature {index + 1}", _line_of(self.text, index)

    def project(self, coordinates: Any, index: int) -> list[Point] | None:
        section, line = self.where(index)
        try:
            points = [(float(number(c[0], "x")), float(number(c[1], "y"))) for c in coordinates]
            return crs_module.to_2260(points, self.design.crs)
        except (BadNumber, ValueError, TypeError, IndexError, KeyError) as error:
            self.design.error(section, line, f"coordinates: {error}"[:300])
            return None

    def feature(self, index: int, feature: Any) -> None:
        section, line = self.where(index)
        if not isinstance(feature, dict) or not isinstance(feature.get("geometry"), dict):
            self.design.error(section, line, "a feature needs a geometry object")
            return
        geometry = feature["geometry"]
        properties = feature.get("properties") or {}
        if not isinstance(properties, dict):
            self.design.error(section, line, "properties must be an object")
            return
        name = without_nul(str(properties.get("id", feature.get("id", f"feature {index + 1}"))))[:100]
        kind = without_nul(str(geometry.get("type")))
        coordinates = geometry.get("coordinates")
        if kind == "Point":
            self.manhole(index, name, properties, [coordinates])
        elif kind == "LineString" and isinstance(coordinates, list) and len(coordinates) >= 2:
            self.pipe(index, name, properties, coordinates)
        elif kind == "LineString":
            self.design.error(section, line, "a pipe's LineString needs at least two positions")
        else:
            self.design.review(name, "unsupported-feature", f"{name} is a {str(kind)[:30]}, neither a pipe "
                               "(LineString) nor a manhole (Point): the Town Engineer reviews it.")  # fmt: skip

    def duplicate(self, index: int, name: str) -> bool:
        if name in self.design.manholes or name in self.design.pipes:
            self.design.error(*self.where(index), f"{name!r} is used by two features")
            return True
        return False

    def manhole(self, index: int, name: str, properties: dict[str, Any], coordinates: list[Any]) -> None:
        points = self.project(coordinates, index)
        if points is None or self.duplicate(index, name):
            return
        try:
            values: dict[str, Any] = {
                k: number(properties[k], k, at_most=MAX_ELEVATION_FT)
                for k in ("rim_ft", "invert_ft")
                if properties.get(k) is not None
            }
        except BadNumber as error:
            self.design.error(*self.where(index), str(error))
            return
        self.design.manholes[name] = Manhole(name=name, point=points[0], **values)

    def pipe(self, index: int, name: str, properties: dict[str, Any], coordinates: list[Any]) -> None:
        points = self.project(coordinates, index)
        if points is None or self.duplicate(index, name):
            return
        try:
            values: dict[str, Any] = {
                k: number(properties[k], k, at_most=limit)
                for k, limit in PIPE_NUMBERS.items()
                if properties.get(k) is not None
            }
            negative = [k for k in NON_NEGATIVE if k in values and values[k] < 0]
            if negative:
                raise BadNumber(f"{negative[0]} cannot be negative")
            diameter = (
                number(properties["diameter_in"], "diameter_in") if properties.get("diameter_in") is not None else None
            )
            if diameter is not None and not 0 < diameter <= 240:
                raise BadNumber("diameter_in must be more than 0 and at most 240 inches")
        except BadNumber as error:
            self.design.error(*self.where(index), str(error))
            return
        length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
        if not 0 < length <= MAX_LENGTH_FT:
            self.design.error(
                *self.where(index), f"the pipe is {length:.3f} ft long: more than 0, at most {MAX_LENGTH_FT}"
            )
            return
        size = None if diameter is None else nominal_diameter(diameter)
        if diameter is None:
            self.design.review(name, "diameter-not-given", f"{name} states no diameter: the Town Engineer reviews it.")
        elif size is None:
            self.design.review(name, "off-nominal-diameter", f"{name} is {diameter} inches across, not a nominal "
                               "pipe size: the Town Engineer reviews it.")  # fmt: skip
        self.design.pipes[name] = Pipe(
            name=name, length_ft=Decimal(repr(round(length, 3))), points=tuple(points),
            diameter_in=size if size is not None else diameter,
            material=without_nul(str(properties.get("material", "")))[:60],
            **values,
        )  # fmt: skip

    def join(self) -> None:
        """Each pipe end within JOIN_FT of a manhole ends there."""
        placed = [(m.name, m.point) for m in self.design.manholes.values() if m.point is not None]
        for name, pipe in list(self.design.pipes.items()):
            ends = []
            for end in (pipe.points[0], pipe.points[-1]):
                near = [(math.dist(end, p), n) for n, p in placed if math.dist(end, p) <= JOIN_FT]
                ends.append(min(near)[1] if near else "")
            self.design.pipes[name] = Pipe(**{**pipe.__dict__, "upstream": ends[0], "downstream": ends[1]})


def read_geojson(data: bytes, *, crs: str | None = None) -> Design:
    """The design in a GeoJSON FeatureCollection; unreadable features are in ``errors``, never raised."""
    design = Design(format="geojson")
    try:
        text = data.decode("utf-8-sig")
        document = json.loads(text)
    except UnicodeDecodeError as error:
        design.error("(file)", data.count(b"\n", 0, error.start) + 1, "the file is not UTF-8 text")
        return design
    except json.JSONDecodeError as error:
        design.error("(file)", error.lineno, f"not valid JSON: {error.msg}")
        return design
    except RecursionError:
        design.error("(file)", None, "not valid JSON: nested too deeply")
        return design
    if not isinstance(document, dict) or document.get("type") != "FeatureCollection":
        design.error("(file)", 1, 'a design is a GeoJSON object with "type": "FeatureCollection"')
        return design
    features = document.get("features")
    if not isinstance(features, list):
        design.error("(file)", 1, 'a FeatureCollection needs a "features" list')
        return design
    try:
        design.crs = crs_module.check(_declared_crs(document) or crs or crs_module.TARGET)
    except crs_module.UnknownCRS as error:
        design.error("crs", None, str(error))
        return design
    reader = _Reader(design, text)
    for index, feature in enumerate(features):
        reader.feature(index, feature)
    reader.join()
    if not design.errors and not design.pipes:
        design.error("features", None, "the file has no pipes (LineStrings): no design to review")
    return design
