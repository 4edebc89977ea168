"""The API's two common refusals, one home for every app's endpoints: a record that is not there (404,
naming it) and an action refused by its rules (422, naming the field and the rule)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from ninja.errors import HttpError

MAX_ID = 2**63 - 1  # the largest id a BigAutoField holds on SQLite and PostgreSQL: beyond it, not there


def record_or_404(source: Any, pk: int, what: str) -> Any:
    """The record ``pk`` of a model or queryset, or a 404 "No <what> <pk>." (never a 500 on a huge id)."""
    qs = source if isinstance(source, models.QuerySet) else source._default_manager.all()
    obj = qs.filter(pk=pk).first() if 1 <= pk <= MAX_ID else None
    if obj is None:
        raise HttpError(404, f"No {what} {pk}.")
    return obj


def refused(exc: ValidationError) -> HttpError:
    """A refusal of an action as a 422 naming the field (when the action named one) and the rule."""
    if hasattr(exc, "error_dict"):
        return HttpError(422, "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()))
    return HttpError(422, " ".join(exc.messages))
