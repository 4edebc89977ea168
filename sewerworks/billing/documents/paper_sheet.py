"""One bill's page drawn with fpdf2 in the layout of ``_bill.html`` (see ``paper`` for why), and a part file.

Top to bottom as the single bill: the letterhead, "Sewer bill", whom it is mailed to and the bill's dates,
the meters' reads, the charges with their working, sections and interpretations, the last periods' use
as a chart with its data, the penalty warning (§118-53), how to pay, and the stub.
"""

from __future__ import annotations

from collections.abc import Sequence

from sewerworks.billing.documents.paper import CHART_TITLE, CHART_UNIT, PaperBill
from sewerworks.billing.documents.paper_pdf import GREY, LEFT, RULE, WIDTH, Page, chart, heading, label

READS = ((0.25, "Meter"), (0.13, "Unit"), (0.16, "Previous read"), (0.16, "Present read"), (0.15, "Used"),
         (0.15, "Gallons"))  # fmt: skip
CHARGES = ((0.72, "Item"), (0.14, "Section"), (0.14, "Amount"))
Cell = list[tuple[str, str, float, tuple[int, int, int]]]  # the lines of one cell: (text, style, size, colour)


def letterhead(page: Page, bill: PaperBill) -> None:
    town, county, department, contact = bill.letterhead
    middle, y = LEFT + WIDTH / 2, page.y
    page.text(middle, y, town.upper(), "B", 14, spacing=0.84, align="C")
    page.text(middle, y + 17.5, county, "I", 10, align="C")
    page.text(middle, y + 32, department, "B", 12, align="C")
    page.text(middle, y + 49, contact, "", 8.5, align="C")
    page.rule(LEFT, y + 64.5, LEFT + WIDTH, 2)
    page.y = y + 71.5
    if bill.proof:
        page.pdf.set_dash_pattern(dash=4.5, gap=3)
        page.pdf.set_line_width(1.5)
        page.pdf.rect(LEFT, page.y, WIDTH, 15.5)
        page.pdf.set_dash_pattern()
        page.text(middle, page.y + 2.5, "PROOF — this bill is a draft, not yet posted; do not mail.", "B", 9, align="C")
        page.y += 21.5
    page.text(middle, page.y, "SEWER BILL", "B", 14, spacing=0.56, align="C")
    page.y += 23.5


def meta(page: Page, bill: PaperBill) -> None:
    """Whom the bill is mailed to, with the account, service address and parcel; beside it the dates."""
    top = page.y
    page.text(LEFT, top, "MAILED TO", "", 7.5, color=GREY, spacing=0.375)
    y = top + 9.5
    for line in bill.mailed_to:
        page.text(LEFT, y, line, "", 10)
        y += 12.5
    y = max(y, top + 45.5) + 3
    for name, value in bill.left:
        y = label(page, LEFT, y, name, value)
    right = top
    for name, value in bill.right:
        big = name == "Amount due"
        right = label(page, LEFT + WIDTH / 2, right, name, value, 13 if big else 10, "B" if big else "")
    page.y = max(y, right) + 4


def row(page: Page, cells: Sequence[Cell], widths: Sequence[float], numeric: Sequence[bool], *, rule: float = 0.5,
        top_rule: float = 0) -> None:  # fmt: skip
    """One table row (cells wrapped to their column, numbers to the right), a rule under it."""
    wrapped = []
    for cell, width in zip(cells, widths, strict=True):
        wrapped.append([(text, st, sz, c) for text, st, sz, c in _lines(page, cell, width - 6)])
    height = max(sum(1.25 * size for _, _, size, _ in lines) for lines in wrapped) + 2
    page.room(height)
    if top_rule:
        page.rule(LEFT, page.y, LEFT + WIDTH, top_rule)
    x = LEFT
    for lines, width, number in zip(wrapped, widths, numeric, strict=True):
        y = page.y + 1
        for text, style, size, colour in lines:
            page.text(
                x + width - 3 if number else x + 3, y, text, style, size, color=colour, align="R" if number else ""
            )
            y += 1.25 * size
        x += width
    page.y += height
    if rule:
        page.rule(LEFT, page.y, LEFT + WIDTH, rule, RULE)


def _lines(page: Page, cell: Cell, width: float) -> Cell:
    return [(line, st, sz, c) for text, st, sz, c in cell for line in page.wrap(text, st, sz, width) if text]


def table(page: Page, columns: Sequence[tuple[float, str]], rows: Sequence[Sequence[str]], numeric: int) -> None:
    """A table of the bill: a bold header, then rows; columns from ``numeric`` on are numbers."""
    widths = [share * WIDTH for share, _ in columns]
    right = [i >= numeric for i in range(len(columns))]
    row(page, [[(name, "B", 9, (0, 0, 0))] for _, name in columns], widths, right)
    for values in rows:
        row(page, [[(v, "", 9, (0, 0, 0))] for v in values], widths, right)


def charges(page: Page, bill: PaperBill) -> None:
    widths = [share * WIDTH for share, _ in CHARGES]
    numeric = [False, False, True]
    row(page, [[(name, "B", 9, (0, 0, 0))] for _, name in CHARGES], widths, numeric)
    black = (0, 0, 0)
    for x in bill.lines:
        item: Cell = [(x.description, "", 9, black), (x.working, "", 8, (34, 34, 34))]
        row(page, [item, [(f"§ {x.section}", "", 9, black)], [(x.amount, "", 9, black)]], widths, numeric)
    total_widths = [widths[0] + widths[1], widths[2]]
    cells: list[Cell] = [[(bill.total_label, "B", 9, black)], [(bill.total, "B", 9, black)]]
    row(page, cells, total_widths, [False, True], top_rule=1.2)


