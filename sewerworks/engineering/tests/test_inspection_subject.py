"""An extension's test sections as subjects of the inspections mechanism (#33's registration API, unchanged): the
contractor's notice opens an exfiltration test in the field with its checklist; the result records the section's
test, decided by the exfiltration-test topic; a failure needs its repair before the retest's notice; a passed
section is closed."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.engineering.actions import do_plan_tests, do_record_repair
from sewerworks.engineering.inspection_subject import TestSectionSubject
from sewerworks.engineering.tests.conftest import D
from sewerworks.inspections.actions import do_record_result, do_request_inspection
from sewerworks.inspections.listing import listed
from sewerworks.inspections.subjects import subject_for

pytestmark = pytest.mark.django_db


def _first(building: Any, staff: Any) -> Any:
    return do_plan_tests(project=building, planned_on=D(2026, 11, 2), acting_user=staff.engineer)[0]


def _ask(section: Any, staff: Any, day: Any = D(2026, 11, 9)) -> Any:
    return do_request_inspection(section, kind="exfiltration", requested_on=day, requested_by="Kiernan Excavating",
                                 acting_user=staff.clerk)  # fmt: skip


def _found(water: str, leakage: str = "yes", **more: str) -> dict[str, Any]:
    values = {"min-fill-period": "24", "groundwater": "-2", "min-head": "5", "min-test-period": "2", "leakage": water,
              **more}  # fmt: skip
    return {key: {"answer": leakage if key == "leakage" else "yes", "measured": value} for key, value in values.items()}


def test_a_section_is_a_registered_subject_whose_notice_issues_the_exfiltration_checklist(
    building: Any, staff: Any
) -> None:
    first = _first(building, staff)
    assert isinstance(subject_for(first), TestSectionSubject)
    asked = _ask(first, staff)
    assert [i["key"] for i in asked.checklist] == ["min-fill-period", "groundwater", "min-head", "min-test-period",
                                                   "leakage"]  # fmt: skip
    leakage = asked.checklist[-1]
    assert leakage["design"] == "1.638" and "19.652 gal a day" in leakage["text"] and "MH-1" in leakage["text"]
    assert asked.parcel == building.parcel
    assert listed(staff.clerk)[0].subject == "Orchard Ridge extension: C1 section 1"


def test_a_failed_result_records_the_failed_test_and_the_retest_waits_for_the_repair(
    building: Any, staff: Any
) -> None:
    first = _first(building, staff)
    failed = do_record_result(_ask(first, staff), result="failed", inspected_on=D(2026, 11, 10),
                              acting_user=staff.engineer, answers=_found("2", leakage="no"))  # fmt: skip
    test = first.latest_test()
    assert (test.result, test.inspection, test.water_added_gal) == ("failed", failed, 2)
    assert failed.summary.startswith("C1 section 1: failed. Measured leakage 2 gal exceeds the allowance")
    with pytest.raises(ValidationError, match="record the repair before the notice of its retest"):
        _ask(first, staff, D(2026, 11, 11))
    do_record_repair(section=first, repaired_on=D(2026, 11, 11), description="Joint resealed",
                     acting_user=staff.engineer)  # fmt: skip
    again = _ask(first, staff, D(2026, 11, 11))
    assert again.repeats == failed
    do_record_result(again, result="passed", inspected_on=D(2026, 11, 12), acting_user=staff.engineer,
                     answers=_found("1.5"))  # fmt: skip
    assert first.result() == "passed" and first.latest_test().after_repair is not None
    with pytest.raises(ValidationError, match="passed its exfiltration test on 2026-11-12"):
        _ask(first, staff, D(2026, 11, 13))


def test_the_result_must_be_the_topics_and_an_invalid_test_is_refused_with_nothing_written(
    building: Any, staff: Any
) -> None:
    first = _first(building, staff)
    asked = _ask(first, staff)
    with pytest.raises(ValidationError, match="finds the section failed"):
        do_record_result(asked, result="passed", inspected_on=D(2026, 11, 10), acting_user=staff.engineer,
                         answers=_found("2"))  # fmt: skip
    with pytest.raises(ValidationError, match="requires at least 24 h"):
        do_record_result(asked, result="passed", inspected_on=D(2026, 11, 10), acting_user=staff.engineer,
                         answers=_found("1", **{"min-fill-period": "20"}))  # fmt: skip
    assert first.tests.count() == 0
    with pytest.raises(PermissionDenied):
        do_record_result(asked, result="passed", inspected_on=D(2026, 11, 10), acting_user=staff.clerk,
                         answers=_found("1"))  # fmt: skip
    not_ready = do_record_result(asked, result="not_ready", inspected_on=D(2026, 11, 10), acting_user=staff.engineer)
    assert first.tests.count() == 0 and "No exfiltration test recorded" in not_ready.summary
