"""The base of every topic's facts: measurements a person could have taken.

A fact is a Decimal with at most 12 digits before the point and 6 after, and never NaN or infinite, so
that the arithmetic of a rule (Decimal, 28 digits) can never overflow. A date or a moment (a timestamp
with its time zone) lies in the years 1900 to 2999, as on the record endpoints: no sewer was laid before
1900, and counting days after 2999 (a deadline, a penalty date) never runs past the calendar; and it is
written as text, ``YYYY-MM-DD`` (a moment ``YYYY-MM-DDTHH:MM...``), never as a number, which pydantic
would otherwise read as seconds since 1970 (``0`` was 1970-01-01). A list holds at most
:data:`MAX_ITEMS` entries (a topic may set fewer), refused before any entry is read, so that a million
manholes is a prompt 422 rather than seconds of CPU. Anything else is a field error naming the field,
answered 422 by the API and exit 2 by the CLI, never a crash.
"""

from __future__ import annotations

import re
import types
import typing
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, GetJsonSchemaHandler, ValidationInfo, field_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

MAX_MAGNITUDE = Decimal("1e12")
MAX_PLACES = 6
FIRST_DATE = date(1900, 1, 1)
LAST_DATE = date(2999, 12, 31)
FIRST_MOMENT_YEAR = FIRST_DATE.year
MAX_ITEMS = 10_000
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _check(value: Any) -> Any:
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError("must be a finite number")
        if abs(value) >= MAX_MAGNITUDE:
            raise ValueError(f"must be smaller than {MAX_MAGNITUDE:,.0f} in magnitude")
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -MAX_PLACES:
            raise ValueError(f"must have at most {MAX_PLACES} decimal places")
    elif isinstance(value, date) and (value.date() if isinstance(value, datetime) else value) < FIRST_DATE:
        what = "moment" if isinstance(value, datetime) else "date"
        raise ValueError(f"must be a {what} in {FIRST_DATE.year} or later")
    elif isinstance(value, date) and (value.date() if isinstance(value, datetime) else value) > LAST_DATE:
        raise ValueError(f"must be a date on or before {LAST_DATE.isoformat()}")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_MAGNITUDE:
        raise ValueError(f"must be smaller than {MAX_MAGNITUDE:,.0f} in magnitude")
    elif isinstance(value, list):
        for item in value:
            _check(item)
    return value


def _dated(annotation: Any) -> tuple[bool, bool]:
    """Whether a field's type takes a date (or moment) itself, and whether it takes a list of them."""
    if annotation in (date, datetime):
        return True, False
    origin = typing.get_origin(annotation)
    if origin in (list, tuple, set, frozenset):
        return False, any(_dated(arg)[0] for arg in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType, typing.Annotated):
        found = [_dated(arg) for arg in typing.get_args(annotation)]
        return any(f[0] for f in found), any(f[1] for f in found)
    return False, False


def _written_as_a_date(value: Any) -> None:
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        raise ValueError("must be a date written YYYY-MM-DD, not a number")
    if isinstance(value, str) and not ISO_DATE.match(value):
        raise ValueError("must be a date written YYYY-MM-DD")


def _json_schema(schema: dict[str, Any]) -> None:
    """Say the list bound in the schema, as the validator applies it (a field's own bound stays)."""

    def bound(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "array":
                node.setdefault("maxItems", MAX_ITEMS)
            for child in node.get("anyOf", []):
                bound(child)

    for prop in schema.get("properties", {}).values():
        bound(prop)


class Facts(BaseModel):
    """Facts of a determination: unknown fields are refused; numbers are bounded measurements; dates are
    written as dates and lie in 1900-2999; lists are bounded."""

    model_config = ConfigDict(extra="forbid")

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        schema = handler.resolve_ref_schema(handler(core_schema))
        _json_schema(schema)
        return schema

    @field_validator("*", mode="before")
    @classmethod
    def _shapes_before_reading(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, list | tuple) and len(value) > MAX_ITEMS:
            raise ValueError(f"must list at most {MAX_ITEMS:,} entries (this has {len(value):,})")
        field = cls.model_fields.get(info.field_name or "")
        if field is None or value is None:
            return value
        itself, items = _dated(field.annotation)
        if itself and not isinstance(value, list | tuple | date):
            _written_as_a_date(value)
        if items and isinstance(value, list | tuple):
            for item in value:
                if not isinstance(item, date):
                    _written_as_a_date(item)
        return value

    @field_validator("*", mode="after")
    @classmethod
    def _bounded_measurements(cls, value: Any) -> Any:
        return _check(value)
