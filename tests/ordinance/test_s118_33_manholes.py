"""§118-33 manholes: at most 400 ft apart and at every change of slope or alignment (I-40, I-77)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_33_manholes import ManholeRunFacts, deflection, manhole_run
from sewerworks.ordinance.topics import FactsError, determine, load_builtin_topics

AS_OF = date(2026, 12, 1)


def _run(*lengths: tuple[Any, Any, Any]) -> Decision:
    facts = {
        "upstream_manhole": "MH-1",
        "downstream_manhole": "MH-2",
        "lengths": [
            {"length_ft": n, "slope": s, "bearing_deg": b, "pipe": f"P{i}"} for i, (n, s, b) in enumerate(lengths)
        ],
    }
    return manhole_run(ManholeRunFacts.model_validate(facts), load_jurisdiction().at(AS_OF), AS_OF)


def test_400_ft_between_manholes_complies_and_400_01_ft_fails() -> None:
    at = _run((400, "0.005", 90))
    assert at.outcome == "complies"
    assert at.finding("manhole-spacing").severity == "complies"
    over = _run(("400.01", "0.005", 90))
    assert over.outcome == "fails"
    assert over.finding("manhole-spacing").sentence == (
        "400.01 ft of pipe between manholes MH-1 and MH-2; §118-33 allows at most 400 ft before another "
        "manhole is needed (I-40)."
    )


def test_the_400_ft_are_the_lengths_of_a_run_added_up() -> None:
    assert _run((200, "0.005", 90), (200, "0.005", 90)).outcome == "complies"
    assert _run((200, "0.005", 90), ("200.01", "0.005", 90)).finding("manhole-spacing").severity == "fails"


@pytest.mark.parametrize(
    ("after", "outcome"), [("91", "complies"), ("91.01", "fails"), ("89", "complies"), ("88.99", "fails")]
)
def test_a_bend_of_1_degree_either_way_is_no_change_of_alignment_and_more_is(after: str, outcome: str) -> None:
    d = _run((100, "0.005", 90), (100, "0.005", after))
    assert d.outcome == outcome
    if outcome == "fails":
        finding = d.finding("manhole-at-alignment-change")
        assert finding.compared["vertex"] == 1
        assert finding.compared["pipe"] == "P1"
        assert finding.interpretations == ["I-40", "I-77"]


def test_a_bend_across_north_is_measured_the_short_way() -> None:
    assert deflection(Decimal("359.5"), Decimal("0.3")) == Decimal("0.8")
    assert _run((100, "0.005", "359.5"), (100, "0.005", "0.3")).outcome == "complies"
    assert _run((100, "0.005", "359"), (100, "0.005", "0.5")).outcome == "fails"


@pytest.mark.parametrize(
    ("after", "outcome"), [("0.0055", "complies"), ("0.00551", "fails"), ("0.0045", "complies"), ("0.00449", "fails")]
)
def test_a_change_of_grade_of_0_05_points_is_no_change_of_slope_and_more_is(after: str, outcome: str) -> None:
    d = _run((100, "0.005", 90), (100, after, 90))
    assert d.outcome == outcome
    if outcome == "fails":
        assert d.finding("manhole-at-slope-change").compared["slope_after"] == after


def test_a_run_without_vertices_complies_with_the_placement_rule_and_says_so() -> None:
    d = _run((300, "0.005", 90))
    assert d.finding("manhole-at-changes").sentence.startswith("The run between manholes MH-1 and MH-2 has no vertex")
    assert {p.key for p in d.parameters} >= {"manholes.max_spacing", "manholes.alignment_tolerance"}


def test_the_topic_answers_through_determine() -> None:
    load_builtin_topics()
    facts = {"lengths": [{"length_ft": 420, "slope": "0.005", "bearing_deg": 0}]}
    d = determine("manhole-spacing", facts, as_of=AS_OF)
    assert d.outcome == "fails"
    assert d.finding("manhole-spacing").sentence.startswith("420 ft of pipe between consecutive manholes")


def test_a_run_ending_at_an_outfall_or_a_storage_unit_calls_it_what_it_is_not_a_manhole() -> None:
    load_builtin_topics()
    facts = {"upstream_manhole": "J1", "downstream_manhole": "O1", "downstream_kind": "outfall",
             "lengths": [{"length_ft": 420, "slope": "0.005", "bearing_deg": 0}]}  # fmt: skip
    d = determine("manhole-spacing", facts, as_of=AS_OF)
    assert d.finding("manhole-spacing").sentence.startswith("420 ft of pipe between manhole J1 and outfall O1")
    stored = determine("manhole-spacing", {**facts, "upstream_kind": "storage"}, as_of=AS_OF)
    assert "between storage unit J1 and outfall O1" in stored.finding("manhole-spacing").sentence
    with pytest.raises(FactsError):
        determine("manhole-spacing", {**facts, "downstream_kind": "ditch"}, as_of=AS_OF)
