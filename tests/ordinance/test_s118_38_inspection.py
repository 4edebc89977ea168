"""§118-38 inspection of a grease interceptor (I-36, I-68, I-69): on both sides of 80% and of 100% fill,
with and without adequate performance, and 72 hours counted across midnight, a month end and a
daylight-saving change."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.registry import FactsError, determine
from sewerworks.ordinance.s118_38_inspection import GreaseInspectionFacts, grease_inspection

AS_OF = date(2026, 5, 1)
NEW_YORK = ZoneInfo("America/New_York")
# A 48-inch working depth: 38.4 in of grease and solids is 80%, 37.92 in is 79%, 48 in is 100%.
EXTERIOR: dict[str, Any] = {
    "inspected_at": "2026-04-14T09:30:00-04:00",
    "interceptor": "exterior",
    "working_depth_in": 48,
}


def _decide(**changes: Any) -> Decision:
    facts = GreaseInspectionFacts.model_validate({**EXTERIOR, **changes})
    return grease_inspection(facts, load_jurisdiction().at(AS_OF), AS_OF)


def _exterior(grease: str, solids: str, performing: bool, **more: Any) -> Decision:
    return _decide(grease_depth_in=grease, solids_depth_in=solids, adequately_performing=performing, **more)


def _interior(retained: str, performing: bool, rated: str = "100") -> Decision:
    return _decide(
        interceptor="interior", rated_pounds=rated, grease_retained_lb=retained, adequately_performing=performing,
        working_depth_in=None,
    )  # fmt: skip


def test_fill_of_an_exterior_interceptor_is_grease_and_solids_over_the_working_depth() -> None:
    d = _exterior("10", "28.4", True)
    assert d.amount("fill").value == Decimal("80.00")
    assert d.amount("fill").breakdown[0]["working"] == "(10 in grease + 28.4 in solids) ÷ 48 in working depth"


def test_79_percent_full_and_performing_is_in_order() -> None:
    d = _exterior("10", "27.92", True)
    assert d.outcome == "in-order"
    assert d.deadlines == []
    assert d.finding("pump-out-at-80-percent").sentence == (
        "The interceptor is 79% full, below the 80% at which it must be pumped out."
    )


def test_79_99_percent_reads_as_79_99_not_80() -> None:
    d = _interior("79.999", True)
    assert d.outcome == "in-order"
    assert "79.99% full" in d.summary


def test_80_percent_full_is_a_maintenance_noncompliance_with_72_hours_to_correct() -> None:
    d = _exterior("10", "28.4", True)
    assert d.outcome == "pump-out-due"
    assert d.finding("pump-out-at-80-percent").severity == "fails"
    [deadline] = d.deadlines
    assert deadline.name == "correct the maintenance noncompliance"
    assert deadline.due_at == datetime(2026, 4, 17, 9, 30, tzinfo=NEW_YORK)
    assert "appearance ticket" in deadline.sentence


def test_at_80_percent_not_performing_is_still_the_maintenance_notice_not_the_order() -> None:
    d = _exterior("10", "28.4", False)
    assert d.outcome == "pump-out-due"
    assert d.finding("seventy-two-hour-order").severity == "complies"


def test_99_percent_full_and_not_performing_is_not_yet_the_72_hour_order() -> None:
    d = _exterior("20", "27.52", False)  # 47.52 ÷ 48 = 99%
    assert d.outcome == "pump-out-due"


def test_100_percent_full_and_not_performing_gets_the_72_hour_order() -> None:
    d = _exterior("20", "28", False)
    assert d.outcome == "pump-out-order"
    [deadline] = d.deadlines
    assert deadline.name == "pump out and call for reinspection"
    assert "licensed contract hauler" in deadline.sentence and "reinspection" in deadline.sentence
    assert d.finding("seventy-two-hour-order").sentence == (
        "The interceptor is at or above capacity (100%) and not adequately performing: the 72-hour order applies."
    )
    assert {"I-20", "I-36", "I-68"} <= set(d.interpretations)


def test_100_percent_full_but_adequately_performing_is_a_pump_out_due_not_the_order() -> None:
    d = _exterior("20", "28", True)
    assert d.outcome == "pump-out-due"
    assert d.finding("seventy-two-hour-order").severity == "complies"


def test_above_capacity_and_not_performing_gets_the_order() -> None:
    assert _exterior("22", "30", False).outcome == "pump-out-order"


def test_an_interior_trap_is_full_by_pounds_retained_over_its_rating() -> None:
    assert _interior("79", True).outcome == "in-order"
    assert _interior("80", True).outcome == "pump-out-due"
    assert _interior("100", True).outcome == "pump-out-due"
    assert _interior("99.9", False).outcome == "pump-out-due"
    d = _interior("100", False)
    assert d.outcome == "pump-out-order"
    assert d.amount("fill").breakdown[0]["working"] == "100 lb retained ÷ 100 lb rated"


def test_below_80_percent_but_not_performing_is_left_to_the_building_inspector() -> None:
    d = _exterior("10", "27.92", False)
    assert d.outcome == "needs-review"
    finding = d.finding("efficient-operation")
    assert (finding.severity, finding.decided_by) == ("discretion", "Building Inspector")
    assert d.deadlines == []
    assert "I-69" in d.interpretations


def test_a_72_hour_order_crosses_midnight_and_a_month_end() -> None:
    d = _exterior("20", "28", False, inspected_at="2026-04-29T16:45:00-04:00")
    assert d.deadlines[0].due_at == datetime(2026, 5, 2, 16, 45, tzinfo=NEW_YORK)
    assert d.deadlines[0].due == date(2026, 5, 2)


def test_a_72_hour_order_across_the_spring_daylight_saving_change_ends_an_hour_later_on_the_clock() -> None:
    d = _exterior("20", "28", False, inspected_at="2026-03-06T10:00:00-05:00")
    due_at = d.deadlines[0].due_at
    assert due_at is not None
    assert due_at.isoformat() == "2026-03-09T11:00:00-04:00"
    assert "by 2026-03-09T11:00:00-04:00" in d.deadlines[0].sentence


def test_a_72_hour_order_across_the_autumn_change_ends_an_hour_earlier_on_the_clock() -> None:
    d = _exterior("20", "28", False, inspected_at="2026-10-30T14:00:00-04:00")
    due_at = d.deadlines[0].due_at
    assert due_at is not None
    assert due_at.isoformat() == "2026-11-02T13:00:00-05:00"


def test_a_72_hour_order_ending_on_a_sunday_is_not_moved() -> None:
    d = _exterior("20", "28", False, inspected_at="2026-05-28T11:00:00-04:00")
    assert d.deadlines[0].due == date(2026, 5, 31)


def test_the_inspection_moment_needs_its_time_zone_and_the_measurements_are_named() -> None:
    with pytest.raises(FactsError, match="time zone"):
        determine("grease-inspection", {**EXTERIOR, "inspected_at": "2026-04-14T09:30:00", "grease_depth_in": 1,
                                        "solids_depth_in": 1, "adequately_performing": True}, as_of=AS_OF)  # fmt: skip
    with pytest.raises(FactsError, match="solids_depth_in"):
        determine("grease-inspection", {**EXTERIOR, "grease_depth_in": 1, "adequately_performing": True}, as_of=AS_OF)


depths = st.decimals(min_value=Decimal(0), max_value=Decimal(60), places=2)


@given(depths, depths, st.booleans())
def test_the_outcome_follows_the_fill_and_the_performance(grease: Decimal, solids: Decimal, ok: bool) -> None:
    d = _exterior(str(grease), str(solids), ok)
    fill = (grease + solids) / 48 * 100
    if fill >= 100 and not ok:
        assert d.outcome == "pump-out-order"
    elif fill >= 80:
        assert d.outcome == "pump-out-due"
    else:
        assert d.outcome == ("in-order" if ok else "needs-review")


def test_an_inspection_in_the_year_1_is_a_field_error_not_a_crash() -> None:
    with pytest.raises(FactsError, match="inspected_at.*1900 or later"):
        determine("grease-inspection", {**EXTERIOR, "inspected_at": "0001-01-01T00:00:00+05:00", "grease_depth_in": 1,
                                        "solids_depth_in": 1, "adequately_performing": True}, as_of=AS_OF)  # fmt: skip
