"""Records that keep history, written many at once with their history rows, dated as single saves date them.

simple-history's ``bulk_create_with_history`` writes the history rows without its ``pre_create_historical_record``
signal, so the event's moment (``occurred_at`` of an :class:`~sewerworks.core.records.events.EventHistory` row)
and the demo story's dating would be lost. Here each history row is made as ``HistoricalRecords`` makes it for a
save (the instance's ``_history_user``, else the request's user; its ``_change_reason``; ``_history_date``) and
dated by the same handler the signal runs; a new record inside the story is recorded on the story's day, as
``events._record_on_story_day`` records a single save. Both inserts go through :func:`core.inserts.insert_rows`
(a ``COPY`` on PostgreSQL).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords
from simple_history.utils import get_change_reason_from_object

from sewerworks.core.inserts import insert_rows
from sewerworks.core.records.events import _date_history_row, _story_event, story

__all__ = ["create_with_history", "history_rows", "stamp_story", "update_with_history"]

M = TypeVar("M", bound=models.Model)


def _user(obj: Any, default: Any) -> Any:
    if hasattr(obj, "_history_user"):
        return obj._history_user
    if default is not None:
        return default
    request = getattr(HistoricalRecords.context, "request", None)
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def history_rows(model: type[models.Model], objs: Sequence[Any], history_type: str, *, user: Any = None,
                 reason: str | None = None) -> list[Any]:  # fmt: skip
    """The history rows of ``objs`` (saved), one each, as a save of each would make them (not written)."""
    history_model: Any = model.history.model  # type: ignore[attr-defined]
    rows = []
    for obj in objs:
        row = history_model(
            history_date=getattr(obj, "_history_date", timezone.now()), history_type=history_type,
            history_user=_user(obj, user), history_change_reason=get_change_reason_from_object(obj) or reason,
            **{f.attname: getattr(obj, f.attname) for f in history_model.tracked_fields},
        )  # fmt: skip
        if hasattr(history_model, "history_relation"):
            row.history_relation_id = obj.pk
        _date_history_row(history_model, instance=obj, history_instance=row)
        rows.append(row)
    return rows


def stamp_story(model: type[models.Model], objs: Sequence[Any]) -> None:
    """Inside the demo's story, new rows are recorded on its day (or their event's, if earlier): one UPDATE a
    moment, as a single save's ``post_save`` stamps its row."""
    day = story()
    stamped = [f.attname for f in model._meta.concrete_fields if getattr(f, "auto_now_add", False)]
    if day is None or not stamped:
        return
    by_moment: dict[Any, list[Any]] = defaultdict(list)
    for obj in objs:
        by_moment[_story_event(obj, day)].append(obj)
    for moment, group in by_moment.items():
        model._default_manager.filter(pk__in=[o.pk for o in group]).update(**dict.fromkeys(stamped, moment))
        for obj in group:
            for name in stamped:
                setattr(obj, name, moment)


def create_with_history(model: type[M], objs: Sequence[M], *, user: Any = None,
                        reason: str | None = None) -> list[M]:  # fmt: skip
    """Insert ``objs`` and a "created" history row each; returns them with their ids."""
    written = insert_rows(model, objs)
    stamp_story(model, written)
    if hasattr(model, "history"):
        insert_rows(model.history.model, history_rows(model, written, "+", user=user, reason=reason))  # type: ignore[attr-defined]
    return written


def update_with_history(model: type[M], objs: Sequence[M], fields: list[str], *, user: Any = None,
                        reason: str | None = None) -> None:  # fmt: skip
    """Save ``fields`` of ``objs`` (one bulk UPDATE) and a "changed" history row each."""
    if not objs:
        return
    model._default_manager.bulk_update(objs, fields)
    insert_rows(model.history.model, history_rows(model, objs, "~", user=user, reason=reason))  # type: ignore[attr-defined]
