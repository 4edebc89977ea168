"""Loading a jurisdiction's dated parameters from YAML, plus site values from the product.

File format (one file per topic, ``<root>/<jurisdiction>/<topic>.yaml``)::

    exfiltration.max_section_length:
      description: Longest section of sewer tested by exfiltration at one time.
      unit: ft
      interpretations: [I-41]
      values:
        1970-01-01:
          value: 100
          reference: {kind: section, section: "118-34", note: "In force before 1985-05-20; ... (I-08)."}

The loader refuses, with a :class:`ParameterError` naming the file, the key and the date: duplicate
keys at any level, float or int money, a value without a (complete) reference, an unknown unit or
reference kind, an unparseable effective date, a missing description, and a key defined in two files.
Site values are checked the same way in ``site`` (re-exported here: ``apply_sources``, ``source_name``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

import yaml

from sewerworks.ordinance.interpretations import is_known
from sewerworks.ordinance.parameters import strict_yaml
from sewerworks.ordinance.parameters.model import (
    DatedValue,
    Parameter,
    ParameterError,
    ParameterSet,
    ParameterSource,
    Reference,
)
from sewerworks.ordinance.parameters.site import apply_sources, source_name
from sewerworks.ordinance.parameters.units import UnitError, check_unit, normalise, parse_date

DEFAULT_JURISDICTION = "marlborough-ny"
PACKAGE_ROOT = Path(__file__).resolve().parent
PARAMETER_FIELDS = frozenset({"description", "unit", "interpretations", "values"})
VALUE_FIELDS = frozenset({"value", "reference"})


def load_jurisdiction(
    name: str = DEFAULT_JURISDICTION,
    *,
    root: Path | None = None,
    sources: Sequence[ParameterSource] = (),
    lenient: bool = False,
) -> ParameterSet:
    """The jurisdiction's parameters: packaged YAML (cached), overridden by any site sources.

    ``lenient`` sets a bad site value aside and reports it instead of refusing them all (see ``site``).
    """
    packaged = _load_packaged(name, (root or PACKAGE_ROOT).resolve())
    if not sources:
        return packaged
    return apply_sources(packaged, sources, lenient=lenient)


@lru_cache(maxsize=16)
def _load_packaged(name: str, root: Path) -> ParameterSet:
    folder = root / name
    if not folder.is_dir():
        raise ParameterError(f"{folder}: no parameter folder for jurisdiction {name!r}")
    parameters: dict[str, Parameter] = {}
    for path in sorted(folder.glob("*.yaml")):
        for parameter in load_file(path):
            if parameter.key in parameters:
                raise ParameterError(
                    f"{path.name}: {parameter.key}: duplicate parameter key, already defined in "
                    f"{parameters[parameter.key].file}"
                )
            parameters[parameter.key] = parameter
    return ParameterSet(jurisdiction=name, parameters=parameters)


def load_file(path: Path) -> list[Parameter]:
    """Every parameter of one YAML file, validated."""
    where = path.name
    try:
        data = strict_yaml.load(path.read_text(encoding="utf-8"))
    except strict_yaml.DuplicateKeyError as error:
        raise ParameterError(f"{where}: duplicate key {error.key!r} (line {error.line})") from None
    except yaml.YAMLError as error:
        raise ParameterError(f"{where}: not valid YAML: {error}") from None
    if data is None:
        return []
    if not isinstance(data, Mapping):
        raise ParameterError(f"{where}: must be a mapping of parameter keys")
    return [_parameter(where, key, spec) for key, spec in data.items()]


def _parameter(where: str, key: object, spec: object) -> Parameter:
    if not isinstance(key, str) or not key.strip():
        raise ParameterError(f"{where}: {key!r}: a parameter key must be text")
    if not isinstance(spec, Mapping):
        raise ParameterError(f"{where}: {key}: must be a mapping with description, unit and values")
    unknown = sorted(set(map(str, spec)) - PARAMETER_FIELDS)
    if unknown:
        raise ParameterError(f"{where}: {key}: unknown field(s) {', '.join(unknown)}")
    description = spec.get("description")
    if not isinstance(description, str) or not description.strip():
        raise ParameterError(f"{where}: {key}: missing description")
    try:
        unit = check_unit(spec.get("unit"))
    except UnitError as error:
        raise ParameterError(f"{where}: {key}: {error}") from None
    interpretations = spec.get("interpretations") or []
    if not isinstance(interpretations, list) or not all(isinstance(i, str) for i in interpretations):
        raise ParameterError(f"{where}: {key}: interpretations must be a list of ids such as I-41")
    unknown_ids = [i for i in interpretations if not is_known(i)]
    if unknown_ids:
        raise ParameterError(f"{where}: {key}: unknown interpretation id(s) {', '.join(unknown_ids)}")
    values = spec.get("values")
    if not isinstance(values, Mapping) or not values:
        raise ParameterError(f"{where}: {key}: needs values keyed by effective date")
    dated = [_dated_value(where, key, unit, effective, entry) for effective, entry in values.items()]
    return Parameter(
        key=key,
        description=description.strip(),
        unit=unit,
        interpretations=tuple(interpretations),
        values=tuple(sorted(dated, key=lambda v: v.effective)),
        file=where,
    )


def _dated_value(where: str, key: str, unit: str, effective: object, entry: object) -> DatedValue:
    try:
        day = parse_date(effective)
    except UnitError:
        raise ParameterError(
            f"{where}: {key}: effective date {effective!r} is not a date of the form YYYY-MM-DD"
        ) from None
    at = f"{where}: {key}: {day.isoformat()}"
    if not isinstance(entry, Mapping):
        raise ParameterError(f"{at}: must be a mapping with value and reference")
    unknown = sorted(set(map(str, entry)) - VALUE_FIELDS)
    if unknown:
        raise ParameterError(f"{at}: unknown field(s) {', '.join(unknown)}")
    if "value" not in entry:
        raise ParameterError(f"{at}: no value")
    if "reference" not in entry:
        raise ParameterError(f"{at}: value without a reference")
    try:
        value = normalise(entry["value"], unit)
    except UnitError as error:
        raise ParameterError(f"{at}: {error}") from None
    try:
        reference = Reference.from_mapping(entry["reference"])
    except ValueError as error:
        raise ParameterError(f"{at}: {error}") from None
    return DatedValue(effective=day, value=value, reference=reference)


__all__ = ["DEFAULT_JURISDICTION", "apply_sources", "load_file", "load_jurisdiction", "source_name"]
