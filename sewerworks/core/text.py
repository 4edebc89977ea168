"""Text the database can store: PostgreSQL keeps no NUL character (``\\x00``) in text or JSON, while SQLite
would take it, so every entry point asks the same question here and says the same thing.

The one rule for what the site takes in (issue 30): :func:`nul_locations` finds each NUL in a request's
text, keys included, by where it is (``["body", "items", 0, "name"]``, ``["query", "area"]``); the API's
body parser and the site's middleware refuse any with a 422 that names them (:class:`NulRefused`), before
anything is read or written. Actions still ask :func:`check_text` of text that reaches them otherwise (a
file's cells, the command line)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

__all__ = ["NUL_MESSAGE", "NulRefused", "check_text", "has_nul", "no_nul", "nul_locations", "without_nul"]

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


Location = list[str | int]


def nul_locations(value: Any, at: Location) -> list[Location]:
    """Where ``value`` (text, or a dict or list of them, nested) holds a NUL: ``at`` followed by the keys and
    indexes down to it; a key with a NUL in it is named without it."""
    if isinstance(value, str):
        return [at] if NUL in value else []
    if isinstance(value, dict):
        found: list[Location] = []
        for key, item in value.items():
            here: Location = [*at, without_nul(key) if isinstance(key, str) else key]
            found += [here] if isinstance(key, str) and NUL in key else nul_locations(item, here)
        return found
    if isinstance(value, list | tuple):
        return [loc for i, item in enumerate(value) for loc in nul_locations(item, [*at, i])]
    return []


class NulRefused(ValueError):
    """Input with NUL characters at ``locations``: a 422 naming each (``detail``)."""

    def __init__(self, locations: list[Location]) -> None:
        self.locations = locations
        super().__init__("; ".join(".".join(map(str, loc)) for loc in locations) + f": {NUL_MESSAGE}")

    @property
    def detail(self) -> list[dict[str, Any]]:
        return [{"loc": loc, "msg": NUL_MESSAGE} for loc in self.locations]


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
