"""When a thing happened, apart from when its row was written (I-114).

A status change, a history row or a timeline entry is the record of an event: a notice served on
November 20, a deadline missed on November 19, a violation discovered that day. The row may be written
later (the clerk enters Friday's inspection on Monday; the demo writes a whole autumn in one minute).
History keeps both: ``occurred_at`` is the event's date, taken from the event the action records; the
row's own timestamp (``at``, ``history_date``) is when it was recorded, and by whom.

* :class:`EventDated`, mixed into a status-change model, adds ``occurred_at`` beside its timestamp;
* :class:`EventHistory`, given to ``HistoricalRecords(bases=[EventHistory])``, adds it to the
  simple-history rows of a record whose status moves (``core.records.pipelines.move`` sets it);
* :func:`event_moment` turns the date an action was given into that moment, checked: never in the
  future, never before the record's own start;
* :func:`story_day` is the demo's clock: what is written inside it is recorded on the story's day
  (history rows, creation timestamps), so that the demo Town's history reads as it happened.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone
from simple_history.signals import pre_create_historical_record

__all__ = ["EventDated", "EventHistory", "as_moment", "event_moment", "now", "recorded_in_story", "recorded_note",
           "story_day"]

_STORY: ContextVar[dt.datetime | None] = ContextVar("sewerworks_story_day", default=None)

HELP = "When the event happened (the notice's service, the inspection, the discovery…), not when it was recorded."


def as_moment(value: dt.date | dt.datetime) -> dt.datetime:
    """A date is its local noon (a day's events keep their order by id; no time zone moves it to another
    day), today's no later than now; a datetime is itself, made aware in the Town's zone if naive."""
    if isinstance(value, dt.datetime):
        return value if timezone.is_aware(value) else timezone.make_aware(value)
    noon = timezone.make_aware(dt.datetime.combine(value, dt.time(12)))
    return min(noon, timezone.now()) if value == timezone.localdate() else noon  # today: not yet noon


def story() -> dt.datetime | None:
    """The demo story's moment inside :func:`story_day`, else None."""
    return _STORY.get()


def now() -> dt.datetime:
    """The demo story's moment inside :func:`story_day`, else the clock."""
    story = _STORY.get()
    return story if story is not None else timezone.now()


def event_moment(
    value: dt.date | dt.datetime | None,
    *,
    field: str = "occurred_on",
    what: str = "The event",
    not_before: dt.date | dt.datetime | None = None,
    start: str = "the record began",
) -> dt.datetime:
    """The moment of the event an action records: ``value`` (a date or a moment), or now when none is given.
    Refused with a ValidationError naming ``field``: a moment in the future, or one before ``not_before``
    (the record's own start: a violation's discovery, a period's start)."""
    if value is None:
        return now()
    moment = as_moment(value)
    day = timezone.localdate(moment)
    if day > timezone.localdate() or moment > timezone.now() + dt.timedelta(minutes=5):
        raise ValidationError({field: f"{what} cannot be dated in the future ({day:%Y-%m-%d})."})
    if not_before is not None:
        first = not_before if not isinstance(not_before, dt.datetime) else timezone.localdate(as_moment(not_before))
        if day < first:
            raise ValidationError({field: f"{what} cannot be dated {day:%Y-%m-%d}, before {start} ({first:%Y-%m-%d})."})
    return moment


def _day(value: dt.date | dt.datetime) -> dt.date:
    return (
        timezone.localdate(value)
        if isinstance(value, dt.datetime) and timezone.is_aware(value)
        else (value.date() if isinstance(value, dt.datetime) else value)
    )


def recorded_note(occurred: dt.date | dt.datetime | None, recorded: dt.datetime | None, by: Any = None) -> str:
    """ "recorded 2026-12-02 by clerk" beside an event recorded more than a day after (or before) it happened;
    empty when the two agree (I-114). ``by``: a user, a name, or None (the system)."""
    if occurred is None or recorded is None:
        return ""
    if abs((_day(recorded) - _day(occurred)).days) <= 1:
        return ""
    who = by.get_username() if hasattr(by, "get_username") else (by or "the system")
    return f"recorded {_day(recorded):%Y-%m-%d} by {who}"


@contextlib.contextmanager
def story_day(day: dt.date | dt.datetime) -> Iterator[dt.datetime]:
    """Inside, events without a date of their own happen on ``day``, and rows are recorded on it."""
    token = _STORY.set(as_moment(day))
    try:
        yield as_moment(day)
    finally:
        _STORY.reset(token)


