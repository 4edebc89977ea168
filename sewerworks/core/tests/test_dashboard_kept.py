"""The dashboard's panels are computed once and kept for a minute while nothing changes (core.web.dashboard),
under the data generation (core.records.generation): a change made in the application shows on the next dashboard
at once, in the process that made it and, once committed, in every other one."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import transaction
from django.db.models import F

from sewerworks.core.jobs.runner import do_rerun_job
from sewerworks.core.models import AuditEvent, DataGeneration, Job
from sewerworks.core.records import generation

pytestmark = pytest.mark.django_db

INTERRUPTED = "1 background job interrupted"


def interrupted_job() -> Job:
    return Job.objects.create(
        kind="check_parameters", title="Check the parameters", status=Job.Status.INTERRUPTED,
        task_path="sewerworks.core.jobs.tasks.check_parameters",
    )  # fmt: skip


def as_of(html: str) -> str:
    found = re.search(r'id="dashboard-as-of">Figures as of <time datetime="([^"]+)"', html)
    assert found, "the dashboard says when its figures were computed"
    return found.group(1)


def test_a_job_rerun_by_a_do_action_leaves_the_needs_attention_panel_on_the_next_dashboard(
    client_as: Any,
) -> None:
    job = interrupted_job()
    client = client_as("clerk")
    assert INTERRUPTED in client.get("/").content.decode()
    do_rerun_job(job, acting_user=client.user)
    assert INTERRUPTED not in client.get("/").content.decode()


def test_figures_are_kept_while_nothing_changes_and_recomputed_once_another_process_commits_a_change(
    client_as: Any,
) -> None:
    job = interrupted_job()
    client = client_as("clerk")
    first = client.get("/").content.decode()
    # A write no signal sees, as another server process's commit looks to this one: the kept figures stand...
    Job.objects.filter(pk=job.pk).update(status=Job.Status.QUEUED)
    kept = client.get("/").content.decode()
    assert INTERRUPTED in kept and as_of(kept) == as_of(first)
    # ...until that process's commit moves the shared generation on.
    DataGeneration.objects.update_or_create(pk=1, defaults={"value": F("value") + 1})
    assert INTERRUPTED not in client.get("/").content.decode()


def test_a_committed_transaction_moves_the_shared_generation_on_once(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    before = generation.current()[0]
    with django_capture_on_commit_callbacks(execute=True) as hooks, transaction.atomic():
        for n in range(3):
            AuditEvent.objects.create(action="test", subject=f"row {n}")
        make_user("clerk")  # a user and a group membership: more saves, still one transaction
    assert len(hooks) == 1
    assert generation.current()[0] == before + 1


def test_a_rolled_back_transaction_moves_nothing_shared(django_capture_on_commit_callbacks: Any) -> None:
    before = generation.current()[0]
    with django_capture_on_commit_callbacks(execute=True) as hooks:
        with pytest.raises(RuntimeError), transaction.atomic():
            AuditEvent.objects.create(action="test")
            raise RuntimeError("abandoned")
        with transaction.atomic():
            AuditEvent.objects.create(action="test")  # the next transaction schedules its own move
    assert len(hooks) == 1
    assert generation.current()[0] == before + 1


def test_a_session_renewed_on_every_request_is_not_a_change_of_the_records() -> None:
    before = generation.current()
    store = SessionStore()
    store["seen"] = True
    store.save()
    assert generation.current() == before


def test_two_clerks_see_the_same_figures_and_a_second_visit_shows_those_kept(make_user: Any, client: Any) -> None:
    first, second = make_user("clerk"), make_user("clerk")
    interrupted_job()
    client.force_login(first)
    shown_first = client.get("/").content.decode()
    client.force_login(second)  # a login is an audit line: a change; the figures are computed again once
    shown_second = client.get("/").content.decode()
    assert INTERRUPTED in shown_first and INTERRUPTED in shown_second
    again = client.get("/").content.decode()
    assert as_of(again) == as_of(shown_second)


def test_a_computed_read_is_kept_until_a_record_changes() -> None:
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert generation.kept("test-read", compute) == 1
    assert generation.kept("test-read", compute) == 1  # kept: not computed again
    AuditEvent.objects.create(action="test")  # any record saved
    assert generation.kept("test-read", compute) == 2


def test_a_background_job_starting_and_ending_moves_the_generation() -> None:
    from sewerworks.core.jobs.runner import job_finished, job_started

    job = Job.objects.create(kind="check_parameters", title="Check the parameters", status=Job.Status.QUEUED)
    before = generation.current()
    job_started(job.pk)  # one UPDATE, which no model signal sees: the billing panel shows a bill run's status
    running = generation.current()
    job_finished(job.pk, error="Stopped.")
    assert before != running != generation.current()


def test_a_move_skipped_while_a_batch_holds_the_database_still_shows_this_processs_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sewerworks.core.records import quickwrite

    before = generation.current()
    monkeypatch.setattr(quickwrite, "write_if_free", lambda work, **kw: False)  # the lock stayed taken
    assert generation.move_on() is False
    shared, local = generation.current()
    assert shared == before[0] and local != before[1]
