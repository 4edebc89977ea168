"""The demo Town's history tells the truth about its dates (issue 17, I-114, I-115): every status change,
history row and timeline entry is dated on or before the demo's today, a deadline is set before it is
missed, and a violation moves only on or after its discovery."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.apps import apps
from django.db.models import Q
from django.utils import timezone

from sewerworks.core.demo import DEMO_BUILDERS
from sewerworks.core.records.events import EventDated, EventHistory
from sewerworks.core.records.timeline import timeline_for
from sewerworks.enforcement.models import Deadline, StatusChange, Violation
from sewerworks.registry.demo.names import DEMO_TODAY
from sewerworks.registry.models import Parcel


def day(moment: dt.date | dt.datetime) -> dt.date:
    return timezone.localdate(moment) if isinstance(moment, dt.datetime) else moment


@pytest.fixture(scope="module")
def demo_town(django_db_setup: Any, django_db_blocker: Any) -> Any:
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            for build in DEMO_BUILDERS:
                build(seed=118, parcels=300, write=lambda _: None)
            yield
            transaction.set_rollback(True)


def history_models() -> list[Any]:
    return [m for m in apps.get_models() if m.__name__.startswith("Historical") and hasattr(m, "history_date")]


@pytest.mark.django_db
def test_no_history_row_of_the_demo_is_dated_after_its_today(demo_town: Any) -> None:
    late: dict[str, int] = {}
    for model in history_models():
        after = timezone.make_aware(dt.datetime.combine(DEMO_TODAY + dt.timedelta(days=1), dt.time.min))
        rows = model.objects.filter(history_date__gte=after)
        if issubclass(model, EventHistory):
            rows = model.objects.filter(Q(history_date__gte=after) | Q(occurred_at__gte=after))
        if n := rows.count():
            late[model.__name__] = n
    assert late == {}


@pytest.mark.django_db
def test_no_status_change_of_the_demo_happened_or_was_recorded_after_its_today(demo_town: Any) -> None:
    changes = [m for m in apps.get_models() if issubclass(m, EventDated)]
    assert StatusChange in changes and len(changes) >= 2  # the violations' and the billing periods'
    for model in changes:
        for row in model.objects.all():
            assert row.occurred_at is not None, f"{model.__name__} {row.pk} has no event date"
            assert day(row.occurred_at) <= DEMO_TODAY, f"{model.__name__} {row}: happened {row.occurred_at}"
            assert day(row.recorded_at) <= DEMO_TODAY, f"{model.__name__} {row}: recorded {row.recorded_at}"


@pytest.mark.django_db
def test_every_timeline_event_of_the_demo_is_on_or_before_its_today(demo_town: Any) -> None:
    busy = set(Deadline.objects.values_list("parcel_id", flat=True)) | set(
        Violation.objects.values_list("parcel_id", flat=True)
    )
    busy |= set(Parcel.objects.order_by("pk").values_list("pk", flat=True)[:40])
    walked = 0
    for parcel in Parcel.objects.filter(pk__in=busy - {None}):
        for event in timeline_for(parcel):
            assert day(event.when) <= DEMO_TODAY, f"{parcel}: {event.title} dated {event.when}"
            walked += 1
    assert walked > 100


@pytest.mark.django_db
def test_a_deadline_of_the_demo_is_set_before_it_is_missed_and_met(demo_town: Any) -> None:
    missed = Deadline.objects.filter(overdue_since__isnull=False).select_related("decision")
    assert missed.exists()
    for d in Deadline.objects.select_related("decision"):
        set_on = d.history.filter(history_type="+").get().event_at
        assert day(set_on) <= (d.decision.as_of if d.decision_id else DEMO_TODAY)
        for row in d.history.exclude(history_type="+"):
            assert row.event_at >= set_on, f"{d}: {row.status} at {row.event_at} before it was set ({set_on})"
        if d.overdue_since:
            events = {e.title.split(":")[0]: e.when for e in timeline_for(d.parcel) if d.title in e.title}
            assert day(events["Deadline set"]) < day(events["Deadline missed"])


@pytest.mark.django_db
def test_a_violation_of_the_demo_moves_on_or_after_its_discovery(demo_town: Any) -> None:
    assert Violation.objects.exclude(status="open").exists()
    for v in Violation.objects.all():
        moments = [c.occurred_at for c in v.status_changes.all()]
        assert moments == sorted(moments)
        assert all(day(m) >= v.discovered_on for m in moments), f"{v}: moves {moments}, found {v.discovered_on}"
        assert day(moments[0]) == v.discovered_on
