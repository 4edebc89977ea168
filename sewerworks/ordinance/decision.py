"""What a rule returns: a Decision with its findings, deadlines, amounts and citations.

A rule never returns a bare bool. Each Finding cites a section that exists in the catalogue, says in a
plain sentence what was compared, and names the interpretation ids it rests on. Judgement the text
leaves to an official is a ``discretion`` finding that names who decides. Money and measured amounts
are Decimal, serialised as strings (I-23).
"""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, PlainSerializer, field_validator, model_validator
from pydantic import Field as PydanticField
from pydantic_core import PydanticCustomError

from sewerworks.ordinance.chapter.catalogue import UnknownSection, normalise_number, section
from sewerworks.ordinance.interpretations import is_known

Severity = Literal["complies", "fails", "discretion"]

DecimalStr = Annotated[Decimal, PlainSerializer(lambda d: format(d, "f"), return_type=str, when_used="json")]

Compared = dict[str, str | int | bool | None]


_CITED: dict[str, str] = {}  # each spelling cited, in its bare form (a decision of 400 amounts cites one section)


def _cited_section(value: str) -> str:
    """A section number in its bare form; a rule cannot cite a section Chapter 118 does not have."""
    known = _CITED.get(value) if isinstance(value, str) else None
    if known is not None:
        return known
    try:
        bare = section(normalise_number(value)).number
    except UnknownSection as error:
        raise ValueError(str(error)) from None
    if len(_CITED) < 10_000:
        _CITED[value] = bare
    return bare


def _known_interpretations(ids: list[str]) -> list[str]:
    unknown = [i for i in ids if not is_known(i)]
    if unknown:
        raise ValueError(f"unknown interpretation id(s) {', '.join(unknown)}: not in docs/interpretations.md")
    return ids


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Finding(_Model):
    """One requirement of the law applied to the facts."""

    section: str
    requirement: str
    severity: Severity
    sentence: str
    compared: Compared = {}
    decided_by: str | None = None
    interpretations: list[str] = []

    _section = field_validator("section")(_cited_section)
    _interpretations = field_validator("interpretations")(_known_interpretations)

    @model_validator(mode="after")
    def _discretion_names_who_decides(self) -> Finding:
        if self.severity == "discretion" and not self.decided_by:
            raise ValueError(f"a discretion finding ({self.requirement}) must name who decides (decided_by)")
        return self


KEY_PATTERN = r"^[a-z][a-z0-9_]*$"


class Deadline(_Model):
    """A date (or, for hour-based deadlines, a moment) by which something must be done.

    ``key`` is stable (``connect``, ``abandon``, ``correct``, ``pump_out``...): callers find a deadline by
    it; ``name`` is the words shown to people and may be reworded."""

    key: str = PydanticField(pattern=KEY_PATTERN)
    name: str
    due: date
    section: str
    sentence: str
    interpretations: list[str] = []
    due_at: datetime | None = None

    _section = field_validator("section")(_cited_section)
    _interpretations = field_validator("interpretations")(_known_interpretations)


class Amount(_Model):
    """A computed quantity: money (USD, rounded to cents by the rule, I-23) or a measure (gal, ...).

    ``key`` is stable (``charge``, ``fine``, ``penalty``...); ``name`` is the words shown to people."""

    key: str = PydanticField(pattern=KEY_PATTERN)
    name: str
    value: DecimalStr
    unit: str = "USD"
    section: str
    breakdown: list[dict[str, str]] = []

    _section = field_validator("section")(_cited_section)

    @field_validator("value", mode="before")
    @classmethod
    def _no_float(cls, value: Any) -> Any:
        if isinstance(value, float):
            raise PydanticCustomError("float_money", "an amount is a Decimal, never a float (I-23)")
        return value


class ParameterUse(_Model):
    """A parameter a rule read: its value on the day, unit, effective date and reference, and which
    recorded Board resolution set it, if one did."""

    key: str
    value: Any
    unit: str
    effective: date
    reference: dict[str, str]
    source: str = "package"
    set_by: str | None = None  # "set by Resolution 2027-14 of 2027-03-10" where a recorded resolution set it


class Decision(_Model):
    """The outcome of applying the ordinance to one set of facts on one date."""

    topic: str
    as_of: date
    outcome: str
    summary: str
    findings: list[Finding] = []
    deadlines: list[Deadline] = []
    amounts: list[Amount] = []
    parameters: list[ParameterUse] = []
    interpretations: list[str] = []
    sections: list[str] = []

    @model_validator(mode="before")
    @classmethod
    def _collect_citations(cls, data: Any) -> Any:
        """Interpretations and sections are the sorted union of everything the decision cites."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        ids = set(data.get("interpretations") or ())
        cited = {_cited_section(s) for s in data.get("sections") or ()}
        for item in [*(data.get("findings") or ()), *(data.get("deadlines") or ())]:
            fields = item if isinstance(item, dict) else item.__dict__
            ids.update(fields.get("interpretations") or ())
            cited.add(_cited_section(fields["section"]))
        for amount in data.get("amounts") or ():
            cited.add(_cited_section(amount["section"] if isinstance(amount, dict) else amount.section))
        data["interpretations"] = sorted(ids)
        data["sections"] = sorted(cited, key=_section_sort_key)
        return data

    _interpretations = field_validator("interpretations")(_known_interpretations)

    @model_validator(mode="after")
    def _keys_are_unique(self) -> Decision:
        for kind, keys in (("deadline", [d.key for d in self.deadlines]), ("amount", [a.key for a in self.amounts])):
            if len(set(keys)) == len(keys):
                continue
            twice = sorted({k for k in keys if keys.count(k) > 1})
            if twice:
                raise ValueError(f"{self.topic}: {kind} key(s) {', '.join(twice)} used twice in one decision")
        return self

    @property
    def failed(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "fails"]

    @property
    def discretionary(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "discretion"]

    @property
    def complied(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "complies"]

    @property
    def has_failures(self) -> bool:
        return bool(self.failed)

    def finding(self, requirement: str) -> Finding:
        """The finding for one requirement; KeyError if the rule made none."""
        for f in self.findings:
            if f.requirement == requirement:
                return f
        raise KeyError(f"{self.topic}: no finding for requirement {requirement!r}")

    def amount(self, name: str) -> Amount:
        for a in self.amounts:
            if a.name == name:
                return a
        raise KeyError(f"{self.topic}: no amount named {name!r}")

    def amount_for(self, key: str) -> Amount:
        """The amount with stable ``key``; KeyError if the rule computed none."""
        for a in self.amounts:
            if a.key == key:
                return a
        raise KeyError(f"{self.topic}: no amount with key {key!r}")

    def deadline_for(self, key: str) -> Deadline:
        """The deadline with stable ``key``; KeyError if the rule set none."""
        for d in self.deadlines:
            if d.key == key:
                return d
        raise KeyError(f"{self.topic}: no deadline with key {key!r}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict; Decimals as strings, dates ISO 8601, fields in declared order."""
        result: dict[str, Any] = self.model_dump(mode="json")
        return result

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)


def _section_sort_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.removeprefix("118-").split("."))


def overall(
    findings: list[Finding],
    *,
    complies: str = "complies",
    fails: str = "fails",
    discretion: str = "needs-review",
) -> str:
    """The usual outcome: any failure fails; otherwise any discretion needs review; else complies."""
    if any(f.severity == "fails" for f in findings):
        return fails
    if any(f.severity == "discretion" for f in findings):
        return discretion
    return complies
