"""§118-37 and §118-39: what may be measured in a discharge, in which unit, and the limit of each row.

    Such toxic substances shall be limited to the average concentrations listed hereinafter in the sewage.
    [...] Limits of Toxic Substances in Sewage at Point of Entry Into Municipal Systems [...]
    Fluorides: To fresh water 4.0* 8.0*; To saline water 36.0 72.0.
    *NOTE: May be multiplied by a factor of 1.5 if the municipal water supply is not fluoridated.
                                                                                        (§ 118-37)

Every parameter a lab may report is named here once (:data:`PARAMETERS`): its words, the unit its limit is
in, and the family of rule that judges it. Results are converted to the limit's unit exactly, in Decimal
(µg/L × 0.001 to mg/L, °C × 9/5 + 32 to °F, I-31, I-34); pint only checks that the two units measure the
same kind of thing, so that a temperature can never be "converted" to a concentration.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any, Literal

from sewerworks.ordinance.parameters import ParameterView
from sewerworks.ordinance.parameters.units import ConversionError, convert

Family = Literal["toxic", "conventional", "ph", "temperature", "oil_grease", "flow"]
Basis = Literal["instantaneous", "24_hour", "30_day"]

BASIS_WORDS: dict[str, str] = {
    "instantaneous": "single reading",
    "24_hour": "24-hour average",
    "30_day": "30-day average",
}
TABLE_COLUMN: dict[str, str] = {"24_hour": "twenty_four_hour", "30_day": "thirty_day"}

# The units a result may be reported in, and how pint spells them (pH has no pint dimension: only pH).
RESULT_UNITS: dict[str, str] = {
    "mg/L": "milligram / liter",
    "ug/L": "microgram / liter",
    "degF": "degF",
    "degC": "degC",
    "gal/min": "gallon / minute",
    "pH": "",
}


@dataclass(frozen=True)
class Measured:
    """A parameter a discharge is measured for: the words of the ordinance, its limit's unit, its rule."""

    key: str
    words: str
    unit: str
    family: Family


def _toxic(key: str, words: str) -> Measured:
    return Measured(key, words, "mg/L", "toxic")


PARAMETERS: dict[str, Measured] = {
    m.key: m
    for m in (
        _toxic("cadmium", "Cadmium"),
        _toxic("hexavalent_chromium", "Hex. chromium"),
        _toxic("total_chromium", "Total chromium"),
        _toxic("copper", "Copper"),
        _toxic("lead", "Lead"),
        _toxic("mercury", "Mercury"),
        _toxic("nickel", "Nickel"),
        _toxic("zinc", "Zinc"),
        _toxic("arsenic", "Arsenic"),
        _toxic("available_chlorine", "Available chlorine"),
        _toxic("cyanide_free", "Cyanide, free"),
        _toxic("cyanide_complex", "Cyanide, complex"),
        _toxic("selenium", "Selenium"),
        _toxic("sulfide", "Sulfide"),
        _toxic("barium", "Barium"),
        _toxic("manganese", "Manganese"),
        _toxic("gold", "Gold"),
        _toxic("silver", "Silver"),
        _toxic("fluorides", "Fluorides"),
        _toxic("phenol", "Phenol"),
        Measured("bod", "BOD (five-day)", "mg/L", "conventional"),
        Measured("suspended_solids", "Suspended solids", "mg/L", "conventional"),
        Measured("chlorine_demand", "Chlorine demand", "mg/L", "conventional"),
        Measured("ph", "pH", "pH", "ph"),
        Measured("temperature", "Temperature", "degF", "temperature"),
        Measured("emulsified_oil_grease", "Emulsified oil and grease", "mg/L", "oil_grease"),
        Measured("flow_rate", "Rate of discharge", "gal/min", "flow"),
    )
}
TOXIC_ROWS = tuple(k for k, m in PARAMETERS.items() if m.family == "toxic" and k != "fluorides")
FLUORIDE_ROWS = ("fluorides_fresh_water", "fluorides_saline_water")


