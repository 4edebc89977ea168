"""``docs/interpretations.md``, generated from the record: every reading with its decision, sections,
parameters and status, then the ids never assigned. A test fails when the committed file differs.

Regenerate: ``.venv/bin/python -m sewerworks.ordinance.readings.document`` (writes docs/interpretations.md;
``--check`` only compares, exit status 1 when stale).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from sewerworks.ordinance.readings.model import Interpretation, Status

DOCUMENT = Path(__file__).resolve().parents[3] / "docs" / "interpretations.md"

INTRODUCTION = """\
# Our readings of Chapter 118 (interpretations)

Generated from `sewerworks/ordinance/readings/` by `python -m sewerworks.ordinance.readings.document`: do not
edit by hand. Where the chapter's text is missing, conflicting or needs a convention before a computer can
apply it, sewerworks makes a product decision and gives it an id. Code and parameter files that depend on a
decision name its id, and every decision sewerworks prints that rests on one says so, so a clerk can tell the
Town's text from our reading of it. The first fifty readings restate `../shared/ordinance/INTERPRETATIONS.md`.

Each entry says how far sewerworks carries it out: **carried out**, **in part** (and what is missing), or
**not yet**. "Parameters" are the dated parameter files' keys that name the reading: the Town Board changes
their values by resolution, without a release.
"""


def _sections(entry: Interpretation) -> str:
    return ", ".join(f"§{n}" for n in entry.sections) if entry.sections else "the whole chapter"


def _entry(entry: Interpretation) -> list[str]:
    status = {
        Status.CARRIED_OUT: "carried out",
        Status.IN_PART: f"in part: {entry.missing}",
        Status.NOT_YET: f"not yet: {entry.missing}",
    }[entry.status]
    lines = [f"### {entry.id}: {entry.title}", "", entry.decision, "", f"- Sections: {_sections(entry)}"]
    if entry.parameters:
        lines.append("- Parameters: " + ", ".join(f"`{key}`" for key in entry.parameters))
    lines += [f"- Status: {status}", ""]
    return lines


def render(entries: tuple[Interpretation, ...] | None = None, unassigned: dict[str, str] | None = None) -> str:
    """The whole document, from the record (or the entries and unassigned ids given)."""
    if entries is None or unassigned is None:
        from sewerworks.ordinance.interpretations import RECORD, UNASSIGNED

        entries = tuple(RECORD.values()) if entries is None else entries
        unassigned = UNASSIGNED if unassigned is None else unassigned
    ordered = sorted(entries, key=lambda e: e.number)
    counts = Counter(e.status for e in ordered)
    lines = [INTRODUCTION]
    lines.append(
        f"{len(ordered)} readings: {counts[Status.CARRIED_OUT]} carried out, {counts[Status.IN_PART]} in part, "
        f"{counts[Status.NOT_YET]} not yet.\n"
    )
    lines += ["## The readings", ""]
    for entry in ordered:
        lines += _entry(entry)
    lines += ["## Ids never assigned", "", "| id | why |", "|---|---|"]
    lines += [f"| {i} | {why} |" for i, why in sorted(unassigned.items(), key=lambda kv: int(kv[0][2:]))]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = DOCUMENT.read_text(encoding="utf-8") if DOCUMENT.exists() else ""
        if current != text:
            print(f"{DOCUMENT} is stale: run python -m sewerworks.ordinance.readings.document", file=sys.stderr)
            return 1
        return 0
    DOCUMENT.write_text(text, encoding="utf-8")
    print(f"wrote {DOCUMENT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
