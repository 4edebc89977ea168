"""The base of every topic's facts: measurements a person could have taken.

A fact is a Decimal with at most 12 digits before the point and 6 after, and never NaN or infinite, so
that the arithmetic of a rule (Decimal, 28 digits) can never overflow; a date is before the year 9000,
so that counting days after it (a deadline, a penalty date) never runs past the calendar; a moment (a
timestamp with its time zone) is in 1900 or later, so that moving it between time zones never runs off
the calendar. Anything else is a field error naming the field, answered 422 by the API and exit 2 by the
CLI, never a crash.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

MAX_MAGNITUDE = Decimal("1e12")
MAX_PLACES = 6
LAST_DATE = date(8999, 12, 31)
FIRST_MOMENT_YEAR = 1900


def _check(value: Any) -> Any:
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError("must be a finite number")
        if abs(value) >= MAX_MAGNITUDE:
            raise ValueError(f"must be smaller than {MAX_MAGNITUDE:,.0f} in magnitude")
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -MAX_PLACES:
            raise ValueError(f"must have at most {MAX_PLACES} decimal places")
    elif isinstance(value, date) and (value.date() if isinstance(value, datetime) else value) > LAST_DATE:
        raise ValueError(f"must be a date on or before {LAST_DATE.isoformat()}")
    elif isinstance(value, datetime) and value.year < FIRST_MOMENT_YEAR:
        raise ValueError(f"must be a moment in {FIRST_MOMENT_YEAR} or later")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_MAGNITUDE:
        raise ValueError(f"must be smaller than {MAX_MAGNITUDE:,.0f} in magnitude")
    elif isinstance(value, list):
        for item in value:
            _check(item)
    return value


class Facts(BaseModel):
    """Facts of a determination: unknown fields are refused; numbers are bounded measurements."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="after")
    @classmethod
    def _bounded_measurements(cls, value: Any) -> Any:
        return _check(value)
