"""One worker's queue is shared by everyone (issue 30, item 4): 63 screens, 7 bill runs and 19 PDF batches
queued by one API caller in 8 minutes kept a real import waiting 2 minutes. A request equal to a job queued or
running is that job; a user has at most ``SEWERWORKS_JOBS_QUEUED_PER_USER`` (5) jobs waiting; interactive
work (imports, a single document) runs before batches; the Superintendent cancels a queued job from the
jobs page."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from sewerworks.core.jobs.queue import BATCH, INTERACTIVE, do_cancel_job
from sewerworks.core.jobs.runner import start_job
from sewerworks.core.jobs.tasks import check_parameters
from sewerworks.core.models import AuditEvent, Job


def _start(user: Any, kind: str = "check-parameters", **kwargs: Any) -> Job:
    return start_job(check_parameters, kind=kind, title=f"Check ({kind})", acting_user=user, **kwargs)


def _queue_row(job: Job) -> DBTaskResult | None:
    job.refresh_from_db()  # the queue's id is written as the transaction commits
    return DBTaskResult.objects.filter(id=job.task_result_id).first() if job.task_result_id else None


@pytest.mark.django_db(transaction=True)
def test_a_request_equal_to_a_queued_or_running_job_is_that_job(make_user: Any) -> None:
    clerk, engineer = make_user("clerk"), make_user("town engineer")
    first = _start(clerk)
    again = _start(engineer)  # someone else asking the same: the same work
    assert again.pk == first.pk and again.reused and not first.reused
    assert Job.objects.count() == 1 and DBTaskResult.objects.count() == 1
    Job.objects.filter(pk=first.pk).update(status=Job.Status.RUNNING)
    assert _start(clerk).pk == first.pk
    other = _start(clerk, kind="check-parameters-2")  # another kind: another job
    assert other.pk != first.pk
    Job.objects.filter(pk=first.pk).update(status=Job.Status.SUCCEEDED)  # finished: asked again, run again
    assert _start(clerk).pk not in (first.pk, other.pk)


@pytest.mark.django_db(transaction=True)
def test_a_user_has_at_most_five_jobs_waiting_and_another_user_is_not_held_up(make_user: Any) -> None:
    clerk, superintendent = make_user("clerk"), make_user("superintendent")
    waiting = [_start(clerk, kind=f"k{i}") for i in range(5)]
    with pytest.raises(ValidationError) as refused:
        _start(clerk, kind="k5")
    assert "5 jobs waiting for the worker (at most 5)" in refused.value.messages[0]
    assert _start(clerk, kind="k0").pk == waiting[0].pk  # an equal request is still answered: it adds nothing
    assert _start(superintendent, kind="k5").created_by == superintendent
    Job.objects.filter(pk=waiting[0].pk).update(status=Job.Status.RUNNING)  # one started: room for one more
    assert _start(clerk, kind="k6").status == Job.Status.QUEUED
    assert _start(None, kind="system").pk  # the system's own jobs (a boundary changed) are not capped


@pytest.mark.django_db(transaction=True)
def test_the_cap_is_a_setting(make_user: Any, settings: Any) -> None:
    settings.SEWERWORKS_JOBS_QUEUED_PER_USER = 2
    clerk = make_user("clerk")
    _start(clerk, kind="a")
    _start(clerk, kind="b")
    with pytest.raises(ValidationError, match=r"2 jobs waiting for the worker \(at most 2\)"):
        _start(clerk, kind="c")


@pytest.mark.django_db(transaction=True)
def test_interactive_work_runs_before_batches_queued_earlier(make_user: Any) -> None:
    clerk = make_user("clerk")
    batch = _start(clerk, kind="batch", priority=BATCH)
    interactive = _start(clerk, kind="import", priority=INTERACTIVE)
    assert (_queue_row(batch).priority, _queue_row(interactive).priority) == (BATCH, INTERACTIVE)  # type: ignore[union-attr]
    call_command("worker", batch=True)
    batch.refresh_from_db()
    interactive.refresh_from_db()
    assert batch.status == interactive.status == Job.Status.SUCCEEDED
    assert interactive.started_at < batch.started_at  # type: ignore[operator]


@pytest.mark.django_db(transaction=True)
def test_the_superintendent_cancels_a_queued_job_and_the_worker_never_runs_it(make_user: Any) -> None:
    clerk, superintendent = make_user("clerk"), make_user("superintendent")
    job = _start(clerk)
    with pytest.raises(PermissionDenied):
        do_cancel_job(job, acting_user=clerk)
    cancelled = do_cancel_job(job, acting_user=superintendent)
    assert cancelled.status == Job.Status.CANCELLED and cancelled.finished
    assert f"Cancelled by {superintendent.username}" in cancelled.message
    assert _queue_row(job) is None  # the queue's row is gone: no worker takes it
    assert AuditEvent.objects.filter(action="do_cancel_job", actor=superintendent, rows=1).exists()
    call_command("worker", batch=True)
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED and job.started_at is None
    assert _start(clerk).pk != job.pk  # asked again: a new job
    with pytest.raises(ValidationError, match="Only a queued job is cancelled"):
        do_cancel_job(job, acting_user=superintendent)


@pytest.mark.django_db(transaction=True)
def test_a_job_the_worker_has_taken_is_not_cancelled(make_user: Any) -> None:
    job = _start(make_user("clerk"))
    DBTaskResult.objects.filter(id=_queue_row(job).pk).update(status=TaskResultStatus.RUNNING)  # type: ignore[union-attr]
    with pytest.raises(ValidationError, match="the worker has started it"):
        do_cancel_job(job, acting_user=make_user("superintendent"))
    job.refresh_from_db()
    assert job.status == Job.Status.QUEUED


@pytest.mark.django_db(transaction=True)
def test_the_jobs_page_offers_the_superintendent_a_cancel_button_for_a_queued_job(client_as: Any,
                                                                                    make_user: Any) -> None:
    job = _start(make_user("clerk"))
    clerk = client_as("clerk")
    assert f"/jobs/{job.pk}/cancel/" not in clerk.get("/jobs/").content.decode()
    assert clerk.post(f"/jobs/{job.pk}/cancel/").status_code == 403
    superintendent = client_as("superintendent")
    assert f"/jobs/{job.pk}/cancel/" in superintendent.get("/jobs/").content.decode()
    assert f"/jobs/{job.pk}/cancel/" in superintendent.get(f"/jobs/{job.pk}/").content.decode()
    done = superintendent.post(f"/jobs/{job.pk}/cancel/", follow=True)
    assert done.status_code == 200 and "Cancelled" in done.content.decode()
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED
    assert f"/jobs/{job.pk}/cancel/" not in superintendent.get("/jobs/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_api_cancels_too_and_refuses_the_clerk(client_as: Any, make_user: Any) -> None:
    job = _start(make_user("clerk"))
    assert client_as("clerk").post(f"/api/jobs/{job.pk}/cancel").status_code == 403
    answer = client_as("superintendent").post(f"/api/jobs/{job.pk}/cancel")
    assert answer.status_code == 200 and answer.json()["status"] == "cancelled"
    again = client_as("superintendent").post(f"/api/jobs/{job.pk}/cancel")
    assert again.status_code == 422 and "Only a queued job is cancelled" in again.json()["detail"]
