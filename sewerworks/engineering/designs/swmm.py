"""EPA SWMM 5 input files (``.inp``) read as a sewer design (I-79).

Our own parser rather than a package from the index (swmm-api, swmmio, swmm-pandas): the review needs
eight sections read to the line, with every unreadable row reported by section and line and every other
section kept as a needs-review item; those packages read into DataFrames, skip or raise on bad rows
without a line number, and would add pandas-sized dependencies to the shared environment for that.

- ``[OPTIONS] FLOW_UNITS``: CFS, GPM or MGD mean feet; CMS, LPS or MLD mean metres (converted to feet).
  ``LINK_OFFSETS ELEVATION`` makes conduit offsets elevations rather than heights above the node invert.
- ``[JUNCTIONS]`` are manholes: invert = Elevation, rim = Elevation + MaxDepth. ``[OUTFALLS]`` end a run;
  ``[STORAGE]`` and ``[DIVIDERS]`` end one too, and are for the Town Engineer.
- ``[CONDUITS]`` are pipes; a pipe's length is the Length column (models are often not drawn to scale).
- ``[XSECTIONS]`` CIRCULAR Geom1 is the diameter, mapped to a nominal size; other shapes, and sizes off
  the nominal ones, are for the Town Engineer.
- ``[COORDINATES]`` and ``[VERTICES]`` only place the design (in the CRS stated at upload) and give the
  direction of each length of pipe for the §118-33 check of changes of alignment.
- ``[PUMPS]``, ``[ORIFICES]``, ``[WEIRS]``, ``[OUTLETS]`` are links that are not conduits; any other
  section the review does not use is named once: all of these are needs-review items, never row errors.
- A conduit whose cross-section is open (a street, a trapezoidal ditch, an open channel) is not a sewer:
  one needs-review item "not a closed conduit", and none of the pipe checks (I-143).
- Rain gages and subcatchments make the file look like a storm-water model rather than a sanitary sewer:
  one needs-review item on the design says so, naming what it found (I-143).
- A conduit row refused is refused once: its [XSECTIONS] and [VERTICES] rows raise no error of their own.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from sewerworks.core.text import without_nul
from sewerworks.engineering.designs import crs as crs_module
from sewerworks.engineering.designs.model import (
    FEET_PER_METRE,
    MAX_DIAMETER_IN,
    MAX_ELEVATION_FT,
    MAX_LENGTH_FT,
    OPEN_CHANNEL_SHAPES,
    BadNumber,
    Design,
    Manhole,
    Pipe,
    Point,
    number,
)
from sewerworks.engineering.designs.model import nominal_diameter as nominal

US_UNITS = {"CFS", "GPM", "MGD"}
METRIC_UNITS = {"CMS", "LPS", "MLD"}
# Sections with nothing for a design review: titles, reporting and drawing aids.
PRESENTATION = {"TITLE", "REPORT", "MAP", "POLYGONS", "SYMBOLS", "LABELS", "BACKDROP", "TAGS", "PROFILES"}
NODE_SECTIONS = {"JUNCTIONS": "manhole", "OUTFALLS": "outfall", "STORAGE": "storage", "DIVIDERS": "divider"}
OTHER_LINKS = {"PUMPS": "pump", "ORIFICES": "orifice", "WEIRS": "weir", "OUTLETS": "outlet"}
READ = {"OPTIONS", "CONDUITS", "XSECTIONS", "COORDINATES", "VERTICES", *NODE_SECTIONS, *OTHER_LINKS}
# The hydrology of a storm-water model: rain falling on subcatchments and what becomes of it (I-143).
STORM = {"RAINGAGES", "SUBCATCHMENTS", "SUBAREAS", "INFILTRATION", "LID_CONTROLS", "LID_USAGE", "AQUIFERS",
         "GROUNDWATER", "GWF", "SNOWPACKS", "TEMPERATURE", "EVAPORATION", "LANDUSES", "COVERAGES", "LOADINGS",
         "BUILDUP", "WASHOFF"}  # fmt: skip


def _lines(data: bytes) -> list[tuple[int, str]]:
    """Numbered lines of the file, comments and blanks dropped (UTF-8, else Windows-1252, else Latin-1)."""
    result = []
    for number_, raw in enumerate(data.split(b"\n"), start=1):
        for encoding in ("utf-8", "cp1252", "latin-1"):
            try:
                text = raw.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
        text = without_nul(text.split(";", 1)[0]).strip()
        if text:
            result.append((number_, text))
    return result


class _Reader:
    def __init__(self, design: Design, crs: str) -> None:
        self.design = design
        self.crs = crs
        self.metric = False
        self.offsets_are_elevations = False
        self.rows: dict[str, list[tuple[int, list[str]]]] = {}
        self.refused_links: set[str] = set()  # conduit rows refused: their other rows say nothing more

    def feet(self, text: str, what: str, at_most: Decimal = MAX_ELEVATION_FT) -> Decimal:
        value = number(text, what)
        feet = value * FEET_PER_METRE if self.metric else value
        if abs(feet) > at_most:
            raise BadNumber(f"{what} must be at most {at_most} ft either side of zero, not {text[:40]}")
        return feet

    def read(self, data: bytes) -> None:
        section = ""
        for line, text in _lines(data):
            if text.startswith("["):
                if not text.endswith("]") or len(text) < 3:
                    self.design.error(
                        section or "(start)", line, f"a section heading must be [NAME], not {text[:40]!r}"
                    )
                    continue
                section = text[1:-1].strip().upper()
                self.rows.setdefault(section, [])
                continue
            if not section:
                self.design.error("(start)", line, "text before the first [SECTION] heading")
                continue
            self.rows[section].append((line, text.split()))
        self.options()
        for name, kind in NODE_SECTIONS.items():
            self.nodes(name, kind)
        self.coordinates()
        self.conduits()
        self.other_links()
        self.xsections()
        self.vertices()
        self.storm_water()
        self.unused_sections()

    def each(self, section: str, least: int, what: str) -> list[tuple[int, list[str]]]:
        good = []
        for line, fields in self.rows.get(section, []):
            if len(fields) < least:
                self.design.error(f"[{section}]", line, f"a {what} needs at least {least} fields, found {len(fields)}")
            else:
                good.append((line, fields))
        return good

    def options(self) -> None:
        for line, fields in self.each("OPTIONS", 2, "option"):
            key, value = fields[0].upper(), fields[1].upper()
            if key == "FLOW_UNITS":
                if value not in US_UNITS | METRIC_UNITS:
                    known = ", ".join(sorted(US_UNITS | METRIC_UNITS))
                    self.design.error("[OPTIONS]", line, f"FLOW_UNITS {value[:20]!r} is not one of {known}")
                    continue
                self.metric = value in METRIC_UNITS
                self.design.units = "m" if self.metric else "ft"
            elif key == "LINK_OFFSETS":
                self.offsets_are_elevations = value == "ELEVATION"

    def nodes(self, section: str, kind: str) -> None:
        least = 3 if kind == "manhole" else 2
        for line, fields in self.each(section, least, "node"):
            name = fields[0]
            if name in self.design.manholes:
                self.design.error(f"[{section}]", line, f"node {name[:40]!r} is defined twice")
                continue
            try:
                invert = self.feet(fields[1], "the invert elevation")
                rim = invert + self.feet(fields[2], "the maximum depth") if kind == "manhole" else None
            except BadNumber as error:
                self.design.error(f"[{section}]", line, str(error))
                continue
            self.design.manholes[name] = Manhole(name=name, rim_ft=rim, invert_ft=invert, kind=kind)
            if kind in ("storage", "divider"):
                self.design.review(
                    name, f"{kind}-node", f"{name} is a {kind} node, not a manhole: the Town Engineer reviews it.", kind
                )

    def coordinates(self) -> None:
        for line, fields in self.each("COORDINATES", 3, "coordinate"):
            name = fields[0]
            node = self.design.manholes.get(name)
            if node is None:
                self.design.error("[COORDINATES]", line, f"no node named {name[:40]!r}")
                continue
            point = self.point(fields, "[COORDINATES]", line)
            if point is not None:
                self.design.manholes[name] = replace(node, point=point)

    def point(self, fields: list[str], section: str, line: int) -> Point | None:
        try:
            x, y = number(fields[1], "X"), number(fields[2], "Y")
            return crs_module.to_2260([(float(x), float(y))], self.crs)[0]
        except ValueError as error:
            self.design.error(section, line, str(error))
            return None

    def conduits(self) -> None:
        for line, fields in self.each("CONDUITS", 7, "conduit"):
            name, upstream, downstream = fields[:3]
            problem = self.link_problem(name, upstream, downstream)
            try:
                length = self.feet(fields[3], "the length", MAX_LENGTH_FT)
                offsets = (self.feet(fields[5], "the inlet offset"), self.feet(fields[6], "the outlet offset"))
                if length <= 0:
                    raise BadNumber("the length must be more than zero")
            except BadNumber as error:
                problem = problem or str(error)
            if problem:
                self.design.error("[CONDUITS]", line, problem)
                self.refused_links.add(name)
                continue
            up, down = self.design.manholes[upstream], self.design.manholes[downstream]
            self.design.pipes[name] = Pipe(
                name=name,
                length_ft=length,
                upstream=upstream,
                downstream=downstream,
                upstream_invert_ft=self.invert(up, offsets[0]),
                downstream_invert_ft=self.invert(down, offsets[1]),
            )

    def link_problem(self, name: str, upstream: str, downstream: str) -> str:
        if name in self.design.pipes:
            return f"link {name[:40]!r} is defined twice"
        missing = [n for n in (upstream, downstream) if n not in self.design.manholes]
        return f"no node named {missing[0][:40]!r}" if missing else ""

    def invert(self, node: Manhole, offset: Decimal) -> Decimal | None:
        if self.offsets_are_elevations:
            return offset
        return None if node.invert_ft is None else node.invert_ft + offset

    def other_links(self) -> None:
        for section, kind in OTHER_LINKS.items():
            for _line, fields in self.each(section, 3, kind):
                self.design.review(
                    fields[0], "non-conduit-link",
                    f"{fields[0]} is a {kind} from {fields[1]} to {fields[2]}, not a gravity sewer: the Town "
                    "Engineer reviews it.",
                )  # fmt: skip

    def xsections(self) -> None:
        for line, fields in self.each("XSECTIONS", 2, "cross-section"):
            name, shape = fields[0], fields[1].upper()
            pipe = self.design.pipes.get(name)
            if pipe is None:
                if name not in self.refused_links and not any(i.element == name for i in self.design.review_items):
                    self.design.error("[XSECTIONS]", line, f"no link named {name[:40]!r}")
                continue
            if shape.lower() in OPEN_CHANNEL_SHAPES:
                self.design.pipes[name] = replace(pipe, shape=shape.lower())
                self.design.review(
                    name, "not-closed-conduit",
                    f"{name} is a {shape.lower().replace('_', ' ')} cross-section open at the top (a street, ditch or "
                    "channel), not a closed conduit: it is not a sewer, so the pipe checks of §118-29 to 33 do not "
                    "apply; the Town Engineer reviews it (I-143).", "channel",
                )  # fmt: skip
                continue
            if shape != "CIRCULAR":
                self.design.pipes[name] = replace(pipe, shape=shape.lower())
                self.design.review(
                    name, "non-circular-section",
                    f"{name} has a {shape.lower()} cross-section: only circular pipe is checked; the Town Engineer "
                    "reviews it.",
                )  # fmt: skip
                continue
            if len(fields) < 3:
                self.design.error("[XSECTIONS]", line, "a CIRCULAR cross-section needs its diameter (Geom1)")
                continue
            try:
                inches = self.feet(fields[2], "the diameter (Geom1)", MAX_DIAMETER_IN / 12) * 12
            except BadNumber as error:
                self.design.error("[XSECTIONS]", line, str(error))
                continue
            size = nominal(inches)
            if size is None:
                self.design.review(
                    name, "off-nominal-diameter",
                    f"{name} is {inches.quantize(Decimal('0.01'))} inches across, not a nominal pipe size: the "
                    "Town Engineer reviews it.",
                )  # fmt: skip
            self.design.pipes[name] = replace(pipe, diameter_in=size if size is not None else inches)

    def vertices(self) -> None:
        bends: dict[str, list[Point]] = {}
        for line, fields in self.each("VERTICES", 3, "vertex"):
            if fields[0] not in self.design.pipes:
                if fields[0] not in self.refused_links and not any(
                    item.element == fields[0] for item in self.design.review_items
                ):
                    self.design.error("[VERTICES]", line, f"no link named {fields[0][:40]!r}")
                continue
            point = self.point(fields, "[VERTICES]", line)
            if point is not None:
                bends.setdefault(fields[0], []).append(point)
        for name, pipe in self.design.pipes.items():
            ends = (self.design.manholes[pipe.upstream].point, self.design.manholes[pipe.downstream].point)
            if ends[0] is not None and ends[1] is not None:
                self.design.pipes[name] = replace(pipe, points=(ends[0], *bends.get(name, []), ends[1]))

    def storm_water(self) -> None:
        """Rain gages or subcatchments: a storm-water model, it seems, not a sanitary sewer (I-143)."""
        found = [(len(self.rows.get(s, [])), what) for s, what in (("RAINGAGES", "rain gage"),
                 ("SUBCATCHMENTS", "subcatchment")) if self.rows.get(s)]  # fmt: skip
        if not found:
            return
        listed = " and ".join(f"{n} {what}{'' if n == 1 else 's'}" for n, what in found)
        self.design.review(
            "design", "storm-water-model",
            f"The file has {listed}: it looks like a storm-water model, not a sanitary sewer design. Storm and "
            "surface waters are not admitted to a sanitary sewer (§118-1, §118-28); the Town Engineer reviews what the "
            "model is before its pipes are taken as a sanitary sewer (I-143).",
        )  # fmt: skip

    def unused_sections(self) -> None:
        storm = any(self.rows.get(s) for s in ("RAINGAGES", "SUBCATCHMENTS"))
        for section, rows in self.rows.items():
            if section in READ or section in PRESENTATION or not rows or (storm and section in STORM):
                continue
            self.design.review(
                f"[{section}]"[:100], "unreviewed-section",
                f"[{section[:40]}] ({len(rows)} row{'' if len(rows) == 1 else 's'}) is not part of the automatic "
                "review: the Town Engineer reviews it.",
            )  # fmt: skip


def read_swmm(data: bytes, *, crs: str = crs_module.TARGET) -> Design:
    """The design in a SWMM 5 input file; unreadable rows are in ``errors``, never raised."""
    design = Design(format="swmm")
    try:
        design.crs = crs_module.check(crs)
    except crs_module.UnknownCRS as error:
        design.error("crs", None, str(error))
        return design
    if not data.strip():
        design.error("(file)", None, "the file is empty")
        return design
    _Reader(design, design.crs).read(data)
    if not design.errors and not design.pipes:
        design.error("[CONDUITS]", None, "the file has no conduits: no design to review")
    return design
