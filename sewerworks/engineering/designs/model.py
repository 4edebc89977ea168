"""A sewer design as read from a file: manholes, pipes, what needs a person, and the rows that could not be read.

Plain Python (no database, no settings), so the parsers and the review can be tested and fuzzed on their
own. Lengths and elevations are feet, diameters inches, flows ft³/s, whatever the file's units;
coordinates are EPSG:2260 (NAD83 / New York East, US survey feet), the registry's system.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

Point = tuple[float, float]

# Nominal diameters of sewer pipe (inches). A file's diameter within NOMINAL_TOLERANCE_IN of one of these is
# that size; any other is read as given and flagged for the Town Engineer (I-79).
NOMINAL_DIAMETERS_IN: tuple[int, ...] = (
    4,
    6,
    8,
    10,
    12,
    14,
    15,
    16,
    18,
    21,
    24,
    27,
    30,
    33,
    36,
    39,
    42,
    48,
    54,
    60,
    66,
    72,
    78,
    84,
    90,
    96,
    108,
)
NOMINAL_TOLERANCE_IN = Decimal("0.1")
FEET_PER_METRE = Decimal("3.280833333")  # US survey feet per metre (1200/3937), as EPSG:2260 measures
LARGEST = Decimal(10) ** 9
# What a design of a town sewer can hold: beyond these a value is a mistake, refused as a row error.
MAX_LENGTH_FT = Decimal(100_000)  # one pipe
MAX_ELEVATION_FT = Decimal(100_000)  # inverts and rims, above or below the datum
MAX_DIAMETER_IN = Decimal(240)
MAX_TRENCH_IN = Decimal(1_000)  # trench width, bedding, encasement
MAX_FLOW_CFS = Decimal(100_000)
# SWMM cross-sections open at the top: a street, a ditch, a channel. Such a link is not a sewer (a closed
# conduit), so none of Article V's pipe checks applies to it: the Town Engineer reviews it (I-143).
OPEN_CHANNEL_SHAPES = frozenset({"rect_open", "trapezoidal", "triangular", "parabolic", "power", "irregular", "street"})


@dataclass(frozen=True)
class RowError:
    """A row (or the whole file) that could not be read: where, and why."""

    section: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.section}, line {self.line}" if self.line is not None else self.section
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class ReviewItem:
    """Something read that the review cannot judge (a weir, a storage node, an egg-shaped pipe): a person
    must, so it becomes a needs-review finding on the element named."""

    element: str
    requirement: str
    sentence: str
    kind: str = ""  # pipe, channel, manhole, outfall, storage, divider; empty: found by name, else the design


@dataclass(frozen=True)
class Manhole:
    """A manhole (or another node a pipe ends at: an outfall, a storage unit)."""

    name: str
    point: Point | None = None
    rim_ft: Decimal | None = None
    invert_ft: Decimal | None = None
    kind: str = "manhole"  # manhole, outfall, storage, divider


@dataclass(frozen=True)
class Pipe:
    """A pipe between two points; ``upstream``/``downstream`` name a manhole, or are empty where the pipe
    continues into another pipe with no manhole between them."""

    name: str
    length_ft: Decimal
    upstream: str = ""
    downstream: str = ""
    points: tuple[Point, ...] = ()
    diameter_in: Decimal | None = None
    shape: str = "circular"
    material: str = ""
    upstream_invert_ft: Decimal | None = None
    downstream_invert_ft: Decimal | None = None
    trench_width_in: Decimal | None = None
    bedding_in: Decimal | None = None
    encasement_in: Decimal | None = None
    design_flow_cfs: Decimal | None = None

    @property
    def open_channel(self) -> bool:
        """A street, ditch or channel open at the top: not a sewer (I-143)."""
        return self.shape in OPEN_CHANNEL_SHAPES

    @property
    def slope(self) -> Decimal | None:
        """Fall per foot from the upstream to the downstream invert (ft/ft); None without both inverts."""
        if self.upstream_invert_ft is None or self.downstream_invert_ft is None or self.length_ft <= 0:
            return None
        return (self.upstream_invert_ft - self.downstream_invert_ft) / self.length_ft


@dataclass
class Design:
    """Everything read from one file."""

    format: str
    units: str = "ft"
    crs: str = "EPSG:2260"
    manholes: dict[str, Manhole] = field(default_factory=dict)
    pipes: dict[str, Pipe] = field(default_factory=dict)
    review_items: list[ReviewItem] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)

    @property
    def readable(self) -> bool:
        return not self.errors

    def error(self, section: str, line: int | None, message: str) -> None:
        self.errors.append(RowError(section, line, message))

    def review(self, element: str, requirement: str, sentence: str, kind: str = "") -> None:
        self.review_items.append(ReviewItem(element, requirement, sentence, kind))


class BadNumber(ValueError):
    """Text that is not a finite number in range."""


def number(text: object, what: str, *, at_most: Decimal = LARGEST) -> Decimal:
    """A finite Decimal from text or a JSON number, at most ``at_most`` either side of zero."""
    if isinstance(text, bool) or not isinstance(text, str | int | float):
        raise BadNumber(f"{what} must be a number, not {text!r}"[:200])
    try:
        value = Decimal(str(text).strip())
    except (InvalidOperation, ValueError):
        raise BadNumber(f"{what} must be a number, not {str(text)[:40]!r}") from None
    if not value.is_finite():
        raise BadNumber(f"{what} must be a finite number, not {str(text)[:40]!r}")
    if abs(value) > at_most:
        raise BadNumber(f"{what} must be at most {at_most} either side of zero, not {str(text)[:40]}")
    return value


def nominal_diameter(inches: Decimal) -> Decimal | None:
    """The nominal size a diameter stands for, or None when it is off the nominal sizes (I-79)."""
    for size in NOMINAL_DIAMETERS_IN:
        if abs(inches - size) <= NOMINAL_TOLERANCE_IN:
            return Decimal(size)
    return None
