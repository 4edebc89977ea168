"""§118-24 (I-12): connection at the property line, the lateral the Sewer Department builds, rock and curb cuts."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import determine

AS_OF = date(2026, 5, 1)
NEW: dict[str, Any] = {
    "connection_at_property_line": True,
    "lateral_exists": False,
    "lateral_builder": "sewer_department",
    "connection_method_approved": True,
}


def _decide(**changes: Any) -> Decision:
    return determine("lateral-connection", {**NEW, **changes}, as_of=AS_OF)


def test_a_missing_lateral_is_built_by_the_department_and_paid_through_the_connection_charge() -> None:
    d = _decide()
    assert d.outcome == "complies"
    lateral = d.finding("lateral")
    assert "no separate lateral charge" in lateral.sentence and lateral.interpretations == ["I-12"]
    assert d.amount_for("cut_fees").value == Decimal("0.00")


def test_an_approved_contractor_may_build_the_lateral_but_the_owners_builder_may_not() -> None:
    assert _decide(lateral_builder="approved_contractor").finding("lateral").severity == "complies"
    assert _decide(lateral_builder="other").finding("lateral").severity == "fails"


def test_an_existing_lateral_needs_no_builder() -> None:
    assert _decide(lateral_exists=True, lateral_builder=None).finding("lateral").severity == "complies"


def test_the_connection_must_be_at_the_property_line() -> None:
    d = _decide(connection_at_property_line=False)
    assert d.outcome == "fails"
    assert d.finding("property-line").section == "118-24"


def test_the_connection_method_is_the_sewer_departments_approval() -> None:
    f = _decide(connection_method_approved=False).finding("connection-method")
    assert f.severity == "discretion" and f.decided_by == "Sewer Department"


def test_rock_and_curb_cut_fees_are_collected_only_when_required_and_are_separate() -> None:
    assert _decide(rock_cut_required=True).amount_for("cut_fees").value == Decimal("150.00")
    assert _decide(curb_cut_required=True).amount_for("cut_fees").value == Decimal("75.00")
    both = _decide(rock_cut_required=True, curb_cut_required=True).amount_for("cut_fees")
    assert both.value == Decimal("225.00")
    assert [b["item"] for b in both.breakdown] == ["rock cut fee", "curb cut fee"]


def test_the_cut_fees_take_effect_with_the_2000_amendment() -> None:
    import pytest

    from sewerworks.ordinance.parameters import NotInForce

    assert _decide().parameters
    with pytest.raises(NotInForce):
        determine("lateral-connection", NEW, as_of=date(2000, 7, 23))
    assert determine("lateral-connection", NEW, as_of=date(2000, 7, 24)).outcome == "complies"
