"""Money that stays exact in SQL: stored as integer cents, used in Python as Decimal dollars (I-23).

Django stores a ``DecimalField`` on SQLite with NUMERIC affinity, so ``SUM`` over it is binary floating
point (``SUM`` of 0.10 and 0.20 is 0.30000000000000004). :class:`MoneyField` stores whole cents in a
``BIGINT`` column, which both SQLite and PostgreSQL add up exactly; the Python value is always a
``Decimal`` with two places.

Summing in SQL: ``Sum("amount")`` over a MoneyField already comes back as exact Decimal dollars (the
aggregate takes the field as its output field, and the field turns cents into dollars). Use
:class:`MoneySum` when the expression mixes columns (``MoneySum(F("a") + F("b"))``) or when an empty set
should sum to ``Decimal("0.00")`` rather than ``None``. Never ``Avg`` a MoneyField: an average of cents
is not a whole number of cents; fetch the sum and the count and divide in Python, rounding half up.

Lookups take dollars as well: ``filter(amount__gte=Decimal("100"))`` compares with 10000 cents.

What the field refuses, with a ValidationError naming the rule: a float (``0.1`` is not 0.10), NaN or
infinity, fractions of a cent (``12.345``; it never rounds money silently), an amount too large for a
64-bit count of cents, and a negative amount unless the field is declared ``allow_negative=True``.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Sum, Value
from django.db.models.expressions import Combinable

CENT = Decimal("0.01")
MAX_CENTS = 2**63 - 1
_DOLLARS = re.compile(r"^(?P<sign>[-+]?)\$?(?P<number>\d{1,3}(,\d{3})+(\.\d*)?|\d*\.?\d*)$")


def dollars(value: Any, *, allow_negative: bool = True) -> Decimal | None:
    """``value`` as Decimal dollars with two places, or a ValidationError naming what is wrong.

    Accepts a Decimal, an int (whole dollars) or a string such as ``"1234.56"``, ``"1,234.56"`` or
    ``"$1,234.56"``; ``None`` and ``""`` are ``None``.
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool) or isinstance(value, float):
        raise ValidationError(
            "An amount of money is never a float (0.1 is not exactly ten cents): give it as a decimal "
            'string such as "12.50".',
            code="float",
        )
    if isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, Decimal):
        amount = value
    elif isinstance(value, str):
        match = _DOLLARS.match(value.strip())
        if match is None or not any(c.isdigit() for c in match["number"]):
            raise ValidationError(f"{value!r} is not an amount of dollars (e.g. 1,234.56).", code="invalid")
        try:
            amount = Decimal(match["sign"] + match["number"].replace(",", ""))
        except InvalidOperation:  # pragma: no cover - the pattern admits only digits
            raise ValidationError(f"{value!r} is not an amount of dollars.", code="invalid") from None
    else:
        raise ValidationError(f"{type(value).__name__} is not an amount of dollars.", code="invalid")
    if not amount.is_finite():
        raise ValidationError("An amount of money must be a finite number of dollars.", code="not_finite")
    if abs(amount) * 100 > MAX_CENTS:
        raise ValidationError(f"${amount} is more than the largest amount that can be stored.", code="too_large")
    if amount.quantize(CENT) != amount:
        raise ValidationError(
            f"${amount} has a fraction of a cent: money is kept to the cent (I-23); round it first.",
            code="sub_cent",
        )
    amount = amount.quantize(CENT)
    if amount < 0 and not allow_negative:
        raise ValidationError(f"${amount} is negative: this amount cannot be.", code="negative")
    return amount


def to_cents(amount: Decimal) -> int:
    """Whole cents of an amount already checked by :func:`dollars`."""
    return int(amount.quantize(CENT) * 100)


def from_cents(cents: Any) -> Decimal:
    """Decimal dollars of a whole number of cents (an int, or an integral Decimal from PostgreSQL's SUM)."""
    return (Decimal(cents) / 100).quantize(CENT)


def format_dollars(amount: Decimal | None, *, commas: bool = True) -> str:
    """``1234.5`` -> ``"1,234.50"`` (or ``"1234.50"``); empty for ``None``."""
    if amount is None:
        return ""
    return format(amount.quantize(CENT), ",f" if commas else "f")


class MoneyFormField(forms.DecimalField):
    """A dollar amount typed as ``1234.56``, ``1,234.56`` or ``$1,234.56``; shown as ``1234.56``."""

    widget = forms.TextInput

    def __init__(self, *, allow_negative: bool = False, **kwargs: Any) -> None:
        self.allow_negative = allow_negative
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("max_digits", 18)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]
        if value in self.empty_values:
            return None
        return dollars(value.strip() if isinstance(value, str) else value, allow_negative=self.allow_negative)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, Decimal):
            return format_dollars(value, commas=False)
        return value

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        attrs.pop("step", None)
        attrs.update({"inputmode": "decimal", "autocomplete": "off"})
        return attrs


class MoneyField(models.BigIntegerField):  # type: ignore[type-arg]
    """An amount of money: Decimal dollars in Python, whole cents in the database (see the module)."""

    description = "An amount of money in dollars, stored as whole cents"
    _pyi_private_set_type: Decimal | int | str | Combinable  # type: ignore[assignment]
    _pyi_private_get_type: Decimal  # type: ignore[assignment]

    def __init__(self, *args: Any, allow_negative: bool = False, **kwargs: Any) -> None:
        self.allow_negative = allow_negative
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        name, path, args, kwargs = super().deconstruct()
        path = "sewerworks.core.money.MoneyField"
        if self.allow_negative:
            kwargs["allow_negative"] = True
        default = kwargs.get("default")
        if isinstance(default, int | str) and not isinstance(default, bool):
            kwargs["default"] = dollars(default)
        return name, path, args, kwargs

    @property
    def validators(self) -> list[Any]:
        # BigIntegerField's range validators compare cents with dollars; to_python checks the range itself.
        return list(self._validators)  # type: ignore[attr-defined]

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Decimal | None:
        return None if value is None else from_cents(value)

    def to_python(self, value: Any) -> Decimal | None:
        return dollars(value)

    def get_prep_value(self, value: Any) -> Any:
        if value is None or hasattr(value, "resolve_expression"):
            return value
        amount = dollars(value)
        return None if amount is None else to_cents(amount)

    def validate(self, value: Any, model_instance: Any) -> None:
        super().validate(value, model_instance)
        if value is not None and value < 0 and not self.allow_negative:
            raise ValidationError(f"${value} is negative: {self.verbose_name} cannot be.", code="negative")

    def value_to_string(self, obj: Any) -> str:
        value = self.value_from_object(obj)
        return "" if value is None else format_dollars(value, commas=False)

    def formfield(self, **kwargs: Any) -> Any:  # type: ignore[override]
        return models.Field.formfield(
            self, **{"form_class": MoneyFormField, "allow_negative": self.allow_negative, **kwargs}
        )


class MoneySum(Sum):
    """``SUM`` of a money expression in SQL, exact, as Decimal dollars; ``Decimal("0.00")`` over no rows."""

    def __init__(self, expression: Any, **extra: Any) -> None:
        extra.setdefault("output_field", MoneyField())
        extra.setdefault("default", Value(0, output_field=models.BigIntegerField()))
        super().__init__(expression, **extra)
