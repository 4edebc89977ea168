"""The dashboard's panels are computed once and kept for a minute while nothing they read changes
(core.web.dashboard), under the table generations (core.records.generation): a change made in the application shows
on the next dashboard at once, in the process that made it and, once committed, in every other one; a change to
a table a panel does not read leaves it kept."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import transaction
from django.db.models import F

from sewerworks.core.jobs.runner import do_rerun_job
from sewerworks.core.models import AuditEvent, Job, StoredDecision, TableGeneration
from sewerworks.core.records import generation

pytestmark = pytest.mark.django_db

INTERRUPTED = "1 background job interrupted"


def interrupted_job() -> Job:
    return Job.objects.create(
        kind="check_parameters", title="Check the parameters", status=Job.Status.INTERRUPTED,
        task_path="sewerworks.core.jobs.tasks.check_parameters",
    )  # fmt: skip


def committed_elsewhere(table: str) -> None:
    """Another process's commit of a write to ``table``, as this one sees it: the shared generation moved."""
    TableGeneration.objects.get_or_create(table=table)
    TableGeneration.objects.filter(table=table).update(value=F("value") + 1)


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
    # Another server process's write, as it looks to this one before its commit: the kept figures stand...
    with generation.unobserved():
        Job.objects.filter(pk=job.pk).update(status=Job.Status.QUEUED)
    kept = client.get("/").content.decode()
    assert INTERRUPTED in kept and as_of(kept) == as_of(first)
    # ...until that process's commit moves the job table's shared generation on.
    committed_elsewhere("core_job")
    assert INTERRUPTED not in client.get("/").content.decode()


def shared(table: str) -> int:
    return generation.current().shared.get(table, 0)


def test_a_committed_transaction_moves_the_shared_generation_of_each_table_it_wrote_on_once(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    before = {t: shared(t) for t in ("core_auditevent", "auth_user", "auth_user_groups", "core_job")}
    with django_capture_on_commit_callbacks(execute=True) as hooks, transaction.atomic():
        for n in range(3):
            AuditEvent.objects.create(action="test", subject=f"row {n}")
        make_user("clerk")  # a user and a group membership: more saves, still one transaction
    assert len(hooks) == 1
    assert {t: shared(t) - v for t, v in before.items()} == {
        "core_auditevent": 1, "auth_user": 1, "auth_user_groups": 1, "core_job": 0
    }  # fmt: skip


def test_a_rolled_back_transaction_moves_nothing_shared(django_capture_on_commit_callbacks: Any) -> None:
    before = shared("core_auditevent")
    with django_capture_on_commit_callbacks(execute=True) as hooks:
        with pytest.raises(RuntimeError), transaction.atomic():
            AuditEvent.objects.create(action="test")
            raise RuntimeError("abandoned")
        with transaction.atomic():
            AuditEvent.objects.create(action="test")  # the next transaction schedules its own move
    assert len(hooks) == 1
    assert shared("core_auditevent") == before + 1


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
        calls.append(AuditEvent.objects.count())
        return len(calls)

    assert generation.kept("test-read", compute) == 1
    assert generation.kept("test-read", compute) == 1  # kept: not computed again
    StoredDecision.objects.create(topic="test", as_of="2026-12-04", outcome="complies", summary="", decision={})
    assert generation.kept("test-read", compute) == 1  # a table it did not read changed: still kept
    AuditEvent.objects.create(action="test")  # a record of the table it read
    assert generation.kept("test-read", compute) == 2


def test_a_write_by_hand_moves_the_tables_it_names() -> None:
    from django.db import connection

    job = interrupted_job()

    def compute() -> list[str]:
        return list(Job.objects.values_list("title", flat=True))

    assert generation.kept("test-by-hand", compute) == ["Check the parameters"]
    with connection.cursor() as cursor:  # a statement written by hand, as a batch's: no model saved, no signal
        cursor.execute("UPDATE core_job SET title = %s WHERE id = %s", ["By hand", job.pk])
    assert generation.kept("test-by-hand", compute) == ["By hand"]


def test_what_a_statement_writes_is_read_from_it() -> None:
    assert generation.written_tables('INSERT INTO "billing_bill" ("id") VALUES (1)') == {"billing_bill"}
    assert generation.written_tables("UPDATE billing_bill AS b SET status = 'posted'") == {"billing_bill"}
    assert generation.written_tables('DELETE FROM "registry_meterread" WHERE id = 1') == {"registry_meterread"}
    assert generation.written_tables(
        "WITH due AS (SELECT id FROM billing_bill) INSERT INTO billing_ledgerentry (bill_id) SELECT id FROM due"
    ) == {"billing_ledgerentry"}
    assert generation.written_tables("WITH x AS (SELECT 1) REPLACE INTO core_job (id) SELECT 1 FROM x") == {"core_job"}
    assert generation.written_tables('SELECT * FROM "billing_bill" FOR UPDATE') == set()
    assert generation.written_tables("UPDATE django_session SET expire_date = now()") == set()  # not a record


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
    assert generation.move_on(["core_job"]) is False
    after = generation.current()
    assert after.shared == before.shared and after.of("core_job")[1] != before.of("core_job")[1]
