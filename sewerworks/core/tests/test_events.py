"""Event dates beside recorded-at (I-114): the date an action is given is checked, shown beside the day its
row was written when the two are more than a day apart, and the demo's story records rows on its days."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from sewerworks.core.models import StoredDecision
from sewerworks.core.records.events import as_moment, event_moment, recorded_note, story_day
from sewerworks.core.records.timeline import TimelineEvent

D = dt.date


def test_a_day_given_as_a_date_is_its_local_noon() -> None:
    moment = as_moment(D(2026, 11, 19))
    assert timezone.localtime(moment).replace(tzinfo=None) == dt.datetime(2026, 11, 19, 12, 0)


def test_an_event_dated_tomorrow_is_refused_naming_the_field() -> None:
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    with pytest.raises(ValidationError) as refused:
        event_moment(tomorrow, field="served_on", what="The service")
    assert "served_on" in refused.value.message_dict
    assert "future" in refused.value.message_dict["served_on"][0]
    today = event_moment(timezone.localdate(), field="served_on")
    assert timezone.localdate(today) == timezone.localdate()


def test_an_event_before_the_record_began_is_refused_and_one_on_that_day_is_not() -> None:
    with pytest.raises(ValidationError) as refused:
        event_moment(D(2026, 11, 18), field="occurred_on", not_before=D(2026, 11, 19), start="it was discovered")
    assert "before it was discovered (2026-11-19)" in refused.value.message_dict["occurred_on"][0]
    assert timezone.localdate(event_moment(D(2026, 11, 19), not_before=D(2026, 11, 19))) == D(2026, 11, 19)


def test_no_date_given_is_now() -> None:
    assert abs((event_moment(None) - timezone.now()).total_seconds()) < 5


def test_recorded_beside_the_event_only_when_more_than_a_day_apart() -> None:
    recorded = as_moment(D(2026, 12, 2))
    assert recorded_note(D(2026, 12, 1), recorded, "clerk") == ""  # one day: the same working record
    assert recorded_note(D(2026, 11, 30), recorded, "clerk") == "recorded 2026-12-02 by clerk"
    assert recorded_note(D(2026, 11, 19), recorded, None) == "recorded 2026-12-02 by the system"
    assert recorded_note(D(2026, 11, 19), None, "clerk") == ""


def test_a_timeline_event_shows_when_it_was_recorded_and_sorts_by_when_it_happened() -> None:
    set_on = TimelineEvent(D(2026, 8, 20), "deadline", "Deadline set", recorded_at=as_moment(D(2026, 12, 2)))
    missed = TimelineEvent(as_moment(D(2026, 11, 19)), "deadline", "Deadline missed")
    assert set_on.recorded_note == "recorded 2026-12-02 by the system"
    assert missed.recorded_note == ""
    assert sorted([missed, set_on], key=lambda e: e.sort_key) == [set_on, missed]


@pytest.mark.django_db
def test_in_the_demo_story_a_row_is_recorded_on_its_day_or_its_own_earlier_event(django_user_model: Any) -> None:
    with story_day(D(2026, 11, 20)):
        later = StoredDecision.objects.create(topic="t", as_of=D(2026, 12, 1), outcome="o", decision={})
        earlier = StoredDecision.objects.create(topic="t", as_of=D(2026, 11, 18), outcome="o", decision={})
    outside = StoredDecision.objects.create(topic="t", as_of=D(2026, 11, 18), outcome="o", decision={})
    later.refresh_from_db()
    earlier.refresh_from_db()
    assert timezone.localdate(later.made_at) == D(2026, 11, 20)
    assert timezone.localdate(earlier.made_at) == D(2026, 11, 18)
    assert timezone.localdate(outside.made_at) == timezone.localdate()
