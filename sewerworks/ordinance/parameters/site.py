"""Site values (Town Board resolutions recorded in the product) laid over the packaged parameters.

Each site value goes through the same checks as a value of a parameter file: the key must be a
parameter of the jurisdiction, the value must fit the parameter's unit (money quoted, never float,
I-23), the reference must be complete. :func:`check_site_value` is that check for one value, so the
product can refuse a value before it is ever stored.

Strict (the default), the first bad value raises a :class:`ParameterError` naming the source and key.
Lenient, a bad value already stored is set aside and reported: it is listed in ``ParameterSet.problems``
and marked on its parameter, and only a rule that would read it on a day it claims is refused, with
the reason; every other determination still runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from sewerworks.ordinance.parameters.model import (
    DatedValue,
    Parameter,
    ParameterError,
    ParameterSet,
    ParameterSource,
    Reference,
    RefusedValue,
    SiteValue,
)
from sewerworks.ordinance.parameters.units import UnitError, normalise


def source_name(source: ParameterSource) -> str:
    name = getattr(source, "name", None)
    return name if isinstance(name, str) and name else type(source).__name__


def _iso(value: Any) -> str:
    return value.isoformat() if isinstance(value, date) else repr(value)


def _keys_like(value: Any, parameter: Parameter) -> Any:
    """A table sent as JSON has text keys ("4"); where the parameter's tables are keyed by numbers
    (pipe diameters), digits are read back as the numbers they stand for."""
    if not isinstance(value, Mapping) or not parameter.values:
        return value
    sample = parameter.values[-1].value
    if not isinstance(sample, Mapping) or not all(isinstance(k, int) for k in sample):
        return value
    return {int(k) if isinstance(k, str) and k.strip().isdigit() else k: v for k, v in value.items()}


def _shape(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, tuple | list):
        return "a list"
    return "a single value"


def check_site_value(parameters: ParameterSet, site: SiteValue, name: str) -> DatedValue:
    """The site value as a dated value of its parameter, or a ParameterError naming the key and why."""
    at = f"site source {name}: {site.key}: {_iso(site.effective)}"
    if site.key not in parameters:
        raise ParameterError(f"{at}: no such parameter in jurisdiction {parameters.jurisdiction}")
    if not isinstance(site.effective, date):
        raise ParameterError(f"{at}: effective date must be a date")
    if site.problem:
        raise ParameterError(f"{at}: {site.problem}")
    if not isinstance(site.reference, Reference):
        raise ParameterError(f"{at}: value without a reference")
    parameter = parameters.parameter(site.key)
    try:
        value = normalise(_keys_like(site.value, parameter), parameter.unit)
    except UnitError as error:
        raise ParameterError(f"{at}: {error}") from None
    expected, given = _shape(parameter.values[-1].value) if parameter.values else "", _shape(value)
    if expected and given != expected:
        raise ParameterError(f"{at}: {given} given where the parameter takes {expected}")
    return DatedValue(site.effective, value, site.reference, source="site", source_name=name)


def apply_sources(packaged: ParameterSet, sources: Sequence[ParameterSource], *, lenient: bool = False) -> ParameterSet:
    """Site values laid over the packaged ones, each from its effective date on."""
    parameters = dict(packaged.parameters)
    problems: list[str] = list(packaged.problems)
    for source in sources:
        name = source_name(source)
        for site in source.dated_values():
            try:
                dated = check_site_value(packaged, site, name)
            except ParameterError as error:
                if not lenient:
                    raise
                problems.append(str(error))
                if site.key in parameters and isinstance(site.effective, date):
                    refused = RefusedValue(effective=site.effective, reason=str(error))
                    parameters[site.key] = parameters[site.key].with_refused(refused)
                continue
            parameters[site.key] = parameters[site.key].with_value(dated)
    return ParameterSet(jurisdiction=packaged.jurisdiction, parameters=parameters, problems=tuple(problems))
