"""The fees and charges in force today, as the public reads them: every parameter of Chapter 118 counted in
dollars (rates, fees, fines) or the late penalty's percentage, with what it is, its value and where it comes from
(the section, the local law or the Board's resolution), from the same dated parameters the rules apply."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters.model import NotInForce, ParameterError

MONEY_UNITS = ("USD",)
ALSO = {"charges.late_penalty_rate"}


@dataclass(frozen=True)
class Fee:
    key: str
    description: str
    value: str
    unit: str
    since: dt.date
    source: str
    section: str


def _value(value: Any, unit: str) -> str:
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_value(v, unit)}" for k, v in value.items())
    if unit.startswith("USD"):
        per = unit.removeprefix("USD")
        return f"${value}{' ' + per.replace('/', 'per ') if per else ''}"
    return f"{value}{'%' if unit == 'percent' else ' ' + unit}"


def fees_in_force(on: dt.date) -> list[Fee]:
    params = current_parameters()
    out = []
    for parameter in params:
        if not (parameter.unit.startswith(MONEY_UNITS) or parameter.key in ALSO):
            continue
        dated = parameter.value_on(on)
        if dated is None:
            continue
        try:
            params.at(on)[parameter.key]
        except (NotInForce, ParameterError, KeyError):
            continue
        ref = dated.reference
        source = ", ".join(x for x in (ref.instrument, f"adopted {ref.adopted}" if ref.adopted else "") if x)
        out.append(Fee(parameter.key, parameter.description, _value(dated.value, parameter.unit), parameter.unit,
                       dated.effective, source or "Chapter 118", ref.section or ""))  # fmt: skip
    return sorted(out, key=lambda f: (f.section, f.key))
