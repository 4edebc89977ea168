"""§118-22: who pays for lifting sewage from a drain too low for gravity, the day before, of and after the main."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import determine

AS_OF = date(2026, 5, 1)
MAIN = "1990-06-15"


def _lift(drain: str | None, **more: Any) -> Decision:
    facts: dict[str, Any] = {"drain_too_low_for_gravity": True, "public_sewer_installed_on": MAIN, **more}
    if drain is not None:
        facts["drain_in_place_on"] = drain
    return determine("building-drain-lift", facts, as_of=AS_OF)


def test_a_drain_in_place_the_day_before_the_main_has_its_lift_furnished_by_the_improvement() -> None:
    d = _lift("1990-06-14")
    assert d.outcome == "improvement-furnishes"
    cost = d.finding("furnishing-cost")
    assert "the improvement pays for furnishing the lift" in cost.sentence
    assert "owner pays its installation, repairs, replacement, maintenance and utilities" in cost.sentence
    assert "I-86" not in cost.interpretations


def test_a_drain_dated_the_day_of_the_main_counts_as_in_place_by_the_stated_reading_i_86() -> None:
    d = _lift(MAIN)
    assert d.outcome == "improvement-furnishes"
    assert d.finding("furnishing-cost").interpretations == ["I-86"]
    assert "I-86" in d.interpretations
    assert any(p.key == "permits.drain_in_place_on_main_day" for p in d.parameters)


def test_a_drain_built_the_day_after_the_main_leaves_every_cost_of_the_lift_to_the_owner() -> None:
    d = _lift("1990-06-16")
    assert d.outcome == "owner-pays"
    assert "the owner pays for furnishing the lift" in d.finding("furnishing-cost").sentence


def test_the_lift_itself_needs_the_sewer_departments_approval_of_the_means() -> None:
    need = _lift("1990-06-14").finding("lift-required")
    assert need.severity == "discretion" and need.decided_by == "Sewer Department"


def test_a_drain_that_flows_by_gravity_needs_no_lift_and_no_dates() -> None:
    d = determine("building-drain-lift", {"drain_too_low_for_gravity": False}, as_of=AS_OF)
    assert d.outcome == "no-lift"
    assert [f.requirement for f in d.findings] == ["lift-required"]


@pytest.mark.parametrize("missing", ["drain_in_place_on", "public_sewer_installed_on"])
def test_an_unknown_date_is_the_superintendents_call_not_a_guess(missing: str) -> None:
    facts = {"drain_too_low_for_gravity": True, "drain_in_place_on": "1980-01-01", "public_sewer_installed_on": MAIN}
    del facts[missing]
    d = determine("building-drain-lift", facts, as_of=AS_OF)
    assert d.outcome == "needs-review"
    assert d.finding("furnishing-cost").decided_by == "Superintendent of Sewers"
