"""The sections of Chapter 118, parsed from the text as we have it.

The text (``chapter-118-sewers.txt`` beside this module) is a verbatim copy of
``shared/ordinance/chapter-118-sewers.txt``. Every heading of the form ``§ 118-N Title.`` starts a
section; amendment notes (``[Amended 7-24-2000 by L.L. No. 2-2000]``, ``[Added ...]``) printed under a
section are collected as it prints them. Article headings are missing from the text: they are our
inference (I-07), as are the headwords of the §118-1 definitions (I-06).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources

CHAPTER_FILE = "chapter-118-sewers.txt"

_HEADING = re.compile(r"^§ (118-\d+(?:\.\d+)?) (.+?)\.?$")
_NOTE = re.compile(r"^\[((?:Amended|Added) .+)\]$")
_NOTE_DATE = re.compile(r"\b(\d{1,2})-(\d{1,2})-(\d{4})\b")
_NUMBER = re.compile(r"^§?\s*(118-\d+(?:\.\d+)?)$")


class UnknownSection(KeyError):
    """A section number that is not in Chapter 118."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown section"


@dataclass(frozen=True)
class Section:
    """One section of Chapter 118: its number, heading, article and text as printed."""

    number: str
    title: str
    article: str
    article_title: str
    text: str
    amendments: tuple[str, ...]
    latest_amendment: date | None

    @property
    def citation(self) -> str:
        return f"§ {self.number}"

    @property
    def amendment_dates(self) -> tuple[date, ...]:
        """Every date printed in the section's amendment notes, oldest first."""
        return tuple(sorted(d for note in self.amendments for d in note_dates(note)))


@dataclass(frozen=True)
class Article:
    """An article of the chapter (I-07: numerals and titles are inferred)."""

    numeral: str
    title: str
    first: str
    last: str
    sections: tuple[str, ...]


# I-07: article headings inferred from the sections and the text's own cross-references.
_ARTICLES: tuple[tuple[str, str, str, str], ...] = (
    ("I", "Definitions", "118-1", "118-1"),
    ("II", "Use of public sewers required", "118-2", "118-6"),
    ("III", "Private sewage disposal", "118-7", "118-13"),
    ("IV", "Building sewers and connections", "118-14", "118-28"),
    ("V", "Sewer extensions", "118-29", "118-36"),
    ("VI", "Use of the public sewers", "118-37", "118-43"),
    ("VII", "Protection from damage", "118-44", "118-44"),
    ("VIII", "Powers of inspectors", "118-45", "118-45"),
    ("IX", "Administration and penalties", "118-46", "118-47"),
    ("X", "Sewer charges", "118-48", "118-54"),
)

# I-06: the §118-1 definitions have lost their headwords; these are inferred from the model
# ordinance, in the order the definitions are printed. The ninth entry's headword is lost entirely.
DEFINITION_HEADWORDS_INFERRED = True
DEFINITION_HEADWORDS_INTERPRETATION = "I-06"
DEFINITION_HEADWORDS: tuple[str, ...] = (
    "Biochemical oxygen demand (BOD)",
    "Building drain",
    "Building sewer",
    "Combined sewer",
    "Commercial kitchen/restaurant",
    "Contract user (bordering property)",
    "Garbage",
    "Improvement boundaries",
    "(Classification; headword lost)",
    "Industrial wastes",
    "Natural outlet",
    "Person",
    "pH",
    "Properly shredded garbage",
    "Public sewer",
    "Sanitary sewer",
    "Sewage",
    "Sewage treatment plant",
    "Sewage works",
    "Sewer",
    "Superintendent/designee",
    "Sewer Improvement Area",
    "Storm sewer",
    "Suspended solids",
    "Town",
    "Town Board",
    "Town Engineer",
    "Watercourse",
)


@dataclass(frozen=True)
class Definition:
    """A §118-1 definition with its inferred headword (I-06)."""

    headword: str
    text: str
    notes: tuple[str, ...]
    headword_inferred: bool = True


