"""Lab results entered and evaluated as §118-37 reads them (I-31, I-73, I-76): each 24-hour average, each
30-day average, every reading of pH; an exceedance opens one §118-37 violation with a task to serve the
notice; a §118-39 trigger opens the Town Engineer's review, never a violation."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from sewerworks.enforcement.models import FollowUp, Violation
from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.evaluation import thirty_day_days
from sewerworks.pretreatment.models import EngineerReview, Exceedance, Result
from sewerworks.pretreatment.tests.conftest import at, composite, grab

pytestmark = pytest.mark.django_db
D = dt.date


def _enter(rows: list[Any], staff: Any) -> Any:
    return do_record_results(rows, acting_user=staff.clerk, run="test")


def test_a_result_in_micrograms_is_stored_beside_its_value_in_milligrams(manhole: Any, staff: Any) -> None:
    _enter([composite(manhole, D(2026, 3, 2), "copper", "1601", "ug/L")], staff)
    result = Result.objects.get()
    assert (result.reported_value, result.reported_unit, result.value, result.unit) == (
        Decimal(1601), "ug/L", Decimal("1.601"), "mg/L")  # fmt: skip


def test_a_copper_composite_above_the_24_hour_limit_opens_a_violation_with_a_task(manhole: Any, staff: Any) -> None:
    outcome = _enter([composite(manhole, D(2026, 3, 2), "copper", "1601", "ug/L")], staff)
    found = Exceedance.objects.get(basis="24_hour")
    assert found.sentence == "Copper, 24-hour average: 1.601 mg/L exceeds the limit of 1.6 mg/L."
    assert (found.row, found.section, found.limit) == ("Copper", "118-37", Decimal("1.6"))
    assert list(found.results.all()) == list(Result.objects.all())
    violation = Violation.objects.get()
    assert (violation.section, violation.program, violation.how_discovered) == ("118-37", "pretreatment", "sampling")
    assert found.violation == violation
    task = FollowUp.objects.get()
    assert task.kind == "serve_notice_of_violation" and task.assigned_to == staff.superintendent
    assert outcome.violations == 1
    assert EngineerReview.objects.get().status == "open"  # substances above their limits: §118-39 too


def test_each_exceedance_is_written_with_the_violation_it_opened_never_linked_afterwards(
    manhole: Any, staff: Any
) -> None:
    """The violation is opened first and every exceedance is created with it: no bulk ``UPDATE`` of the
    findings afterwards (which would send no signal)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        _enter([composite(manhole, D(2026, 3, 2), "copper", "1601", "ug/L")], staff)
    table = Exceedance._meta.db_table
    assert not [q["sql"] for q in queries if q["sql"].startswith("UPDATE") and table in q["sql"]]
    violation = Violation.objects.get()
    assert set(Exceedance.objects.values_list("violation", flat=True)) == {violation.pk}
    assert Exceedance.objects.count() == 2  # the 24-hour average and the 30-day average of that day


def test_at_the_24_hour_limit_only_the_30_day_average_exceeds(manhole: Any, staff: Any) -> None:
    _enter([composite(manhole, D(2026, 3, 2), "copper", "1600", "ug/L")], staff)
    assert list(Exceedance.objects.values_list("basis", flat=True)) == ["30_day"]


def test_at_both_limits_nothing_is_found(manhole: Any, staff: Any) -> None:
    _enter([composite(manhole, D(2026, 3, 2), "copper", "800", "ug/L")], staff)
    assert not Exceedance.objects.exists() and not Violation.objects.exists()


def test_a_30_day_exceedance_that_no_single_sample_shows_is_found(manhole: Any, staff: Any) -> None:
    """Weekly copper composites of 1.2 mg/L: each under the 24-hour limit of 1.6, their 30-day average over 0.8."""
    days = [D(2026, 3, 2), D(2026, 3, 9), D(2026, 3, 16)]
    _enter([composite(manhole, day, "copper", "1.2") for day in days], staff)
    assert not Exceedance.objects.filter(basis="24_hour").exists()
    thirty = Exceedance.objects.filter(basis="30_day").order_by("day")
    assert thirty.first().day == D(2026, 3, 2)
    assert thirty.first().sentence == "Copper, 30-day average: 1.2 mg/L exceeds the limit of 0.8 mg/L."
    assert Violation.objects.count() == 1


