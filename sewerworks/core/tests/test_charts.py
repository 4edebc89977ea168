"""Charts: a series and its limit lines drawn as server-side SVG, the data always in a table beside it.

The scales are plain Python (no Django): round ticks covering every value and every limit; each point
at its date; a gap where a value is missing. The tag escapes every label, names the chart for a screen
reader (role="img", <title>, <desc>), and the same markup prints in a WeasyPrint PDF.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from decimal import Decimal
from typing import Any

import pytest
from django.template import Context, Template
from pypdf import PdfReader

from sewerworks.core.documents.charts import Limit, Point, describe, format_number, layout, nice_step, nice_ticks

D = dt.date


@pytest.mark.parametrize(
    ("span", "step"),
    [("10", "2"), ("11", "2.5"), ("4800", "1000"), ("5001", "2000"), ("0.3", "0.1"), ("25", "5"), ("26", "10")],
)
def test_a_tick_step_is_one_two_two_and_a_half_or_five_times_a_power_of_ten(span: str, step: str) -> None:
    assert nice_step(Decimal(span)) == Decimal(step)


def test_ticks_cover_the_values_with_round_numbers_printed_exactly() -> None:
    assert nice_ticks(Decimal("0"), Decimal("4350")) == [Decimal(v) for v in (0, 1000, 2000, 3000, 4000, 5000)]
    assert [format_number(t) for t in nice_ticks(Decimal("0.1"), Decimal("0.3"))] == [
        "0.1",
        "0.15",
        "0.2",
        "0.25",
        "0.3",
    ]
    assert nice_ticks(Decimal(0), Decimal(0)) == [Decimal(v) for v in ("0", "0.2", "0.4", "0.6", "0.8", "1")]


def test_numbers_are_printed_with_separators_and_no_float_noise() -> None:
    assert format_number(Decimal("12345")) == "12,345"
    assert format_number(Decimal("0.30")) == "0.3" and format_number(-2) == "-2"
    assert format_number(Decimal("748.0520")) == "748.052"


SERIES = [Point(D(2026, 1, 1), 1000), Point(D(2026, 4, 1), 3000), Point(D(2026, 7, 1), 2000)]


def test_points_fall_at_their_dates_and_values_inside_the_plot() -> None:
    geo = layout(SERIES, [Limit(4000, "Limit")], width=640, height=260)
    assert [t.anchor for t in geo.x_ticks] == ["start", "middle", "end"]  # the axis' end labels stay inside
    first, second, third = geo.markers
    assert (first.x, third.x) == (geo.left, geo.right)
    assert second.x == pytest.approx(
        geo.left + 90 / 181 * (geo.right - geo.left), abs=0.1
    )  # Jan 1 → Apr 1: 90 of 181 days
    assert [t.text for t in geo.y_ticks] == ["0", "1,000", "2,000", "3,000", "4,000"]
    assert geo.y_ticks[0].y == geo.bottom and geo.y_ticks[-1].y == geo.top
    assert geo.limits[0].y == geo.top and geo.limits[0].text == "Limit: 4,000"  # 4,000 is the top tick
    assert first.y == pytest.approx(geo.bottom - (geo.bottom - geo.top) / 4, abs=0.1)
    assert geo.path.startswith("M") and geo.path.count("L") == 2


def test_a_missing_value_leaves_a_gap_and_a_limit_above_the_data_widens_the_scale() -> None:
    geo = layout([*SERIES[:2], Point(D(2026, 5, 1), None), SERIES[2]], [Limit(Decimal("9500"), "High")])
    assert geo.path.count("M") == 2 and len(geo.markers) == 3
    assert geo.y_ticks[-1].text == "10,000"


def test_without_zero_the_scale_follows_the_values() -> None:
    geo = layout([Point(1, Decimal("6.8")), Point(2, Decimal("7.4"))], [Limit(9, "pH 9"), Limit(6, "pH 6")], zero=False)
    assert geo.y_ticks[0].text == "6" and geo.y_ticks[-1].text == "9"


def test_the_description_says_what_a_reader_would_see() -> None:
    sentence = describe(SERIES, [Limit(4000, "Permit limit")], "gal")
    assert sentence.startswith("3 values from 2026-01-01 to 2026-07-01; lowest 1,000 gal, highest 3,000 gal.")
    assert "Line: Permit limit at 4,000 gal." in sentence
    assert describe([], [], "gal") == "No values to chart."


TAG = Template(
    "{% load charts %}{% series_chart points limits=limits title=title unit='gal' x_label='Period' y_label='Used' %}"
)


def render(points: list[Point], limits: list[Limit], title: str = "Water use") -> str:
    return TAG.render(Context({"points": points, "limits": limits, "title": title}))


def test_the_tag_draws_an_svg_named_for_screen_readers_and_a_table_of_the_same_values() -> None:
    html = render(SERIES, [Limit(2500, "Average")])
    svg = re.search(r"<svg[^>]*>", html)
    assert svg and 'role="img"' in svg.group(0) and "aria-labelledby=" in svg.group(0)
    ident = re.search(r'aria-labelledby="(chart-\w+)-title', svg.group(0))
    assert ident and f'<title id="{ident.group(1)}-title">Water use</title>' in html
    assert f'<desc id="{ident.group(1)}-desc">3 values from 2026-01-01' in html
    rows = re.findall(r"<tr><td>([^<]*)</td><td[^>]*>([^<]*)</td>", html)
    assert rows == [("2026-01-01", "1,000"), ("2026-04-01", "3,000"), ("2026-07-01", "2,000")]
    assert "<caption>" in html and '<th scope="col" class="num text-end">Used (gal)</th>' in html
    assert "Lines on the chart: Average, 2,500 gal." in html


def test_every_label_is_escaped() -> None:
    html = render([Point(D(2026, 1, 1), 5, label="<script>alert(1)</script>")], [Limit(9, '"><img src=x>')], "<b>T</b>")
    assert "<script>" not in html and "<img src=x>" not in html and "<b>T</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;b&gt;T&lt;/b&gt;" in html


def test_a_chart_with_no_values_says_so_and_draws_nothing() -> None:
    html = render([], [])
    assert "<svg" not in html and "No values to chart yet." in html and "No values." in html


def test_a_document_on_the_letterhead_prints_the_chart(settings: Any, tmp_path: Any) -> None:
    from sewerworks.core.documents.render import render_document
    from sewerworks.core.documents.town import town

    (tmp_path / "report.html").write_text(
        '{% extends "core/documents/base.html" %}{% load charts %}{% block body %}<h1>{{ title }}</h1>'
        "{% series_chart points limits=limits title='Water use' unit='gal' %}{% endblock %}"
    )
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path]}]
    context = {"town": town(), "title": "Report", "number": "R-1", "points": SERIES, "limits": [Limit(3500, "Cap")]}
    data = render_document("report.html", context).write_pdf()
    printed = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert "TOWN OF MARLBOROUGH" in printed and "Cap: 3,500" in printed and "4,000" in printed


def test_the_chart_prints_in_a_pdf_with_its_axis_and_limit_labels() -> None:
    from weasyprint import HTML

    from sewerworks.core.documents.render import LocalOnlyFetcher

    body = render(SERIES, [Limit(Decimal("3750"), "Permit limit")], title="Flow chart")
    data = HTML(string=f"<html><body>{body}</body></html>", url_fetcher=LocalOnlyFetcher()).write_pdf()
    printed = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert "4,000" in printed  # a tick label: only the SVG prints it (no value or limit is 4,000)
    assert "2026-04-01" in printed and "Permit limit" in printed and "Flow chart" in printed
