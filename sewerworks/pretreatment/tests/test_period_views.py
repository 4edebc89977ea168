"""The period evaluation's screens: only the Superintendent and the Town Engineer see the form and may start one;
a period still to come comes back on its field; the job's page leads to the run's change list; everyone with a
role reads the runs."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import override_settings

from sewerworks.pretreatment.models import EvaluationRun
from sewerworks.pretreatment.tests.period_helpers import enter_unevaluated

pytestmark = pytest.mark.django_db
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
START = "/pretreatment/evaluations/start/"


@pytest.fixture
def copper(manhole: Any, staff: Any) -> None:
    enter_unevaluated(manhole, dt.date(2026, 3, 2), "composite", [("copper", "1.7", "mg/L", "")], by=staff.clerk,
                      sample_id="V1")  # fmt: skip


def test_the_form_shows_to_those_who_may_start_an_evaluation(client_as: Any) -> None:
    assert "Evaluate the period" in client_as("superintendent").get("/pretreatment/").content.decode()
    clerk = client_as("clerk")
    assert "Evaluate the period" not in clerk.get("/pretreatment/").content.decode()
    assert clerk.post(START, {"start": "2026-01-01", "end": "2026-12-31"}).status_code == 403
    assert clerk.get("/pretreatment/evaluations/").status_code == 200


def test_a_period_still_to_come_is_refused_on_its_field(client_as: Any, copper: None) -> None:
    page = client_as("town engineer").post(START, {"start": "2099-01-01", "end": "2099-12-31"})
    assert page.status_code == 422
    assert "2099-01-01 is still to come (I-50)" in page.content.decode() and not EvaluationRun.objects.exists()


def test_a_started_evaluation_leads_to_its_change_list(
    client_as: Any, copper: None, django_capture_on_commit_callbacks: Any
) -> None:
    client = client_as("superintendent")
    with override_settings(TASKS=IMMEDIATE), django_capture_on_commit_callbacks(execute=True):
        started = client.post(START, {"start": "2026-01-01", "end": "2026-12-31"})
    assert started.status_code == 302 and "/pretreatment/evaluations/jobs/" in started["Location"]
    run = EvaluationRun.objects.get()
    job_page = client.get(started["Location"])
    assert job_page.status_code == 302 and job_page["Location"] == f"/pretreatment/evaluations/{run.pk}/"
    assert client.get(started["Location"], HTTP_HX_REQUEST="true")["HX-Redirect"] == job_page["Location"]
    detail = client.get(job_page["Location"]).content.decode()
    assert "2 added, 0 with figures changed, 0 withdrawn; 1 violation opened" in detail
    withdrawn = client.get(job_page["Location"], {"kind": "withdrawn"}).content.decode()
    assert "No change of this kind." in withdrawn
