"""The worked examples of I-25 through the CLI and the API, to the cent and to the day: the example bill,
a penalty date on a weekend or a holiday (I-20), a payment on the penalty date, one the day after, and a
partial payment. Each is a case of the topic ``late-penalty`` (``s118_53_late_penalty.CASES``); the
subprocess path of the CLI is checked for the example in ``core/tests/test_determinations_billing.py``."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.cli import main
from sewerworks.ordinance.s118_53_late_penalty import CASES, TOPIC

pytestmark = pytest.mark.django_db
IDS = [c[0] for c in CASES]


def _from_cli(facts: dict[str, Any], as_of: str, monkeypatch: Any, capsys: Any) -> dict[str, Any]:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(facts)))
    main(["determine", "late-penalty", "--facts", "-", "--as-of", as_of])
    decision: dict[str, Any] = json.loads(capsys.readouterr().out)
    return decision


def _from_api(client: Any, facts: dict[str, Any], as_of: str) -> dict[str, Any]:
    response = client.post(
        f"/api/determinations/late-penalty?as_of={as_of}", json.dumps(facts), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    decision: dict[str, Any] = response.json()
    return decision


def _check(decision: dict[str, Any], facts: dict[str, Any], outcome: str, due: str, dollars: str) -> None:
    assert decision["outcome"] == outcome, decision["summary"]
    dated = next(f for f in decision["findings"] if f["requirement"] == "penalty-date")
    assert dated["compared"]["penalty_date"] == due
    amounts = {a["key"]: Decimal(a["value"]) for a in decision["amounts"]}
    paid = sum((Decimal(p["amount"]) for p in facts.get("payments", [])), Decimal("0.00"))
    if dollars:
        assert amounts["penalty"] == Decimal(dollars)
        assert amounts["balance"] == Decimal(facts["amount"]) + Decimal(dollars) - paid
        assert next(a for a in decision["amounts"] if a["key"] == "penalty")["breakdown"][0]["added_on"] > due
    else:
        assert "penalty" not in amounts
    if outcome == "no-penalty":
        assert amounts["unpaid"] == Decimal("0.00")
    assert {"I-20", "I-25"} <= set(decision["interpretations"]) and "118-53" in decision["sections"]


@pytest.mark.parametrize(("title", "facts", "as_of", "outcome", "due", "dollars"), CASES, ids=IDS)
def test_each_worked_example_from_the_cli(
    title: str, facts: dict[str, Any], as_of: str, outcome: str, due: str, dollars: str, monkeypatch: Any, capsys: Any
) -> None:
    _check(_from_cli(facts, as_of, monkeypatch, capsys), facts, outcome, due, dollars)


@pytest.mark.parametrize(("title", "facts", "as_of", "outcome", "due", "dollars"), CASES, ids=IDS)
def test_each_worked_example_from_the_api(
    title: str, facts: dict[str, Any], as_of: str, outcome: str, due: str, dollars: str, client_as: Any
) -> None:
    _check(_from_api(client_as("clerk"), facts, as_of), facts, outcome, due, dollars)


def test_the_cases_are_those_the_brief_names_and_the_settled_ones_are_topic_examples() -> None:
    titles = " ".join(IDS)
    for kind in ("unpaid", "Saturday", "Washington's Birthday", "on the penalty date", "the day after", "Paid $30.00"):
        assert kind in titles, kind
    settled = [c[0] for c in CASES if c[3] != "not-yet"]
    assert [e.title for e in TOPIC.examples] == settled
    assert {e.expected_outcome for e in TOPIC.examples} == {"penalty", "no-penalty"}
