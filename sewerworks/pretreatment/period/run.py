"""A period's lab results evaluated at once (issue 36): ``evaluate_period``.

1. The period asked is cut to the data, and said so: a day still to come is not judged (I-50), and nothing
   before the first result. Two runs never overlap (``core.jobs.locks``: the second is refused at once); a run
   found "running" when the lock is free was killed, and is marked interrupted.
2. The limits of each day (I-150) and the agreements (I-71) are read (``limits``); against the last finished
   run of the same period, only the series and days that changed are judged (``changes``); with nothing
   changed the run ends there and writes no finding.
3. SQL finds the candidates (``sql``), the topic judges them with the per-sample path's facts
   (``findings``), and the changes are written per chunk of users, each chunk one transaction with the run's
   counts (``write``): a run killed between two chunks leaves whole users, and the next run writes the rest.

Test hook: with ``SEWERWORKS_EVALUATION_DIE_AFTER_CHUNK=N`` in the environment the process kills itself with
SIGKILL right after committing chunk N (the kill test); it does nothing otherwise.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import signal
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection
from django.db.models import Min
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.jobs.locks import run_lock
from sewerworks.core.models import AuditEvent, Job
from sewerworks.core.parameters import parameters_read_once
from sewerworks.core.records import events
from sewerworks.pretreatment.evaluation import Judged, Key, one_per_day, sends_to_review
from sewerworks.pretreatment.models import EvaluationRun, Sample, SamplingPoint
from sewerworks.pretreatment.period.changes import RULES, Scope, high_water, previous_run, what_changed
from sewerworks.pretreatment.period.findings import Judge, Want
from sewerworks.pretreatment.period.limits import Agreements, Limit, chapter_limits, snapshot, version
from sewerworks.pretreatment.period.sql import Finder, drop_tables
from sewerworks.pretreatment.period.write import plan, recorded, write_chunk

DIE_AFTER = "SEWERWORKS_EVALUATION_DIE_AFTER_CHUNK"
CHUNK_USERS = 25  # industrial users per transaction on SQLite: its one write lock is held no longer than a few s
CHUNK_USERS_PG = 100  # on PostgreSQL (row locks: nobody waits): fewer transactions, each ~50 statements and a commit


def chunk_users_default() -> int:
    """Industrial users written per transaction unless the caller says: 25 on SQLite, 100 on PostgreSQL."""
    return CHUNK_USERS_PG if connection.vendor == "postgresql" else CHUNK_USERS
ADVISORY_KEY = 118_37_0036  # "period evaluations": at most one runs at a time
Progress = Callable[..., None]


class EvaluationBusy(RuntimeError):
    """Another evaluation of a period holds the lock."""

    def __init__(self) -> None:
        super().__init__("Another evaluation of lab results is running; try again when it has finished.")


class Clock:
    """Seconds spent in each step of the run, and in all."""

    def __init__(self) -> None:
        self.began = self.last = time.perf_counter()
        self.spent: dict[str, float] = {}

    def lap(self, step: str) -> None:
        now = time.perf_counter()
        self.spent[step] = round(self.spent.get(step, 0) + now - self.last, 3)
        self.last = now

    def total(self) -> dict[str, float]:
        return {**self.spent, "total": round(time.perf_counter() - self.began, 3)}


def cut(start: dt.date, end: dt.date, as_of: dt.date) -> tuple[dt.date, dt.date, list[str]]:
    """The period evaluated, and what was said about cutting it to the data."""
    if end < start:
        raise ValidationError({"end": f"The period ends ({end}) before it starts ({start})."})
    if start > as_of:
        raise ValidationError({"start": f"{start} is still to come (I-50): a day not yet come is not judged."})
    notes = []
    if end > as_of:
        notes.append(f"The period asked ends {end}, after {as_of}: it is evaluated to {as_of} (a day still to come "
                     "is not judged, I-50).")  # fmt: skip
        end = as_of
    first = Sample.objects.aggregate(first=Min("day"))["first"]
    if first is None or first > end:
        raise ValidationError({"start": f"No lab result is recorded from {start} to {end}: nothing to evaluate."})
    if start < first:
        notes.append(f"The period asked starts {start}, before the first result ({first}): it is evaluated from "
                     f"{first}.")  # fmt: skip
        start = first
    return start, end, notes


def _die_after(chunk: int) -> None:
    wanted = os.environ.get(DIE_AFTER)
    if wanted and int(wanted) == chunk:
        os.kill(os.getpid(), signal.SIGKILL)


WORK_MEM = "64MB"  # PostgreSQL: the day values' grouping and the windows' sort in memory, not in batches on disk


@contextmanager
def _run_settings() -> Iterator[None]:
    """For the run's connection only: on PostgreSQL ``work_mem`` (the default 4 MB sends a year's day values to
    disk); on SQLite the temporary tables in memory and a larger page cache (outside a transaction: SQLite
    refuses to move its temporary storage inside one)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"SET work_mem = '{WORK_MEM}'")
        try:
            yield
        finally:
            with contextlib.suppress(DatabaseError), connection.cursor() as cursor:
                cursor.execute("RESET work_mem")
        return
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA temp_store = MEMORY")
        cursor.execute("PRAGMA cache_size = -131072")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA temp_store = DEFAULT")
            cursor.execute("PRAGMA cache_size = -2000")


