"""Background jobs run in the worker and report their progress."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from sewerworks.core.jobs.runner import start_job
from sewerworks.core.jobs.tasks import check_parameters
from sewerworks.core.models import Job


@pytest.mark.django_db(transaction=True)
def test_a_job_runs_in_the_worker_and_records_its_progress(make_user) -> None:
    user = make_user("clerk")
    job = start_job(check_parameters, kind="check-parameters", title="Check parameters", acting_user=user)
    assert Job.objects.get(pk=job.pk).status == Job.Status.QUEUED
    call_command("worker", batch=True)
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert job.total and job.done == job.total
    assert job.result["parameters"] == job.total


@pytest.mark.django_db
def test_the_job_page_shows_progress_and_polls_until_finished(client_as) -> None:
    client = client_as("clerk")
    job = Job.objects.create(kind="x", title="Roll import", total=10, done=4, status=Job.Status.RUNNING)
    page = client.get(f"/jobs/{job.pk}/")
    assert b"4 of 10" in page.content and b"hx-trigger" in page.content
    Job.objects.filter(pk=job.pk).update(status=Job.Status.SUCCEEDED, done=10)
    partial = client.get(f"/jobs/{job.pk}/", HTTP_HX_REQUEST="true")
    assert b"hx-trigger" not in partial.content and b"<html" not in partial.content


@pytest.mark.django_db
def test_jobs_api(client_as) -> None:
    client = client_as("board member")
    job = Job.objects.create(kind="x", title="Bill run", total=2, done=1)
    assert client.get(f"/api/jobs/{job.pk}").json()["percent"] == 50
    assert client.get("/api/jobs/999999").status_code == 404


@pytest.mark.django_db
def test_a_job_recorded_before_core_moved_its_tasks_is_rerun_from_their_new_module() -> None:
    from importlib import import_module

    from django.apps import apps

    migration = import_module("sewerworks.core.migrations.0010_moved_task_paths")
    old = Job.objects.create(kind="x", title="Check", task_path="sewerworks.core.tasks.check_parameters")
    other = Job.objects.create(kind="x", title="Bills", task_path="sewerworks.billing.tasks.bill_run")
    migration.forward(apps, None)
    old.refresh_from_db()
    other.refresh_from_db()
    assert old.task_path == "sewerworks.core.jobs.tasks.check_parameters"
    assert other.task_path == "sewerworks.billing.tasks.bill_run"
    migration.backward(apps, None)
    old.refresh_from_db()
    assert old.task_path == "sewerworks.core.tasks.check_parameters"
