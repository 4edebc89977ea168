"""The worked examples of a period's evaluation through the API (issue 36): POST /api/pretreatment/evaluations
starts a background job (run at once here), GET /api/pretreatment/evaluations/{id} lists what it changed; a late
daily value, a limit lowered mid-year, a corrected result, a rerun that writes nothing; and the refusals."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import override_settings

from sewerworks.pretreatment.models import Exceedance, Sample
from sewerworks.pretreatment.tests.period_helpers import change_toxic_limit, enter_unevaluated

pytestmark = pytest.mark.django_db
D = dt.date
JSON = "application/json"
URL = "/api/pretreatment/evaluations"
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def copper(manhole: Any, staff: Any, day: dt.date, value: str, sample_id: str,
           corrects: Sample | None = None) -> Sample:  # fmt: skip
    return enter_unevaluated(manhole, day, "composite", [("copper", value, "mg/L", "")], by=staff.clerk,
                             sample_id=sample_id, corrects=corrects)  # fmt: skip


def evaluate_year(client: Any, on_commit: Any) -> dict[str, Any]:
    """POST the evaluation of 2026 up to October 31 (its job run at once), find its run by the job, GET it."""
    with override_settings(TASKS=IMMEDIATE), on_commit(execute=True):
        started = client.post(URL, {"start": "2026-01-01", "end": "2026-10-31"}, content_type=JSON)
    assert started.status_code == 202, started.content
    (run,) = client.get(URL, {"job_id": started.json()["id"]}).json()["items"]
    detail = client.get(f"{URL}/{run['id']}")
    assert detail.status_code == 200
    return dict(detail.json())


@pytest.fixture
def superintendent(client_as: Any) -> Any:
    return client_as("superintendent")


def test_the_worked_examples_through_the_api(
    superintendent: Any, django_capture_on_commit_callbacks: Any, manhole: Any, staff: Any
) -> None:
    client, on_commit = superintendent, django_capture_on_commit_callbacks
    first = copper(manhole, staff, D(2026, 3, 2), "0.7", "P1")
    copper(manhole, staff, D(2026, 3, 9), "0.7", "P2")
    run = evaluate_year(client, on_commit)
    assert (run["status"], run["full"], run["added"], run["changes"]) == ("finished", True, 0, [])
    assert run["start"] == "2026-03-02" and "before the first result (2026-03-02)" in run["notes"]

    copper(manhole, staff, D(2026, 3, 5), "1.1", "P3")  # a late daily value: the 30-day average exceeds
    run = evaluate_year(client, on_commit)
    assert (run["full"], run["added"], run["violations"]) == (False, 3, 1)
    assert [(c["kind"], c["basis"], c["day"], c["value_after"]) for c in run["changes"]] == [
        ("added", "30_day", "2026-03-05", "0.9"), ("added", "30_day", "2026-03-09", "0.833334"),
        ("added", "30_day", "2026-04-01", "0.9")]  # fmt: skip

    change_toxic_limit("copper", thirty="0.65", twenty_four="1.6", effective=D(2026, 4, 2), by=staff.clerk)
    # April 4: March 9 alone, 0.7, is within 0.8 but not 0.65: only after the change
    run = evaluate_year(client, on_commit)
    assert [(c["kind"], c["day"], c["limit_after"]) for c in run["changes"]] == [("added", "2026-04-04", "0.65")]

    copper(manhole, staff, D(2026, 3, 2), "0.1", "P4", corrects=first)  # March 2 corrected to 0.1 (I-153)
    # the 30-day averages of March 5 and 9 fall to 0.6 and 0.633334: withdrawn, kept (I-151)
    run = evaluate_year(client, on_commit)
    assert [(c["kind"], c["day"], c["value_before"]) for c in run["changes"]] == [
        ("withdrawn", "2026-03-05", "0.9"), ("withdrawn", "2026-03-09", "0.833334")]  # fmt: skip
    assert run["changes"][0]["reason"] == ("No longer exceeded (corrected result (sample P1)): Copper, 30-day "
                                           "average: 0.6 mg/L is within the limit of 0.8 mg/L.")  # fmt: skip
    assert Exceedance.objects.filter(withdrawn_by_id=run["id"]).count() == 2
    assert Exceedance.objects.filter(withdrawn_by=None).count() == 2  # April 1 and April 4 still hold


def test_a_rerun_with_nothing_changed_writes_nothing_through_the_api(
    superintendent: Any, django_capture_on_commit_callbacks: Any, manhole: Any, staff: Any
) -> None:
    client, on_commit = superintendent, django_capture_on_commit_callbacks
    copper(manhole, staff, D(2026, 3, 2), "1.7", "Q1")
    evaluate_year(client, on_commit)
    again = evaluate_year(client, on_commit)
    assert (again["full"], again["added"], again["changed"], again["withdrawn"], again["changes"]) == (
        False, 0, 0, 0, [])  # fmt: skip
    assert "Nothing changed since the last evaluation" in again["notes"]


def test_refusals_name_the_field_and_the_rule(client_as: Any, manhole: Any, staff: Any) -> None:
    copper(manhole, staff, D(2026, 3, 2), "1.7", "Z1")
    clerk = client_as("clerk")
    assert clerk.post(URL, {"start": "2026-01-01", "end": "2026-06-30"}, content_type=JSON).status_code == 403
    client = client_as("town engineer")
    late = client.post(URL, {"start": "2099-01-01", "end": "2099-12-31"}, content_type=JSON)
    assert late.status_code == 422 and "still to come (I-50)" in late.json()["detail"]
    backwards = client.post(URL, {"start": "2026-06-30", "end": "2026-01-01"}, content_type=JSON)
    assert backwards.status_code == 422 and "before it starts" in backwards.json()["detail"]
    empty = client.post(URL, {"start": "2020-01-01", "end": "2020-12-31"}, content_type=JSON)
    assert empty.status_code == 422 and "No lab result is recorded" in empty.json()["detail"]
    assert client.get(f"{URL}/999999").status_code == 404
    queued = client.post(URL, {"start": "2026-01-01", "end": "2026-06-30"}, content_type=JSON)
    assert queued.status_code == 202  # the database queue holds it: no worker runs in this test
    again = client.post(URL, {"start": "2026-01-01", "end": "2026-06-30"}, content_type=JSON)
    assert again.status_code == 422 and f"already queued (job {queued.json()['id']})" in again.json()["detail"]
