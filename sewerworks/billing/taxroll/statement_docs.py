"""The filed statement on paper for the Town Board (PDF) and as a CSV, both kept with it (§118-53).

Per property, by tax map number: the property, its improvement area, the owner liable so far as known (of
record on the statement date), each bill with its penalty date, unpaid charge, penalty and interest, and the
property's total; then the totals, the differences from the statement it supersedes, and what was left out.
Drawn with fpdf2 on the bill paper's ``Page`` (a statement of a town of a million accounts runs to thousands
of pages: WeasyPrint's 120 ms a page would take hours), streamed from the lines in chunks.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from django.core.files.base import ContentFile

from sewerworks.billing.documents.paper_pdf import GREY, LEFT, RULE, WIDTH, Page
from sewerworks.billing.models import ConnectionCharge, StatementLine, UnpaidStatement
from sewerworks.billing.taxroll.differences import differences
from sewerworks.core.documents.csvsafe import SafeWriter
from sewerworks.core.documents.town import town

COLUMNS = ((0.1, "Tax map no."), (0.15, "Property"), (0.1, "Area"), (0.17, "Owner of record"), (0.06, "Bill"),
           (0.1, "Penalty date"), (0.08, "Charge"), (0.08, "Penalty"), (0.08, "Interest"), (0.08, "Amount"))
NUMERIC_FROM = 6
CSV_HEADER = ("tax_map_number", "property", "improvement_area", "owner_of_record", "account", "bill", "penalty_date",
              "charge", "penalty", "interest", "amount")  # fmt: skip


def lines(statement: UnpaidStatement) -> Iterator[StatementLine]:
    """The statement's lines by tax map number (numeric parts in order), then bill."""
    qs = StatementLine.objects.filter(statement=statement).select_related("area", "account")
    return qs.order_by("parcel__tax_map_sort", "tax_map_number", "bill_id", "source").iterator(chunk_size=2000)


def charge_numbers(statement: UnpaidStatement) -> dict[int, str]:
    """The numbers (CC-<year>-<n>) of the §118-54 connection charges on the statement (I-123): a few, one query."""
    ids = [ln.connection_charge_id for ln in StatementLine.objects.filter(statement=statement,
                                                                          source__startswith="connection:")]
    return dict(ConnectionCharge.objects.filter(pk__in=[i for i in ids if i]).values_list("pk", "number"))


def bill_cell(line: StatementLine, numbers: dict[int, str], *, csv: bool = False) -> str:
    """What a line is: its bill's id, or its connection charge's number ("CC-2026-3 (§118-54)"; bare in the CSV)."""
    number = numbers.get(line.connection_charge_id or 0)
    if line.bill_id or number is None:
        return line.what
    return number if csv else f"{number} (§118-54)"


def _money(value: Decimal) -> str:
    return f"{value:,.2f}"


def write_csv(statement: UnpaidStatement, out: Any) -> None:
    """One row per bill on the statement (UTF-8 with its mark, neutralised: ``core.documents.csvsafe``)."""
    text = io.TextIOWrapper(out, encoding="utf-8-sig", newline="")
    writer = SafeWriter(text)
    writer.writerow(CSV_HEADER)
    numbers = charge_numbers(statement)
    for line in lines(statement):
        writer.writerow((line.tax_map_number, line.address, line.area.name if line.area else "", line.owner_name,
                         line.account.account_number, bill_cell(line, numbers, csv=True), line.penalty_date or "",
                         line.charge, line.penalty, line.interest, line.total))  # fmt: skip
    text.flush()
    text.detach()


class _Table:
    """The statement's table drawn row by row, its header repeated on each page."""

    def __init__(self, page: Page, title: str) -> None:
        self.page, self.title = page, title
        self.widths = [share * WIDTH for share, _ in COLUMNS]

    def header(self) -> None:
        self.row([name for _, name in COLUMNS], "B")
        self.page.rule(LEFT, self.page.y, LEFT + WIDTH, 0.8)

    def row(self, cells: list[str], style: str = "", rule: bool = False) -> None:
        page = self.page
        wrapped = [page.wrap(text, style, 7.5, width - 4) for text, width in zip(cells, self.widths, strict=True)]
        height = 9.4 * max(len(w) for w in wrapped) + 2
        if page.y + height > 752:
            page.footer = f"{self.title} · page {page.pdf.page_no() + 1}"
            page.new_page()
            if style != "B":
                self.header()
        x = LEFT
        for i, (texts, width) in enumerate(zip(wrapped, self.widths, strict=True)):
            top = page.y + 1
            for text in texts:
                right = i >= NUMERIC_FROM
                page.text(x + width - 2 if right else x + 2, top, text, style, 7.5, align="R" if right else "")
                top += 9.4
            x += width
        page.y += height
        if rule:
            page.rule(LEFT, page.y, LEFT + WIDTH, 0.4, RULE)


