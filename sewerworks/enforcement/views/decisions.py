"""Showing a kept determination (StoredDecision) with ``core/_decision.html``."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError as PydanticValidationError

from sewerworks.core.models import StoredDecision
from sewerworks.ordinance.decision import Decision


def decision_of(stored: StoredDecision | None) -> Decision | None:
    """The ordinance Decision kept as JSON, rebuilt for display; None if it cannot be read back."""
    if stored is None:
        return None
    data: Any = stored.decision
    try:
        return Decision.model_validate(data)
    except (PydanticValidationError, TypeError, ValueError):
        return None
