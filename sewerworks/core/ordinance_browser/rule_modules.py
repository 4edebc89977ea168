"""The rule modules of ``sewerworks/ordinance/`` and the sections each implements.

A rule module is named for its sections, ``s118_<first>[_<last>]_<words>``: ``s118_34_exfiltration``
is §118-34, ``s118_19_21_building_sewer`` is §§118-19 through 118-21, and a second number smaller
than the first is a decimal section, so ``s118_29_1_contract_users`` is §118-29.1. A module whose
docstring heading starts with "§" also implements every section that heading names
("§ 118-32 Design specifications ..."; "§§ 118-19 to 118-21 ..."). Files are read, not imported.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sewerworks.ordinance.chapter.catalogue import exists, sections

ORDINANCE_DIR = Path(__file__).resolve().parents[2] / "ordinance"

_NAME = re.compile(r"^s118((?:_\d+)+)(?:_[a-z].*)?$")
_NUMBER = r"(\d+(?:\.\d+)?)"
_RANGE = re.compile(rf"118-{_NUMBER}\s*(?:–|—|\bto\b|\bthrough\b|\.\.)\s*(?:§\s*)?(?:118-)?{_NUMBER}")
_CITED = re.compile(rf"118-{_NUMBER}")


@dataclass(frozen=True)
class RuleModule:
    """One module of the ordinance layer and the sections it implements."""

    name: str
    sections: tuple[str, ...]


def _key(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.removeprefix("118-").split("."))


def _span(first: str, last: str) -> list[str]:
    """Every section of the chapter from ``first`` to ``last`` inclusive, in printed order."""
    low, high = sorted((_key(first), _key(last)))
    return [s.number for s in sections() if low <= _key(s.number) <= high]


def sections_from_name(stem: str) -> list[str]:
    """The sections a module's file name names (empty if it is not named ``s118_...``)."""
    match = _NAME.match(stem)
    if not match:
        return []
    digits = [int(part) for part in match.group(1).strip("_").split("_")]
    numbers: list[str] = []
    for value in digits:
        if numbers and "." not in numbers[-1] and value < _key(numbers[-1])[0]:
            numbers[-1] = f"{numbers[-1]}.{value}"
        else:
            numbers.append(f"118-{value}")
    numbers = [n for n in numbers if exists(n)]
    if len(numbers) == 2:
        return _span(numbers[0], numbers[1])
    return numbers


def sections_from_heading(docstring: str | None) -> list[str]:
    """The sections named in a docstring's first line, if that line starts with "§"."""
    heading = (docstring or "").strip().splitlines()[0] if (docstring or "").strip() else ""
    if not heading.startswith("§"):
        return []
    found: list[str] = []
    for first, last in _RANGE.findall(heading):
        found.extend(_span(f"118-{first}", f"118-{last}"))
    found.extend(f"118-{n}" for n in _CITED.findall(heading))
    return [n for n in dict.fromkeys(found) if exists(n)]


def _docstring(path: Path) -> str | None:
    try:
        return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    except (SyntaxError, UnicodeDecodeError, OSError):
        return None  # a broken file implements nothing; its own tests will say why


@cache
def rule_modules(folder: Path = ORDINANCE_DIR) -> tuple[RuleModule, ...]:
    """Every module (file or package) of the ordinance layer that implements a section."""
    found = []
    candidates = sorted([*folder.glob("*.py"), *folder.glob("*/__init__.py")])
    for path in candidates:
        stem = path.parent.name if path.name == "__init__.py" else path.stem
        numbers = [*sections_from_name(stem), *sections_from_heading(_docstring(path))]
        if numbers:
            ordered = sorted(dict.fromkeys(numbers), key=_key)
            found.append(RuleModule(name=stem, sections=tuple(ordered)))
    return tuple(found)
