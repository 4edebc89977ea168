"""What a recorded resolution changed: each parameter, its value before and after, and from when."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sewerworks.core.models import BoardResolution
from sewerworks.core.ordinance_browser.presentation import format_value
from sewerworks.ordinance.parameters import ParameterError, ParameterSet


@dataclass(frozen=True)
class Change:
    key: str
    description: str
    unit: str
    effective: dt.date
    section: str
    old: str  # the value in force the day before (another resolution's, or the packaged one)
    new: str
    refused: str = ""  # why the loader sets the stored value aside, if it does


@dataclass(frozen=True)
class KnownParameter:
    """A parameter a resolution may set, as the form lists it."""

    key: str
    description: str
    unit: str
    current: str


def _read(params: ParameterSet, key: str, day: dt.date) -> str:
    try:
        return format_value(params.at(day)[key], params.parameter(key).unit)
    except ParameterError as error:
        return f"(refused: {error})"
    except KeyError:
        return "(none in force)"


def changes(resolution: BoardResolution, params: ParameterSet) -> list[Change]:
    found: list[Change] = []
    for row in resolution.values.order_by("key", "effective"):
        if row.key not in params:
            found.append(Change(row.key, "", "", row.effective, row.section, "", repr(row.value), "no such parameter"))
            continue
        parameter = params.parameter(row.key)
        refused = next((r.reason for r in parameter.refused if r.effective == row.effective), "")
        day_before = row.effective - dt.timedelta(days=1)
        found.append(
            Change(
                key=row.key,
                description=parameter.description,
                unit=parameter.unit,
                effective=row.effective,
                section=row.section,
                old=_read(params, row.key, day_before),
                new=repr(row.value) if refused else _read(params, row.key, row.effective),
                refused=refused,
            )
        )
    return found


def known_parameters(params: ParameterSet, today: dt.date) -> list[KnownParameter]:
    """Every parameter with its unit and the value in force today, for the clerk choosing a key."""
    rows = []
    for parameter in params:
        current: Any = _read(params, parameter.key, today)
        rows.append(KnownParameter(parameter.key, parameter.description, parameter.unit, current))
    return rows
