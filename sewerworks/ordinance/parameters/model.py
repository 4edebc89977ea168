"""Dated parameters: references, values by effective date, and the view of one day.

A value takes effect on its date and stays in force until the next value of the same parameter takes
effect (I-08). Values shipped with the package come from ``parameters/<jurisdiction>/*.yaml``; values
the Town Board adopts later come from a site source (:class:`ParameterSource`) and override packaged
values from their effective date on; on the same date, the site value wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from typing import Any, Literal, Protocol

from sewerworks.ordinance.chapter.catalogue import UnknownSection, normalise_number, section
from sewerworks.ordinance.decision import ParameterUse
from sewerworks.ordinance.interpretations import is_known
from sewerworks.ordinance.parameters.units import json_value, parse_date

ReferenceKind = Literal["section", "local_law", "resolution", "illustrative", "interpretation", "standard"]
Origin = Literal["package", "site"]

# Fields each kind of reference must carry (I-08). Any reference may also cite a section. A ``standard``
# is a document the chapter adopts by name (the Recommended Standards for Sewage Works in §118-29, the
# EPA pretreatment regulations of 40 CFR 403 under §118-45): which edition applies must be said.
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "section": ("section",),
    "local_law": ("instrument", "adopted"),
    "resolution": ("instrument", "adopted"),
    "illustrative": ("note",),
    "interpretation": ("interpretation",),
    "standard": ("instrument", "edition"),
}
REFERENCE_FIELDS = ("kind", "section", "instrument", "adopted", "note", "interpretation", "edition")


class NotInForce(KeyError):
    """No value of a parameter was in force on the day asked (before the law took effect)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "not in force"


class ParameterError(ValueError):
    """A parameter file or site value the loader refuses; the message names the file (or source) and key."""


class ValueSetAside(NotInForce, ParameterError):
    """Read on a day a refused site value claims: no valid value is in force, and the message says why.

    A ``NotInForce`` (a ``KeyError``), so code that already copes with a parameter not yet in force
    copes with this too; a ``ParameterError``, so it can be told apart and reported as refused."""


@dataclass(frozen=True)
class Reference:
    """Where a value comes from: a section, a local law, a Board resolution, an interpretation, an adopted
    standard (with its edition), or a demo."""

    kind: ReferenceKind
    section: str | None = None
    instrument: str | None = None
    adopted: date | None = None
    note: str | None = None
    interpretation: str | None = None
    edition: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in REQUIRED_FIELDS:
            known = ", ".join(REQUIRED_FIELDS)
            raise ValueError(f"unknown reference kind {self.kind!r}; known kinds: {known}")
        missing = [name for name in REQUIRED_FIELDS[self.kind] if not str(getattr(self, name) or "").strip()]
        if missing:
            raise ValueError(f"a {self.kind} reference needs {' and '.join(missing)}")
        if self.section is not None:
            try:
                object.__setattr__(self, "section", section(normalise_number(self.section)).number)
            except UnknownSection as error:
                raise ValueError(f"reference cites {error}") from None
        if self.interpretation is not None and not is_known(self.interpretation):
            raise ValueError(f"reference cites unknown interpretation {self.interpretation!r}")

    @classmethod
    def from_mapping(cls, data: object) -> Reference:
        if not isinstance(data, Mapping):
            raise ValueError("a reference must be a mapping with a kind")  # noqa: TRY004 - reported as bad data
        unknown = sorted(set(map(str, data)) - set(REFERENCE_FIELDS))
        if unknown:
            raise ValueError(f"unknown reference field(s) {', '.join(unknown)}")
        adopted = data.get("adopted")
        return cls(
            kind=data.get("kind"),  # type: ignore[arg-type]  # checked in __post_init__
            section=_optional_text(data, "section"),
            instrument=_optional_text(data, "instrument"),
            adopted=parse_date(adopted) if adopted is not None else None,
            note=_optional_text(data, "note"),
            interpretation=_optional_text(data, "interpretation"),
            edition=_optional_text(data, "edition"),
        )

    def to_dict(self) -> dict[str, str]:
        result: dict[str, str] = {"kind": self.kind}
        for name in REFERENCE_FIELDS[1:]:
            value = getattr(self, name)
            if value is not None:
                result[name] = value.isoformat() if isinstance(value, date) else str(value)
        return result


def _optional_text(data: Mapping[Any, Any], name: str) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"reference {name} must be text, not {value!r}")  # noqa: TRY004
    return value


@dataclass(frozen=True)
class DatedValue:
    """One value of a parameter and the date it took effect."""

    effective: date
    value: Any
    reference: Reference
    source: Origin = "package"
    source_name: str = "package"


@dataclass(frozen=True)
class RefusedValue:
    """A site value set aside because the loader refuses it (kept so a rule never reads past it)."""

    effective: date
    reason: str


@dataclass(frozen=True)
class SiteValue:
    """A value recorded on site (e.g. a Town Board resolution adopted after installation)."""

    key: str
    effective: date
    value: Any
    reference: Reference | None
    problem: str = ""  # why the source could not make a reference of what it holds (reported by the loader)


class ParameterSource(Protocol):
    """Anything that yields site values; the Django app reads recorded resolutions."""

    def dated_values(self) -> Iterable[SiteValue]: ...


