"""The notice before relevy (§118-53, I-120): a letter to every account on a filed statement, one PDF in mailing
order, through the bill paper's machinery (``billing.documents.batch``: chunks, two forked typesetters, the parts
joined with pypdf, progress after each chunk).

Each letter: whom it is mailed to (the owner liable on the statement date, so far as known, at the owner's
mailing address; none known: "Owner of record" at the property), the account, property and tax map number, each
bill on the statement with its penalty date, unpaid charge, penalty and interest, the amount, the last day the
counter takes a payment toward them (``relevy.counter_cutoff_day``) and what happens after it: what is unpaid
then is relevied on the next year's Town and County tax bill of the property (a relevy charge added if the
Board has set one, I-119). Drawn with fpdf2 on the bill's ``Page`` (a letter is about 8 ms).
"""

from __future__ import annotations

import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

from sewerworks.billing.documents.batch import BatchOutcome, Progress, default_workers, join_parts, typeset_parts
from sewerworks.billing.documents.how_to_pay import payable_to
from sewerworks.billing.documents.order import house_number
from sewerworks.billing.documents.paper_pdf import GREY, LEFT, RULE, WIDTH, Page, label
from sewerworks.billing.models import StatementLine, UnpaidStatement
from sewerworks.billing.taxroll.statement_docs import bill_cell, charge_numbers
from sewerworks.billing.taxroll.terms import relevy_charge
from sewerworks.core.documents.town import town
from sewerworks.registry.models import Owner, SewerAccount

CHUNK_SIZE = 100
TABLE = ((0.16, "Bill"), (0.2, "Penalty date"), (0.16, "Charge"), (0.16, "Penalty"), (0.16, "Interest"),
         (0.16, "Amount"))  # fmt: skip


@dataclass(frozen=True)
class PaperNotice:
    """Everything one notice says, as strings (it pickles to a typesetting process)."""

    letterhead: tuple[str, str, str]
    mailed_to: tuple[str, ...]
    facts: tuple[tuple[str, str], ...]
    rows: tuple[tuple[str, ...], ...]
    total: str
    paragraphs: tuple[str, ...]
    footer: str


def mailing_ids(statement: UnpaidStatement, order: str = "route") -> list[int]:
    """The accounts on the statement in mailing order: by route (those with one first), street and number; or by
    street and number (``address``)."""
    ids = StatementLine.objects.filter(statement=statement).values_list("account_id", flat=True).distinct()
    rows = SewerAccount.objects.filter(pk__in=ids).values_list("pk", "mailing_route", "parcel__street_name",
                                                               "parcel__street_number", "account_number")  # fmt: skip

    def key(row: tuple[Any, ...]) -> tuple[Any, ...]:
        address = ((row[2] or "").strip().lower(), house_number(row[3]), row[4])
        route = (row[1] or "").strip().upper()
        return (0 if route else 1, route, *address) if order == "route" else address

    return [row[0] for row in sorted(rows, key=key)]


def _money(value: Decimal) -> str:
    return f"${value:,.2f}"


def after_the_cutoff(statement: UnpaidStatement) -> str:
    """What happens after the counter's cut-off, in the notice's words."""
    percent, flat = relevy_charge(statement.counter_cutoff)
    text = (
        f"What is unpaid at the end of {statement.counter_cutoff:%B %-d, %Y} will be relevied (added) on the "
        f"{statement.roll_year} Town and County tax bill of the property, payable to the Receiver of Taxes, once the "
        "Town Board adopts the statement; the counter then takes no payment toward it."
    )
    if percent or flat:
        parts = [f"{percent.normalize():f}% of the amount relevied" if percent else "", _money(flat) if flat else ""]
        text += f" A relevy charge of {' plus '.join(p for p in parts if p)} set by the Town Board is added to it."
    return text


