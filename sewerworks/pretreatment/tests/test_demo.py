"""The pretreatment demo: three industrial users with a year of weekly composites, every date on or before the
demo's today: the juice plant's BOD review, the machining shop's copper exceedances (one 30-day exceedance no
single day shows), the cider works' pH 5.8 grab under its BOD special agreement, cadmium never detected."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

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
    assert cider.exceedances.get().withdrawn_by is not None  # the lab corrected the grab to pH 6.8 (I-153)
    assert not cider.exceedances.filter(parameter="bod").exists() and cider.agreements.count() == 1
    assert Result.objects.filter(parameter="cadmium", qualifier="<").count() == 52
    assert Violation.objects.filter(program="pretreatment").count() == 3  # copper, pH, zinc under the new limit


def test_the_year_is_evaluated_at_once_in_each_of_its_states(built: Any) -> None:
    """In full (nothing the samples had not found), a correction withdrawing the pH exceedance, Resolution
    2026-52 adding the zinc exceedances from October 1 (I-150), then nothing changed."""
    from sewerworks.pretreatment.models import EvaluationRun

    runs = list(EvaluationRun.objects.order_by("pk"))
    assert [(r.full, r.added, r.changed, r.withdrawn, r.status) for r in runs][:2] == [
        (True, 0, 0, 0, "finished"), (False, 0, 0, 1, "finished")]  # fmt: skip
    assert runs[2].added > 0 and runs[2].withdrawn == 0 and runs[2].violations == 1
    zinc = Exceedance.objects.filter(parameter="zinc")
    assert zinc.count() == runs[2].added and min(zinc.values_list("day", flat=True)) >= dt.date(2026, 10, 1)
    assert (runs[3].added, runs[3].changed, runs[3].withdrawn) == (0, 0, 0)
    assert all(r.as_of == DEMO_TODAY and timezone.localdate(r.started_at) <= DEMO_TODAY for r in runs)


def test_every_date_is_on_or_before_the_demo_s_today(built: Any) -> None:
    assert max(Sample.objects.values_list("day", flat=True)) == DEMO_TODAY
    assert max(Exceedance.objects.values_list("day", flat=True)) <= DEMO_TODAY
    assert max(Violation.objects.values_list("discovered_on", flat=True)) <= DEMO_TODAY
