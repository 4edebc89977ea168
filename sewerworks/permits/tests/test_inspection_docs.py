"""The worked examples of docs/permits.md ("Inspections in the field") run through the CLI and the API: each
reaches the outcome, the deadlines and the citations it states (the Done-when of issue 33)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "permits.md"
BLOCKS = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]
EXAMPLES = [b for b in BLOCKS if "topic" in b]


def _check(decision: dict[str, Any], example: dict[str, Any]) -> None:
    assert decision["outcome"] == example["outcome"], decision["summary"]
    assert {d["key"]: d["due"] for d in decision["deadlines"]} == example.get("deadlines", {})
    for cited in example.get("cites", ()):
        assert cited in decision["sections"] or cited in decision["interpretations"], cited


def test_the_doc_has_the_worked_examples() -> None:
    assert {e["topic"] for e in EXAMPLES} == {"inspection-order", "inspection-checklist"} and len(EXAMPLES) >= 5
    refused = EXAMPLES[0]
    assert refused["facts"]["step"] == "pass_connection" and "meter_certified_on" not in refused["facts"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e['topic']} {e['outcome']} {n}" for n, e in enumerate(EXAMPLES)])
def test_each_example_through_the_cli(example: dict[str, Any]) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "sewerworks.cli",
            "determine",
            example["topic"],
            "--facts",
            "-",
            "--as-of",
            example["as_of"],
        ],
        input=json.dumps(example["facts"]),
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    _check(json.loads(out.stdout), example)


@pytest.mark.django_db
@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e['topic']} {e['outcome']} {n}" for n, e in enumerate(EXAMPLES)])
def test_each_example_through_the_api(client_as: Any, example: dict[str, Any]) -> None:
    client = client_as("inspector")
    answer = client.post(
        f"/api/determinations/{example['topic']}?as_of={example['as_of']}",
        json.dumps(example["facts"]),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    _check(answer.json(), example)
