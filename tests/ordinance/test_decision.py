"""Decisions, findings, deadlines and amounts: the shape every rule returns."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from pydantic import ValidationError

from sewerworks.ordinance.decision import Amount, Deadline, Decision, Finding, overall
from sewerworks.ordinance.money import plain, round_half_up, to_cents


def _finding(**changes: object) -> Finding:
    fields: dict[str, object] = {
        "section": "118-34",
        "requirement": "max-section-length",
        "severity": "complies",
        "sentence": "The section tested is 80 ft; §118-34 allows at most 100 ft per test.",
        "compared": {"section_length_ft": "80", "max_section_length_ft": "100"},
        "interpretations": ["I-41"],
    }
    fields.update(changes)
    return Finding.model_validate(fields)


def test_a_finding_cites_a_section_that_exists() -> None:
    assert _finding(section="§ 118-34").section == "118-34"
    with pytest.raises(ValidationError, match="Chapter 118 has no § 118-99"):
        _finding(section="118-99")


def test_a_discretion_finding_must_name_who_decides() -> None:
    with pytest.raises(ValidationError, match="must name who decides"):
        _finding(severity="discretion")
    assert _finding(severity="discretion", decided_by="Town Engineer").decided_by == "Town Engineer"


def test_a_finding_cannot_cite_an_interpretation_that_does_not_exist() -> None:
    with pytest.raises(ValidationError, match="I-09"):
        _finding(interpretations=["I-09"])


def test_severity_is_one_of_complies_fails_discretion() -> None:
    with pytest.raises(ValidationError):
        _finding(severity="maybe")


def test_an_amount_is_decimal_never_float_and_serialises_as_a_string() -> None:
    fine = Amount(key="fine", name="abandonment fine", value=to_cents(Decimal(650)), section="118-5")
    assert fine.model_dump(mode="json")["value"] == "650.00"
    with pytest.raises(ValidationError, match="never a float"):
        Amount(key="x", name="x", value=650.0, section="118-5")  # type: ignore[arg-type]


def test_money_rounds_half_up_to_cents_i_23() -> None:
    assert to_cents(Decimal("5.725")) == Decimal("5.73")
    assert to_cents(Decimal("0.005")) == Decimal("0.01")
    assert to_cents(Decimal("0.0049")) == Decimal("0.00")
    assert round_half_up(Decimal("2.4564"), 3) == Decimal("2.456")
    assert round_half_up(Decimal("2.4565"), 3) == Decimal("2.457")
    assert plain(Decimal("100.00")) == "100" and plain(Decimal("0.1250")) == "0.125"
    with pytest.raises(TypeError):
        to_cents(5.725)  # type: ignore[arg-type]


def _decision() -> Decision:
    return Decision(
        topic="exfiltration-test",
        as_of=date(2026, 5, 1),
        outcome="pass",
        summary="Passes.",
        findings=[
            _finding(),
            _finding(section="118-31", requirement="x", severity="fails", interpretations=["I-20", "I-41"]),
        ],
        deadlines=[
            Deadline(
                key="connect",
                name="connect to the public sewer",
                due=date(2026, 6, 30),
                section="118-5",
                sentence="s",
                interpretations=["I-20"],
            )
        ],
        amounts=[Amount(key="allowed_leakage", name="allowance", value=Decimal("2.456"), unit="gal", section="118-34")],
    )


def test_a_decision_lists_every_section_and_interpretation_it_cites_sorted_once() -> None:
    d = _decision()
    assert d.interpretations == ["I-20", "I-41"]
    assert d.sections == ["118-5", "118-31", "118-34"]
    assert [f.requirement for f in d.failed] == ["x"]
    assert d.finding("x").severity == "fails"
    with pytest.raises(KeyError):
        d.finding("nothing")


def test_a_decision_is_json_with_a_stable_field_order() -> None:
    d = _decision()
    text = d.to_json()
    data = json.loads(text)
    assert list(data) == [
        "topic",
        "as_of",
        "outcome",
        "summary",
        "findings",
        "deadlines",
        "amounts",
        "parameters",
        "interpretations",
        "sections",
    ]
    assert data["as_of"] == "2026-05-01"
    assert data["amounts"][0]["value"] == "2.456"
    assert text == d.to_json()
    assert Decision.model_validate_json(text) == d
    assert d.to_dict() == data


def test_overall_outcome_fails_before_discretion_before_complies() -> None:
    ok = _finding()
    bad = _finding(severity="fails")
    ask = _finding(severity="discretion", decided_by="Town Engineer")
    assert overall([ok]) == "complies"
    assert overall([ok, ask]) == "needs-review"
    assert overall([ok, ask, bad]) == "fails"


def test_deadlines_and_amounts_are_found_by_their_stable_key_not_their_words() -> None:
    d = _decision()
    assert d.deadline_for("connect").name == "connect to the public sewer"
    assert d.amount_for("allowed_leakage").value == Decimal("2.456")
    with pytest.raises(KeyError, match="no deadline with key 'abandon'"):
        d.deadline_for("abandon")
    with pytest.raises(KeyError, match="no amount with key 'fine'"):
        d.amount_for("fine")


@pytest.mark.parametrize("key", ["", "Connect", "pump out", "1st", "connect-by"])
def test_a_key_is_a_lower_case_identifier(key: str) -> None:
    with pytest.raises(ValidationError, match="key"):
        Amount(key=key, name="x", value=Decimal(1), section="118-5")


def test_a_key_is_used_once_in_a_decision() -> None:
    twice = [Amount(key="fine", name=n, value=Decimal(1), section="118-5") for n in ("fine", "fine again")]
    with pytest.raises(ValidationError, match="amount key.s. fine used twice"):
        Decision.model_validate({**_decision().model_dump(), "amounts": [a.model_dump() for a in twice]})
