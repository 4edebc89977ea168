"""A Chapter 118 section field: only sections that exist in the ordinance catalogue are accepted.

Every program names the section a record applies (a violation, a notice, a pending charge); this one
validator keeps them to sections the chapter has.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from sewerworks.ordinance.chapter import catalogue


def validate_section(value: str) -> None:
    try:
        catalogue.section(value)
    except KeyError as exc:
        raise ValidationError(f"Chapter 118 has no section {value!r}.") from exc
