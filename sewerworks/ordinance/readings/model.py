"""One reading of Chapter 118 as a record: its id, title, the decision in the product's words, the sections it
reads, the parameters it sets and how far sewerworks carries it out."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

ID = re.compile(r"^I-\d{2,3}$")
SECTION = re.compile(r"^118-\d+(\.\d+)?$")


class Status(StrEnum):
    """How far the product carries a reading out."""

    CARRIED_OUT = "carried out"
    IN_PART = "in part"
    NOT_YET = "not yet"


@dataclass(frozen=True)
class Interpretation:
    """A product decision where Chapter 118 is missing, conflicting or needs a convention.

    ``decision``: a few sentences saying what sewerworks does. ``sections``: the sections it reads
    ("118-52"). ``parameters``: the parameter keys whose files name this id (a test keeps the two equal).
    ``missing``: for ``in part`` and ``not yet``, what is not carried out."""

    id: str
    title: str
    decision: str
    sections: tuple[str, ...] = ()
    parameters: tuple[str, ...] = ()
    status: Status = Status.CARRIED_OUT
    missing: str = ""

    def __post_init__(self) -> None:
        problems = []
        if not ID.match(self.id):
            problems.append("the id is not I- and two or three digits")
        if not self.title.strip() or not self.decision.strip():
            problems.append("a title and a decision are needed")
        problems += [f"{n!r} is not written as 118-N" for n in self.sections if not SECTION.match(n)]
        if self.status is Status.CARRIED_OUT and self.missing:
            problems.append("a reading carried out has nothing missing")
        if self.status is not Status.CARRIED_OUT and not self.missing.strip():
            problems.append(f"a reading {self.status} says what is missing")
        if problems:
            raise ValueError(f"{self.id}: " + "; ".join(problems))

    @property
    def number(self) -> int:
        return int(self.id.removeprefix("I-"))
