"""The dates of a statement of unpaid sewer rents and the readings in force on them (§118-53, I-119, I-120).

The statement's day each year is ``relevy.statement_day`` (Town Law §104: 20 September, to be confirmed by the
town attorney); the counter takes a payment toward a bill on it through ``relevy.counter_cutoff_day``; a
removal from the roll is recorded through ``relevy.certification_day``; the amounts go on the roll of the
year ``relevy.tax_roll_years_after_statement`` after the statement's. Each is read as in force on the
statement date; the relevy charge as in force on the day of adoption.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError

from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters import NotInForce, ParameterError, ParameterView


def _read(view: ParameterView, key: str) -> Any:
    try:
        return view[key]
    except (NotInForce, ParameterError, KeyError) as exc:
        raise ValidationError({"statement_date": f"No §118-53 relevy terms can be read ({key}): {exc}"}) from exc


def _day_of(view: ParameterView, key: str, year: int) -> dt.date:
    text = str(_read(view, key))
    try:
        month, day = (int(x) for x in text.split("-"))
        return dt.date(year, month, day)
    except ValueError as exc:
        raise ValidationError({"statement_date": f"{key} {text!r} is not a month and day (MM-DD)."}) from exc


def view_on(day: dt.date) -> ParameterView:
    try:
        return current_parameters().at(day)
    except (NotInForce, ParameterError) as exc:
        raise ValidationError({"statement_date": f"No §118-53 relevy terms can be read for {day}: {exc}"}) from exc


@dataclass(frozen=True)
class StatementTerms:
    """A statement's dates and the readings it is computed with."""

    statement_date: dt.date
    roll_year: int
    counter_cutoff: dt.date
    certification_cutoff: dt.date
    interest_rate: Decimal
    credit_first: bool
    relevied_kinds: tuple[str, ...]

    @property
    def statutory_day(self) -> dt.date:
        return statement_day(self.statement_date.year)


def statement_day(year: int) -> dt.date:
    """The day of the year's statement (§118-53 with Town Law §104, I-120)."""
    return _day_of(view_on(dt.date(year, 1, 1)), "relevy.statement_day", year)


def terms_for(statement_date: dt.date) -> StatementTerms:
    view = view_on(statement_date)
    year = statement_date.year
    cutoff = _day_of(view, "relevy.counter_cutoff_day", year)
    certified = _day_of(view, "relevy.certification_day", year)
    if not statement_date <= cutoff <= certified:
        raise ValidationError(
            {"statement_date": f"A statement of {statement_date} would have its counter cut-off on {cutoff} and the "
             f"roll certified after {certified}: the statement comes first, then the cut-off, then certification."}
        )  # fmt: skip
    kinds = _read(view, "relevy.relevied_charge_kinds")
    return StatementTerms(
        statement_date=statement_date,
        roll_year=year + int(_read(view, "relevy.tax_roll_years_after_statement")),
        counter_cutoff=cutoff,
        certification_cutoff=certified,
        interest_rate=Decimal(_read(view, "relevy.interest_rate")),
        credit_first=bool(_read(view, "relevy.credit_applied_first")),
        relevied_kinds=tuple(str(k) for k in (kinds if isinstance(kinds, tuple | list) else (kinds,))),
    )


def relevy_charge(day: dt.date) -> tuple[Decimal, Decimal]:
    """The relevy charge the Board set (I-119), in force on the day of adoption: (percent, flat per parcel)."""
    view = view_on(day)
    return Decimal(_read(view, "relevy.charge_percent")), Decimal(_read(view, "relevy.charge_flat"))