def test_a_30_day_average_is_judged_when_a_low_value_leaves_the_window(manhole: Any, staff: Any) -> None:
    """A non-detect on March 1 and 1.0 mg/L on March 20: 0.5 on the 20th, but 1.0 from March 31, when the
    non-detect has left the 30 days (I-76)."""
    rows = [composite(manhole, D(2026, 3, 1), "copper", "5", "ug/L", qualifier="<", detection_limit="5"),
            composite(manhole, D(2026, 3, 20), "copper", "1.0")]  # fmt: skip
    _enter(rows, staff)
    found = Exceedance.objects.get(basis="30_day")
    assert (found.day, found.value) == (D(2026, 3, 31), Decimal("1"))


def test_the_days_a_30_day_average_is_judged() -> None:
    assert thirty_day_days([D(2026, 3, 1), D(2026, 3, 20)]) == [D(2026, 3, 1), D(2026, 3, 20), D(2026, 3, 31)]


def test_a_day_s_grabs_are_averaged_into_its_24_hour_value(manhole: Any, staff: Any) -> None:
    rows = [grab(manhole, at(2026, 3, 2, 9), "copper", "2.0"), grab(manhole, at(2026, 3, 2, 15), "copper", "1.0")]
    _enter(rows, staff)
    assert not Exceedance.objects.filter(basis="24_hour").exists()  # (2.0 + 1.0) / 2 = 1.5 <= 1.6


def test_a_grab_at_ph_5_8_exceeds_and_bod_301_goes_to_review_only(manhole: Any, staff: Any) -> None:
    _enter([grab(manhole, at(2026, 3, 2, 9), "ph", "5.8", "pH"), composite(manhole, D(2026, 3, 3), "bod", "301")],
           staff)  # fmt: skip
    assert list(Exceedance.objects.values_list("parameter", "basis")) == [("ph", "instantaneous")]
    review = EngineerReview.objects.get()
    assert any("BOD (five-day) 301 mg/L" in t["sentence"] for t in review.triggers)


def test_bod_300_opens_no_review(manhole: Any, staff: Any) -> None:
    _enter([composite(manhole, D(2026, 3, 3), "bod", "300")], staff)
    assert not EngineerReview.objects.exists()


def test_a_second_trigger_joins_the_open_review(manhole: Any, staff: Any) -> None:
    _enter([composite(manhole, D(2026, 3, 3), "bod", "320")], staff)
    _enter([composite(manhole, D(2026, 3, 10), "bod", "340")], staff)
    review = EngineerReview.objects.get()
    assert len(review.triggers) == 2


def test_a_cadmium_non_detect_counts_as_zero(manhole: Any, staff: Any) -> None:
    _enter([composite(manhole, D(2026, 3, 2), "cadmium", "5", "ug/L", qualifier="<", detection_limit="5")], staff)
    result = Result.objects.get()
    assert (result.value, result.non_detect, result.shown) == (Decimal(0), True, "<5 ug/L")
    assert not Exceedance.objects.exists()


def test_a_board_member_enters_no_results(manhole: Any, staff: Any) -> None:
    with pytest.raises(PermissionDenied):
        do_record_results([composite(manhole, D(2026, 3, 2), "copper", "1")], acting_user=staff.board)


def test_a_mean_is_rounded_up_at_the_sixth_place_so_it_decides_exactly() -> None:
    from sewerworks.pretreatment.evaluation import mean

    assert mean([Decimal("0.8"), Decimal("0.8"), Decimal("0.8000001")]) == Decimal("0.800001")
    assert mean([Decimal("0.8"), Decimal("0.8"), Decimal("0.8")]) == Decimal("0.8")
    assert mean([Decimal(1), Decimal(0), Decimal(0)]) == Decimal("0.333334")
