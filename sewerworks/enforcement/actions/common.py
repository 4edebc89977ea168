"""What every enforcement action shares: a determination kept with its record, dates that have happened."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ValidationError

from sewerworks.core.determinations.run import LawNotInForce, run_determination, store_decision
from sewerworks.core.models import StoredDecision
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import FactsError

__all__ = ["decide", "happened", "not_in_future"]


def decide(
    topic: str, facts: Mapping[str, Any], *, as_of: dt.date, subject: Any, acting_user: Any
) -> tuple[Decision, StoredDecision]:
    """Apply a topic and keep the Decision with ``subject``; bad facts are a ValidationError."""
    try:
        decision = run_determination(topic, facts, as_of=as_of)
    except FactsError as exc:
        raise ValidationError({str(e["loc"][0]) if e["loc"] else "facts": e["msg"] for e in exc.errors}) from exc
    except LawNotInForce as exc:
        raise ValidationError(str(exc)) from exc
    return decision, store_decision(decision, subject=subject, acting_user=acting_user)




def _still_to_come(day: dt.date | None) -> bool:
    from django.utils import timezone

    return day is not None and day > timezone.localdate()


def not_in_future(field: str, day: dt.date | None, what: str) -> None:
    """An event is recorded when it has happened: a date still to come is a field error (I-50)."""
    if _still_to_come(day):
        raise ValidationError({field: f"{what} cannot be recorded for a day still to come ({day})."})


def happened(what: str) -> Callable[[dt.date], None]:
    """The same rule as a form field validator, so a form says it before the action is asked."""

    def validate(day: dt.date) -> None:
        if _still_to_come(day):
            raise ValidationError(f"{what} cannot be recorded for a day still to come.")

    return validate
