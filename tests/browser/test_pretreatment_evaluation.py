"""The Superintendent evaluates the year's lab results at once from the program page (issue 36): the job runs,
the run's page lists the exceedances it added with their figures and why; a correction withdraws two, which
the next run lists; run again with nothing changed, it says no finding was written. axe-core checks every
page."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from sewerworks.pretreatment.actions import do_add_sampling_point, do_register_industrial_user
from sewerworks.pretreatment.models import EvaluationRun, Exceedance, Sample
from sewerworks.pretreatment.tests.period_helpers import enter_unevaluated
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture
def year_of_copper(make_user):
    """A machining shop's copper composites of 2026, entered and not yet evaluated: 1.7 mg/L on March 2 (above
    both limits), 0.5 on March 16."""
    engineer = make_user("town engineer")
    parcel = f.parcel("108.12-3-60", street_number="40", street_name="Western Ave", improvement_area=f.area())
    building = f.building(parcel, use="industrial", name="Marlborough Precision Machining")
    user = do_register_industrial_user(building=building, activity="Machining", acting_user=engineer,
                                       average_daily_flow=Decimal(4000))  # fmt: skip
    point = do_add_sampling_point(user=user, code="CM-1", kind="control_manhole", location="Rear lot",
                                  required_on=dt.date(2019, 5, 6), acting_user=engineer)  # fmt: skip
    samples = [enter_unevaluated(point, day, "composite", [("copper", value, "mg/L", "")], by=engineer,
                                 sample_id=f"HVL-{n}") for n, (day, value) in enumerate(
                                     [(dt.date(2026, 3, 2), "1.7"), (dt.date(2026, 3, 16), "0.5")])]  # fmt: skip
    return point, samples


def _evaluate(page, shot, name: str) -> None:
    page.goto("/pretreatment/")
    form = page.get_by_role("region", name="Evaluate a period's results at once")
    expect(form.get_by_label("From")).to_have_value(f"{dt.date.today().year}-01-01")
    expect(form.get_by_label("To")).to_have_value(f"{dt.date.today().year}-12-31")
    shot(f"{name}-program-page")
    form.get_by_role("button", name="Evaluate the period").click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name=f"Evaluation of 2026-03-02 to {dt.date.today():%Y-%m-%d}")).to_be_visible()


def test_the_superintendent_evaluates_the_year_and_reads_what_changed(
    page, login, shot, settings, year_of_copper
) -> None:
    settings.TASKS = IMMEDIATE  # the evaluation's job runs while the screen waits
    point, (first, _) = year_of_copper
    login("superintendent")
    _evaluate(page, shot, "evaluation-first")
    expect(page.get_by_text("every series of the period")).to_be_visible()
    changes = page.get_by_role("region", name="What it changed")
    expect(changes.get_by_role("row")).to_have_count(1 + Exceedance.objects.count())
    expect(changes.get_by_role("cell", name="24-hour average")).to_be_visible()
    expect(changes.get_by_role("cell", name="1.7 mg/L").first).to_be_visible()
    expect(changes.get_by_role("link", name="Violation").first).to_be_visible()
    shot("evaluation-first-changes")

    enter_unevaluated(point, first.day, "composite", [("copper", "1.0", "mg/L", "")], by=first.created_by,
                      sample_id="HVL-0R", corrects=Sample.objects.get(pk=first.pk))  # the lab's correction  # fmt: skip
    _evaluate(page, shot, "evaluation-correction")
    expect(page.get_by_text("only the series and days changed since the last evaluation")).to_be_visible()
    page.get_by_role("link", name="Withdrawn: no longer holds (2)").click()  # March 2's day, March 16's 30 days
    page.wait_for_load_state()
    changes = page.get_by_role("region", name="What it changed")
    expect(changes.get_by_text("No longer exceeded (corrected result (sample HVL-0))").first).to_be_visible()
    expect(changes.get_by_text("(staff decide)")).to_have_count(2)
    shot("evaluation-withdrawn")

    _evaluate(page, shot, "evaluation-again")
    expect(page.get_by_text("Nothing changed: no finding was written.")).to_be_visible()
    shot("evaluation-nothing-changed")
    page.get_by_role("link", name="All evaluations").click()
    page.wait_for_load_state()
    expect(page.get_by_role("link", name=f"Run {EvaluationRun.objects.latest('pk').pk}")).to_be_visible()
    shot("evaluation-list")
