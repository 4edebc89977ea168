"""Money and measured quantities as Decimal (I-23: never binary floating point)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
THOUSANDTH = Decimal("0.001")


def to_cents(amount: Decimal) -> Decimal:
    """Round a money line item to cents, half up (I-23): 0.005 -> 0.01, 5.725 -> 5.73."""
    if not isinstance(amount, Decimal):
        raise TypeError(f"money must be a Decimal, not {type(amount).__name__}")
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def round_half_up(value: Decimal, places: int) -> Decimal:
    """Round a Decimal half up to the given number of decimal places."""
    return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def plain(value: Decimal) -> str:
    """A Decimal as a plain string without exponent or trailing zeros ("80", "2.5", "0.125")."""
    text = format(value.normalize(), "f")
    return text if text != "-0" else "0"
