"""§118-47: each day a violation continues past the notice's time limit is a separate offense, fined by a
court upon conviction up to $500; sewerworks computes only the maximum exposure (I-22)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.s118_47_penalties import ExposureFacts, Violation, violation_exposure
from sewerworks.ordinance.topics import FactsError, determine

DEADLINE = date(2026, 3, 31)


def _decide(as_of: date, *violations: dict[str, Any]) -> Decision:
    facts = ExposureFacts.model_validate({"violations": list(violations)})
    return violation_exposure(facts, load_jurisdiction().at(as_of), as_of)


def _exposure(d: Decision) -> Decimal:
    return d.amount("maximum exposure").value


def test_two_violations_corrected_10_and_5_days_late_expose_the_offender_to_at_most_7500_dollars() -> None:
    d = _decide(
        date(2026, 5, 1),
        {"section": "118-38", "correction_deadline": DEADLINE, "corrected_on": date(2026, 4, 10)},
        {"section": "§ 118-36", "correction_deadline": DEADLINE, "corrected_on": date(2026, 4, 5)},
    )
    assert d.outcome == "exposure"
    assert _exposure(d) == Decimal("7500.00")
    assert [row["days"] for row in d.amount("maximum exposure").breakdown] == ["10", "5"]
    assert [row["subtotal"] for row in d.amount("maximum exposure").breakdown] == ["5000.00", "2500.00"]
    assert d.finding("violation-2-time-limit").sentence == (
        "Violation 2 (§118-36) had to be corrected by March 31, 2026; it was corrected on April 5, 2026, 5 days late."
    )


def test_corrected_on_the_deadline_is_no_offense_and_the_day_after_is_one() -> None:
    on_time = _decide(
        date(2026, 5, 1), {"section": "118-38", "correction_deadline": DEADLINE, "corrected_on": DEADLINE}
    )
    assert on_time.outcome == "corrected-in-time" and _exposure(on_time) == 0
    assert on_time.finding("violation-1-time-limit").severity == "complies"
    one_day = _decide(
        date(2026, 5, 1), {"section": "118-38", "correction_deadline": DEADLINE, "corrected_on": date(2026, 4, 1)}
    )
    assert one_day.outcome == "exposure" and _exposure(one_day) == Decimal("500.00")
    assert one_day.finding("violation-1-time-limit").sentence.endswith("1 day late.")


def test_a_continuing_violation_grows_by_500_dollars_a_day_from_the_day_after_the_deadline() -> None:
    violation = {"section": "118-36", "correction_deadline": DEADLINE}
    assert _decide(DEADLINE, violation).outcome == "within-time-limit"
    assert _exposure(_decide(DEADLINE, violation)) == 0
    d = _decide(date(2026, 4, 3), violation)
    assert d.outcome == "continuing" and _exposure(d) == Decimal("1500.00")
    assert d.finding("violation-1-time-limit").severity == "fails"


def test_the_fine_is_for_a_court_upon_conviction_and_never_imposed_by_the_software() -> None:
    d = _decide(
        date(2026, 5, 1), {"section": "118-38", "correction_deadline": DEADLINE, "corrected_on": date(2026, 4, 10)}
    )
    court = d.finding("fine-upon-conviction")
    assert court.severity == "discretion"
    assert court.decided_by == "court (upon conviction)"
    assert "at most $5,000.00 here" in court.sentence
    assert "sewerworks never imposes this fine" in court.sentence
    assert "I-22" in d.interpretations


def test_fines_under_118_5_are_not_limited_by_118_47() -> None:
    d = _decide(date(2026, 5, 1), {"section": "118-5", "correction_deadline": DEADLINE})
    assert "not limited by this maximum" in d.finding("118-5-not-limited").sentence


def test_without_a_stated_deadline_the_default_30_days_run_from_service_moved_off_a_weekend() -> None:
    # Served 2026-03-02 + 30 days = Wednesday 2026-04-01; served 2026-03-06 + 30 = Sunday 2026-04-05 -> Monday.
    d = _decide(date(2026, 4, 8), {"section": "118-38", "notice_served_on": date(2026, 3, 2)})
    assert d.amount("maximum exposure").breakdown[0]["correction_deadline"] == "2026-04-01"
    assert _exposure(d) == Decimal("3500.00")
    shifted = _decide(date(2026, 4, 8), {"section": "118-38", "notice_served_on": date(2026, 3, 6)})
    assert shifted.amount("maximum exposure").breakdown[0]["correction_deadline"] == "2026-04-06"
    assert "enforcement.default_correction_days" in {p.key for p in d.parameters}
    default = next(p for p in d.parameters if p.key == "enforcement.default_correction_days")
    assert default.value == 30 and default.reference["kind"] == "illustrative"


def test_a_violation_needs_a_deadline_or_a_service_date_and_a_real_section() -> None:
    with pytest.raises(ValidationError, match="correction_deadline stated in the notice, or the notice_served_on"):
        Violation(section="118-38")
    with pytest.raises(ValidationError, match="118-99"):
        Violation(section="118-99", correction_deadline=DEADLINE)
    with pytest.raises(ValidationError, match="corrected_on is before notice_served_on"):
        Violation(section="118-38", notice_served_on=DEADLINE, corrected_on=date(2026, 3, 1))
    with pytest.raises(FactsError):
        determine("violation-exposure", {"violations": []}, as_of=DEADLINE)
