"""A period's evaluation killed with SIGKILL between two chunks of users leaves no partial finding: the users
written are whole (their exceedances, evidence and one violation each), the others untouched, and the run
"running"; the next run marks it interrupted, writes the rest, and then the findings are exactly what the
results sample by sample give (0 mismatches), with one violation per user. Two runs started at once never
write twice: while one holds the lock, the other is refused."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.models import EvaluationRun, Exceedance
from sewerworks.pretreatment.period.run import ADVISORY_KEY, DIE_AFTER, EvaluationBusy
from sewerworks.pretreatment.tests.period_helpers import at_once, enter_unevaluated, per_sample, second_user

ROOT = Path(__file__).resolve().parents[3]
AS_OF = dt.date(2026, 11, 30)
USERS = 5


def _database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def evaluate(user: Any, *, die_after: int | None = None, chunk: int = 2, wait: bool = True) -> Any:
    env = {**os.environ, "DATABASE_URL": _database_url()}
    env.pop(DIE_AFTER, None)
    if die_after is not None:
        env[DIE_AFTER] = str(die_after)
    command = [sys.executable, str(ROOT / "manage.py"), "pretreatment", "evaluate", "--from", "2026-01-01",
               "--to", "2026-12-31", "--as-of", AS_OF.isoformat(), "--as-user", user.username,
               "--chunk", str(chunk)]  # fmt: skip
    if not wait:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def points(manhole: Any, staff: Any) -> list[Any]:
    """Five industrial users, each with a copper composite of 1.7 mg/L (above both limits) and one of 0.5."""
    found = [manhole] + [second_user(staff, code=f"CM-{10 + n}", name=f"Plating Works {n}", n=n)
                         for n in range(1, USERS)]  # fmt: skip
    for n, point in enumerate(found):
        for k, (day, value) in enumerate([(dt.date(2026, 3, 2 + n), "1.7"), (dt.date(2026, 3, 20), "0.5")]):
            enter_unevaluated(point, day, "composite", [("copper", value, "mg/L", "")], by=staff.clerk,
                              sample_id=f"F-{n}-{k}")  # fmt: skip
    return found


@pytest.mark.parametrize("chunks_done", [1, 2])
@pytest.mark.django_db(transaction=True)
def test_a_run_killed_between_chunks_leaves_whole_users_and_the_rerun_completes_it(
    points: list[Any], staff: Any, chunks_done: int
) -> None:
    expected = per_sample(points, AS_OF)
    killed = evaluate(staff.superintendent, die_after=chunks_done)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert f"Wrote the findings of {2 * chunks_done} of {USERS} users." in killed.stdout
    written = {e.user_id for e in Exceedance.objects.all()}
    assert written == {p.user_id for p in points[: 2 * chunks_done]}
    for point in points[: 2 * chunks_done]:  # each user written is whole: every finding, with its one violation
        mine = {k: v for k, v in expected.items() if k[0] == point.pk}
        assert {k: v for k, v in at_once().items() if k[0] == point.pk} == mine
        assert len({e.violation_id for e in Exceedance.objects.filter(point=point)}) == 1
    killed_run = EvaluationRun.objects.get()
    done = {p.pk for p in points[: 2 * chunks_done]}
    assert killed_run.status == "running" and killed_run.added == sum(1 for k in expected if k[0] in done)

    rerun = evaluate(staff.superintendent)
    assert rerun.returncode == 0, rerun.stderr
    killed_run.refresh_from_db()
    assert killed_run.status == "interrupted"
    assert at_once() == expected  # 0 mismatches
    assert Violation.objects.count() == USERS
    assert sorted(set(Exceedance.objects.values_list("violation__parcel", flat=True))) == sorted(
        p.user.building.parcel_id for p in points)  # fmt: skip
    last = EvaluationRun.objects.latest("pk")
    assert last.status == "finished" and last.added == len(expected) - killed_run.added

    again = evaluate(staff.superintendent)
    assert again.returncode == 0 and "Nothing changed: no finding written." in again.stdout


@pytest.mark.django_db(transaction=True)
def test_a_second_run_while_one_holds_the_lock_is_refused_and_writes_nothing(points: list[Any], staff: Any) -> None:
    from sewerworks.core.jobs.locks import run_lock

    with run_lock("pretreatment-evaluation", ADVISORY_KEY, EvaluationBusy):
        refused = evaluate(staff.superintendent)
    assert refused.returncode != 0 and "Another evaluation of lab results is running" in refused.stderr
    assert not EvaluationRun.objects.exists() and not Exceedance.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_runs_started_at_once_never_write_twice(points: list[Any], staff: Any) -> None:
    expected = per_sample(points, AS_OF)
    both = [evaluate(staff.superintendent, chunk=1, wait=False) for _ in range(2)]
    for process in both:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0 or "Another evaluation of lab results is running" in err, err
    assert at_once() == expected
    assert Violation.objects.count() == USERS
    assert sum(r.added for r in EvaluationRun.objects.all()) == len(expected)
