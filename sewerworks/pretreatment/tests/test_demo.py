"""The pretreatment demo: three industrial users with a year of weekly composites, every date on or before the
demo's today: the juice plant's BOD review, the machining shop's copper exceedances (one 30-day exceedance no
single day shows), the cider works' pH 5.8 grab under its BOD special agreement, cadmium never detected."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment import demo as pretreatment_demo
from sewerworks.pretreatment.models import EngineerReview, Exceedance, IndustrialUser, Result, Sample
from sewerworks.registry import demo as registry_demo
from sewerworks.registry.demo.names import DEMO_TODAY

pytestmark = pytest.mark.django_db


@pytest.fixture
def built() -> list[str]:
    said: list[str] = []
    registry_demo.build(seed=118, parcels=300, write=said.append)
    pretreatment_demo.build(seed=118, parcels=300, write=said.append)
    return said


def test_the_demo_tells_each_user_s_story(built: Any) -> None:
    users = {u.name: u for u in IndustrialUser.objects.all()}
    assert set(users) == set(pretreatment_demo.USERS)
    juice, shop, cider = (users[n] for n in (pretreatment_demo.JUICE, pretreatment_demo.SHOP, pretreatment_demo.CIDER))
    assert EngineerReview.objects.filter(user=juice, status="open").exists()
    assert not juice.exceedances.exists()
    copper = shop.exceedances.filter(parameter="copper")
    assert copper.filter(basis="24_hour").count() == 1
    single_days = {e.day for e in copper.filter(basis="24_hour")}
    quiet = [e for e in copper.filter(basis="30_day") if not any(abs((e.day - d).days) < 30 for d in single_days)]
    assert quiet, "a 30-day copper exceedance that no single day shows"
    assert list(cider.exceedances.values_list("parameter", "basis")) == [("ph", "instantaneous")]
    assert not cider.exceedances.filter(parameter="bod").exists() and cider.agreements.count() == 1
    assert Result.objects.filter(parameter="cadmium", qualifier="<").count() == 52
    assert Violation.objects.filter(program="pretreatment").count() == 2


def test_every_date_is_on_or_before_the_demo_s_today(built: Any) -> None:
    assert max(Sample.objects.values_list("day", flat=True)) == DEMO_TODAY
    assert max(Exceedance.objects.values_list("day", flat=True)) <= DEMO_TODAY
    assert max(Violation.objects.values_list("discovered_on", flat=True)) <= DEMO_TODAY