STUB_HEIGHT = 50  # the dashed rule and three columns of two or three lines


def _payment_height(page: Page, bill: PaperBill) -> float:
    """How tall the chart with its data (left) and the warning and how to pay (right) will be drawn."""
    left = 14 + bill.chart.height + 12 + 11.4 * (len(bill.history) + 1)
    width = 0.45 * WIDTH
    bold, rest = bill.warning
    right = 6 + page.measure([("B", 10, bold), ("", 9.5, rest)], width - 17, 12) + 40
    right += sum(page.measure([("", 8, p)], width, 10) + 2 for p in bill.how_to_pay)
    if bill.readings:
        right += page.measure([("", 7.5, bill.readings)], width, 9.4) + 1
    return max(left, right)


def use_and_payment(page: Page, bill: PaperBill) -> None:
    """The chart of the last periods with its data (left) and the penalty warning and how to pay (right): on
    the page only if they fit above the footer together with the stub, which never goes to a page alone."""
    page.room(_payment_height(page, bill) + STUB_HEIGHT)
    top, left_w = page.y + 4, 0.55 * WIDTH - 8
    page.text(LEFT, top, CHART_TITLE, "B", 9)
    y = chart(page, bill.chart, LEFT, top + 14)
    page.text(LEFT, y + 2, f"Data of the chart “{CHART_TITLE}”", "", 7.5)
    y += 12
    for i, (period, value) in enumerate((("Period", f"Gallons billed ({CHART_UNIT})"), *bill.history)):
        page.text(LEFT + 4, y + 1, period, "B" if i == 0 else "", 7.5)
        page.text(LEFT + left_w - 4, y + 1, value, "B" if i == 0 else "", 7.5, align="R")
        y += 11.4
        page.rule(LEFT, y, LEFT + left_w, 0.5, RULE)
    x, width = LEFT + 0.55 * WIDTH, 0.45 * WIDTH
    bold, rest = bill.warning
    box = top + 6
    end = page.flow([("B", 10, bold), ("", 9.5, rest)], x + 8.5, box + 5.5, width - 17, 12)
    page.pdf.set_line_width(1.5)
    page.pdf.set_draw_color(0, 0, 0)
    page.pdf.rect(x + 0.75, box + 0.75, width - 1.5, end - box + 4)
    right = heading(page, "How to pay", end + 10, x, width)
    for paragraph in bill.how_to_pay:
        right = page.flow([("", 8, paragraph)], x, right, width, 10) + 2
    if bill.readings:
        right = page.flow([("", 7.5, bill.readings)], x, right + 1, width, 9.4)
    page.y = max(y, right)


def stub(page: Page, bill: PaperBill) -> None:
    """The part to return with the payment, under a dashed rule."""
    page.room(45)
    top = page.y + 5
    page.pdf.set_dash_pattern(dash=3, gap=3)
    page.rule(LEFT, top, LEFT + WIDTH, 1)
    page.pdf.set_dash_pattern()
    third, bottom = WIDTH / 3, top
    for i, (name, first, first_bold, second) in enumerate(bill.stub):
        x = LEFT + i * third
        page.text(x, top + 4, name.upper(), "", 7.5, color=GREY, spacing=0.375)
        runs = [("B", 8.5, first_bold), ("", 8.5, first)] if first_bold else [("", 8.5, first)]
        y = page.flow(runs, x, top + 14.6, third - 6, 10.6)
        bottom = max(bottom, page.flow([("", 8.5, second)], x, y, third - 6, 10.6))
    page.y = bottom + 2


def draw_bill(page: Page, bill: PaperBill) -> None:
    """One bill from the top of a new page."""
    page.footer = bill.footer
    page.new_page()
    letterhead(page, bill)
    meta(page, bill)
    page.y = heading(page, "Water used", page.y)
    if bill.meters:
        table(page, READS, bill.meters, 2)
    gallons, basis = bill.gallons_billed
    page.y = page.flow([("", 9.5, "Gallons billed:"), ("B", 9.5, gallons), ("", 9.5, f"· {basis}.")], LEFT,
                       page.y + 7, WIDTH) + 2  # fmt: skip
    page.y = heading(page, "Charges", page.y)
    charges(page, bill)
    use_and_payment(page, bill)
    stub(page, bill)


def _drawn(bills: Sequence[PaperBill]) -> Page:
    page = Page()
    for bill in bills:
        draw_bill(page, bill)
    page.pdf.set_creator("sewerworks")
    return page


def typeset_paper(bills: Sequence[PaperBill], path: str) -> int:
    """Write ``bills`` to a PDF at ``path``, each from a new page; the number of pages."""
    page = _drawn(bills)
    page.pdf.output(path)
    return int(page.pdf.pages_count)


def paper_bytes(bills: Sequence[PaperBill]) -> bytes:
    """``bills`` as one PDF in memory (a few: an owner's download)."""
    return bytes(_drawn(bills).pdf.output())
