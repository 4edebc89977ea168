"""How much of Chapter 118 a user can carry out in sewerworks, section by section, graded from the
requirements the apps claim (``requirements.py``; the reading is I-171).

A section's state:

- **complete**: every requirement listed for it is complete;
- **partial**: some are complete, some are not;
- **rule only**: none is complete, but a determination topic applies at least one;
- **none**: every requirement is missing;
- **not computable**: the section has nothing for the product to carry out (``NOT_COMPUTABLE``, with why);
- **no requirements listed**: an error, never "complete": every computable section lists its requirements.

The headline counts complete sections only: complete ÷ (all sections − not computable).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

from sewerworks.core.ordinance_browser.requirements import Requirement, State, all_requirements
from sewerworks.ordinance.chapter.catalogue import sections


class Grade(StrEnum):
    """The state of a section; ``label`` is what the browser prints."""

    COMPLETE = "complete"
    PARTIAL = "partial"
    RULE_ONLY = "rule-only"
    NONE = "none"
    NOT_COMPUTABLE = "not-computable"
    UNLISTED = "unlisted"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Grade.COMPLETE: "Complete",
    Grade.PARTIAL: "Partial",
    Grade.RULE_ONLY: "Rule only",
    Grade.NONE: "None",
    Grade.NOT_COMPUTABLE: "Not computable",
    Grade.UNLISTED: "No requirements listed (an error)",
}

# Sections with nothing for the product to carry out, and why.
NOT_COMPUTABLE: dict[str, str] = {
    "118-1": "Definitions and word usage: they give meaning to the other sections' words (headwords "
    "inferred, I-06); the contract-user distance in them yields to §118-29.1 (I-10).",
    "118-13": "The text of 'Additional requirements' is missing; a permit may carry free-text "
    "conditions of the Ulster County Health Department (I-02).",
    "118-16": "The owner bears the costs of a building sewer and indemnifies the Town: there is no amount, "
    "test or record to keep, and every building sewer permit prints the clause (I-170).",
    "118-44": "Damage to the sewerage works is criminal mischief, for the police and the courts.",
    "118-46": "The Town Board appoints the Superintendent; the appointment is the Superintendent's role in "
    "sewerworks, with nothing to carry out (I-170).",
    "118-48": "How the Town spends sewer revenue is municipal finance, outside the department's computations.",
}


@dataclass(frozen=True)
class SectionCoverage:
    """One section's grade and the requirements it rests on."""

    number: str
    title: str
    grade: Grade
    requirements: tuple[Requirement, ...] = ()
    reason: str = ""

    def count(self, state: State) -> int:
        return sum(1 for r in self.requirements if r.state is state)

    @property
    def unfinished(self) -> tuple[Requirement, ...]:
        return tuple(r for r in self.requirements if r.state is not State.COMPLETE)

    @property
    def summary(self) -> str:
        """One line for the index: what carries it out, or why nothing need."""
        if self.grade is Grade.NOT_COMPUTABLE:
            return self.reason
        if self.grade is Grade.UNLISTED:
            return "No requirement is listed for this section: an error in the apps' claims."
        done, total = self.count(State.COMPLETE), len(self.requirements)
        text = f"{done} of {total} requirement{'s' if total != 1 else ''} complete"
        if self.unfinished:
            text += "; not yet: " + "; ".join(r.text for r in self.unfinished)
        return text + "."


def grade(requirements: tuple[Requirement, ...]) -> Grade:
    states = {r.state for r in requirements}
    if not states:
        return Grade.UNLISTED
    if states == {State.COMPLETE}:
        return Grade.COMPLETE
    if State.COMPLETE in states:
        return Grade.PARTIAL
    if State.RULE_ONLY in states:
        return Grade.RULE_ONLY
    return Grade.NONE


def coverage(claims: Mapping[str, tuple[Requirement, ...]] | None = None) -> list[SectionCoverage]:
    """Every section of the chapter, in printed order, with its grade (from ``claims``, default the apps')."""
    by_section: dict[str, list[Requirement]] = {}
    for requirement in all_requirements(claims):
        by_section.setdefault(requirement.section, []).append(requirement)
    result = []
    order = {State.COMPLETE: 0, State.RULE_ONLY: 1, State.MISSING: 2}
    for printed in sections():
        listed = tuple(sorted(by_section.get(printed.number, ()), key=lambda r: order[r.state]))
        if printed.number in NOT_COMPUTABLE and not listed:
            reason = NOT_COMPUTABLE[printed.number]
            entry = SectionCoverage(printed.number, printed.title, Grade.NOT_COMPUTABLE, reason=reason)
        else:
            entry = SectionCoverage(printed.number, printed.title, grade(listed), listed)
        result.append(entry)
    return result


def problems(entries: list[SectionCoverage]) -> list[str]:
    """What is wrong with the grading itself: a computable section with no requirement listed, or a section
    called not computable for which an app claims requirements."""
    found = [f"§{e.number} {e.title}: no requirement is listed" for e in entries if e.grade is Grade.UNLISTED]
    found += [
        f"§{e.number} is not computable ({NOT_COMPUTABLE[e.number]}) yet requirements are claimed for it"
        for e in entries
        if e.number in NOT_COMPUTABLE and e.requirements
    ]
    return found


def section_coverage(number: str, claims: Mapping[str, tuple[Requirement, ...]] | None = None) -> SectionCoverage:
    """The grade of one section (KeyError for a number not in the chapter)."""
    return next(e for e in coverage(claims) if e.number == number)


@dataclass(frozen=True)
class CoverageSummary:
    """The counts per grade and the headline: complete sections of the computable ones."""

    counts: dict[Grade, int]
    total: int

    @property
    def complete(self) -> int:
        return self.counts[Grade.COMPLETE]

    @property
    def not_computable(self) -> int:
        return self.counts[Grade.NOT_COMPUTABLE]

    @property
    def computable(self) -> int:
        return self.total - self.not_computable

    @property
    def percent(self) -> Decimal:
        """complete ÷ computable as a percentage to one decimal, rounded half up."""
        if not self.computable:
            return Decimal("0.0")
        ratio = Decimal(100 * self.complete) / Decimal(self.computable)
        return ratio.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def summarise(entries: list[SectionCoverage]) -> CoverageSummary:
    counted = Counter(entry.grade for entry in entries)
    return CoverageSummary(counts={g: counted.get(g, 0) for g in Grade}, total=len(entries))


def requirement_json(r: Requirement) -> dict[str, Any]:
    data: dict[str, Any] = {"text": r.text, "state": r.state.value, "app": r.app}
    for name in ("views", "commands", "actions", "topics", "tests"):
        if getattr(r, name):
            data[name] = list(getattr(r, name))
    if r.meanwhile:
        data["meanwhile"] = r.meanwhile
    return data


def as_json(entries: list[SectionCoverage]) -> dict[str, Any]:
    """``{"complete": N, "computable": M, "sections": [{"section", "title", "state", "requirements"}, ...]}``."""
    summary = summarise(entries)
    listed = []
    for e in entries:
        item: dict[str, Any] = {"section": e.number, "title": e.title, "state": e.grade.value}
        item["requirements"] = [requirement_json(r) for r in e.requirements]
        if e.reason:
            item["reason"] = e.reason
        listed.append(item)
    return {"complete": summary.complete, "computable": summary.computable, "sections": listed}
