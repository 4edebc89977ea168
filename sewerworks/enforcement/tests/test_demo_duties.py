"""The demo Town tracks every duty its records imply (issue 8): a connection recorded without a Notice to
Connect still starts the §118-5 clock."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest

from sewerworks.core.demo import DEMO_BUILDERS
from sewerworks.enforcement.choices import DeadlineKind, NoticeKind
from sewerworks.enforcement.duties import untracked_duties
from sewerworks.enforcement.models import Deadline, Notice, Violation

D = dt.date


@pytest.fixture(scope="module")
def demo_said(django_db_setup: Any, django_db_blocker: Any) -> Iterator[list[str]]:
    """The demo Town built once for this file's tests (each reads it in a transaction rolled back after it),
    and what the build said."""
    from django.db import transaction

    said: list[str] = []
    with django_db_blocker.unblock(), transaction.atomic():
        for build in DEMO_BUILDERS:
            build(seed=118, parcels=1500, write=said.append)
        yield said
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_after_the_demo_is_built_no_record_implies_an_untracked_duty(demo_said: list[str]) -> None:
    said = demo_said
    assert untracked_duties() == []
    # Connected 2026-03-02 with its septic tank still in use: 90 days end Sunday 2026-05-31 → 2026-06-01 (I-20)
    late = Deadline.objects.get(parcel__tax_map_number="108.10-4-13", kind=DeadlineKind.ABANDON)
    assert late.due_on == D(2026, 6, 1) and late.status == "overdue" and late.duty == "abandon-private-system"
    violation = Violation.objects.get(source_deadline=late)
    assert violation.section == "118-5" and violation.how_discovered == "missed_deadline"
    # Connected 2026-09-21: 2026-12-20 is a Sunday → 2026-12-21, still running on the demo's today
    running = Deadline.objects.get(parcel__tax_map_number="108.10-4-11", kind=DeadlineKind.ABANDON)
    assert running.due_on == D(2026, 12, 21) and running.status == "open"
    # the unmetered commercial user and the private wells owe a meter (I-27, I-52)
    assert Deadline.objects.filter(kind=DeadlineKind.INSTALL_METER).count() == 4
    assert any("duties the records imply tracked" in line for line in said)


@pytest.mark.django_db
def test_the_demo_restaurant_gets_its_72_hours_at_capacity_and_one_violation_when_it_misses_them(
    demo_said: list[str],
) -> None:
    """I-36: the 72-hour order is for an interceptor at or above capacity and not performing (80% makes a
    pump-out due, a maintenance matter); I-56: missing it escalates that violation, it opens no second one."""
    # enforcement's own order (the grease demo gives others through its inspections)
    order = Notice.objects.get(kind=NoticeKind.PUMP_OUT_ORDER, issued_on=dt.date(2026, 11, 27))
    grease = order.violation
    assert grease is not None and "100% of capacity" in grease.description and "not adequately" in grease.description
    assert "85%" not in grease.description
    live = Violation.objects.filter(parcel=order.parcel).exclude(status__in=["corrected", "closed"])
    assert list(live) == [grease] and grease.status == "escalated"
