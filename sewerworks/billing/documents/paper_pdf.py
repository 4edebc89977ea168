"""Draw ``PaperBill``s with fpdf2, one US Letter page each: the batch's part files (see ``paper``).

Free of Django and the database, so a forked process runs it. The page follows ``bill.html``'s layout and
style (DejaVu Serif, the same sizes, rules and boxes; the chart from the same ``core.documents.charts`` geometry);
a bill too long for its page continues on the next. Times are in ``docs/benchmarks.md``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF

from sewerworks.billing.documents.paper import CHART_UNIT
from sewerworks.core.documents.charts import Geometry

PAGE_W, PAGE_H = 612.0, 792.0  # US Letter in points
MARGIN, BOTTOM = 43.2, 39.6  # the page margins of _bill_style.html: 0.6 in at the sides, 0.55 in at the foot
LEFT, TOP = MARGIN + 6, 28.8 + 6  # and the body's own 6 pt (8 px), as WeasyPrint prints it
WIDTH = PAGE_W - 2 * LEFT
LIMIT = PAGE_H - BOTTOM
FONT = "DejaVuSerif"
STYLES = {"": "DejaVuSerif.ttf", "B": "DejaVuSerif-Bold.ttf", "I": "DejaVuSerif-Italic.ttf"}
FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "/usr/share/fonts/truetype/dejavu")
GREY, RULE, LIGHT = (51, 51, 51), (119, 119, 119), (208, 212, 217)
INK, AXIS, SERIES = (33, 37, 41), (52, 58, 64), (11, 83, 148)
Run = tuple[str, float, str]  # (style, size in points, text)


@functools.cache
def font_file(style: str) -> str:
    """The DejaVu Serif file of ``style`` ("", "B", "I"): the font WeasyPrint finds for the single bill."""
    for folder in FONT_FOLDERS:
        found = next(Path(folder).rglob(STYLES[style]), None) if Path(folder).is_dir() else None
        if found is not None:
            return str(found)
    raise FileNotFoundError(f"Font {STYLES[style]} (DejaVu Serif) is not installed; the bills need it.")


def baseline(top: float, size: float, height: float) -> float:
    """Where text of ``size`` sits in a line box of ``height`` starting at ``top`` (DejaVu's ascent, descent)."""
    return top + (height - 1.164 * size) / 2 + 0.928 * size


class Page:
    """One PDF of bills being drawn; ``y`` is the top of what comes next on the current page."""

    def __init__(self) -> None:
        self.pdf = FPDF(unit="pt", format="Letter")
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(MARGIN, TOP, MARGIN)
        for style in STYLES:
            self.pdf.add_font(FONT, style, font_file(style))
        self.footer = ""
        self.y = TOP

    def font(self, style: str, size: float, color: tuple[int, int, int] = (0, 0, 0), spacing: float = 0) -> None:
        self.pdf.set_font(FONT, style, size)
        self.pdf.set_text_color(*color)
        self.pdf.set_char_spacing(spacing)

    def width(self, text: str) -> float:
        return float(self.pdf.get_string_width(text))

    def new_page(self) -> None:
        self.pdf.add_page()
        self.y = TOP
        self.font("", 8, GREY)
        self.pdf.text(MARGIN, PAGE_H - BOTTOM / 2 + 3, self.footer)

    def room(self, height: float) -> None:
        """Go on to a new page unless ``height`` more fits on this one."""
        if self.y + height > LIMIT:
            self.new_page()

    def text(self, x: float, top: float, text: str, style: str = "", size: float = 9.5, **kw: object) -> None:
        """One line of text whose line box (1.25 × size) starts at ``top``; ``align`` "R" ends it at x."""
        self.font(style, size, kw.get("color", (0, 0, 0)), float(kw.get("spacing", 0)))  # type: ignore[arg-type]
        if kw.get("align") == "R":
            x -= self.width(text)
        elif kw.get("align") == "C":
            x -= self.width(text) / 2
        self.pdf.text(x, baseline(top, size, 1.25 * size), text)

    def wrap(self, text: str, style: str, size: float, width: float) -> list[str]:
        """``text`` broken at spaces into lines no wider than ``width`` (a longer word stands alone)."""
        self.font(style, size)
        space = self.width(" ")
        lines: list[str] = []
        for paragraph in text.split("\n"):
            current, used = "", 0.0
            for word in paragraph.split():
                w = self.width(word)
                if not current:
                    current, used = word, w
                elif used + space + w <= width:
                    current, used = f"{current} {word}", used + space + w
                else:
                    lines.append(current)
                    current, used = word, w
            lines.append(current)
        return lines

    def wrap_runs(self, runs: Sequence[Run], width: float) -> list[list[tuple[str, float, str]]]:
        """Runs of text broken into lines at word breaks within ``width`` (nothing drawn)."""
        lines: list[list[tuple[str, float, str]]] = [[]]
        used = 0.0
        for style, size, text in runs:
            self.font(style, size)
            space = self.width(" ")
            for word in text.split(" "):
                if not word:
                    continue
                w = self.width(word)
                gap = space if lines[-1] else 0.0
                if lines[-1] and used + gap + w > width:
                    lines.append([])
                    used, gap = 0.0, 0.0
                lines[-1].append((style, size, (" " if gap else "") + word))
                used += gap + w
        return lines

    def measure(self, runs: Sequence[Run], width: float, height: float = 0) -> float:
        """How tall ``flow`` would draw the runs."""
        return len(self.wrap_runs(runs, width)) * (height or max(1.25 * size for _, size, _ in runs))

    def flow(self, runs: Sequence[Run], x: float, top: float, width: float, height: float = 0) -> float:
        """Runs of text wrapped at word breaks within ``width`` from ``top``; the bottom of the last line."""
        line_h = height or max(1.25 * size for _, size, _ in runs)
        for line in self.wrap_runs(runs, width):
            cursor = x
            for style, size, word in _merged(line):
                self.text(cursor, top, word, style, size)
                cursor += self.width(word)
            top += line_h
        return top

    def rule(self, x1: float, y: float, x2: float, weight: float, color: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.pdf.set_line_width(weight)
        self.pdf.set_draw_color(*color)
        self.pdf.line(x1, y, x2, y)


def _merged(line: list[tuple[str, float, str]]) -> list[tuple[str, float, str]]:
    """Neighbouring words of one style as one string (one text object per run, not per word)."""
    out: list[tuple[str, float, str]] = []
    for style, size, word in line:
        if out and out[-1][:2] == (style, size):
            out[-1] = (style, size, out[-1][2] + word)
        else:
            out.append((style, size, word))
    return out


def label(page: Page, x: float, top: float, name: str, value: str, size: float = 9.5, style: str = "") -> float:
    """A small-capital label and its value on one line ("ACCOUNT MIL-000001"); the line's bottom."""
    height = 1.25 * max(size, 9.5)
    line = baseline(top, max(size, 9.5), height)
    page.font("", 7.5, GREY, 0.375)
    page.pdf.text(x, line, name.upper())
    x += page.width(name.upper()) + 2.5
    page.font(style, size)
    page.pdf.text(x, line, value)
    return top + height


def heading(page: Page, text: str, top: float, x: float = LEFT, width: float = WIDTH) -> float:
    """An h2 of the bill (10 pt bold, a thin rule under it); the top of what follows."""
    top += 5
    page.text(x, top, text, "B", 10)
    page.rule(x, top + 13.5, x + width, 0.5, (85, 85, 85))
    return top + 16


def chart(page: Page, geo: Geometry, x: float, top: float) -> float:
    """The ``core.documents.charts`` geometry of 400 × 150 drawn at 3.5 in wide, as the SVG of the single bill."""
    k = 252 / geo.width
    if geo.empty:
        page.text(x, top, "No values to chart yet.", "", 9)
        return top + 12
    page.font("", 13 * k, INK)
    for tick in geo.y_ticks:
        page.rule(x + geo.left * k, top + tick.y * k, x + geo.right * k, k, LIGHT)
        page.text(x + tick.x * k, top + (tick.y - 6.5) * k, tick.text, "", 13 * k, color=INK, align="R")
    page.rule(x + geo.left * k, top + geo.bottom * k, x + geo.right * k, k, AXIS)
    page.pdf.line(x + geo.left * k, top + geo.top * k, x + geo.left * k, top + geo.bottom * k)
    for tick in geo.x_ticks:
        page.pdf.line(x + tick.x * k, top + geo.bottom * k, x + tick.x * k, top + geo.tick_end * k)
        align = {"start": "L", "middle": "C", "end": "R"}[tick.anchor]
        page.text(x + tick.x * k, top + (geo.bottom + 8) * k, tick.text, "", 13 * k, color=INK, align=align)
    page.text(x + 8 * k, top + (geo.top - 20) * k, CHART_UNIT, "", 13 * k, color=INK)
    page.pdf.set_draw_color(*SERIES)
    page.pdf.set_fill_color(*SERIES)
    page.pdf.set_line_width(2 * k)
    for segment in re.findall(r"M[^M]+", geo.path):
        points = [(x + float(a) * k, top + float(b) * k) for a, b in re.findall(r"([\d.]+),([\d.]+)", segment)]
        if len(points) > 1:
            page.pdf.polyline(points, style="D")
    for mark in geo.markers:
        page.pdf.circle(x + mark.x * k, top + mark.y * k, 3.5 * k, style="F")
    return top + geo.height * k
