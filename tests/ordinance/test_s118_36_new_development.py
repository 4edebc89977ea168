"""§118-36 (I-87): no building permit inside the improvement without a suitable and approved method of disposal."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import determine

AS_OF = date(2026, 5, 1)
HOUSE: dict[str, Any] = {
    "within_improvement": True,
    "requires_sanitary_facilities": True,
    "proposed_method": "public_sewer",
    "method_approved": True,
}


def _decide(**changes: Any) -> Decision:
    return determine("new-development", {**HOUSE, **changes}, as_of=AS_OF)


def test_a_house_with_an_approved_building_sewer_may_have_its_building_permit() -> None:
    d = _decide()
    assert d.outcome == "building-permit-may-issue"
    assert "Sewer Department" in d.finding("disposal-method").sentence


def test_no_method_proposed_withholds_the_building_permit() -> None:
    assert _decide(proposed_method="none").outcome == "building-permit-withheld"


@pytest.mark.parametrize(("feet", "outcome"), [(100, "building-permit-withheld"), (101, "building-permit-may-issue")])
def test_a_private_system_is_suitable_only_beyond_the_availability_distance(feet: int, outcome: str) -> None:
    d = _decide(proposed_method="private_system", distance_to_public_sewer_ft=feet)
    assert d.outcome == outcome
    assert "I-87" in d.interpretations


def test_an_unapproved_method_is_for_the_official_who_approves_it() -> None:
    f = _decide(proposed_method="private_system", method_approved=False).finding("disposal-method")
    assert f.severity == "discretion" and f.decided_by == "Ulster County Department of Health"


def test_a_new_development_needs_an_approved_system_of_sanitary_sewers() -> None:
    assert _decide(part_of_new_development=True).outcome == "building-permit-withheld"
    assert (
        _decide(part_of_new_development=True, development_sewers_approved=True).outcome == "building-permit-may-issue"
    )


@pytest.mark.parametrize("change", [{"within_improvement": False}, {"requires_sanitary_facilities": False}])
def test_outside_the_improvement_or_without_sanitary_facilities_it_does_not_apply(change: dict[str, bool]) -> None:
    assert _decide(**change).outcome == "not-applicable"
