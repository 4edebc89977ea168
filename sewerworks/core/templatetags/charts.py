"""``{% series_chart %}``: a time series drawn as server-side SVG, with its data as a table beside it.

    {% load charts %}
    {% series_chart points limits=limits title="Water use per period" unit="gal" x_label="Period" y_label="Water use" %}

``points`` are :class:`sewerworks.core.documents.charts.Point` (or ``(x, y)`` pairs, or dicts with ``x``, ``y``,
``label``, ``note``); ``average`` is a second series on the same axes (a running average, dashed), named by
``average_label`` and given a column of the table; flagged points are ringed; ``limits`` are
:class:`~sewerworks.core.documents.charts.Limit` (or ``(value, label)`` pairs).
The SVG has ``role="img"``, a ``<title>`` and a ``<desc>`` (one sentence: the count, the first and last
period, the lowest and highest value, each limit); the table (with a caption) holds every value, so
nothing is known only by looking. Every label is escaped by the template engine. The same markup
prints in a PDF: WeasyPrint draws inline SVG.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from django import template

from sewerworks.core.documents.charts import Limit, Point, describe, format_number, layout

register = template.Library()


def _point(item: Any) -> Point:
    if isinstance(item, Point):
        return item
    if isinstance(item, Mapping):
        return Point(item["x"], item.get("y"), str(item.get("label", "")), str(item.get("note", "")))
    x, y = item
    return Point(x, y)


def _limit(item: Any) -> Limit:
    if isinstance(item, Limit):
        return item
    value, label = item
    return Limit(value, str(label))


def _value(point: Point | None) -> str:
    return "—" if point is None or point.y is None else format_number(point.y)


def _flags(point: Point, averages: Mapping[Any, Point]) -> list[str]:
    other = averages.get(point.x)
    return [p.flag for p in (point, other) if p is not None and p.flag]


@register.inclusion_tag("core/charts/series_chart.html")
def series_chart(
    points: Iterable[Any],
    limits: Iterable[Any] = (),
    *,
    title: str = "Chart",
    unit: str = "",
    x_label: str = "Date",
    y_label: str = "Value",
    zero: bool = True,
    width: int = 560,
    height: int = 240,
    average: Iterable[Any] = (),
    average_label: str = "Average",
) -> dict[str, Any]:
    """The context of one chart (see the module docstring)."""
    series = [_point(p) for p in points or ()]
    second = [_point(p) for p in average or ()]
    lines = [_limit(item) for item in limits or ()]
    geometry = layout(series, lines, width=int(width), height=int(height), zero=bool(zero), average=second)
    by_x = {p.x: p for p in second}
    flagged = [p for p in [*series, *second] if p.flag]
    suffix = f" ({unit})" if unit else ""
    return {
        "id": f"chart-{secrets.token_hex(4)}",
        "title": title,
        "unit": unit,
        "x_label": x_label,
        "y_heading": f"{y_label}{suffix}",
        "description": describe(series, lines, unit, average_label if second else "", flagged),
        "average_heading": f"{average_label}{suffix}" if second else "",
        "geo": geometry,
        "rows": [
            {"label": p.row_label, "value": "—" if p.y is None else format_number(p.y),
             "average": _value(by_x.get(p.x)), "note": "; ".join(n for n in (p.note, *_flags(p, by_x)) if n)}
            for p in series
        ],
        "has_notes": any(p.note for p in series) or bool(flagged),
        "limits": [{"label": lim.label, "value": format_number(lim.value)} for lim in lines],
    }
