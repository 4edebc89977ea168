"""What the section page shows, prepared for the templates: the text in blocks, values with their units,
the interpretations that concern a section, and each parameter's dated values with their references.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sewerworks.ordinance.interpretations import RECORD
from sewerworks.ordinance.money import plain
from sewerworks.ordinance.parameters import DatedValue, Parameter, Reference
from sewerworks.ordinance.parameters.model import set_by

_NOTE = re.compile(r"^\[(?:Amended|Added) .+\]$")
_SEPARATOR = re.compile(r"^[\s|:-]*$")

UNIT_WORDS = {
    "h": "hours",
    "day": "days",
    "percent": "%",
    "degree": "°",
    "degF": "°F",
    "degC": "°C",
    "ug/L": "µg/L",
    "seats": "seats",
    "count": "",
    "ratio": "",
    "text": "",
    "bool": "",
    "date": "",
}

REFERENCE_KINDS = {
    "section": "Chapter 118 text",
    "local_law": "Local law",
    "resolution": "Town Board resolution",
    "illustrative": "Demo value (illustrative)",
    "interpretation": "Our interpretation",
    "standard": "Adopted standard",
}


@dataclass(frozen=True)
class Block:
    """A run of the printed text: a paragraph, an amendment note, or a table (rows of cells)."""

    kind: str  # "paragraph", "note" or "table"
    text: str = ""
    rows: tuple[tuple[tuple[str, int, bool], ...], ...] = ()  # (cell, colspan, is_header)


def _table(lines: list[str]) -> Block:
    parsed: list[tuple[list[str], bool]] = []
    for line in lines:
        if _SEPARATOR.match(line):
            if parsed:
                parsed[-1] = (parsed[-1][0], True)  # the row above a |---| line is a header row
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        while len(cells) > 1 and not cells[-1]:
            cells.pop()
        parsed.append((cells, False))
    width = max((len(cells) for cells, _ in parsed), default=1)
    rows = []
    for cells, header in parsed:
        spans = [1] * len(cells)
        spans[-1] += width - len(cells)
        rows.append(tuple((cell, span, header) for cell, span in zip(cells, spans, strict=True)))
    return Block(kind="table", rows=tuple(rows))


def text_blocks(text: str) -> list[Block]:
    """The section's text as printed: one block per line, consecutive table lines as one table."""
    blocks: list[Block] = []
    pending: list[str] = []
    for line in [*text.splitlines(), ""]:
        if "|" in line:
            pending.append(line)
            continue
        if pending:
            blocks.append(_table(pending))
            pending = []
        if not line.strip():
            continue
        blocks.append(Block(kind="note" if _NOTE.match(line.strip()) else "paragraph", text=line.strip()))
    return blocks


def _grouped(number: Decimal) -> str:
    """A number with thousands separators and no trailing zeros: 5,000; 7.48052; 0.125."""
    text = plain(number)
    whole, dot, fraction = text.partition(".")
    return f"{int(whole):,}{dot}{fraction}" if whole.lstrip("-").isdigit() and whole != "-0" else text


def format_value(value: Any, unit: str) -> str:
    """A parameter value as a clerk reads it: "$10.00", "$0.003 per gal", "100 ft", "10%", a table."""
    if isinstance(value, Mapping):
        return "; ".join(f"{key}: {format_value(item, unit)}" for key, item in value.items())
    if isinstance(value, tuple | list):
        return ", ".join(format_value(item, unit) for item in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal | int):
        number = format(value, ",f") if unit == "USD" else _grouped(Decimal(value))
        if unit.startswith("USD"):
            per = unit.removeprefix("USD").removeprefix("/")
            per = "$1,000 assessed" if per == "1000-assessed" else per
            return f"${number}" + (f" per {per}" if per else "")
        word = UNIT_WORDS.get(unit, unit)
        return f"{number}{word}" if word in ("%", "°", "°F", "°C") else f"{number} {word}".strip()
    return str(value)


@dataclass(frozen=True)
class ValueRow:
    """One dated value of a parameter, with the reference it rests on."""

    effective: dt.date
    value: str
    reference: Reference
    kind_label: str
    in_force: bool
    illustrative: bool
    by_resolution: bool
    source_name: str
    set_by: str | None = None  # "set by Resolution 2027-14 of 2027-03-10"
    resolution_url: str = ""  # the recorded resolution's page


@dataclass(frozen=True)
class ParameterRow:
    """A parameter that cites the section, with every dated value it has had."""

    key: str
    description: str
    unit: str
    interpretations: tuple[str, ...]
    values: tuple[ValueRow, ...]


def parameter_rows(
    parameters: Iterable[Parameter], today: dt.date, links: Mapping[str, str] | None = None
) -> list[ParameterRow]:
    """Each parameter's dated values; ``links`` maps a recorded resolution's instrument to its page."""
    rows = []
    for parameter in parameters:
        current = parameter.value_on(today)
        rows.append(
            ParameterRow(
                key=parameter.key,
                description=parameter.description,
                unit=parameter.unit,
                interpretations=parameter.interpretations,
                values=tuple(_value_row(parameter, dated, dated is current, links or {}) for dated in parameter.values),
            )
        )
    return rows


def _value_row(parameter: Parameter, dated: DatedValue, in_force: bool, links: Mapping[str, str]) -> ValueRow:
    kind = dated.reference.kind
    return ValueRow(
        effective=dated.effective,
        value=format_value(dated.value, parameter.unit),
        reference=dated.reference,
        kind_label=REFERENCE_KINDS.get(kind, kind),
        in_force=in_force,
        illustrative=kind == "illustrative",
        by_resolution=dated.source == "site",
        source_name=dated.source_name,
        set_by=set_by(dated),
        resolution_url=links.get(dated.reference.instrument or "", "") if dated.source == "site" else "",
    )


def interpretations_for(number: str, also: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(id, title) of the readings of the section (those whose record names it), plus ``also`` (from the
    topics and parameters that cite it), in id order."""
    ids = {i for i, entry in RECORD.items() if number in entry.sections}
    ids.update(i for i in also if i in RECORD)
    return [(i, RECORD[i].title) for i in sorted(ids, key=lambda i: RECORD[i].number)]