def _front(page: Page, statement: UnpaidStatement) -> None:
    who = town()
    middle = LEFT + WIDTH / 2
    page.text(middle, page.y, who["name"].upper(), "B", 13, align="C")
    page.text(middle, page.y + 16, f"{who['county_state']} · Office of the Town Clerk", "I", 9, align="C")
    page.y += 34
    page.text(middle, page.y, "STATEMENT OF UNPAID SEWER RENTS", "B", 12, align="C")
    page.y += 16
    page.text(middle, page.y, "filed with the Town Board under §118-53 of the Town Code, for relevy on the tax roll",
              "", 8.5, align="C")  # fmt: skip
    page.y += 18
    facts = [
        f"Unpaid at the end of {statement.statement_date:%B %-d, %Y}; for the {statement.roll_year} tax roll.",
        f"Filed on {statement.filed_on:%B %-d, %Y} by {statement.filed_by.get_full_name() or statement.filed_by}.",
        f"{statement.parcels:,} properties, {statement.bills:,} bills: sewer user charges ${_money(statement.charge)}, "
        f"late penalties ${_money(statement.penalty)}, interest ${_money(statement.interest)} (I-119); "
        f"amount chargeable ${_money(statement.total)}.",
        f"The counter takes payments toward these bills through {statement.counter_cutoff:%B %-d, %Y}; what is "
        "unpaid then is relevied when the Board adopts this statement (I-120).",
    ]
    if statement.supersedes is not None:
        facts.append(f"This statement supersedes the statement of {statement.supersedes.statement_date:%B %-d, %Y}: "
                     "the differences follow the table.")  # fmt: skip
    for fact in facts:
        for text in page.wrap(fact, "", 9, WIDTH):
            page.text(LEFT, page.y, text, "", 9)
            page.y += 11.5
    page.y += 6


def write_pdf(statement: UnpaidStatement, out: Any) -> int:
    """The statement for the Board as a PDF written to ``out``; its pages."""
    page = Page()
    title = f"Statement of unpaid sewer rents of {statement.statement_date} (§118-53)"
    page.footer = f"{title} · page 1"
    page.new_page()
    _front(page, statement)
    table = _Table(page, title)
    table.header()
    current, count, subtotal = None, 0, Decimal("0.00")
    numbers = charge_numbers(statement)
    for line in lines(statement):
        if current is not None and line.parcel_id != current:
            if count > 1:
                table.row(["", "", "", "Total for the property", "", "", "", "", "", _money(subtotal)], "B", rule=True)
            count, subtotal = 0, Decimal("0.00")
        first = line.parcel_id != current
        current, count, subtotal = line.parcel_id, count + 1, subtotal + line.total
        table.row([line.tax_map_number if first else "", line.address if first else "",
                   (line.area.name if line.area else "—") if first else "", (line.owner_name or "unknown") if first
                   else "", bill_cell(line, numbers), str(line.penalty_date or ""), _money(line.charge),
                   _money(line.penalty), _money(line.interest), _money(line.total)], rule=True)  # fmt: skip
    if count > 1:
        table.row(["", "", "", "Total for the property", "", "", "", "", "", _money(subtotal)], "B", rule=True)
    table.row(["", "", "", "Total of the statement", "", "", _money(statement.charge), _money(statement.penalty),
               _money(statement.interest), _money(statement.total)], "B")  # fmt: skip
    if statement.supersedes is not None:
        _differences(page, statement.supersedes, statement)
    out.write(bytes(page.pdf.output()))
    return int(page.pdf.page_no())


def _differences(page: Page, earlier: UnpaidStatement, statement: UnpaidStatement) -> None:
    page.y += 10
    page.room(40)
    page.text(LEFT, page.y, "Differences from the statement it supersedes", "B", 10)
    page.y += 15
    for change in differences(earlier, statement):
        for text in page.wrap(change.sentence, "", 8.5, WIDTH):
            page.room(11)
            page.text(LEFT, page.y, text, "", 8.5, color=GREY)
            page.y += 11


def attach(statement: UnpaidStatement) -> None:
    """Write the PDF and the CSV and keep them with the statement (their names are ours, not a user's)."""
    pdf, csv = io.BytesIO(), io.BytesIO()
    write_pdf(statement, pdf)
    write_csv(statement, csv)
    statement.pdf.save("statement.pdf", ContentFile(pdf.getvalue()), save=False)
    statement.csv.save("statement.csv", ContentFile(csv.getvalue()), save=False)
    statement._change_reason = "Its PDF and CSV kept"  # type: ignore[attr-defined]
    statement.save(update_fields=["pdf", "csv"])
