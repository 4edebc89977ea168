"""Determinations as forms: every topic's facts asked field by field, generated from its facts schema; each
worked example, filled into its form and submitted, reaches the same Decision as through the API; a missing
fact is named at its field; list rows are added and removed; the Decision cites sections that link to the
ordinance browser, and its JSON is there for the API's users."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.test import Client

from sewerworks.core.determinations import forms
from sewerworks.core.determinations.run import run_determination
from sewerworks.ordinance.topics import topics

pytestmark = pytest.mark.django_db
EXAMPLES_AS_OF = dt.date(2026, 5, 1)  # the day the worked examples are checked on (tests/ordinance/test_topics.py)
CASES = [(t.name, i) for t in topics() for i in range(len(t.examples))]


@pytest.fixture
def clerk(client: Client, make_user: Any) -> Client:
    client.force_login(make_user("clerk"))
    return client


def _post_data(topic: Any, facts: dict[str, Any]) -> dict[str, str]:
    """What a browser posts for the form filled with ``facts`` (an unticked box is not sent)."""
    values = forms.values_from_facts(forms.form_fields(topic.json_schema()), facts)
    return {k: v for k, v in values.items() if v != ""}


@pytest.mark.parametrize(("name", "index"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
def test_each_worked_example_through_its_form_reaches_the_decision_of_the_api(
    clerk: Client, name: str, index: int
) -> None:
    topic = next(t for t in topics() if t.name == name)
    example = topic.examples[index]
    opened = clerk.get(f"/determinations/{name}/?example={index}")
    assert opened.status_code == 200 and "Filled in from the worked example" in opened.text
    posted = _post_data(topic, dict(example.facts)) | {"as_of": EXAMPLES_AS_OF.isoformat()}
    answered = clerk.post(f"/determinations/{name}/", posted)
    assert answered.status_code == 200, answered.context.get("error")
    decision = answered.context["decision"]
    expected = run_determination(name, example.facts, as_of=EXAMPLES_AS_OF)
    assert decision.outcome == expected.outcome == example.expected_outcome
    assert [(a.key, a.value) for a in decision.amounts] == [(a.key, a.value) for a in expected.amounts]
    assert [(d.key, d.due) for d in decision.deadlines] == [(d.key, d.due) for d in expected.deadlines]
    assert json.loads(answered.context["decision_json"])["outcome"] == expected.outcome


def test_the_building_sewer_form_asks_each_fact_with_its_label_help_and_choices(clerk: Client) -> None:
    page = clerk.get("/determinations/building-sewer/").text
    assert 'name="diameter_in"' in page and "Inside diameter of the building sewer, inches." in page
    assert '<option value="pvc_sdr35">pvc sdr35</option>' in page
    assert 'type="checkbox" id="f-joints_gastight_watertight" name="joints_gastight_watertight" checked' in page
    assert 'data-facts-list="bends"' in page and "Add a row to bends" in page


def test_a_missing_fact_is_named_at_its_field_and_nothing_is_decided(clerk: Client) -> None:
    answered = clerk.post("/determinations/building-sewer/", {"slope_in_per_ft": "0.25", "material": "pvc_sdr35"})
    assert answered.status_code == 400 and "decision" not in answered.context
    fields = {b.name: b for b in answered.context["fields"]}
    assert fields["diameter_in"].errors == ["Field required"]
    assert 'class="form-control is-invalid" id="f-diameter_in"' in answered.text


def test_rows_of_a_list_are_added_and_removed_without_deciding(clerk: Client) -> None:
    base = {"diameter_in": "4", "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}
    added = clerk.post("/determinations/building-sewer/", {**base, "bends.__rows": "1", "bends.0.angle_degrees": "45",
                                                          "_add": "bends"})  # fmt: skip
    assert "decision" not in added.context
    rows = next(b for b in added.context["fields"] if b.name == "bends").rows
    assert [[c.value for c in row if c.name.endswith("angle_degrees")] for row in rows] == [["45"], [""]]
    two = {**base, "bends.__rows": "2", "bends.0.angle_degrees": "45", "bends.1.angle_degrees": "90"}
    removed = clerk.post("/determinations/building-sewer/", {**two, "_remove": "bends.0"})
    rows = next(b for b in removed.context["fields"] if b.name == "bends").rows
    assert [[c.value for c in row if c.name.endswith("angle_degrees")] for row in rows] == [["90"]]


def test_a_decision_links_each_cited_section_to_the_ordinance_browser(clerk: Client) -> None:
    topic = next(t for t in topics() if t.name == "late-penalty")
    answered = clerk.post("/determinations/late-penalty/", _post_data(topic, dict(topic.examples[0].facts)))
    assert 'href="/ordinance/118-53/"' in answered.text
    assert clerk.get("/ordinance/118-53/").status_code == 200
    assert "10% of the bill" in answered.text  # the amount's working


def test_a_date_that_is_not_a_date_is_refused_with_its_field(clerk: Client) -> None:
    answered = clerk.post("/determinations/notice-deadline/", {"served_on": "someday", "correction_days": "30"})
    assert answered.status_code == 400
    assert any(b.errors for b in answered.context["fields"] if b.name == "served_on")


def test_an_unknown_topic_is_not_found_and_a_user_without_a_role_is_refused(client: Client, make_user: Any) -> None:
    client.force_login(make_user())
    assert client.get("/determinations/building-sewer/").status_code == 403
    client.force_login(make_user("clerk"))
    assert client.get("/determinations/no-such-topic/").status_code == 404
    assert client.get("/determinations/building-sewer/?example=99").status_code == 404
