"""Types the API's schemas share: a day is written as a date (``YYYY-MM-DD``, never a number, which
pydantic would read as seconds since 1970) and lies in 1900-2999, as the facts of a determination do
(``ordinance.facts``). Every app's schemas use :data:`Day` for a date they take in.

Shapes every app answers or takes are defined once here, because the OpenAPI document names a component by
its class: two classes of one name would leave one described by the other's fields (issue 30). ``ErrorOut``
is every refusal's body; ``PageInput`` the ``limit`` and ``offset`` of every paginated list."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from ninja import Schema
from pydantic import BeforeValidator, Field

from sewerworks.ordinance.facts import FIRST_DATE, ISO_DATE, LAST_DATE

__all__ = ["MAX_OFFSET", "MAX_PAGE", "Day", "ErrorOut", "PageInput"]

MAX_PAGE = 500  # rows in one page of a list
MAX_OFFSET = 2**53  # the largest integer a JSON client reads exactly


def _written_as_a_date(value: Any) -> Any:
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise ValueError("must be a date written YYYY-MM-DD, not a number")
    if isinstance(value, str) and not ISO_DATE.fullmatch(value):
        raise ValueError("must be a date written YYYY-MM-DD")
    return value


Day = Annotated[dt.date, BeforeValidator(_written_as_a_date), Field(ge=FIRST_DATE, le=LAST_DATE)]


class ErrorOut(Schema):
    """The body of every refusal (400, 401, 403, 404, 413, 422): ``{"detail": ...}``."""

    detail: Any = Field(..., description="What was wrong: a sentence, or a list of {loc, msg} per field or row.")


class PageInput(Schema):
    """``limit`` and ``offset`` of a paginated list (a pagination class's ``Input``)."""

    limit: int = Field(50, ge=1, le=MAX_PAGE, description=f"Rows per page, at most {MAX_PAGE}.")
    offset: int = Field(0, ge=0, le=MAX_OFFSET, description="Rows to skip.")