def notices(statement: UnpaidStatement, account_ids: list[int], first_seq: int) -> list[PaperNotice]:
    """The notices of ``account_ids`` (in that order), numbered from ``first_seq``: a few queries a chunk."""
    who = town()
    lines: dict[int, list[StatementLine]] = defaultdict(list)
    for line in StatementLine.objects.filter(statement=statement, account_id__in=account_ids).order_by("bill_id"):
        lines[line.account_id].append(line)
    accounts = SewerAccount.objects.in_bulk(account_ids)
    owners = Owner.objects.in_bulk({ln[0].owner_id for ln in lines.values() if ln and ln[0].owner_id})
    after = after_the_cutoff(statement)
    numbers = charge_numbers(statement)
    out = []
    for seq, account_id in enumerate(account_ids, first_seq):
        mine = lines[account_id]
        first = mine[0]
        owner = owners.get(first.owner_id or 0)
        mailed = tuple(owner.mailing_block.splitlines()) if owner else ("Owner of record", first.address)
        total = sum((ln.total for ln in mine), Decimal("0.00"))
        out.append(PaperNotice(
            letterhead=(who["name"], who["county_state"], f"Office of the Town Clerk · {who['street']}, "
                        f"{who['city_line']} · {who['phone']}"),
            mailed_to=mailed,
            facts=(("Account", accounts[account_id].account_number), ("Property", first.address),
                   ("Tax map no.", first.tax_map_number), ("Statement of", f"{statement.statement_date:%B %-d, %Y}"),
                   ("Mailing no.", str(seq)), ("Amount unpaid", _money(total)),
                   ("Pay by", f"{statement.counter_cutoff:%B %-d, %Y}")),
            rows=tuple((bill_cell(ln, numbers), str(ln.penalty_date or ""), _money(ln.charge),
                        _money(ln.penalty), _money(ln.interest), _money(ln.total)) for ln in mine),
            total=_money(total),
            paragraphs=(
                f"These sewer user charges, with the penalties and interest on them, remain unpaid on the Town Clerk's "
                f"statement of {statement.statement_date:%B %-d, %Y}, filed with the Town Board under §118-53 of the "
                "Town Code. They are a lien on the property.",
                f"Pay them at the Town Clerk's office, {who['street']}, {who['office_hours']}, by "
                f"{statement.counter_cutoff:%B %-d, %Y}, the last day a payment toward them is taken at the counter; "
                f"checks payable to “{payable_to()}”.",
                after,
            ),
            footer=f"Notice before relevy · statement of {statement.statement_date} · mailing no. {seq}",
        ))  # fmt: skip
    return out


def draw(page: Page, notice: PaperNotice) -> None:
    """One notice on one page."""
    page.footer = notice.footer
    page.new_page()
    middle = LEFT + WIDTH / 2
    name, county, office = notice.letterhead
    page.text(middle, page.y, name.upper(), "B", 14, align="C")
    page.text(middle, page.y + 17, county, "I", 10, align="C")
    page.text(middle, page.y + 31, office, "", 8.5, align="C")
    page.rule(LEFT, page.y + 46, LEFT + WIDTH, 2)
    page.y += 56
    page.text(middle, page.y, "NOTICE OF UNPAID SEWER RENTS BEFORE RELEVY", "B", 13, align="C")
    page.y += 26
    top = page.y
    page.text(LEFT, top, "MAILED TO", "", 7.5, color=GREY, spacing=0.375)
    y = top + 10
    for text in notice.mailed_to:
        page.text(LEFT, y, text, "", 10)
        y += 12.5
    right = top
    for key, value in notice.facts:
        right = label(page, middle, right, key, value, 11 if key == "Amount unpaid" else 9.5,
                      "B" if key in ("Amount unpaid", "Pay by") else "")  # fmt: skip
    page.y = max(y, right) + 12
    widths = [share * WIDTH for share, _ in TABLE]
    for row, style in [(tuple(n for _, n in TABLE), "B"), *((r, "") for r in notice.rows),
                       (("", "", "", "", "Total", notice.total), "B")]:  # fmt: skip
        x = LEFT
        for i, (text, width) in enumerate(zip(row, widths, strict=True)):
            page.text(x + width - 3 if i >= 2 else x + 3, page.y, text, style, 9, align="R" if i >= 2 else "")
            x += width
        page.y += 13
        page.rule(LEFT, page.y, LEFT + WIDTH, 0.5, RULE)
    page.y += 12
    for paragraph in notice.paragraphs:
        for text in page.wrap(paragraph, "", 10, WIDTH):
            page.text(LEFT, page.y, text, "", 10)
            page.y += 13
        page.y += 6


def typeset_notices(batch: list[PaperNotice], path: str) -> int:
    """A part of the batch: each notice on its page, written to ``path``; its pages."""
    page = Page()
    for notice in batch:
        draw(page, notice)
    page.pdf.output(path)
    return int(page.pdf.page_no())


def write_notices(statement: UnpaidStatement, order: str, out: BinaryIO, *, progress: Progress | None = None,
                  workers: int | None = None) -> BatchOutcome:  # fmt: skip
    """Every notice of the statement in mailing ``order`` as one PDF written to ``out``."""
    start = time.perf_counter()
    ids = mailing_ids(statement, order)
    chunks = [ids[i : i + CHUNK_SIZE] for i in range(0, len(ids), CHUNK_SIZE)]
    if progress is not None:
        progress(done=0, total=len(ids), message=f"{len(ids):,} notices to typeset in {len(chunks):,} chunks.")
    with tempfile.TemporaryDirectory(prefix="sewerworks-notices-") as folder:
        parts, pages = typeset_parts(chunks, lambda chunk, seq: notices(statement, chunk, seq), Path(folder),
                                     workers=workers or default_workers(), progress=progress, total=len(ids),
                                     draw=typeset_notices, noun="notices")  # fmt: skip
        before = out.tell()
        join_parts(parts, out)
        size = out.tell() - before
    return BatchOutcome(len(ids), pages, size, time.perf_counter() - start, ids)
