"""The geometry of a time-series chart, computed in plain Python (no Django, no JavaScript).

:func:`layout` turns points and limit lines into everything an SVG needs: the plot box, the path of the
series, a marker per point, "nice" ticks (1, 2, 2.5 or 5 times a power of ten) and the lines of the
limits, each with its label. The template tag ``series_chart`` (:mod:`sewerworks.core.templatetags.charts`)
draws it as server-side SVG, so a PDF (which runs no JavaScript) prints the same chart as the screen,
and always puts the data beside it as a table. Values are ``Decimal`` (or int) end to end: only pixel
positions are floats, never the numbers printed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Any

Number = Decimal | int | float
XValue = dt.date | dt.datetime | Number

STEPS = (Decimal(1), Decimal(2), Decimal("2.5"), Decimal(5), Decimal(10))


@dataclass(frozen=True)
class Point:
    """One value of the series at ``x`` (a date, a moment or a number); ``y`` None is a gap (not drawn).

    ``label`` is how the data table names the row ("2026-01-02 – 2026-04-01"); ``note`` explains it; ``flag``
    marks the point (drawn as a red ring, its words in the marker's title: "30-day limit exceeded").
    """

    x: XValue
    y: Number | None
    label: str = ""
    note: str = ""
    flag: str = ""

    @property
    def row_label(self) -> str:
        return self.label or format_x(self.x)


@dataclass(frozen=True)
class Limit:
    """A horizontal line across the chart at ``value`` ("Permit limit, 5,000 gal"), labelled ``label``."""

    value: Number
    label: str


@dataclass(frozen=True)
class Mark:
    """Something drawn at a pixel position, with its text (a tick, a marker, a limit line)."""

    x: float
    y: float
    text: str = ""
    anchor: str = "middle"  # how a text sits on x: start, middle or end (the axis' ends stay inside the box)


@dataclass
class Geometry:
    """The chart as positions in a ``width`` × ``height`` box (y grows downwards, as in SVG)."""

    width: int
    height: int
    left: float
    top: float
    right: float
    bottom: float
    path: str = ""
    markers: list[Mark] = field(default_factory=list)
    y_ticks: list[Mark] = field(default_factory=list)
    x_ticks: list[Mark] = field(default_factory=list)
    limits: list[Mark] = field(default_factory=list)
    average_path: str = ""
    flags: list[Mark] = field(default_factory=list)
    empty: bool = True

    @property
    def tick_end(self) -> float:
        """Where the small tick marks below the time axis end."""
        return self.bottom + 5


def to_decimal(value: Number) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(str(value))


def format_number(value: Number) -> str:
    """Thousands separators, no trailing zeros: 1,250; 0.5; -2.25 (Decimal, never float formatting)."""
    d = to_decimal(value)
    if d == d.to_integral_value():
        return f"{d.quantize(Decimal(1)):,}"
    text = f"{d:,f}".rstrip("0").rstrip(".")
    return text


def format_x(x: XValue) -> str:
    if isinstance(x, dt.datetime):
        return x.strftime("%Y-%m-%d %H:%M")
    if isinstance(x, dt.date):
        return x.isoformat()
    return format_number(x)


def _x_number(x: XValue) -> float:
    if isinstance(x, dt.datetime):
        return x.timestamp() / 86400
    if isinstance(x, dt.date):
        return float(x.toordinal())
    return float(x)


def nice_step(span: Decimal, count: int = 5) -> Decimal:
    """The smallest 1, 2, 2.5 or 5 × 10^k step that covers ``span`` in at most ``count`` intervals."""
    if span <= 0:
        return Decimal(1)
    raw = span / count
    power = Decimal(1).scaleb(raw.adjusted())
    for step in STEPS:
        if step * power >= raw:
            return (step * power).normalize()
    return (Decimal(10) * power).normalize()  # pragma: no cover - 10 always covers raw


def nice_ticks(low: Decimal, high: Decimal, count: int = 5) -> list[Decimal]:
    """Round values from at or below ``low`` to at or above ``high``, at most ``count`` + 1 of them."""
    if high < low:
        low, high = high, low
    if high == low == 0:
        high = Decimal(1)
    elif high == low:
        pad = abs(high) / 10
        low, high = low - pad, high + pad
    step = nice_step(high - low, count)
    start = (low / step).to_integral_value(ROUND_FLOOR) * step
    stop = (high / step).to_integral_value(ROUND_CEILING) * step
    ticks, value = [], start
    while value <= stop:
        ticks.append(value.normalize() if value else Decimal(0))
        value += step
    return ticks


def _pick(items: Sequence[Any], most: int) -> list[Any]:
    """At most ``most`` items spread evenly, always the first and the last."""
    if len(items) <= most:
        return list(items)
    last = len(items) - 1
    return [items[round(i * last / (most - 1))] for i in range(most)]


def layout(
    points: Iterable[Point],
    limits: Iterable[Limit] = (),
    *,
    width: int = 560,
    height: int = 240,
    zero: bool = True,
    x_ticks: int = 6,
    average: Iterable[Point] = (),
) -> Geometry:
    """Where everything goes. ``zero`` keeps 0 on the value axis (amounts used, counted, charged). ``average`` is
    a second series on the same axes (a running average), drawn as a dashed line; flagged points of either series
    get a ring."""
    points, limits, second = list(points), list(limits), list(average)
    geo = Geometry(width=width, height=height, left=72.0, top=20.0, right=width - 16.0, bottom=height - 36.0)
    drawn = [p for p in points if p.y is not None]
    values = [to_decimal(p.y) for p in [*drawn, *second] if p.y is not None] + [to_decimal(lim.value) for lim in limits]
    if not values:
        return geo
    geo.empty = not drawn
    low, high = min(values), max(values)
    if zero:
        low, high = min(low, Decimal(0)), max(high, Decimal(0))
    ticks = nice_ticks(low, high)
    y_low, y_high = ticks[0], ticks[-1]

    def y_pixel(value: Number) -> float:
        fraction = float((to_decimal(value) - y_low) / (y_high - y_low))
        return round(geo.bottom - fraction * (geo.bottom - geo.top), 1)

    xs = [_x_number(p.x) for p in [*points, *second]]
    x_low, x_high = (min(xs), max(xs)) if xs else (0.0, 1.0)

    def x_pixel(x: XValue) -> float:
        if x_high == x_low:
            return round((geo.left + geo.right) / 2, 1)
        return round(geo.left + (_x_number(x) - x_low) / (x_high - x_low) * (geo.right - geo.left), 1)

    geo.y_ticks = [Mark(geo.left - 6, y_pixel(t), format_number(t)) for t in ticks]
    picked = _pick(points, x_ticks)
    geo.x_ticks = [Mark(x_pixel(p.x), geo.bottom, format_x(p.x)) for p in picked]
    if len(geo.x_ticks) > 1:
        geo.x_ticks[0] = replace(geo.x_ticks[0], anchor="start")
        geo.x_ticks[-1] = replace(geo.x_ticks[-1], anchor="end")
    geo.limits = [
        Mark(geo.right, y_pixel(lim.value), f"{lim.label}: {format_number(lim.value)}", "end") for lim in limits
    ]
    def trace(series: list[Point], markers: list[Mark] | None) -> str:
        segments: list[str] = []
        pen_up = True
        for p in series:
            if p.y is None:
                pen_up = True
                continue
            x, y = x_pixel(p.x), y_pixel(p.y)
            segments.append(f"{'M' if pen_up else 'L'}{x:g},{y:g}")
            pen_up = False
            if markers is not None:
                markers.append(Mark(x, y, f"{p.row_label}: {format_number(p.y)}"))
            if p.flag:
                geo.flags.append(Mark(x, y, f"{p.row_label}: {p.flag}"))
        return " ".join(segments)

    geo.path = trace(points, geo.markers)
    geo.average_path = trace(second, None)
    return geo


def describe(points: Sequence[Point], limits: Sequence[Limit], unit: str, average: str = "",
             flagged: Sequence[Point] = ()) -> str:  # fmt: skip
    """One sentence for a screen reader: how many values, from when to when, the lowest and highest; the second
    line (``average`` names it) and the flagged points, if any."""
    drawn = [p for p in points if p.y is not None]
    if not drawn:
        return "No values to chart."
    values = [to_decimal(p.y) for p in drawn if p.y is not None]
    suffix = f" {unit}" if unit else ""
    sentence = (
        f"{len(drawn)} value{'s' if len(drawn) != 1 else ''} from {points[0].row_label} to {points[-1].row_label}; "
        f"lowest {format_number(min(values))}{suffix}, highest {format_number(max(values))}{suffix}."
    )
    for lim in limits:
        sentence += f" Line: {lim.label} at {format_number(lim.value)}{suffix}."
    if average:
        sentence += f" Dashed line: {average}."
    if flagged:
        sentence += " Ringed: " + "; ".join(f"{p.row_label} ({p.flag})" for p in flagged) + "."
    return sentence + " The same values are in the table that follows."