class UnitMismatch(ConversionError):
    """A result's unit does not measure what its limit measures (a temperature given in mg/L)."""


@cache
def _registry() -> Any:
    import pint  # noqa: PLC0415 - loaded once, on first use, to keep importing the ordinance light

    return pint.UnitRegistry()


@cache  # a pure function of two unit names: every result's facts ask it (pint's Quantity is costly)
def same_kind(from_unit: str, to_unit: str) -> bool:
    """Whether the two units measure the same kind of quantity (pint's dimensionality; pH only pH)."""
    if from_unit not in RESULT_UNITS or to_unit not in RESULT_UNITS:
        return False
    if "pH" in (from_unit, to_unit):
        return from_unit == to_unit
    ureg = _registry()
    dims: bool = ureg.Quantity(1, RESULT_UNITS[from_unit]).dimensionality == (
        ureg.Quantity(1, RESULT_UNITS[to_unit]).dimensionality
    )
    return dims


def in_limit_unit(value: Decimal, unit: str, parameter: str) -> Decimal:
    """``value`` in ``unit`` expressed exactly in the unit of the parameter's limit (I-31).

    >>> in_limit_unit(Decimal("801"), "ug/L", "copper")
    Decimal('0.801')
    """
    measured = PARAMETERS[parameter]
    if not same_kind(unit, measured.unit):
        known = ", ".join(u for u in RESULT_UNITS if same_kind(u, measured.unit))
        raise UnitMismatch(f"{measured.words} is measured in {known}, not {unit}")
    return convert(value, unit, measured.unit).normalize() if unit != measured.unit else value


@dataclass(frozen=True)
class Limit:
    """One limit in force: the table row (or clause) it comes from, its basis, value and unit."""

    row: str
    basis: str
    value: Decimal
    unit: str
    note: str = ""


def toxic_row(parameter: str, fresh_water: bool) -> str:
    """The table row a result is judged under: fluorides go to the fresh- or saline-water row (I-33)."""
    if parameter != "fluorides":
        return parameter
    return FLUORIDE_ROWS[0] if fresh_water else FLUORIDE_ROWS[1]


ROW_WORDS: dict[str, str] = {
    **{k: PARAMETERS[k].words for k in TOXIC_ROWS},
    "fluorides_fresh_water": "Fluorides, to fresh water",
    "fluorides_saline_water": "Fluorides, to saline water",
}


def toxic_limit(view: ParameterView, parameter: str, basis: Basis, *, fresh_water: bool, fluoridated: bool) -> Limit:
    """The §118-37 table's limit for the row and basis; the fresh-water fluoride limits are multiplied by
    1.5 only where the municipal supply is not fluoridated (I-33)."""
    row = toxic_row(parameter, fresh_water)
    value = Decimal(view.table("discharge.toxic_limits")[row][TABLE_COLUMN[basis]])
    note = ""
    if row == "fluorides_fresh_water" and not fluoridated:
        factor = view.number("discharge.fluoride_unfluoridated_factor")
        note = f" (× {factor} because the municipal water supply is not fluoridated, I-33)"
        value = value * factor
    return Limit(ROW_WORDS[row], BASIS_WORDS[basis], value, "mg/L", note)


def slug_limit(view: ParameterView, parameter: str) -> Decimal:
    """Five times the average of normal sanitary sewage: the midpoint of the Subsection C range (I-32)."""
    normal = view.table("discharge.normal_range")[parameter]
    midpoint = (Decimal(normal["low"]) + Decimal(normal["high"])) / 2
    return view.number("discharge.slug_factor") * midpoint


def review_threshold(view: ParameterView, parameter: str) -> Decimal:
    """The §118-39 threshold: the top of the normal range, one key shared with the §118-52 surcharge (I-03)."""
    return Decimal(view.table("discharge.normal_strength")[parameter])
