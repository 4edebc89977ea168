"""``sewerworks determine`` answers without Django when the packaged law is the law in force, and takes a
batch: 10,000 sets of facts in a .jsonl file give, line for line, the Decisions of one determination each."""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from sewerworks import determine_cli
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.topics import determine

AS_OF = dt.date(2026, 12, 1)


def _facts(i: int) -> dict[str, Any]:
    """Notices served on each day of 2026 and the first months of 2027, in days or 72 hours."""
    served = dt.date(2026, 1, 1) + dt.timedelta(days=i % 420)
    if i % 3 == 0:
        return {"kind": "pump_out_order", "served_at": f"{served.isoformat()}T10:30:00-05:00"}
    return {"kind": "notice_of_violation", "served_on": served.isoformat(), "correction_days": 1 + i % 60}


def _run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    params = load_jurisdiction("marlborough-ny")
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = determine_cli.run(list(argv), params=lambda: params, today=lambda: AS_OF, stdout=out, stderr=err)
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


def test_a_batch_of_10000_gives_the_same_decisions_as_one_by_one(tmp_path: Path) -> None:
    facts = [_facts(i) for i in range(10_000)]
    batch = tmp_path / "facts.jsonl"
    batch.write_text("\n".join(json.dumps(f) for f in facts) + "\n")
    status, out, err = _run("notice-deadline", "--facts", str(batch), "--as-of", AS_OF.isoformat())
    assert status == 0, err
    lines = out.splitlines()
    assert len(lines) == 10_000
    params = load_jurisdiction("marlborough-ny")
    for i in (0, 1, 2, 4999, 9998, 9999, *range(0, 10_000, 97)):
        alone = determine("notice-deadline", facts[i], as_of=AS_OF, params=params).to_dict()
        assert json.loads(lines[i]) == alone, i


def test_a_refused_line_says_which_and_why_in_its_place_and_the_status_is_2() -> None:
    good = json.dumps(_facts(1))
    status, out, _ = _run("notice-deadline", "--facts", "-", "--lines", stdin=f"{good}\n{{nope\n\n{{}}\n{good}\n")
    assert status == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4 and lines[0] == lines[3]
    assert lines[1]["line"] == 2 and lines[1]["error"] == "facts are not JSON"
    assert lines[2]["line"] == 4 and lines[2]["error"] == "invalid facts"


def test_an_unknown_topic_refuses_the_whole_batch() -> None:
    status, out, err = _run("no-such-topic", "--facts", "-", "--lines", stdin="{}\n{}\n")
    assert (status, out) == (2, "")
    assert json.loads(err)["error"] == "unknown topic"


def test_the_cli_answers_without_importing_django(tmp_path: Path) -> None:
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps(_facts(1)))
    probe = (
        "import sys, runpy\n"
        "sys.argv = ['sewerworks', 'determine', 'notice-deadline', '--facts', sys.argv[1]]\n"
        "code = 0\n"
        "try:\n    runpy.run_module('sewerworks.cli', run_name='__main__')\n"
        "except SystemExit as e:\n    code = e.code\n"
        "print('DJANGO' if 'django' in sys.modules else 'PURE', code, file=sys.stderr)\n"
    )
    env = {**os.environ, "SEWERWORKS_VAR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", probe, str(facts)], capture_output=True, text=True, env=env, check=False
    )
    assert done.stderr.strip().endswith("PURE 0"), done.stderr
    assert json.loads(done.stdout)["topic"] == "notice-deadline"


def _database(tmp_path: Path, rows: int) -> None:
    with sqlite3.connect(tmp_path / "sewerworks.sqlite3") as db:
        db.execute("CREATE TABLE core_parameteroverride (id integer primary key)")
        db.executemany("INSERT INTO core_parameteroverride VALUES (?)", [(i,) for i in range(rows)])


@pytest.mark.parametrize(("rows", "django"), [(0, False), (1, True)])
def test_recorded_resolutions_send_the_cli_to_django(tmp_path: Path, monkeypatch: Any, rows: int, django: bool) -> None:
    monkeypatch.setenv("SEWERWORKS_VAR", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert determine_cli.needs_django() is False  # no database yet: the packaged law
    _database(tmp_path, rows)
    assert determine_cli.needs_django() is django
    monkeypatch.setenv("DATABASE_URL", "postgres://sewer@db.example/sewerworks")
    assert determine_cli.needs_django() is True


def test_the_cli_uses_the_towns_time_zone() -> None:
    assert determine_cli.TOWN_TIME_ZONE == settings.TIME_ZONE


@pytest.mark.django_db
def test_the_django_command_reads_a_batch_too(tmp_path: Path) -> None:
    """The path taken when resolutions are recorded: the same lines as the packaged-law path."""
    from django.core.management import call_command

    batch = tmp_path / "facts.jsonl"
    batch.write_text("\n".join(json.dumps(_facts(i)) for i in range(50)))
    out = io.StringIO()
    call_command("determine", "notice-deadline", facts=str(batch), as_of=AS_OF.isoformat(), stdout=out)
    _, alone, _ = _run("notice-deadline", "--facts", str(batch), "--as-of", AS_OF.isoformat())
    assert out.getvalue().splitlines() == alone.splitlines() and len(alone.splitlines()) == 50


@pytest.mark.django_db
def test_the_api_takes_a_list_of_facts_and_answers_a_list_of_decisions(client_as: Any) -> None:
    facts = [_facts(i) for i in range(200)]
    client = client_as("clerk")
    response = client.post(
        f"/api/determinations/notice-deadline/batch?as_of={AS_OF}", json.dumps(facts), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    params = load_jurisdiction("marlborough-ny")
    expected = [determine("notice-deadline", f, as_of=AS_OF, params=params).to_dict() for f in facts]
    assert response.json() == expected


@pytest.mark.django_db
def test_a_bad_item_of_a_batch_is_a_422_naming_its_index(client_as: Any) -> None:
    facts = [_facts(1), {"kind": "notice_of_violation", "served_on": "not a date"}]
    response = client_as("clerk").post(
        "/api/determinations/notice-deadline/batch", json.dumps(facts), content_type="application/json"
    )
    assert response.status_code == 422
    assert any(e["loc"][-2:] == [1, "served_on"] for e in response.json()["detail"]), response.json()
