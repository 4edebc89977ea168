"""Running a determination topic from Django (CLI, API, views): one path for all of them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.utils import timezone

from sewerworks.core.inserts import insert_rows
from sewerworks.core.models import StoredDecision
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import NotInForce, ParameterError
from sewerworks.ordinance.topics import determine


def today() -> dt.date:
    """Today in the Town's time zone (America/New_York)."""
    return timezone.localdate()


def run_determination(topic: str, facts: Mapping[str, Any], *, as_of: dt.date | None = None) -> Decision:
    """Validate ``facts`` and apply the topic's rule on ``as_of`` (default today).

    Raises ``UnknownTopic`` or ``FactsError`` from the ordinance layer, and :class:`LawNotInForce` for a
    date on which the rule's parameters were not yet in force.
    """
    try:
        return determine(topic, facts, as_of=as_of or today(), params=current_parameters())
    except ParameterError as exc:  # a recorded value set aside (also a NotInForce): say so
        raise RecordedValueRefused(f"{topic!r} cannot be determined on {as_of or today()}: {exc}") from exc
    except NotInForce as exc:
        raise LawNotInForce(f"The law applied by {topic!r} was not in force on {as_of}: {exc}") from exc


def run_determinations(
    topic: str, many: list[Mapping[str, Any]], *, as_of: dt.date | None = None
) -> list[Decision]:
    """:func:`run_determination` for each set of facts in ``many``, the parameters in force read once."""
    on, params = as_of or today(), current_parameters()
    try:
        return [determine(topic, facts, as_of=on, params=params) for facts in many]
    except ParameterError as exc:
        raise RecordedValueRefused(f"{topic!r} cannot be determined on {on}: {exc}") from exc
    except NotInForce as exc:
        raise LawNotInForce(f"The law applied by {topic!r} was not in force on {on}: {exc}") from exc


class LawNotInForce(ValueError):
    """The date asked is before the parameters the rule needs took effect."""


class RecordedValueRefused(LawNotInForce):
    """The rule would read a value a recorded resolution set that the loader refuses (named in the message)."""


def _stored(decision: Decision, subject: Any, acting_user: Any) -> StoredDecision:
    subject_type = subject_id = ""
    if subject is not None:
        subject_type = f"{subject._meta.app_label}.{subject._meta.model_name}"
        subject_id = str(subject.pk)
    return StoredDecision(
        topic=decision.topic,
        as_of=decision.as_of,
        outcome=decision.outcome,
        summary=decision.summary,
        decision=decision.to_dict(),  # JSON-native already (model_dump in JSON mode)
        subject_type=subject_type,
        subject_id=subject_id,
        made_by=acting_user,
    )


def store_decision(decision: Decision, *, subject: Any = None, acting_user: Any = None) -> StoredDecision:
    """Keep a decision with the record it decided (for the record's timeline)."""
    stored = _stored(decision, subject, acting_user)
    stored.save(force_insert=True)
    return stored


def store_decisions(decided: list[tuple[Decision, Any]], *, acting_user: Any = None) -> list[StoredDecision]:
    """:func:`store_decision` for many (decision, subject) pairs at once: one bulk insert (a batch's write; a
    ``COPY`` on PostgreSQL, :mod:`sewerworks.core.inserts`)."""
    return insert_rows(StoredDecision, [_stored(d, subject, acting_user) for d, subject in decided])
