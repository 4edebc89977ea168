"""§118-34 test plans (I-140): a run between two manholes in the fewest equal sections of at most 100 ft."""

from __future__ import annotations

import math
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sewerworks.ordinance.s118_34_test_plan import sections
from sewerworks.ordinance.topics import FactsError, determine

AS_OF = date(2026, 12, 1)
RUN = {"pipe_diameter_in": 8, "length_ft": 250, "upstream_manhole": "MH-1", "downstream_manhole": "MH-2"}


def _plan(**changes: Any) -> Any:
    return determine("test-plan", {**RUN, **changes}, as_of=AS_OF)


def _rows(decision: Any) -> list[tuple[str, str, str, str]]:
    return [(str(a.value), a.breakdown[0]["from_ft"], a.breakdown[0]["to_ft"], a.breakdown[0]["manholes"])
            for a in decision.amounts]  # fmt: skip


def test_a_250_ft_run_is_three_sections_with_mh_1_in_the_first_and_mh_2_in_the_last() -> None:
    plan = _plan()
    assert plan.outcome == "sections"
    assert _plan(length_ft=100).outcome == "one-section"
    assert _rows(plan) == [("83.33", "0.00", "83.33", "MH-1"), ("83.33", "83.33", "166.66", ""),
                           ("83.34", "166.66", "250.00", "MH-2")]  # fmt: skip
    assert [a.key for a in plan.amounts] == ["section_1", "section_2", "section_3"]
    assert {a.unit for a in plan.amounts} == {"ft"}
    assert plan.summary.startswith("The 250-ft run from MH-1 to MH-2 is tested in 3 sections of 83.33, 83.33 and 83.34")
    assert {"I-140", "I-41"} <= set(plan.interpretations)
    assert [p.key for p in plan.parameters] == ["exfiltration.max_section_length"]


@pytest.mark.parametrize(("length", "expected"), [
    ("100", [("100.00", "0.00", "100.00", "MH-1,MH-2")]),
    ("100.01", [("50.01", "0.00", "50.01", "MH-1"), ("50.00", "50.01", "100.01", "MH-2")]),
    ("99.99", [("99.99", "0.00", "99.99", "MH-1,MH-2")]),
    ("200", [("100.00", "0.00", "100.00", "MH-1"), ("100.00", "100.00", "200.00", "MH-2")]),
    ("200.01", [("66.67", "0.00", "66.67", "MH-1"), ("66.67", "66.67", "133.34", ""),
                ("66.67", "133.34", "200.01", "MH-2")]),
])  # fmt: skip
def test_both_sides_of_100_ft(length: str, expected: list[tuple[str, ...]]) -> None:
    assert _rows(_plan(length_ft=length)) == expected


def test_where_the_remainder_would_pass_the_limit_the_run_gets_one_section_more() -> None:
    # 39,997.90 ft / 400 = 99.99475, rounded to 99.99, would leave 101.89 ft for the last section
    lengths = sections(Decimal("39997.90"), Decimal(100))
    assert len(lengths) == 401
    assert set(lengths[:-1]) == {Decimal("99.75")} and lengths[-1] == Decimal("97.90")
    assert sum(lengths) == Decimal("39997.90")


def test_the_town_engineer_may_order_shorter_sections_on_a_steep_grade_with_the_reason() -> None:
    plan = _plan(max_section_ft=50, reason="8% grade: pressure at the lower end")
    assert [str(a.value) for a in plan.amounts] == ["50.00"] * 5
    assert "8% grade" in plan.finding("section-length-limit").sentence
    assert _plan(max_section_ft=100).amounts[0].value == Decimal("83.33")  # the statute's own limit needs no reason


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"max_section_ft": "100.01"}, "max_section_ft", "in no event exceed 100 ft"),
    ({"max_section_ft": "120"}, "max_section_ft", "120 ft is more than §118-34 allows"),
    ({"max_section_ft": "99.99"}, "reason", "need their reason"),
    ({"max_section_ft": "50", "reason": "   "}, "reason", "need their reason"),
    ({"length_ft": "100000", "max_section_ft": "1", "reason": "steep"}, "length_ft", "more than 1,000 sections"),
    ({"length_ft": "250.005"}, "length_ft", "decimal places"),
    ({"length_ft": "0"}, "length_ft", "greater than 0"),
    ({"upstream_manhole": ""}, "upstream_manhole", "at least 1 character"),
])  # fmt: skip
def test_refusals_name_the_field_and_the_rule(changes: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(FactsError) as refused:
        _plan(**changes)
    [error] = refused.value.errors
    assert error["loc"][0] == field and words in error["msg"]


@settings(max_examples=200, deadline=None)
@given(length=st.decimals(min_value="0.01", max_value="40000", places=2),
       limit=st.decimals(min_value="1", max_value="100", places=2))  # fmt: skip
def test_any_run_is_covered_exactly_by_equal_sections_within_the_limit(length: Decimal, limit: Decimal) -> None:
    lengths = sections(length, limit)
    if len(lengths) > 1000:
        return
    assert sum(lengths) == length
    assert all(Decimal(0) < x <= limit for x in lengths)
    assert len(set(lengths[:-1])) <= 1
    assert len(lengths) >= math.ceil(length / limit)
