"""The determination registry: every worked example of every topic is a test."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from pydantic import BaseModel

from sewerworks.ordinance.chapter import UnknownSection
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import ParameterView, load_jurisdiction
from sewerworks.ordinance.topics import (
    Example,
    FactsError,
    Topic,
    UnknownTopic,
    determine,
    register,
    topic,
    topics,
)

AS_OF = date(2026, 5, 1)
EXAMPLES = [(t.name, e) for t in topics() for e in t.examples]


def test_the_built_in_topics_are_registered_on_import() -> None:
    assert {"exfiltration-test", "trench-width", "building-sewer"} <= {t.name for t in topics()}


@pytest.mark.parametrize(("name", "example"), EXAMPLES, ids=[f"{n}: {e.title}" for n, e in EXAMPLES])
def test_worked_example(name: str, example: Example) -> None:
    decision = determine(name, example.facts, as_of=AS_OF)
    assert decision.outcome == example.expected_outcome, decision.summary
    assert decision.topic == name
    assert decision.parameters, "a decision lists the parameters it read"
    assert set(topic(name).interpretations) <= set(decision.interpretations)
    json.loads(decision.to_json())
    _check_amounts_and_deadlines(decision, example)


def _check_amounts_and_deadlines(decision: Decision, example: Example) -> None:
    for key, value in example.amounts.items():
        assert decision.amount_for(key).value == Decimal(value), f"{key}: {decision.summary}"
    for key, when in example.deadlines.items():
        due = decision.deadline_for(key)
        assert (due.due_at.isoformat() if due.due_at else due.due.isoformat()) == when, f"{key}: {decision.summary}"


@pytest.mark.parametrize(("name", "example"), EXAMPLES, ids=[f"{n}: {e.title}" for n, e in EXAMPLES])
def test_a_worked_example_states_the_dates_and_money_its_decision_sets(name: str, example: Example) -> None:
    """Every deadline an example's decision sets is stated in the example, and at least one of its sums of
    money (the "$650.00" of a title is checked, not only the outcome)."""
    decision = determine(name, example.facts, as_of=AS_OF)
    assert set(example.deadlines) == {d.key for d in decision.deadlines}
    money = {a.key for a in decision.amounts if a.unit == "USD"}
    assert not money or set(example.amounts) & money, f"states none of {sorted(money)}"


def test_the_examples_check_amounts_and_deadlines_in_every_topic_that_computes_them() -> None:
    checked = {n for n, e in EXAMPLES if e.amounts or e.deadlines}
    assert {
        "abandonment-fine",
        "violation-exposure",
        "user-charge",
        "defective-meter-charge",
        "late-penalty",
        "connection-deadlines",
        "notice-deadline",
        "exfiltration-test",
    } <= checked


def test_a_wrong_amount_or_date_in_an_example_fails_it() -> None:
    fine = next(e for n, e in EXAMPLES if n == "abandonment-fine" and e.amounts.get("fine") == "650.00")
    decision = determine("abandonment-fine", fine.facts, as_of=AS_OF)
    _check_amounts_and_deadlines(decision, fine)
    with pytest.raises(AssertionError, match="fine"):
        _check_amounts_and_deadlines(decision, replace(fine, amounts={"fine": "650.01"}))
    connect = next(e for n, e in EXAMPLES if n == "connection-deadlines" and e.deadlines.get("connect") == "2026-06-30")
    decision = determine("connection-deadlines", connect.facts, as_of=AS_OF)
    with pytest.raises(AssertionError, match="connect"):
        _check_amounts_and_deadlines(decision, replace(connect, deadlines={"connect": "2026-07-01"}))


def test_every_topic_has_examples_on_more_than_one_outcome() -> None:
    for t in topics():
        assert len({e.expected_outcome for e in t.examples}) >= 2, t.name


def test_facts_models_forbid_unknown_fields_and_document_themselves() -> None:
    for t in topics():
        assert t.facts_model.model_config.get("extra") == "forbid", t.name
        schema = t.json_schema()
        for name, prop in schema["properties"].items():
            assert prop.get("description"), f"{t.name}.{name} has no description"
        assert schema.get("examples"), t.name


def test_an_unknown_topic_raises_unknown_topic() -> None:
    with pytest.raises(UnknownTopic, match="no topic named 'septic-tank'"):
        determine("septic-tank", {}, as_of=AS_OF)
    assert isinstance(UnknownTopic("x"), KeyError)


def test_bad_facts_raise_facts_error_with_json_able_errors() -> None:
    facts: dict[str, Any] = {
        "pipe_diameter_in": -10,
        "section_length_ft": 80,
        "test_hours": 3,
        "filled_hours": 24,
        "head_ft_above_crown": 5,
        "colour": "blue",
    }
    with pytest.raises(FactsError) as raised:
        determine("exfiltration-test", facts, as_of=AS_OF)
    errors = raised.value.errors
    json.dumps(errors)
    assert {tuple(e["loc"]) for e in errors} == {("pipe_diameter_in",), ("colour",)}
    assert {e["type"] for e in errors} == {"greater_than", "extra_forbidden"}
    assert all(set(e) == {"loc", "msg", "type"} for e in errors)
    assert isinstance(raised.value, ValueError)


def test_determine_uses_the_parameters_in_force_on_the_day_given() -> None:
    facts = {
        "pipe_diameter_in": 10,
        "section_length_ft": 80,
        "manholes": 1,
        "test_hours": 3,
        "filled_hours": 24,
        "head_ft_above_crown": 5,
    }
    d = determine("exfiltration-test", facts, as_of=AS_OF, params=load_jurisdiction())
    assert d.as_of == AS_OF
    assert all(u.effective <= AS_OF for u in d.parameters)


class _Facts(BaseModel):
    n: int


def _rule(facts: _Facts, view: ParameterView, as_of: date) -> Decision:
    return Decision(topic="x", as_of=as_of, outcome="complies", summary=str(facts.n))


def test_a_topic_citing_a_section_that_does_not_exist_cannot_be_registered() -> None:
    with pytest.raises(UnknownSection):
        register(Topic(name="bogus", title="Bogus", sections=("118-99",), facts_model=_Facts, rule=_rule))


def test_a_topic_name_cannot_be_taken_twice() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register(Topic(name="exfiltration-test", title="Again", sections=("118-34",), facts_model=_Facts, rule=_rule))
    existing = topic("exfiltration-test")
    assert register(existing) is existing


@pytest.mark.parametrize("topic_name", ["exfiltration-test", "trench-width", "building-sewer"])
@pytest.mark.parametrize("absurd", ["1e30", "NaN", "Infinity", "0.0000001"])
def test_an_absurd_measurement_is_a_field_error_not_a_crash(topic_name: str, absurd: str) -> None:
    from sewerworks.ordinance.registry import FactsError, determine, topic

    facts = dict(topic(topic_name).examples[0].facts)
    field = next(
        k
        for k, v in facts.items()
        if isinstance(v, (int, float, str)) and not isinstance(v, bool) and str(v).replace(".", "").isdigit()
    )
    facts[field] = absurd
    with pytest.raises(FactsError) as caught:
        determine(topic_name, facts, as_of=date(2026, 12, 1))
    assert any(e["loc"][0] == field for e in caught.value.errors)