@dataclass(frozen=True)
class Parameter:
    """A named, dated parameter with its description, unit and history of values."""

    key: str
    description: str
    unit: str
    interpretations: tuple[str, ...]
    values: tuple[DatedValue, ...]
    file: str = ""
    refused: tuple[RefusedValue, ...] = ()

    def value_on(self, day: date) -> DatedValue | None:
        """The value in force on the day: the latest to take effect on or before it (site wins ties)."""
        in_force = None
        for dated in self.values:  # sorted by (effective, package before site)
            if dated.effective <= day:
                in_force = dated
        return in_force

    def cites(self, number: str) -> bool:
        return any(v.reference.section == number for v in self.values)

    def with_value(self, dated: DatedValue) -> Parameter:
        values = sorted([*self.values, dated], key=lambda v: (v.effective, v.source == "site"))
        return replace(self, values=tuple(values))

    def with_refused(self, refused: RefusedValue) -> Parameter:
        return replace(self, refused=(*self.refused, refused))

    def refusal_on(self, day: date, in_force: DatedValue | None) -> RefusedValue | None:
        """A refused site value that would be in force on ``day`` in place of ``in_force``, if any."""
        since = in_force.effective if in_force is not None else date.min
        claims = [r for r in self.refused if since <= r.effective <= day]
        return max(claims, key=lambda r: r.effective) if claims else None


@dataclass(frozen=True)
class ParameterSet:
    """All parameters of one jurisdiction with their full history."""

    jurisdiction: str
    parameters: Mapping[str, Parameter]
    problems: tuple[str, ...] = ()  # site values set aside by a lenient load, each with its reason

    def keys(self) -> list[str]:
        return sorted(self.parameters)

    def __contains__(self, key: object) -> bool:
        return key in self.parameters

    def __iter__(self) -> Iterator[Parameter]:
        return iter(self.parameters[k] for k in self.keys())

    def parameter(self, key: str) -> Parameter:
        try:
            return self.parameters[key]
        except KeyError:
            raise KeyError(f"no parameter {key!r} in jurisdiction {self.jurisdiction}") from None

    def for_section(self, number: str) -> list[Parameter]:
        """Parameters whose values cite the section (for the ordinance browser)."""
        bare = normalise_number(number)
        return [p for p in self if p.cites(bare)]

    def at(self, on: date) -> ParameterView:
        return ParameterView(self, on)


@dataclass
class ParameterView:
    """The parameters in force on one day; records every read for the Decision."""

    parameters: ParameterSet
    on: date
    _reads: dict[str, tuple[Parameter, DatedValue]] = field(default_factory=dict, repr=False)

    def __getitem__(self, key: str) -> Any:
        parameter = self.parameters.parameter(key)
        dated = parameter.value_on(self.on)
        refused = parameter.refusal_on(self.on, dated) if parameter.refused else None
        if refused is not None:
            raise ValueSetAside(
                f"parameter {key!r} on {self.on.isoformat()}: the recorded value is refused ({refused.reason})"
            )
        if dated is None:
            first = parameter.values[0].effective.isoformat() if parameter.values else "never"
            day = self.on.isoformat()
            raise NotInForce(f"parameter {key!r} has no value in force on {day} (first takes effect: {first})")
        self._reads.setdefault(key, (parameter, dated))
        return dated.value

    def number(self, key: str) -> Decimal:
        """A numeric or money parameter as a Decimal."""
        value = self[key]
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise TypeError(f"parameter {key!r} is not a number: {value!r}")
        return Decimal(value)

    def flag(self, key: str) -> bool:
        value = self[key]
        if not isinstance(value, bool):
            raise TypeError(f"parameter {key!r} is not true/false: {value!r}")
        return value

    def day(self, key: str) -> date:
        value = self[key]
        if not isinstance(value, date):
            raise TypeError(f"parameter {key!r} is not a date: {value!r}")
        return value

    def table(self, key: str) -> Mapping[Any, Any]:
        value = self[key]
        if not isinstance(value, Mapping):
            raise TypeError(f"parameter {key!r} is not a table: {value!r}")
        return value

    def items(self, key: str) -> tuple[Any, ...]:
        value = self[key]
        if not isinstance(value, tuple):
            raise TypeError(f"parameter {key!r} is not a list: {value!r}")
        return value

    def uses(self) -> list[ParameterUse]:
        """Every parameter read through this view, in the order first read."""
        return [
            ParameterUse(
                key=key,
                value=_json_of(dated),
                unit=parameter.unit,
                effective=dated.effective,
                reference=dated.reference.to_dict(),
                source=dated.source,
                set_by=set_by(dated),
            )
            for key, (parameter, dated) in self._reads.items()
        ]

    def interpretations(self) -> list[str]:
        """Interpretation ids of every parameter read (from metadata and references)."""
        ids: set[str] = set()
        for parameter, dated in self._reads.values():
            ids.update(parameter.interpretations)
            if dated.reference.interpretation:
                ids.add(dated.reference.interpretation)
        return sorted(ids)


_JSON_OF: dict[int, tuple[DatedValue, Any]] = {}


def _json_of(dated: DatedValue) -> Any:
    """``json_value`` of a dated value, computed once per value: every decision lists the parameters it read,
    and a batch (a period's evaluation) makes thousands of decisions on the same few values."""
    kept = _JSON_OF.get(id(dated))
    if kept is None or kept[0] is not dated:
        if len(_JSON_OF) >= 4096:
            _JSON_OF.clear()
        kept = (dated, json_value(dated.value))
        _JSON_OF[id(dated)] = kept
    return kept[1]


def set_by(dated: DatedValue) -> str | None:
    """ "set by Resolution 2027-14 of 2027-03-10" for a value a recorded resolution set; else None."""
    reference = dated.reference
    if dated.source != "site" or not reference.instrument:
        return None
    adopted = f" of {reference.adopted.isoformat()}" if reference.adopted else ""
    return f"set by {reference.instrument}{adopted}"
