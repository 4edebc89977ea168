"""Template helpers of the enforcement screens."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import NoReverseMatch, reverse

register = template.Library()

# The printed documents (another module, landing separately) may be namespaced or not.
DOCUMENT_NAMES = ("enforcement:documents:{name}", "enforcement:{name}")


@register.simple_tag
def document_url(name: str, pk: Any) -> str:
    """The URL of a printed document (``notice_pdf``, ``fine_statement_pdf``), or '' if not installed."""
    for pattern in DOCUMENT_NAMES:
        try:
            return reverse(pattern.format(name=name), args=[pk])
        except NoReverseMatch:
            continue
    return ""


@register.filter
def days_phrase(days: int | None) -> str:
    """-3 -> '3 days overdue', 0 -> 'due today', 1 -> '1 day left'."""
    if days is None:
        return ""
    if days < 0:
        n = -days
        return f"{n} day{'s' if n != 1 else ''} overdue"
    if days == 0:
        return "due today"
    return f"{days} day{'s' if days != 1 else ''} left"


@register.filter
def get_item(mapping: dict[str, Any], key: str) -> Any:
    """``mapping[key]``, or the key itself if absent (status labels)."""
    return mapping.get(key, key)
