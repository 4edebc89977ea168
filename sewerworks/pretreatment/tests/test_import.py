"""The lab results import (docs/pretreatment-results-import.md): the sample file in µg/L with "<" qualifiers,
row errors naming row, field and rule, all-or-none or valid rows only."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sewerworks.core.imports.kinds import get_kind
from sewerworks.pretreatment.models import Exceedance, Result, Sample

pytestmark = pytest.mark.django_db
SAMPLE = Path(__file__).resolve().parents[3] / "docs" / "samples" / "lab-results-sample.csv"
AS_OF = dt.date(2026, 3, 10)
HEADER = "sample_id,sampling_point,start,end,sample_type,parameter,result,qualifier,detection_limit,unit,method,lab\n"


def _check(text: str) -> Any:
    return get_kind("pretreatment-results").check(text.encode(), context={}, as_of=AS_OF)


def test_the_sample_file_checks_clean(manhole: Any) -> None:
    checked = _check(SAMPLE.read_text())
    assert (checked.errors, checked.valid) == ([], 7)


def test_row_errors_name_the_row_the_field_and_the_rule(manhole: Any) -> None:
    text = HEADER + (
        "A1,CM-9,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1,,,mg/L,m,Lab\n"
        "A2,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,temperature,20,,,mg/L,m,Lab\n"
        "A3,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,kryptonite,1,,,mg/L,m,Lab\n"
        "A4,CM-1,2026-04-01T08:00,2026-04-02T08:00,composite,copper,1,,,mg/L,m,Lab\n"
        "A5,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1,?,,mg/L,m,Lab\n"
    )
    errors = {(e.row, e.field): e.message for e in _check(text).errors}
    assert errors[(2, "sampling_point")] == "no sampling point 'CM-9' is recorded (§118-42)"
    assert errors[(3, "unit")] == "Temperature is not measured in mg/L"
    assert errors[(4, "parameter")].startswith("'kryptonite' is not a parameter §118-37 limits")
    assert errors[(5, "start")] == "2026-04-01T08:00 is still to come (I-50)"
    assert errors[(6, "qualifier")] == "'?' is not empty, < (below the detection limit) or ND (I-152)"


def test_a_parameter_of_a_sample_twice_is_refused(manhole: Any) -> None:
    row = "A1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1,,,mg/L,m,Lab\n"
    errors = _check(HEADER + row + row).errors
    assert [(e.row, e.field) for e in errors] == [(3, "parameter")]


def test_a_further_parameter_of_a_sample_already_entered_is_refused(manhole: Any, staff: Any) -> None:
    from sewerworks.pretreatment.actions import do_record_results
    from sewerworks.pretreatment.tests.conftest import composite

    do_record_results([composite(manhole, dt.date(2026, 3, 2), "copper", "1", sample_id="A1")], acting_user=staff.clerk)
    row = "A1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,zinc,1,,,mg/L,m,Hudson Valley Labs\n"
    errors = _check(HEADER + row).errors
    assert [(e.row, e.field) for e in errors] == [(2, "sample_id")]
    assert errors[0].message.startswith("sample A1 (Hudson Valley Labs) is already entered")


def test_a_moment_before_1900_is_refused(manhole: Any) -> None:
    row = "A1,CM-1,1899-12-31T08:00,2026-03-02T08:00,composite,zinc,1,,,mg/L,m,Lab\n"
    errors = _check(HEADER + row).errors
    assert [(e.row, e.field, e.message) for e in errors] == [
        (2, "start", "1899-12-31T08:00 is before 1900: not a date a lab reports")
    ]


def test_import_results_enters_and_evaluates_the_sample_file(manhole: Any, staff: Any, tmp_path: Path) -> None:
    call_command("import_results", str(SAMPLE), as_user=staff.clerk.username)
    assert Sample.objects.count() == 2 and Result.objects.count() == 7
    copper = Result.objects.get(parameter="copper")
    assert (copper.value, copper.unit) == (Decimal("1.71"), "mg/L")
    assert Result.objects.get(parameter="cadmium").shown == "<5 ug/L"
    assert Result.objects.get(parameter="temperature").value == Decimal("76.1")
    found = Exceedance.objects.get(parameter="copper", basis="24_hour")
    assert found.sentence == "Copper, 24-hour average: 1.71 mg/L exceeds the limit of 1.6 mg/L."


def test_a_file_with_a_bad_row_imports_nothing_unless_valid_rows_only(manhole: Any, staff: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(SAMPLE.read_text() + "X1,CM-9,2026-03-01T08:00,2026-03-02T08:00,composite,zinc,1,,,mg/L,m,Lab\n")
    with pytest.raises((CommandError, SystemExit)):
        call_command("import_results", str(bad), as_user=staff.clerk.username)
    assert not Result.objects.exists()
    rejects = tmp_path / "rejects.csv"
    call_command("import_results", str(bad), as_user=staff.clerk.username, valid_rows_only=True,
                 reject_file=str(rejects))  # fmt: skip
    assert Result.objects.count() == 7
    assert "CM-9" in rejects.read_text()


def test_above_the_lab_s_range_and_nd_without_its_detection_limit_are_refused_by_name(manhole: Any) -> None:
    """I-152: ">" is above the laboratory's range (the lab must dilute and report a number); "ND" needs its
    detection limit; a sample dated after the day of the import has no result yet."""
    text = HEADER + (
        "B1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,5,>,,mg/L,m,Lab\n"
        "B2,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,lead,ND,,,mg/L,m,Lab\n"
        "B3,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,zinc,0,ND,,mg/L,m,Lab\n"
        "B4,CM-1,2026-03-10T08:00,2026-03-11T08:00,composite,zinc,1,,,mg/L,m,Lab\n"
        "B5,CM-1,2026-03-09T08:00,2026-03-10T08:00,composite,zinc,1,,,mg/L,m,Lab\n"
    )
    checked = _check(text)
    errors = {(e.row, e.field): e.message for e in checked.errors}
    assert errors == {
        (2, "qualifier"): "> means above the laboratory's range: the lab must dilute the sample and report a number "
        "(I-152)",
        (3, "detection_limit"): "ND (not detected) needs the detection limit: with it the result reads as < the "
        "detection limit (I-152)",
        (4, "detection_limit"): "ND (not detected) needs the detection limit: with it the result reads as < the "
        "detection limit (I-152)",
        (5, "end"): "the sample is dated 2026-03-11, after the day of the import (2026-03-10): a sample not yet "
        "taken has no result (I-50)",
    }
    assert checked.valid == 1  # a sample ending on the day of the import is taken


def test_nd_with_its_detection_limit_reads_as_below_it(manhole: Any, staff: Any, tmp_path: Path) -> None:
    text = HEADER + (
        "N1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,lead,ND,,0.005,mg/L,m,Lab\n"
        "N2,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,cadmium,,ND,2,ug/L,m,Lab\n"
    )
    checked = _check(text)
    assert checked.errors == [] and checked.valid == 2
    assert [(r.qualifier, r.value, r.detection_limit) for r in checked.payload] == [
        ("<", Decimal("0.005"), Decimal("0.005")), ("<", Decimal(2), Decimal(2))]  # fmt: skip


def test_a_file_with_a_refused_row_enters_nothing(manhole: Any, staff: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(HEADER + "G1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1,,,mg/L,m,Lab\n"
                   "G2,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,zinc,9,>,,mg/L,m,Lab\n")  # fmt: skip
    with pytest.raises((CommandError, SystemExit)):
        call_command("import_results", str(bad), as_user=staff.clerk.username)
    assert not Sample.objects.exists() and not Result.objects.exists()


def test_a_correction_names_an_earlier_sample_of_the_same_point_and_day(manhole: Any, staff: Any) -> None:
    """I-153: the corrected sample must be entered, at the same sampling point, on the same day."""
    from sewerworks.pretreatment.actions import do_record_results
    from sewerworks.pretreatment.tests.conftest import composite

    do_record_results([composite(manhole, dt.date(2026, 3, 2), "copper", "1.7", sample_id="K1")],
                      acting_user=staff.clerk)  # fmt: skip
    head = HEADER.strip() + ",corrects\n"
    lab = "Hudson Valley Labs"
    text = head + (
        f"K2,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1.0,,,mg/L,m,{lab},K1\n"
        f"K3,CM-1,2026-03-02T08:00,2026-03-03T08:00,composite,copper,1.0,,,mg/L,m,{lab},K1\n"
        f"K4,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1.0,,,mg/L,m,{lab},K9\n"
    )
    checked = _check(text)
    assert {(e.row, e.field): e.message for e in checked.errors} == {
        (3, "corrects"): "sample K1 was taken at CM-1 on 2026-03-02: a correction is of the same point and day (I-153)",
        (4, "corrects"): f"no sample K9 of {lab} is entered to correct",
    }
    assert checked.payload[0].corrects == Sample.objects.get(lab_sample_id="K1")
