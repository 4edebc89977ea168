"""§118-18: an old building sewer serves a new building only on the Town Engineer's examination and test."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.topics import determine

AS_OF = date(2026, 5, 1)
MEETS: dict[str, Any] = {
    "new_building": True,
    "examined_by": "town_engineer",
    "engineer_finding": "meets_all_requirements",
}


def _decide(**changes: Any) -> Decision:
    return determine("old-building-sewer", {**MEETS, **changes}, as_of=AS_OF)


def test_until_examined_the_town_engineer_decides() -> None:
    d = determine("old-building-sewer", {"new_building": True}, as_of=AS_OF)
    assert d.outcome == "needs-review"
    f = d.finding("examination-and-test")
    assert f.severity == "discretion" and f.decided_by == "Town Engineer"


@pytest.mark.parametrize("examiner", ["town_engineer", "engineer_approved_by_town"])
def test_found_to_meet_the_chapter_by_the_town_engineer_or_an_approved_engineer_it_may_be_reused(examiner: str) -> None:
    assert _decide(examined_by=examiner).outcome == "may-be-reused"


def test_an_examination_by_anyone_else_is_not_accepted() -> None:
    assert _decide(examined_by="other").outcome == "may-not-be-reused"


def test_found_not_to_meet_the_chapter_it_may_not_be_reused() -> None:
    assert _decide(engineer_finding="does_not_meet").outcome == "may-not-be-reused"


def test_an_old_sewer_as_found_that_fails_section_118_20_is_stated_beside_the_finding() -> None:
    d = _decide(as_found={"diameter_in": 3, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"})
    assert d.outcome == "may-not-be-reused"
    assert "118-20" in d.sections
    ok = _decide(as_found={"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"})
    assert ok.outcome == "may-be-reused"


def test_an_existing_building_keeping_its_sewer_is_not_a_section_118_18_case() -> None:
    assert _decide(new_building=False).outcome == "not-applicable"


def test_the_approved_engineer_takes_effect_with_the_2000_amendment() -> None:
    from sewerworks.ordinance.parameters import NotInForce

    with pytest.raises(NotInForce):
        determine("old-building-sewer", MEETS, as_of=date(2000, 7, 23))
    assert determine("old-building-sewer", MEETS, as_of=date(2000, 7, 24)).outcome == "may-be-reused"