def evaluate_period(start: dt.date, end: dt.date, *, acting_user: Any, as_of: dt.date | None = None,
                    job: Job | None = None, progress: Progress | None = None,
                    chunk_users: int | None = None) -> EvaluationRun:  # fmt: skip
    """Evaluate the lab results of ``start``..``end`` as of ``as_of`` (default today) into the findings, written
    ``chunk_users`` industrial users a transaction (default :func:`chunk_users_default`)."""
    require(acting_user, "pretreatment.evaluate_period", "evaluate a period's lab results")
    today = timezone.localdate()
    as_of = as_of or today
    if as_of > today:
        raise ValidationError({"as_of": f"{as_of} is still to come (I-50)."})
    with run_lock("pretreatment-evaluation", ADVISORY_KEY, EvaluationBusy), _run_settings():
        EvaluationRun.objects.filter(status=EvaluationRun.Status.RUNNING).update(
            status=EvaluationRun.Status.INTERRUPTED, message="Stopped before it finished; a later run completes it.")
        first, last, notes = cut(start, end, as_of)
        clock = Clock()
        with parameters_read_once() as params:
            limits = chapter_limits(params, first, last)
            agreements = Agreements()
            read = snapshot(limits, agreements.applied(first, last))
            last_result, count = high_water()
            scope, why = what_changed(previous_run(first, last), read, last_result, count, first, last)
            run = EvaluationRun.objects.create(
                requested_start=start, requested_end=end, start=first, end=last, as_of=as_of, job=job,
                parameters_version=version(read), started_by=acting_user, full=scope is None,
                notes="\n".join([*notes, why, *(scope.notes if scope else [])]),
            )  # fmt: skip
            clock.lap("prepare")
            try:
                if scope is None or scope.judge:
                    _evaluate(run, scope, limits, agreements, acting_user=acting_user, clock=clock,
                              progress=progress, chunk_users=chunk_users or chunk_users_default())  # fmt: skip
            except Exception as exc:
                failed = f"{type(exc).__name__}: {exc}"[:300]
                with contextlib.suppress(DatabaseError):  # in a broken transaction the caller's rollback says it
                    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.FAILED, message=failed)
                raise
        run.refresh_from_db()
        run.status, run.finished_at, run.timings = EvaluationRun.Status.FINISHED, events.now(), clock.total()
        run.snapshot = {**read, "rules": RULES, "last": last_result, "count": count}
        run.save(update_fields=["status", "finished_at", "timings", "snapshot"])
        AuditEvent.objects.create(
            actor=acting_user, action="do_evaluate_period", run=f"evaluation-{run.pk}", rows=run.results_read,
            subject=f"lab results evaluated {run.start} to {run.end} as of {run.as_of}"[:200],
            detail={"run": run.pk, "added": run.added, "changed": run.changed, "withdrawn": run.withdrawn,
                    "violations": run.violations, "full": run.full, "seconds": run.timings["total"]},
        )  # fmt: skip
    return run


def _evaluate(run: EvaluationRun, scope: Scope | None, limits: list[Limit], agreements: Agreements, *,
              acting_user: Any, clock: Clock, progress: Progress | None, chunk_users: int) -> None:  # fmt: skip
    points = {p.pk: p for p in SamplingPoint.objects.all()}
    points_of: dict[int, list[int]] = defaultdict(list)
    for point in points.values():
        points_of[point.user_id].append(point.pk)
    finder = Finder(run.start, run.end, limits, agreements.applied(run.start, run.end), points_of)
    with connection.cursor() as cursor:
        try:
            finder.prepare(cursor, scope.read() if scope else None, scope.judge if scope else None)
            clock.lap("read")
            candidates = finder.find(cursor)
            clock.lap("find")
            on_record = recorded(run.start, run.end, scope.judge if scope else None)
            want: Want = defaultdict(set)
            for point_id, parameter, day, basis in candidates.daily:
                want[point_id, parameter].add((basis, day))
            for point_id, parameter, day in candidates.thirty:
                want[point_id, parameter].add(("30_day", day))
            for point_id, parameter, basis, day in on_record:  # to say why one no longer holds
                if basis in ("24_hour", "30_day"):
                    want[point_id, parameter].add((basis, day))
            judge = Judge(points, agreements)
            averages = judge.averages(cursor, want)
        finally:
            drop_tables(cursor)
    found: dict[Key, Judged] = {}
    now: dict[Key, Judged] = {}
    triggers: list[Judged] = []
    for (_, _, asked, _), judged in averages.items():
        if judged.decision.failed:
            found[judged.key] = judged
        elif judged.key in on_record:
            now[judged.key] = judged
        if asked in ("review", "nondetect", "30_day") and sends_to_review(judged):  # a 30-day one: I-180
            triggers.append(judged)
    readings = {(p, x, day) for p, x, day, _ in candidates.readings}
    single = judge.readings({sample for *_, sample in candidates.readings})
    found.update(one_per_day(j for j in single if (j.point.pk, j.parameter, j.day) in readings))
    clock.lap("judge")

    def causes(key: Key) -> str:
        if scope is None:
            return "the period evaluated in full"
        return "; ".join(sorted(scope.causes.get(key[:2], ()))) or "evaluated again"

    changes = plan(found, now, on_record, triggers, causes)
    users = changes.users()
    for number, at in enumerate(range(0, len(users), chunk_users), start=1):
        write_chunk(changes, users[at : at + chunk_users], run, acting_user=acting_user, on=run.as_of)
        if progress:
            done = min(at + chunk_users, len(users))
            progress(done=done, total=len(users), message=f"Wrote the findings of {done:,} of {len(users):,} users.")
        _die_after(number)
    EvaluationRun.objects.filter(pk=run.pk).update(results_read=candidates.results_read, series=candidates.series)
    clock.lap("write")
