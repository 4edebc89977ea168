"""A bill of the mailing as plain text and positions: what ``paper_pdf`` draws, in the words of ``_bill.html``.

The batch for the mailing is typeset with fpdf2 (``paper_pdf``), not WeasyPrint: WeasyPrint needs about
120 ms of CPU per bill page (≈ 75 s on two idle cores for a period of 1,274 bills), and even the bill's
bare text laid out as one paragraph per line costs it 30 ms a page, which leaves nothing of the 30 s goal
for the tables, the chart and the letterhead (profile in ``docs/benchmarks.md``). The single bill (its
screen's "PDF" button, the API) stays WeasyPrint's ``bill.html``. Both carry the same text, word for
word: ``billing/tests/test_bill_paper.py`` reads each back and compares them.

``paper_bill`` turns one sheet (``context.sheets``) and the period's shared words (``period_context``)
into a ``PaperBill`` of strings and the chart's geometry: nothing of Django, so it pickles to a
typesetting process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sewerworks.core.documents.charts import Geometry, format_number, layout

CHART_TITLE = "Water used per period"
CHART_UNIT = "gal"


@dataclass(frozen=True)
class PaperLine:
    """One line item of the charges table."""

    description: str
    working: str
    section: str
    interpretations: str
    amount: str


@dataclass(frozen=True)
class PaperBill:
    """Everything one printed bill says, as the strings the page shows (labels without their case)."""

    proof: bool
    letterhead: tuple[str, str, str, str]  # town, county and state, department, contact line
    mailed_to: tuple[str, ...]
    left: tuple[tuple[str, str], ...]  # (label, value) under the address: account, service address, parcel
    right: tuple[tuple[str, str], ...]  # (label, value): bill, mailing no., period, dates, amount due
    meters: tuple[tuple[str, str, str, str, str, str], ...]
    gallons_billed: tuple[str, str]  # (gallons, basis)
    lines: tuple[PaperLine, ...]
    total_label: str
    total: str
    chart: Geometry
    history: tuple[tuple[str, str], ...]  # (period, gallons) rows of the chart's data table
    warning: tuple[str, str]  # the bold sentence, the rest
    how_to_pay: tuple[str, ...]
    readings: str
    stub: tuple[tuple[str, str, str, str], ...]  # (label, first line, its bold part or "", second line)
    footer: str


def _dash(value: Any) -> str:
    return "—" if value in (None, "") else str(value)


def _meter(m: dict[str, Any]) -> tuple[str, str, str, str, str, str]:
    serial = f"{m['serial']} (vehicle wash, §118-6)" if m["wash"] else str(m["serial"])
    used = _dash(m["units"]) + (" (register rolled over)" if m["rolled_over"] else "")
    return (serial, m["unit"], _dash(m["start"]), _dash(m["end"]), used, _dash(m["gallons"]))


def _warning(sheet: dict[str, Any], shared: dict[str, Any]) -> tuple[str, str]:
    moved = f", {shared['penalty_moved_from']}, moved past a weekend or holiday" if shared["penalty_moved_from"] else ""
    bold = f"Pay by {shared['penalty_date']} to avoid a {shared['penalty_rate']}% penalty."
    rest = (
        f"The bill is due on {shared['due_date']}. If any of it is unpaid at the end of {shared['penalty_date']} "
        f"(the later of the due date and {shared['penalty_days']} days after the bill date{moved}), a penalty of "
        f"{sheet['penalty']} ({sheet['penalty_working']}) is added on {shared['penalty_added_on']} "
        "(§ 118-53; I-25, I-20)."
    )
    return bold, rest


def paper_bill(sheet: dict[str, Any], shared: dict[str, Any]) -> PaperBill:
    """One sheet of ``context.sheets`` with the period's ``period_context``, as a ``PaperBill``."""
    bill, town = sheet["bill"], shared["town"]
    email = f" · {town['email']}" if town.get("email") else ""
    contact = f"{town['street']}, {town['city_line']} · Telephone {town['phone']}{email}"
    address = bill.parcel.address or bill.parcel.tax_map_number
    account = bill.account.account_number
    route = f" · Route {bill.account.mailing_route}" if bill.account.mailing_route else ""
    right = [("Bill", sheet["number"])]
    if sheet.get("seq"):
        right.append(("Mailing no.", str(sheet["seq"])))
    right += [
        ("Period", shared["period_words"]),
        ("Bill date", shared["bill_date"]),
        ("Due date", shared["due_date"]),
        ("Amount due", sheet["total"]),
        ("Penalty date", shared["penalty_date"]),
    ]
    history = sheet["history"]
    ids = sheet["interpretations"]
    return PaperBill(
        proof=sheet["proof"],
        letterhead=(town["name"], town["county_state"], town["department"], contact),
        mailed_to=tuple(sheet["owner_lines"]) or (f"Owner of {address}",),
        left=(
            ("Account", f"{account}{route} · Online code {sheet['access_code']}"),
            ("Service address", bill.parcel.address or "—"),
            ("Parcel", f"tax map no. {bill.parcel.tax_map_number}"),
        ),
        right=tuple(right),
        meters=tuple(_meter(m) for m in sheet["meters"]),
        gallons_billed=(sheet["gallons"], bill.get_basis_display()),
        lines=tuple(PaperLine(**x) for x in sheet["lines"]),
        total_label=f"Total due by {shared['due_date']}",
        total=sheet["total"],
        chart=layout(history, width=400, height=150),
        history=tuple((p.row_label, "—" if p.y is None else format_number(p.y)) for p in history),
        warning=_warning(sheet, shared),
        how_to_pay=tuple(sheet["how_to_pay"]),
        readings=f"Readings of Chapter 118 this bill rests on: {'; '.join(ids)}." if ids else "",
        stub=(
            ("Return with your payment", f"Account {account}", "", address),
            (
                "Amount due",
                f" by {shared['due_date']}",
                sheet["total"],
                f"{sheet['penalty']} more after {shared['penalty_date_short']}",
            ),  # fmt: skip
            ("Payable to", shared["payable_to"], "", f"Bill {bill.pk}"),
        ),
        footer=f"{town['name']} {town['department']} — {sheet['number']}",
    )
