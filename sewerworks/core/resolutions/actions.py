"""Recording a Town Board resolution: every value through the parameter loader before anything is saved.

A value is refused, naming its key, when the key is not a parameter of the jurisdiction, the value does
not fit the parameter's unit (money quoted, never float: I-23; a number where a number belongs; a table
where a table belongs), the section it cites does not exist, or the parameter already has a recorded
value from that date (in this resolution or an earlier one). Nothing of a refused resolution is stored.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent, BoardResolution, ParameterOverride
from sewerworks.core.parameters import RecordedResolutions
from sewerworks.core.text import has_nul, without_nul
from sewerworks.ordinance.parameters import (
    ParameterError,
    ParameterSet,
    Reference,
    SiteValue,
    check_site_value,
    load_jurisdiction,
)
from sewerworks.ordinance.parameters.units import is_money, json_value

SOURCE = "this resolution"
KINDS = {"resolution", "local_law"}


@dataclass(frozen=True)
class ProposedValue:
    """One value a resolution sets: the parameter, its value as in the parameter files, from when."""

    key: str
    value: Any
    effective: dt.date | None = None  # default: the resolution's effective date
    section: str = ""  # default: the section the parameter's packaged value cites
    unit: str = ""  # if given, must be the parameter's own unit (no conversion is ever guessed)


def _problem(row: int, key: str, message: str) -> ValidationError:
    """A refusal of one value; the message names the key, ``params`` say which row and key."""
    text = message if message.startswith(key) else f"{key}: {message}"
    return ValidationError(text.replace("%", "%%"), code="value", params={"row": row, "key": key})


def _stored(value: Any, unit: str) -> Any:
    """The checked value as JSON the loader reads back unchanged: money as a quoted string (I-23), other
    measures as JSON numbers (read back through their decimal text), dates ISO, tables keyed by text."""
    if isinstance(value, dict):
        return {str(k): _stored(v, unit) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_stored(v, unit) for v in value]
    if isinstance(value, Decimal) and not is_money(unit):
        return int(value) if value == value.to_integral_value() else float(value)
    return json_value(value)


def _reference(resolution: dict[str, Any], section: str) -> Reference:
    return Reference(
        kind=resolution["kind"],
        section=section or None,
        instrument=resolution["instrument"],
        adopted=resolution["adopted_on"],
        note=resolution["title"],
    )


def check_values(
    packaged: ParameterSet, resolution: dict[str, Any], values: Sequence[ProposedValue]
) -> list[tuple[ProposedValue, dt.date, str, Any]]:
    """Each value checked as the loader checks a site value: (value, effective, section, JSON to store)."""
    taken = set(ParameterOverride.objects.values_list("key", "effective"))
    problems: list[ValidationError] = []
    checked: list[tuple[ProposedValue, dt.date, str, Any]] = []
    for row, proposed in enumerate(values):
        key = proposed.key.strip()
        effective = proposed.effective or resolution["effective_on"]
        if has_nul(key) or has_nul(proposed.value) or has_nul(proposed.section):
            problems.append(_problem(row, without_nul(key), "contains a NUL character"))
            continue
        if key not in packaged:
            problems.append(_problem(row, key, f"no such parameter in jurisdiction {packaged.jurisdiction}"))
            continue
        if (key, effective) in taken:
            problems.append(_problem(row, key, f"a value from {effective.isoformat()} is already recorded"))
            continue
        taken.add((key, effective))
        unit = packaged.parameter(key).unit
        if proposed.unit and proposed.unit.strip() != unit:
            problems.append(_problem(row, key, f"given in {proposed.unit.strip()!r}, but the parameter is in {unit}"))
            continue
        section = proposed.section.strip().replace("§", "").strip()
        section = section or packaged.parameter(key).values[-1].reference.section or ""
        try:
            reference = _reference(resolution, section)
            site = SiteValue(key=key, effective=effective, value=proposed.value, reference=reference)
            dated = check_site_value(packaged, site, SOURCE)
        except ParameterError as error:
            problems.append(_problem(row, key, str(error).removeprefix(f"site source {SOURCE}: ")))
            continue
        except ValueError as error:  # the reference: a section Chapter 118 does not have
            problems.append(_problem(row, key, str(error)))
            continue
        checked.append((proposed, effective, reference.section or "", _stored(dated.value, unit)))
    if problems:
        raise ValidationError({"values": problems})
    return checked


LIMITS = {"instrument": 120, "title": 200, "notes": 10_000}


def _check_resolution(resolution: dict[str, Any], values: Sequence[ProposedValue]) -> None:
    errors: dict[str, str] = {}
    for name, limit in LIMITS.items():
        text = str(resolution.get(name) or "")
        if has_nul(text):
            errors[name] = "Contains a NUL character."
        elif len(text) > limit:
            errors[name] = f"At most {limit} characters (this has {len(text)})."
    if errors:
        raise ValidationError(errors)
    if not str(resolution["instrument"] or "").strip():
        errors["instrument"] = "Give the resolution as cited, e.g. 'Resolution 2027-14'."
    elif BoardResolution.objects.filter(instrument=resolution["instrument"]).exists():
        errors["instrument"] = f"{resolution['instrument']} is already recorded."
    if resolution["kind"] not in KINDS:
        errors["kind"] = f"{resolution['kind']!r} is not a resolution or a local law."
    if not str(resolution["title"] or "").strip():
        errors["title"] = "Give the resolution's title."
    for name in ("adopted_on", "effective_on"):
        if not isinstance(resolution[name], dt.date):
            errors[name] = "A date of the form YYYY-MM-DD is required."
    if errors:
        raise ValidationError(errors)


def do_record_resolution(
    *,
    instrument: str,
    adopted_on: dt.date,
    effective_on: dt.date,
    title: str,
    values: Sequence[ProposedValue],
    kind: str = "resolution",
    notes: str = "",
    acting_user: Any,
) -> BoardResolution:
    """Record a resolution and the values it sets, all or nothing, after the loader accepts every value.
    A resolution may set none: one that approves a contract user's agreement or grants an opening permit is
    recorded to be cited by the record it approves."""
    require(acting_user, "core.record_resolution", "record a Board resolution")
    resolution = {
        "instrument": (instrument or "").strip(),
        "kind": kind,
        "adopted_on": adopted_on,
        "effective_on": effective_on,
        "title": (title or "").strip(),
    }
    with transaction.atomic():
        _check_resolution({**resolution, "notes": notes}, values)
        packaged = load_jurisdiction(settings.SEWERWORKS_JURISDICTION)
        checked = check_values(packaged, resolution, values)
        _check_in_force_with_the_rest(packaged, resolution, checked)
        record = BoardResolution(**resolution, notes=notes)
        record._history_user = acting_user  # type: ignore[attr-defined]
        record.save()
        for proposed, effective, section, stored in checked:
            row = ParameterOverride(
                resolution=record, key=proposed.key.strip(), effective=effective, value=stored, section=section
            )
            row._history_user = acting_user  # type: ignore[attr-defined]
            row.save()
        AuditEvent.objects.create(
            actor=acting_user,
            action="do_record_resolution",
            subject=record.instrument,
            rows=len(checked),
            detail={"values": [{"key": p.key, "effective": e.isoformat(), "value": v} for p, e, _, v in checked]},
        )
        return record


def _check_in_force_with_the_rest(
    packaged: ParameterSet, resolution: dict[str, Any], checked: Sequence[tuple[ProposedValue, dt.date, str, Any]]
) -> None:
    """The whole set as it will be (recorded values and these), each new value read on its own date."""
    new = [
        SiteValue(key=p.key.strip(), effective=e, value=v, reference=_reference(resolution, s))
        for p, e, s, v in checked
    ]

    class _Both:
        name = SOURCE

        def dated_values(self) -> list[SiteValue]:
            return [*RecordedResolutions().dated_values(), *new]

    combined = load_jurisdiction(packaged.jurisdiction, sources=[_Both()], lenient=True)
    problems = []
    for row, site in enumerate(new):
        try:
            combined.at(site.effective)[site.key]
        except (ParameterError, KeyError) as error:
            problems.append(_problem(row, site.key, str(error)))
    if problems:
        raise ValidationError({"values": problems})
