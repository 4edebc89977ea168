"""The grease demo: a dozen establishments across both hamlets in every state the program knows, every date
on or before the demo's today."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

from sewerworks.enforcement import demo as enforcement_demo
from sewerworks.enforcement.models import FollowUp
from sewerworks.grease import demo as grease_demo
from sewerworks.grease.models import FoodServiceEstablishment, GreaseInspection, PumpOut
from sewerworks.grease.readings import category
from sewerworks.grease.status import standings
from sewerworks.registry import demo as registry_demo
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db


@pytest.fixture
def built() -> list[str]:
    said: list[str] = []
    registry_demo.build(seed=118, parcels=300, write=said.append)
    enforcement_demo.build(seed=118, parcels=300, write=said.append)
    grease_demo.build(seed=118, parcels=300, write=said.append)
    return said


def _by_name() -> dict[str, Any]:
    return {s.establishment.name: s for s in standings(DEMO_TODAY)}


def test_a_dozen_establishments_in_both_hamlets_with_a_new_one_over_150_seats(built: Any) -> None:
    establishments = FoodServiceEstablishment.objects.select_related("building__parcel__improvement_area")
    assert establishments.count() == 12
    assert len({e.parcel.improvement_area_id for e in establishments}) == 2
    lantern = establishments.get(building__name="Ship Lantern Grill")
    assert lantern.seats == 151 and category(lantern) == "new"
    assert str(lantern.current_interceptor()).startswith("2,000-gallon")
    assert establishments.get(building__name="King Street Café").current_interceptor().kind == "interior"


def test_every_state_is_shown(built: Any) -> None:
    rows = _by_name()
    riverview = rows["Riverview Banquet House"]
    assert riverview.order_open and riverview.deadline.status == "open"
    assert rows["Milton Pizzeria"].overdue
    assert FollowUp.objects.filter(deadline=rows["Milton Pizzeria"].deadline, kind="appearance_ticket").exists()
    assert rows["Route 9W Diner"].log_gap and not rows["Ship Lantern Grill"].log_gap
    predicted = rows["Orchard House Bistro"].predicted
    assert predicted is not None and predicted[0] == dt.date(2026, 12, 8)  # next week
    assert rows["Hudson Landing Diner"].violation is None and rows["Old Post Trattoria"].violation is None
    assert rows["Ridge Road Taqueria"].interceptor is None


def test_every_date_is_on_or_before_the_demos_today(built: Any) -> None:
    assert all(timezone.localtime(i.inspected_at).date() <= DEMO_TODAY for i in GreaseInspection.objects.all())
    assert all(p.pumped_on <= DEMO_TODAY for p in PumpOut.objects.all())
    assert PumpOut.objects.exclude(receipt="").exists()