class EventDated(models.Model):
    """A row that records an event: ``occurred_at`` beside the row's own timestamp ``RECORDED_FIELD``."""

    RECORDED_FIELD = "at"
    occurred_at = models.DateTimeField("happened at", null=True, blank=True, help_text=HELP)

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.occurred_at is None:
            self.occurred_at = now()
        super().save(*args, **kwargs)

    @property
    def recorded_at(self) -> dt.datetime:
        return getattr(self, self.RECORDED_FIELD)  # type: ignore[no-any-return]

    @property
    def event_at(self) -> dt.datetime:
        return self.occurred_at or self.recorded_at

    @property
    def recorded_note(self) -> str:
        return recorded_note(self.event_at, self.recorded_at, getattr(self, "by", None))


class EventHistory(models.Model):
    """The base of the simple-history rows of a record whose status moves: the event's moment beside
    ``history_date`` (when the row was written)."""

    occurred_at = models.DateTimeField("happened at", null=True, blank=True, help_text=HELP)

    class Meta:
        abstract = True

    @property
    def event_at(self) -> dt.datetime:
        return self.occurred_at or self.history_date  # type: ignore[attr-defined,no-any-return]

    @property
    def recorded_note(self) -> str:
        return recorded_note(self.event_at, self.history_date, self.history_user)  # type: ignore[attr-defined]


@receiver(pre_create_historical_record, dispatch_uid="sewerworks-event-dates")
def _date_history_row(sender: Any, instance: Any, history_instance: Any, **kwargs: Any) -> None:
    story = _STORY.get()
    if story is not None and not hasattr(instance, "_history_date"):
        history_instance.history_date = story
    if isinstance(history_instance, EventHistory):
        given = instance.__dict__.pop("_occurred_at", None)  # once: a later save is a later event
        history_instance.occurred_at = given or history_instance.history_date  # type: ignore[attr-defined]
        if story is not None:  # in the story, an event is recorded the day it happens
            history_instance.history_date = min(story, history_instance.occurred_at)  # type: ignore[attr-defined]


def _story_event(instance: Any, story: dt.datetime) -> dt.datetime:
    """The moment a row the demo writes is recorded: the story's, or its own event's if earlier (a status
    change's ``occurred_at``, a determination's ``as_of``)."""
    event = getattr(instance, "occurred_at", None) or getattr(instance, "as_of", None)
    if isinstance(event, dt.date):
        return min(story, as_moment(event))
    return story


@receiver(post_save, dispatch_uid="sewerworks-story-recorded")
def _record_on_story_day(sender: Any, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    """In the demo's story, a row created is recorded on the story's day (its ``auto_now_add`` fields)."""
    story = _STORY.get()
    if story is None or not created or raw:
        return
    moment = _story_event(instance, story)
    stamped = {f.attname: moment for f in sender._meta.concrete_fields if getattr(f, "auto_now_add", False)}
    if stamped:
        sender._default_manager.filter(pk=instance.pk).update(**stamped)
        for name, value in stamped.items():
            setattr(instance, name, value)


def recorded_in_story(model: Any, pks: list[Any]) -> None:
    """Rows written in bulk (``bulk_create`` sends no ``post_save``) inside the demo's story: recorded on the
    story's day, as the rows saved one by one are (``_record_on_story_day``). Nothing outside the story."""
    story = _STORY.get()
    stamped = {f.attname: story for f in model._meta.concrete_fields if getattr(f, "auto_now_add", False)}
    if story is not None and pks and stamped:
        model._default_manager.filter(pk__in=pks).update(**stamped)


def fill_occurred_at(model: Any, *, created: str = "", on_status: dict[str, str] | None = None) -> None:
    """For the data migrations that added ``occurred_at`` to the history rows of ``model`` (a historical
    model): the best date each row has. A row that created the record takes the record's own date field
    ``created`` (a discovery, a filing); a row whose status differs from the row before takes the date
    field ``on_status[status]`` of the record (a notice served on, a connection on); any other row, or one
    whose field is empty, its ``history_date`` (it happened when it was written). I-114."""
    on_status = on_status or {}
    status_before: dict[Any, Any] = {}
    batch: list[Any] = []
    for row in model.objects.order_by("id", "history_date", "history_id").iterator(chunk_size=2000):
        status = getattr(row, "status", None)
        field = ""
        if row.history_type == "+":
            field = created
        elif status is not None and status != status_before.get(row.id):
            field = on_status.get(status, "")
        status_before[row.id] = status
        day = getattr(row, field, None) if field else None
        row.occurred_at = as_moment(day) if day else row.history_date
        batch.append(row)
        if len(batch) >= 2000:
            model.objects.bulk_update(batch, ["occurred_at"])
            batch = []
    if batch:
        model.objects.bulk_update(batch, ["occurred_at"])
