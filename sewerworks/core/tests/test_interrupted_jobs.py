"""A job whose worker is killed does not stay "running" forever: the next worker to start marks it
interrupted, and a rerun runs the same task with the same arguments to the end."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone

from sewerworks.core.jobs.runner import do_rerun_job, start_job
from sewerworks.core.jobs.workers import process_alive, process_start, recover_interrupted_jobs
from sewerworks.core.models import AuditEvent, Job
from sewerworks.core.tests.slow_tasks import wait_for_release

ROOT = Path(__file__).resolve().parents[3]


def _database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    password = f":{quote(str(db['PASSWORD']))}" if db.get("PASSWORD") else ""
    return f"postgres://{quote(str(db['USER']))}{password}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def _manage(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "DATABASE_URL": _database_url()}
    return subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for(path: Path, worker: subprocess.Popen[str], seconds: float = 60) -> None:
    give_up = time.monotonic() + seconds
    while not path.exists():
        if worker.poll() is not None:
            raise AssertionError(f"the worker exited: {worker.communicate()}")
        assert time.monotonic() < give_up, "the worker never started the job"
        time.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_job_leaves_it_interrupted_and_a_rerun_completes_it(make_user: Any, tmp_path: Path) -> None:
    clerk = make_user("clerk")
    started, release = tmp_path / "started", tmp_path / "release"
    job = start_job(
        wait_for_release, kind="test", title="Slow job", acting_user=clerk, started=str(started), release=str(release)
    )
    assert job.task_path == "sewerworks.core.tests.slow_tasks.wait_for_release"
    worker = _manage("worker", "--interval", "0.1")
    try:
        _wait_for(started, worker)
        job.refresh_from_db()
        assert job.status == Job.Status.RUNNING and job.worker_pid == worker.pid
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(timeout=30)
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
    job.refresh_from_db()
    assert job.status == Job.Status.RUNNING  # killed: nothing could say otherwise

    recovery = _manage("worker", "--batch")
    out, err = recovery.communicate(timeout=120)
    assert recovery.returncode == 0, err
    assert f"Job {job.pk} (Slow job) was interrupted" in err
    job.refresh_from_db()
    assert job.status == Job.Status.INTERRUPTED and job.finished and job.may_rerun
    assert f"pid {worker.pid}" in job.message and "after 1 of 2" in job.message
    from django_tasks_db.models import DBTaskResult

    queue_row = DBTaskResult.objects.get(id=job.task_result_id)
    assert queue_row.status == "FAILED" and "stopped before it finished" in queue_row.traceback

    started.unlink()
    release.touch()
    do_rerun_job(job, acting_user=clerk)
    rerun = _manage("worker", "--batch")
    out, err = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, err
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert job.attempts == 2 and job.result == {"released": True} and job.done == 2
    rerun_event = AuditEvent.objects.get(action="do_rerun_job")
    assert rerun_event.actor == clerk and rerun_event.detail["from_status"] == "interrupted"
    assert AuditEvent.objects.filter(action="recover_interrupted_jobs", rows=1).exists()


@pytest.mark.django_db
def test_a_running_job_of_a_live_worker_is_left_alone_and_a_stale_one_elsewhere_is_not(make_user: Any) -> None:
    me = os.getpid()
    alive = Job.objects.create(
        kind="x", title="Mine", status=Job.Status.RUNNING, worker_host=os.uname().nodename, worker_pid=me,
        worker_process_start=process_start(me), heartbeat_at=timezone.now(),
    )  # fmt: skip
    elsewhere = Job.objects.create(
        kind="x", title="Other host", status=Job.Status.RUNNING, worker_host="other-host", worker_pid=1,
        heartbeat_at=timezone.now() - dt.timedelta(minutes=61),
    )  # fmt: skip
    recent = Job.objects.create(
        kind="x", title="Other host, recent", status=Job.Status.RUNNING, worker_host="other-host", worker_pid=1,
        heartbeat_at=timezone.now() - dt.timedelta(minutes=59),
    )  # fmt: skip
    assert [j.pk for j in recover_interrupted_jobs()] == [elsewhere.pk]
    statuses = dict(Job.objects.values_list("pk", "status"))
    assert statuses == {alive.pk: "running", elsewhere.pk: "interrupted", recent.pk: "running"}


def test_a_reused_pid_is_not_taken_for_the_worker() -> None:
    me = os.getpid()
    assert process_alive(me, process_start(me))
    assert not process_alive(me, "1")  # same pid, another start time: another process


@pytest.mark.django_db
def test_only_a_stopped_job_with_its_task_kept_is_rerun_and_only_by_roles_that_start_jobs(make_user: Any) -> None:
    job = Job.objects.create(kind="x", title="Done", status=Job.Status.SUCCEEDED, task_path="a.b")
    with pytest.raises(ValidationError, match="this one is succeeded"):
        do_rerun_job(job, acting_user=make_user("clerk"))
    old = Job.objects.create(kind="x", title="Old", status=Job.Status.INTERRUPTED)
    with pytest.raises(ValidationError, match="started before its task was kept"):
        do_rerun_job(old, acting_user=make_user("superintendent"))
    with pytest.raises(PermissionDenied, match="core.rerun_job"):
        do_rerun_job(old, acting_user=make_user("board member"))


@pytest.mark.django_db(transaction=True)
def test_the_jobs_screen_offers_a_rerun_of_an_interrupted_job(client_as: Any, tmp_path: Path) -> None:
    client = client_as("clerk")
    (tmp_path / "release").touch()
    job = start_job(
        wait_for_release, kind="t", title="Slow job", acting_user=client.user,
        started=str(tmp_path / "s"), release=str(tmp_path / "release"),
    )  # fmt: skip
    Job.objects.filter(pk=job.pk).update(status=Job.Status.INTERRUPTED)
    listing = client.get("/jobs/").content.decode()
    assert "Interrupted (its worker stopped)" in listing and f'action="/jobs/{job.pk}/rerun/"' in listing
    assert client.post(f"/jobs/{job.pk}/rerun/").status_code == 302
    call_command("worker", batch=True)
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED and job.attempts == 2


@pytest.mark.django_db
def test_a_board_member_sees_no_rerun_and_may_not_post_one(client_as: Any) -> None:
    client = client_as("board member")
    job = Job.objects.create(kind="x", title="Broken", status=Job.Status.FAILED, task_path="a.b")
    assert b"/rerun/" not in client.get("/jobs/").content
    assert client.post(f"/jobs/{job.pk}/rerun/").status_code == 403


@pytest.mark.django_db
def test_a_rerun_from_the_command_line_and_the_api(make_user: Any, client_as: Any) -> None:
    make_user("clerk", username="clerk-cli")
    job = Job.objects.create(
        kind="x", title="Check", status=Job.Status.FAILED, task_path="sewerworks.core.jobs.tasks.check_parameters"
    )
    out = StringIO()
    call_command("jobs", stdout=out)
    assert f"(rerun: sewerworks jobs --rerun {job.pk})" in out.getvalue()
    call_command("jobs", rerun=job.pk, as_user="clerk-cli", stdout=out)
    assert f"Job {job.pk} queued again (attempt 2)" in out.getvalue()
    with pytest.raises(CommandError, match="this one is queued"):
        call_command("jobs", rerun=job.pk, as_user="clerk-cli")
    Job.objects.filter(pk=job.pk).update(status=Job.Status.INTERRUPTED)
    assert client_as("board member").post(f"/api/jobs/{job.pk}/rerun").status_code == 403
    rerun = client_as("superintendent").post(f"/api/jobs/{job.pk}/rerun")
    assert rerun.status_code == 200 and rerun.json()["attempts"] == 3 and rerun.json()["status"] == "queued"


@pytest.mark.django_db
def test_the_dashboard_says_when_a_job_was_interrupted(client_as: Any) -> None:
    client = client_as("clerk")
    assert b"Needs attention" not in client.get("/").content
    Job.objects.create(kind="x", title="Roll import", status=Job.Status.INTERRUPTED, task_path="a.b")
    html = client.get("/").content.decode()
    assert "Needs attention" in html and "1 background job interrupted" in html
