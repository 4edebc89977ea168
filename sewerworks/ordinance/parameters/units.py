"""The fixed unit vocabulary of parameter values, and how a value is checked against its unit.

Money units (every unit starting with ``USD``) take quoted strings parsed to Decimal (I-23); an int or
float money value is rejected as "float money". Other numeric units take numbers (a YAML float such as
4.5 is read through its decimal text, never kept as binary floating point). Values may be scalars,
lists or mappings (tables); every leaf is checked against the unit.

:func:`convert` changes a measured value to a limit's unit exactly, in Decimal (I-31: results are
converted to the limit's unit and stored exactly): µg/L to mg/L divides by 1,000 (I-30 reads ppm as
mg/L); ``degC`` and ``degF`` are temperatures on a thermometer, not differences, so 0 °C is 32 °F (I-34);
a slope in ``ft/ft`` is a plain ratio, 0.01 ft/ft being 1 percent.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

UNITS: frozenset[str] = frozenset(
    {
        # length, slope, angle
        "ft", "in", "in/ft", "ft/ft", "degree",
        # volume, flow, leakage
        "gal", "gal/day", "gal/min", "ft/s", "ft3/s", "gal/ft3", "gal/(mi·in·day)", "gal/(manhole·day)",
        # time
        "h", "day", "date",
        # wastewater: temperatures (not differences), concentrations (I-30)
        "degF", "degC", "mg/L", "ug/L", "pH", "lb",
        # counts and ratios
        "percent", "seats", "count", "ratio",
        # money (I-23)
        "USD", "USD/day", "USD/h", "USD/gal", "USD/lb", "USD/ft", "USD/1000-assessed",
        # other
        "bool", "text",
    }
)  # fmt: skip

NUMERIC_UNITS = UNITS - {"bool", "text", "date"}


class UnitError(ValueError):
    """A value that does not fit its unit; the loader adds file, key and date to the message."""


def is_money(unit: str) -> bool:
    return unit.startswith("USD")


def check_unit(unit: object) -> str:
    if not isinstance(unit, str) or unit not in UNITS:
        raise UnitError(f"unknown unit {unit!r}; known units: {', '.join(sorted(UNITS))}")
    return unit


def normalise(value: Any, unit: str) -> Any:
    """The value checked against its unit: Decimal money, Decimal or int measures, tuples for lists."""
    if isinstance(value, Mapping):
        if not value:
            raise UnitError("an empty table has no values")
        return {key: normalise(item, unit) for key, item in value.items()}
    if isinstance(value, list | tuple):
        if not value:
            raise UnitError("an empty list has no values")
        return tuple(normalise(item, unit) for item in value)
    return _leaf(value, unit)


def _leaf(value: Any, unit: str) -> Any:
    if value is None:
        raise UnitError(f"no value given (unit {unit})")
    if is_money(unit):
        return _money(value, unit)
    if unit == "bool":
        if not isinstance(value, bool):
            raise UnitError(f"{value!r} is not true or false (unit bool)")
        return value
    if unit == "text":
        if not isinstance(value, str) or not value.strip():
            raise UnitError(f"{value!r} is not text (unit text)")
        return value
    if unit == "date":
        return _date(value)
    return _number(value, unit)


def _money(value: Any, unit: str) -> Decimal:
    if isinstance(value, bool) or isinstance(value, int | float):
        raise UnitError(f'float money: {value!r} in {unit} must be a quoted string such as "10.00" (I-23)')
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, str):
        try:
            amount = Decimal(value.strip())
        except InvalidOperation:
            raise UnitError(f"{value!r} is not an amount of money ({unit})") from None
    else:
        raise UnitError(f"{value!r} is not an amount of money ({unit})")
    if not amount.is_finite():
        raise UnitError(f"{value!r} is not an amount of money ({unit})")
    return amount


def _number(value: Any, unit: str) -> int | Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise UnitError(f"{value!r} is not a number (unit {unit})")
    if isinstance(value, int):
        return value
    number = Decimal(repr(value)) if isinstance(value, float) else value
    if not number.is_finite():
        raise UnitError(f"{value!r} is not a finite number (unit {unit})")
    return number


def _date(value: Any) -> date:
    if isinstance(value, datetime):
        raise UnitError(f"{value!r} is a moment, not a date (unit date)")
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        return parse_date(value)
    raise UnitError(f"{value!r} is not a date (unit date)")


def parse_date(text: object) -> date:
    """An ISO 8601 calendar date (YYYY-MM-DD); anything else is rejected."""
    if isinstance(text, date) and not isinstance(text, datetime):
        return text
    try:
        if not isinstance(text, str) or len(text) != 10:
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise UnitError(f"{text!r} is not a date of the form YYYY-MM-DD") from None


def json_value(value: Any) -> Any:
    """A parameter value as JSON: Decimals as strings, dates ISO, tables with string keys."""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(key): json_value(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_value(item) for item in value]
    return value


class ConversionError(UnitError):
    """No exact conversion between the two units."""


# (from, to) -> (multiply by, then add): exact in Decimal.
_CONVERSIONS: dict[tuple[str, str], tuple[Decimal, Decimal]] = {
    ("ug/L", "mg/L"): (Decimal("0.001"), Decimal(0)),
    ("mg/L", "ug/L"): (Decimal(1000), Decimal(0)),
    ("degC", "degF"): (Decimal("1.8"), Decimal(32)),  # a temperature: 100 degC is 212 degF (I-34)
    ("ft/ft", "percent"): (Decimal(100), Decimal(0)),
    ("percent", "ft/ft"): (Decimal("0.01"), Decimal(0)),
}


def convert(value: int | Decimal, from_unit: str, to_unit: str) -> Decimal:
    """``value`` in ``from_unit`` expressed exactly in ``to_unit`` (floats are refused, as for money)."""
    check_unit(from_unit)
    check_unit(to_unit)
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ConversionError(f"{value!r} is not an exact number (int or Decimal) in {from_unit}")
    if from_unit == to_unit:
        return Decimal(value)
    try:
        factor, offset = _CONVERSIONS[(from_unit, to_unit)]
    except KeyError:
        raise ConversionError(f"no exact conversion from {from_unit} to {to_unit}") from None
    return Decimal(value) * factor + offset
