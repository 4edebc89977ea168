"""Types the API's input schemas share: a day is written as a date (``YYYY-MM-DD``, never a number, which
pydantic would read as seconds since 1970) and lies in 1900-2999, as the facts of a determination do
(``ordinance.facts``). Every app's schemas use :data:`Day` for a date they take in."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from sewerworks.ordinance.facts import FIRST_DATE, ISO_DATE, LAST_DATE

__all__ = ["Day"]


def _written_as_a_date(value: Any) -> Any:
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise ValueError("must be a date written YYYY-MM-DD, not a number")
    if isinstance(value, str) and not ISO_DATE.fullmatch(value):
        raise ValueError("must be a date written YYYY-MM-DD")
    return value


Day = Annotated[dt.date, BeforeValidator(_written_as_a_date), Field(ge=FIRST_DATE, le=LAST_DATE)]
