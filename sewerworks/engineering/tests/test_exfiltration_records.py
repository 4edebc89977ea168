"""Every section's exfiltration test on record (§118-31, §118-34; I-140, I-41): the plan of the approved design,
tests decided by the exfiltration-test topic, a failure, its repair and the retest."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.core.models import StoredDecision
from sewerworks.engineering.actions import do_plan_tests, do_record_exfiltration_test, do_record_repair
from sewerworks.engineering.actions.testing import find_section
from sewerworks.engineering.tests.conftest import D

pytestmark = pytest.mark.django_db
VALID = {"filled_hours": "24", "head_ft_above_crown": "5", "test_hours": "2", "tested_on": D(2026, 11, 10)}


def _plan(project: Any, staff: Any, **more: Any) -> list[Any]:
    return do_plan_tests(project=project, acting_user=staff.engineer, planned_on=D(2026, 11, 2), **more)


def _test(section: Any, user: Any, water: str, **changes: Any) -> Any:
    return do_record_exfiltration_test(section=section, acting_user=user, water_added_gal=water, **{**VALID, **changes})


def test_the_plan_splits_each_run_of_the_approved_design_into_sections_of_at_most_100_ft_holding_its_manholes(
    building: Any, staff: Any
) -> None:
    sections = _plan(building, staff)
    by_run: dict[str, list[tuple[Decimal, str]]] = {}
    for s in sections:
        by_run.setdefault(s.run, []).append((s.length_ft, s.manholes))
    assert by_run["C1"] == [(Decimal(100), "MH-1"), (Decimal(100), ""), (Decimal(100), ""), (Decimal(100), "MH-2")]
    # C4 ends at the outfall OUT-1: no manhole, so not in the last section's leakage allowance (I-41)
    assert by_run["C4"] == [(Decimal("93.33"), "MH-4"), (Decimal("93.33"), ""), (Decimal("93.34"), "")]
    assert len(sections) == 4 + 3 + 2 + 3
    assert StoredDecision.objects.filter(topic="test-plan").count() == 4
    with pytest.raises(ValidationError, match="The tests are planned"):
        _plan(building, staff)


def test_a_steep_run_gets_shorter_sections_with_its_reason_and_not_over_100_ft(building: Any, staff: Any) -> None:
    with pytest.raises(ValidationError) as refused:
        _plan(building, staff, steep={"C1": ("120", "steep")})
    assert "C1: 120 ft is more than §118-34 allows" in refused.value.message_dict["max_section_ft"][0]
    with pytest.raises(ValidationError) as unexplained:
        _plan(building, staff, steep={"C1": ("50", "")})
    assert "reason" in unexplained.value.message_dict
    sections = _plan(building, staff, steep={"C1": ("50", "6% grade below MH-1")})
    assert [s.length_ft for s in sections if s.run == "C1"] == [Decimal(50)] * 8
    with pytest.raises(PermissionDenied):
        do_plan_tests(project=building, acting_user=staff.clerk)


def test_a_section_fails_is_repaired_and_passes_its_retest(building: Any, staff: Any, make_user: Any) -> None:
    inspector = make_user("inspector")
    first = _plan(building, staff)[0]  # C1 section 1: 100 ft of 8-inch pipe with MH-1
    # allowance over 2 h: (100 gal × 100/5280 mi × 8 in + 4.5 gal) × 2/24 = 1.638 gal (I-41)
    failed = _test(first, inspector, "1.64")
    assert (failed.result, failed.allowed_gal) == ("failed", Decimal("1.638"))
    assert first.result() == "failed"
    with pytest.raises(ValidationError) as no_repair:
        _test(first, inspector, "0.4", tested_on=D(2026, 11, 12))
    assert "record the repair before it is tested again" in no_repair.value.message_dict["repair"][0]
    with pytest.raises(ValidationError, match="the repair comes after"):
        do_record_repair(section=first, repaired_on=D(2026, 11, 9), description="Joint resealed", acting_user=inspector)
    repair = do_record_repair(section=first, repaired_on=D(2026, 11, 11), description="Joint at 40 ft resealed",
                              acting_user=inspector)  # fmt: skip
    passed = _test(first, inspector, "1.63", tested_on=D(2026, 11, 12))
    assert (passed.result, passed.after_repair) == ("passed", repair)
    assert first.result() == "passed"
    with pytest.raises(ValidationError, match="passed on 2026-11-12: it is not tested again"):
        _test(first, inspector, "0.1", tested_on=D(2026, 11, 13))


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"filled_hours": "23.99"}, "filled_hours", "requires at least 24 h"),
    ({"head_ft_above_crown": "4.99"}, "head_ft_above_crown", "requires at least 5 ft above the higher"),
    ({"head_ft_above_crown": "5.5", "groundwater_ft_above_crown": "1"}, "head_ft_above_crown", "above groundwater"),
    ({"test_hours": "1.99"}, "test_hours", "requires at least 2 h"),
    ({"tested_on": D(2026, 10, 1)}, "tested_on", "after construction started"),
    ({"tested_on": dt.date.today() + dt.timedelta(days=1)}, "tested_on", "still to come"),
])  # fmt: skip
def test_a_test_that_is_not_valid_is_refused_naming_the_field(building: Any, staff: Any, changes: dict[str, Any],
                                                            field: str, words: str) -> None:  # fmt: skip
    section = _plan(building, staff)[0]
    with pytest.raises(ValidationError) as refused:
        _test(section, staff.engineer, "0.1", **changes)
    assert words in " ".join(refused.value.message_dict[field])
    assert section.tests.count() == 0


def test_a_test_just_valid_on_each_threshold_is_recorded(building: Any, staff: Any) -> None:
    section = _plan(building, staff)[0]
    made = _test(section, staff.engineer, "0.5", head_ft_above_crown="6", groundwater_ft_above_crown="1")
    assert made.result == "passed" and made.decision.topic == "exfiltration-test"


def test_a_section_not_in_the_plan_is_refused(building: Any, staff: Any) -> None:
    _plan(building, staff)
    assert find_section(building, "C3", 2).length_ft == Decimal(100)
    with pytest.raises(ValidationError, match="no section 3 of 'C3'"):
        find_section(building, "C3", 3)
    with pytest.raises(ValidationError, match="no section 1 of 'C9'"):
        find_section(building, "C9", 1)
