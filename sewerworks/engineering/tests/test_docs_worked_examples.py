"""The worked examples of docs/engineering.md run through the command and the API as the page says: each
```json test-plan``` block's facts give the sections of the table after it; a ```json test-plan refused FIELD```
block is refused naming FIELD (exit 2; 422)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parents[3] / "docs" / "engineering.md"
BLOCK = re.compile(r"```json test-plan(?: refused (\w+))?\n(.*?)\n```\n(?:\n((?:\|[^\n]*\|\n)+))?", re.S)


def _examples() -> list[tuple[dict[str, Any], str | None, list[tuple[str, ...]]]]:
    found = []
    for refused, facts, table in BLOCK.findall(DOC.read_text(encoding="utf-8")):
        rows = [tuple(c.strip() for c in line.strip().strip("|").split("|")) for line in table.splitlines()[2:]]
        found.append((json.loads(facts), refused or None, rows))
    return found


EXAMPLES = _examples()


def _sections(decision: dict[str, Any]) -> list[tuple[str, ...]]:
    return [(a["key"], a["value"], a["breakdown"][0]["from_ft"], a["breakdown"][0]["to_ft"],
             a["breakdown"][0]["manholes"]) for a in decision["amounts"]]  # fmt: skip


def test_the_page_has_the_250_ft_example_and_refusals() -> None:
    assert len(EXAMPLES) >= 5
    assert EXAMPLES[0][0]["length_ft"] == 250 and [r[1] for r in EXAMPLES[0][2]] == ["83.33", "83.33", "83.34"]
    assert {e[1] for e in EXAMPLES} >= {None, "max_section_ft", "reason"}


@pytest.mark.parametrize(("facts", "refused", "rows"), EXAMPLES, ids=[str(e[0]) for e in EXAMPLES])
def test_each_worked_example_through_the_command(facts: dict[str, Any], refused: str | None,
                                                 rows: list[tuple[str, ...]], tmp_path: Path) -> None:  # fmt: skip
    env = {**os.environ, "SEWERWORKS_VAR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-m", "sewerworks.cli", "determine", "test-plan", "--facts", "-",
                           "--as-of", "2026-12-01"], input=json.dumps(facts), capture_output=True, text=True,
                          env=env, check=False, timeout=120)  # fmt: skip
    if refused:
        assert done.returncode == 2
        assert [e["loc"][0] for e in json.loads(done.stderr)["errors"]] == [refused]
        return
    assert done.returncode == 0, done.stderr
    assert _sections(json.loads(done.stdout)) == rows


@pytest.mark.django_db
@pytest.mark.parametrize(("facts", "refused", "rows"), EXAMPLES, ids=[str(e[0]) for e in EXAMPLES])
def test_each_worked_example_through_the_api(client_as: Any, facts: dict[str, Any], refused: str | None,
                                             rows: list[tuple[str, ...]]) -> None:  # fmt: skip
    answer = client_as("clerk").post("/api/determinations/test-plan?as_of=2026-12-01", facts,
                                     content_type="application/json")  # fmt: skip
    if refused:
        assert answer.status_code == 422 and f"{refused}:" in answer.json()["detail"]
        return
    assert answer.status_code == 200, answer.content
    assert _sections(answer.json()) == rows
