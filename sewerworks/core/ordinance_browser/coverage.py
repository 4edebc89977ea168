"""How much of Chapter 118 sewerworks implements, section by section.

Each section has exactly one status:

- **implemented**: a determination topic cites it, a rule module of ``sewerworks/ordinance/`` is named
  for it (``s118_34_exfiltration.py``) or says so in its heading, or an app has declared that one of
  its workflows implements it (:func:`declare_implemented`). Evidence of implementation wins over the
  tables below: the tables describe what nothing computes.
- **procedural only**: the section prescribes a procedure (a County permit, an appointment, an
  agreement) that the department records but in which there is nothing for the software to compute.
- **not computable**: the section has no computable content (text missing, definitions, how revenue
  is spent).
- **not yet implemented**: none of the above; the honest remainder.

Coverage = implemented ÷ (all sections − not computable).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

from sewerworks.core.ordinance_browser.rule_modules import rule_modules
from sewerworks.ordinance.chapter.catalogue import normalise_number, section, sections


class Status(StrEnum):
    """The implementation status of a section; ``label`` is what the browser prints."""

    IMPLEMENTED = "implemented"
    PROCEDURAL = "procedural"
    NOT_COMPUTABLE = "not-computable"
    NOT_YET = "not-yet"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Status.IMPLEMENTED: "Implemented",
    Status.PROCEDURAL: "Procedural only",
    Status.NOT_COMPUTABLE: "Not computable",
    Status.NOT_YET: "Not yet implemented",
}

# Sections that prescribe a procedure the department records but sewerworks does not compute.
PROCEDURAL_ONLY: dict[str, str] = {
    "118-7": "Where no public sewer is available the private system must satisfy the Ulster County "
    "Department of Health; the registry records the private system, the County judges it.",
    "118-8": "The permit for a private system is issued by the Ulster County Health Department; "
    "sewerworks records that it was obtained.",
    "118-9": "The permit becomes effective on the County Health Department's final inspection; the "
    "inspection and its 48 hours are the County's, recorded here.",
    "118-10": "The type, capacity and layout of a private system follow the New York State Department "
    "of Health's recommendations, reviewed by the health authorities, not computed here.",
    "118-14": "A written permit of the Town Board is required before disturbing a public sewer; the "
    "permit is a record, with nothing to compute.",
    "118-27": "Barricades, lights and restoration 'satisfactory to the town' are judged in the field "
    "and recorded as inspection findings.",
    "118-29": "Extensions follow the Recommended Standards for Sewage Works and need the engineer's and "
    "the State Health Department's approval; the approvals are recorded.",
    "118-43": "A special agreement with an industrial concern is negotiated by the Town and recorded as made.",
    "118-45": "The inspectors' authority to enter and inspect; the inspections themselves are records.",
    "118-46": "The Town Board appoints the Superintendent; the appointment is a role in sewerworks.",
    "118-50": "The Town Board reviews user charges annually; revisions are recorded as Board "
    "resolutions that take effect from their date, with no computation of their own.",
}

# Sections with no computable content.
NOT_COMPUTABLE: dict[str, str] = {
    "118-1": "Definitions and word usage: they give meaning to the other sections' words (headwords "
    "inferred, I-06); the contract-user distance in them yields to §118-29.1 (I-10).",
    "118-13": "The text of 'Additional requirements' is missing; a permit may carry free-text "
    "conditions of the County Health Department (I-02).",
    "118-16": "Allocates the costs of a building sewer and the liability for damage to the owner; "
    "there is no amount or test to compute.",
    "118-44": "Damage to the sewerage works is criminal mischief, for the police and the courts.",
    "118-48": "How the Town spends sewer revenue is municipal finance, outside the department's computations.",
}

# Sections that Django apps declare their workflows implement: section -> who implements it.
IMPLEMENTED_BY_APPS: dict[str, list[str]] = {}
# The tests that show it ("sewerworks/registry/tests/test_actions.py::test_..."): a test checks each exists.
TESTED_BY: dict[str, list[str]] = {}


def declare_implemented(number: str, by: str, tested_by: tuple[str, ...] = ()) -> None:
    """Record that ``by`` (an app and its workflow) implements the section, shown by the tests named in
    ``tested_by`` (``path::test_name``); safe to call twice."""
    if not by.strip():
        raise ValueError("declare_implemented needs to say what implements the section (by=...)")
    key = section(normalise_number(number)).number  # raises UnknownSection
    declared = IMPLEMENTED_BY_APPS.setdefault(key, [])
    if by not in declared:
        declared.append(by)
    tests = TESTED_BY.setdefault(key, [])
    tests.extend(t for t in tested_by if t not in tests)


@dataclass(frozen=True)
class SectionCoverage:
    """The status of one section and why: the topics, rule modules and apps that implement it."""

    number: str
    status: Status
    reason: str
    topics: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()
    apps: tuple[str, ...] = ()


@dataclass(frozen=True)
class CoverageSummary:
    """The counts per status and the coverage figure."""

    counts: dict[Status, int]
    total: int

    @property
    def implemented(self) -> int:
        return self.counts[Status.IMPLEMENTED]

    @property
    def not_computable(self) -> int:
        return self.counts[Status.NOT_COMPUTABLE]

    @property
    def computable(self) -> int:
        """Sections with something to implement: all of them less the not computable."""
        return self.total - self.not_computable

    @property
    def percent(self) -> Decimal:
        """implemented ÷ computable as a percentage to one decimal, rounded half up."""
        if not self.computable:
            return Decimal("0.0")
        ratio = Decimal(100 * self.implemented) / Decimal(self.computable)
        return ratio.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def table_conflicts() -> list[str]:
    """Sections listed both as procedural only and as not computable, or listed but not in the chapter."""
    problems = [f"§ {n} is both procedural only and not computable" for n in PROCEDURAL_ONLY.keys() & NOT_COMPUTABLE]
    known = {s.number for s in sections()}
    for number in [*PROCEDURAL_ONLY, *NOT_COMPUTABLE, *IMPLEMENTED_BY_APPS]:
        if number not in known:
            problems.append(f"§ {number} is not a section of Chapter 118")
    return sorted(problems)


def _topics_by_section() -> dict[str, list[str]]:
    from sewerworks.ordinance.topics import topics

    found: dict[str, list[str]] = {}
    for topic in topics():
        for number in topic.sections:
            found.setdefault(normalise_number(number), []).append(topic.name)
    return found


def _modules_by_section() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for module in rule_modules():
        for number in module.sections:
            found.setdefault(number, []).append(module.name)
    return found


def _implemented_reason(topics: list[str], modules: list[str], apps: list[str]) -> str:
    parts = []
    if topics:
        parts.append("determination topic " + ", ".join(topics))
    if modules:
        parts.append("rule module " + ", ".join(modules))
    if apps:
        parts.append("; ".join(apps))
    return "Implemented by " + "; ".join(parts) + "."


def coverage() -> list[SectionCoverage]:
    """Every section of the chapter, in printed order, with its one status."""
    by_topic = _topics_by_section()
    by_module = _modules_by_section()
    result = []
    for printed in sections():
        number = printed.number
        topic_names = by_topic.get(number, [])
        module_names = by_module.get(number, [])
        apps = IMPLEMENTED_BY_APPS.get(number, [])
        if topic_names or module_names or apps:
            result.append(
                SectionCoverage(
                    number,
                    Status.IMPLEMENTED,
                    _implemented_reason(topic_names, module_names, apps),
                    topics=tuple(topic_names),
                    modules=tuple(module_names),
                    apps=tuple(apps),
                )
            )
        elif number in NOT_COMPUTABLE:
            result.append(SectionCoverage(number, Status.NOT_COMPUTABLE, NOT_COMPUTABLE[number]))
        elif number in PROCEDURAL_ONLY:
            result.append(SectionCoverage(number, Status.PROCEDURAL, PROCEDURAL_ONLY[number]))
        else:
            reason = "Nothing in sewerworks applies this section yet."
            result.append(SectionCoverage(number, Status.NOT_YET, reason))
    return result


def section_coverage(number: str) -> SectionCoverage:
    """The status of one section (raises UnknownSection for a number not in the chapter)."""
    key = section(normalise_number(number)).number
    return next(c for c in coverage() if c.number == key)


def summarise(entries: list[SectionCoverage]) -> CoverageSummary:
    counted = Counter(entry.status for entry in entries)
    return CoverageSummary(counts={status: counted.get(status, 0) for status in Status}, total=len(entries))
