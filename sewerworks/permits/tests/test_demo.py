"""The permits demo: one of each kind in the states the issue names, every date on or before the demo's today."""

from __future__ import annotations

import datetime as dt

import pytest

from sewerworks.permits import demo as permits_demo
from sewerworks.permits.actions.moves import blockers
from sewerworks.permits.models import Permit
from sewerworks.registry import demo as registry_demo
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db


@pytest.fixture
def built() -> list[str]:
    said: list[str] = []
    registry_demo.build(seed=118, parcels=300, write=said.append)
    permits_demo.build(seed=118, parcels=300, write=said.append)
    return said


def test_the_demo_holds_each_permit_the_issue_names(built: list[str]) -> None:
    permits = {(p.kind, p.permit_class, p.status): p for p in Permit.objects.all()}
    review = permits[("building_sewer", "class_1", "under_review")]
    assert len([b for b in blockers(review) if b.startswith("§118-")]) == 2
    assert ("building_sewer", "class_1", "in_construction") in permits
    plant = permits[("building_sewer", "class_2", "under_review")]
    assert "juice" in plant.activity.lower() and blockers(plant) == []
    opening = permits[("opening", "", "granted")]
    assert opening.resolution.instrument == "Resolution 2026-118"
    assert ("old_sewer_reuse", "", "approved") in permits
    septic = permits[("private_system", "", "county_notified")]
    assert septic.availability["decision"]["outcome"] == "permitted"
    assert septic.county_inspection_overdue(dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC))
    assert "Permits: 6 permits" in built[-1]


def test_every_demo_date_is_on_or_before_the_demos_today(built: list[str]) -> None:
    for permit in Permit.objects.all():
        assert permit.filed_on <= DEMO_TODAY
        fee = getattr(permit, "fee", None)
        assert fee is None or fee.paid_on == permit.filed_on
        assert all(d.decided_at.date() >= permit.filed_on for d in permit.discretions.all())
        if permit.county_notified_at:
            assert permit.county_notified_at.date() <= DEMO_TODAY


def test_the_demo_holds_a_permit_in_each_state_of_its_inspections(built: list[str]) -> None:
    from sewerworks.enforcement.models import Deadline
    from sewerworks.inspections.models import Inspection
    from sewerworks.permits import demo_inspections

    demo_inspections.build(seed=118, parcels=300, write=built.append)
    assert built[-1].startswith("Permit inspections:"), built[-1]
    statuses = set(Permit.objects.values_list("status", flat=True))
    assert {"in_construction", "inspected", "ready_for_connection", "connected", "closed"} <= statuses
    assert Inspection.objects.filter(result="", scheduled_for=DEMO_TODAY).exists()
    assert Inspection.objects.filter(repeats__isnull=False, result="passed").exists()
    assert Deadline.objects.filter(kind="reexcavate", status="open", due_on=DEMO_TODAY).exists()
    assert Deadline.objects.filter(kind="reexcavate", status="met").exists()
    assert Deadline.objects.filter(kind="restore", status="open").count() == 1
    assert Deadline.objects.filter(kind="restore", status="met").count() == 1
    for inspection in Inspection.objects.all():
        assert inspection.requested_on <= DEMO_TODAY and (inspection.inspected_on or DEMO_TODAY) <= DEMO_TODAY
        assert all(h.history_date.date() <= DEMO_TODAY for h in inspection.history.all())
