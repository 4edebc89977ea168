"""§118-39 the Town Engineer's review: each trigger on both sides of its threshold, never a violation."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.registry import determine

AS_OF = date(2026, 5, 1)


def _review(**facts: Any) -> Decision:
    return determine("town-engineer-review", facts, as_of=AS_OF)


@pytest.mark.parametrize(
    ("key", "at", "above"), [("bod", "300", "301"), ("suspended_solids", "350", "351"), ("chlorine_demand", "15", "16")]
)
def test_each_strength_at_its_threshold_needs_no_review_and_above_it_does(key: str, at: str, above: str) -> None:
    assert _review(**{key: at}).outcome == "none"
    over = _review(**{key: above})
    assert over.outcome == "review-required"
    assert over.finding(key).decided_by == "Town Engineer"
    assert over.failed == []


def test_the_thresholds_are_the_normal_strengths_billing_reads() -> None:
    d = _review(bod="301")
    assert "discharge.normal_strength" in {p.key for p in d.parameters}


def test_a_user_at_2_percent_of_the_town_s_flow_needs_no_review_and_just_above_does() -> None:
    town = "1250000"
    assert _review(user_average_daily_flow="25000", town_average_daily_flow=town).outcome == "none"
    above = _review(user_average_daily_flow="25000.01", town_average_daily_flow=town)
    assert above.outcome == "review-required"
    assert "greater than 2% of the town's 1250000 gallons (25000)" in above.finding("flow").sentence


def test_every_trigger_is_named_and_the_remedy_is_the_engineer_s_discretion() -> None:
    d = _review(bod="420", suspended_solids="400", substances_over_limits=["copper"])
    assert {f.requirement for f in d.discretionary} == {"bod", "suspended_solids", "substances", "remedy"}
    remedy = d.finding("remedy")
    assert "preliminary treatment" in remedy.sentence and "§118-52" in remedy.sentence
    assert "Copper" in d.finding("substances").sentence


def test_nothing_to_review() -> None:
    assert _review().outcome == "none"