def note_dates(note: str) -> tuple[date, ...]:
    """The dates printed in one amendment note ("Amended 3-9-1992; 8-22-1994 by ...")."""
    return tuple(date(int(y), int(m), int(d)) for m, d, y in _NOTE_DATE.findall(note))


def chapter_text() -> str:
    """The chapter as we have it, verbatim."""
    return resources.files(__package__).joinpath(CHAPTER_FILE).read_text(encoding="utf-8")


def _section_key(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.removeprefix("118-").split("."))


def _article_for(number: str) -> tuple[str, str]:
    key = _section_key(number)
    for numeral, title, first, last in _ARTICLES:
        if _section_key(first) <= key <= _section_key(last):
            return numeral, title
    raise ValueError(f"§ {number} falls in no article of I-07")


def _parse(text: str) -> tuple[Section, ...]:
    found: list[tuple[str, str, list[str]]] = []
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            found.append((heading.group(1), heading.group(2), []))
        elif found:
            found[-1][2].append(line)
    result = []
    for number, title, lines in found:
        notes = tuple(m.group(1) for m in map(_NOTE.match, lines) if m)
        dates = [d for note in notes for d in note_dates(note)]
        numeral, article_title = _article_for(number)
        result.append(
            Section(
                number=number,
                title=title,
                article=numeral,
                article_title=article_title,
                text="\n".join(lines).strip("\n"),
                amendments=notes,
                latest_amendment=max(dates) if dates else None,
            )
        )
    return tuple(result)


@cache
def sections() -> tuple[Section, ...]:
    """Every section of the chapter, in the order printed."""
    return _parse(chapter_text())


@cache
def _by_number() -> dict[str, Section]:
    return {s.number: s for s in sections()}


def normalise_number(number: str) -> str:
    """ "§ 118-34", "§118-34" and "118-34" all name section 118-34."""
    match = _NUMBER.match(number.strip())
    if not match:
        raise UnknownSection(f"{number!r} is not a section number of Chapter 118 (expected e.g. '118-34')")
    return match.group(1)


def section(number: str) -> Section:
    """The section with this number; raises UnknownSection if Chapter 118 has no such section."""
    key = normalise_number(number)
    try:
        return _by_number()[key]
    except KeyError:
        raise UnknownSection(f"Chapter 118 has no § {key}") from None


def exists(number: str) -> bool:
    try:
        section(number)
    except UnknownSection:
        return False
    return True


@cache
def articles() -> tuple[Article, ...]:
    """The articles (I-07), each with the sections it holds."""
    return tuple(
        Article(
            numeral=numeral,
            title=title,
            first=first,
            last=last,
            sections=tuple(s.number for s in sections() if s.article == numeral),
        )
        for numeral, title, first, last in _ARTICLES
    )


@cache
def definitions() -> tuple[Definition, ...]:
    """The §118-1 definitions paired with their inferred headwords (I-06)."""
    lines = section("118-1").text.splitlines()
    start = 1  # line 0 is "Unless the context specifically indicates otherwise, ..."
    entries: list[tuple[str, list[str]]] = []
    for line in lines[start:]:
        if line.startswith("[1]") and len(line) > 3:
            line = line[3:]
        elif line == "[1]":
            break  # the editor's note that follows the last definition
        note = _NOTE.match(line)
        if note:
            entries[-1][1].append(note.group(1))
        else:
            entries.append((line, []))
    if len(entries) != len(DEFINITION_HEADWORDS):
        raise ValueError(f"§ 118-1 prints {len(entries)} definitions; I-06 names {len(DEFINITION_HEADWORDS)}")
    return tuple(
        Definition(headword=word, text=text, notes=tuple(notes))
        for word, (text, notes) in zip(DEFINITION_HEADWORDS, entries, strict=True)
    )
