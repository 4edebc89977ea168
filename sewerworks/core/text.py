"""Text the database can store: PostgreSQL keeps no NUL character (``\\x00``) in text or JSON, while SQLite
would take it, so every entry point asks the same question here and says the same thing."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

__all__ = ["NUL_MESSAGE", "check_text", "has_nul", "no_nul", "without_nul"]

NUL = "\x00"
NUL_MESSAGE = "must not contain a NUL character"


def has_nul(value: Any) -> bool:
    """A NUL character anywhere in ``value`` (a string, or the keys and values of a dict or list)."""
    if isinstance(value, str):
        return NUL in value
    if isinstance(value, dict):
        return any(has_nul(k) or has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(has_nul(v) for v in value)
    return False


def without_nul(value: str) -> str:
    """``value`` with its NUL characters dropped: for naming bad input in a message, or a file name."""
    return value.replace(NUL, "")


def no_nul(value: str) -> str:
    """A validator (pydantic's ``AfterValidator``): ``value`` unchanged, or ValueError."""
    if has_nul(value):
        raise ValueError(NUL_MESSAGE)
    return value


def check_text(field: str, value: str, *, max_length: int | None = None) -> str:
    """``value`` if the database can store it in ``field``; otherwise a ValidationError naming the field."""
    if has_nul(value):
        raise ValidationError({field: f"{field.replace('_', ' ').capitalize()} {NUL_MESSAGE}."})
    if max_length is not None and len(value) > max_length:
        raise ValidationError({field: f"At most {max_length} characters (this has {len(value)})."})
    return value
