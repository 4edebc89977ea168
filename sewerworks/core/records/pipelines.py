"""Statuses that move only along declared transitions, every move a history row (who, when, why).

A program declares its pipeline as data (:class:`Pipeline`: the statuses, and for each the moves allowed
from it with what each move means) and mixes :class:`TracksPipeline` into the model. Then:

* :func:`move` is the one way a status changes: it checks the move, names the user and the reason on the
  simple-history row the save writes, and returns the meaning of the move;
* any other ``save()`` that changes the status (a form, an import, a stray ``obj.status = ...``) is
  checked the same way and refused with a ValidationError naming the allowed moves;
* ``QuerySet.update(status=...)`` would skip both: ``core/tests/test_pipelines.py`` fails on one.

Violations (enforcement), deadlines (enforcement) and connections (registry) use it; the permit, grease
and engineering pipelines will too. Core names none of them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.db import models

from sewerworks.core.records import events

__all__ = ["InvalidTransition", "Pipeline", "TracksPipeline", "move"]


class InvalidTransition(ValueError):
    """A move the pipeline does not allow."""


@dataclass(frozen=True)
class Pipeline:
    """``statuses``: value → label; ``transitions``: from → {to: what the move means}."""

    noun: str  # "a violation", "a deadline": how a refusal names the record
    statuses: Mapping[str, str]
    transitions: Mapping[str, Mapping[str, str]]
    field: str = "status"

    def __post_init__(self) -> None:
        unknown = {s for s in self.transitions if s not in self.statuses} | {
            t for moves in self.transitions.values() for t in moves if t not in self.statuses
        }
        if unknown or set(self.statuses) - set(self.transitions):
            raise ValueError(f"The pipeline of {self.noun} declares moves to or from no status: {sorted(unknown)}.")

    def allowed(self, current: str) -> dict[str, str]:
        return dict(self.transitions.get(current, {}))

    def check(self, current: str, target: str) -> str:
        """The meaning of ``current`` → ``target``; :class:`InvalidTransition` naming the allowed moves if none."""
        if current not in self.transitions:
            raise InvalidTransition(f"Unknown status {current!r} of {self.noun}.")
        allowed = self.transitions[current]
        if target not in allowed:
            options = ", ".join(self.statuses[s] for s in allowed) or "none (it is final)"
            label = self.statuses.get(target, target)
            raise InvalidTransition(
                f"{self.noun.capitalize()} that is {self.statuses[current].lower()} cannot become "
                f"{label.lower()}; allowed: {options}."
            )
        return allowed[target]


class TracksPipeline(models.Model):
    """A model whose status field belongs to ``pipeline``: a save that changes it must be a declared move."""

    pipeline: ClassVar[Pipeline]

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        name = self.pipeline.field
        fields = kwargs.get("update_fields")
        current = getattr(self, name)
        loaded = getattr(self, "_pipeline_loaded", None)
        if current not in self.pipeline.statuses:
            raise ValidationError({name: f"Unknown status {current!r} of {self.pipeline.noun}."})
        if not self._state.adding and loaded is not None and loaded != current and (fields is None or name in fields):
            try:
                self.pipeline.check(loaded, current)
            except InvalidTransition as exc:
                raise ValidationError({name: str(exc)}) from exc
        super().save(*args, **kwargs)
        self._pipeline_loaded = current

    @classmethod
    def from_db(cls, db: Any, field_names: Any, values: Any) -> Any:
        instance = super().from_db(db, field_names, values)
        instance._pipeline_loaded = instance.__dict__.get(cls.pipeline.field)
        return instance


def move(
    record: TracksPipeline,
    target: str,
    *,
    why: str,
    acting_user: Any,
    also: tuple[str, ...] = (),
    occurred_at: dt.date | dt.datetime | None = None,
) -> str:
    """Move ``record`` to ``target`` (checked: :class:`InvalidTransition`), saving the status and the fields
    named in ``also`` with a history row naming ``acting_user`` (None: the system) and the reason (``why``,
    or the move's meaning). ``occurred_at`` is when the move happened (the event the caller records, checked
    by the caller's action; default now), kept on the history row beside its ``history_date`` (I-114).
    Returns the meaning. The caller's action checked the role and holds the lock."""
    pipeline = record.pipeline
    meaning = pipeline.check(getattr(record, pipeline.field), target)
    setattr(record, pipeline.field, target)
    record._history_user = acting_user  # type: ignore[attr-defined]
    record._change_reason = (why or meaning)[:100]  # type: ignore[attr-defined]
    record._occurred_at = events.as_moment(occurred_at) if occurred_at is not None else events.now()  # type: ignore[attr-defined]
    try:
        record.save(update_fields=[pipeline.field, *also])
    finally:
        record.__dict__.pop("_occurred_at", None)
    return meaning
