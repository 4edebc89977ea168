"""Construction on record (§118-31, 35; I-144): the Board's resolution linked, the security it demands, the
start; the daily reports and their refusals; the Town Engineer's stop-work order and material rejection."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.engineering.actions import (
    do_file_daily_report,
    do_lift_stop_work,
    do_link_board_resolution,
    do_record_security,
    do_reject_material,
    do_start_construction,
    do_stop_work,
)
from sewerworks.engineering.tests.conftest import STARTED, D, resolution

pytestmark = pytest.mark.django_db


def _refused(field: str, call: Any, **kwargs: Any) -> str:
    with pytest.raises(ValidationError) as refused:
        call(**kwargs)
    assert field in refused.value.message_dict, refused.value.message_dict
    return " ".join(refused.value.message_dict[field])


def _start(project: Any, staff: Any, on: dt.date = STARTED) -> Any:
    return do_start_construction(project=project, started_on=on, contractor="Kiernan Excavating",
                                 acting_user=staff.engineer)  # fmt: skip


def test_construction_cannot_start_without_the_linked_resolution(approved: Any, staff: Any) -> None:
    words = _refused("resolution", _start, project=approved, staff=staff)
    assert "Link the Town Board's §118-31 approval to its recorded resolution" in words
    assert approved.board_approval().reference == "Res. 77"  # the free-text reference still shows


def test_construction_cannot_start_without_the_security_the_resolution_demands(approved: Any, staff: Any) -> None:
    do_link_board_resolution(project=approved, resolution=resolution(), security_demanded=True,
                             acting_user=staff.clerk)  # fmt: skip
    assert "demands a guaranty security (§118-35)" in _refused("security", _start, project=approved, staff=staff)
    do_record_security(project=approved, kind="maintenance_bond", amount="20000", issuer="Hudson Surety Co.",
                       number="MB-1", received_on=D(2026, 10, 13), expires_on=D(2027, 10, 13),
                       acting_user=staff.clerk)  # fmt: skip
    _refused("security", _start, project=approved, staff=staff)  # received the day after the start asked for
    started = _start(approved, staff, on=D(2026, 10, 13))
    assert (started.status, started.get_status_display()) == ("under_construction", "Under construction")
    assert started.history.first().occurred_at.date() == D(2026, 10, 13)


def test_no_security_is_needed_when_the_resolution_demands_none(approved: Any, staff: Any) -> None:
    do_link_board_resolution(project=approved, resolution=resolution(), security_demanded=False,
                             acting_user=staff.clerk)  # fmt: skip
    assert _start(approved, staff).contractor == "Kiernan Excavating"


def test_a_resolution_adopted_after_the_approval_is_not_its_resolution(approved: Any, staff: Any) -> None:
    late = resolution("Resolution 2026-90", adopted=D(2026, 10, 20))
    _refused("resolution", do_link_board_resolution, project=approved, resolution=late, security_demanded=False,
             acting_user=staff.clerk)  # fmt: skip


@pytest.mark.parametrize(("changes", "field"), [
    ({"amount": "0"}, "amount"), ({"kind": "promise"}, "kind"), ({"expires_on": None}, "expires_on"),
    ({"expires_on": D(2026, 10, 1)}, "expires_on"), ({"issuer": "  "}, "issuer"),
    ({"received_on": dt.date.today() + dt.timedelta(days=1)}, "received_on"),
])  # fmt: skip
def test_a_security_is_refused_naming_the_field(approved: Any, staff: Any, changes: dict[str, Any], field: str) -> None:
    values = {"kind": "completion_bond", "amount": "1000", "issuer": "Surety", "number": "1",
              "received_on": D(2026, 10, 9), "expires_on": D(2027, 1, 1), **changes}  # fmt: skip
    _refused(field, do_record_security, project=approved, acting_user=staff.clerk, **values)


def test_a_certified_check_has_no_expiry(approved: Any, staff: Any) -> None:
    check = do_record_security(project=approved, kind="certified_check", amount="5000.00", issuer="Rondout Bank",
                               number="44871", received_on=D(2026, 10, 9), acting_user=staff.clerk)  # fmt: skip
    assert check.in_force_on(D(2030, 1, 1)) and str(check) == "Certified check 44871 ($5,000.00)"


def _report(project: Any, user: Any, day: dt.date, **more: Any) -> Any:
    values = {"weather": "Clear, 55 °F", "crew": "Foreman, 2 operators, 3 laborers", "hours": "8", **more}
    return do_file_daily_report(project=project, report_date=day, acting_user=user, **values)


def test_a_daily_report_records_the_day_and_pipe_laid_by_station(building: Any, staff: Any) -> None:
    report = _report(building, staff.engineer, D(2026, 10, 13), pipe="C1", station_from_ft="0",
                     station_to_ft="120.5", trench_width_in="38", bedding_in="4")  # fmt: skip
    assert report.pipe_laid_ft == Decimal("120.50") and report.inspector == staff.engineer


@pytest.mark.parametrize(("day", "hours", "field", "words"), [
    (D(2026, 10, 4), "8", "report_date", "before the Board's Resolution 2026-77"),
    (D(2026, 10, 11), "8", "report_date", "before construction started"),
    (dt.date.today() + dt.timedelta(days=1), "8", "report_date", "still to come"),
    (D(2026, 10, 13), "-0.5", "hours", "at least 0"),
    (D(2026, 10, 13), "24.01", "hours", "at most 24"),
    (D(2026, 10, 13), "eight", "hours", "must be a number"),
])  # fmt: skip
def test_a_report_is_refused_naming_the_field(building: Any, staff: Any, day: dt.date, hours: str, field: str,
                                              words: str) -> None:  # fmt: skip
    assert words in _refused(field, _report, project=building, user=staff.engineer, day=day, hours=hours)
    assert building.daily_reports.count() == 0


def test_one_report_a_day_and_24_hours_or_none_are_a_day(building: Any, staff: Any, make_user: Any) -> None:
    assert _report(building, staff.engineer, D(2026, 10, 13), hours="24").hours == Decimal(24)
    assert "already filed" in _refused("report_date", _report, project=building, user=make_user("inspector"),
                                       day=D(2026, 10, 13))  # fmt: skip
    assert _report(building, make_user("inspector"), D(2026, 10, 14), hours="0").hours == 0
    with pytest.raises(PermissionDenied):
        _report(building, staff.clerk, D(2026, 10, 15))


def test_pipe_laid_names_a_pipe_of_the_approved_design_and_its_stations(building: Any, staff: Any) -> None:
    _refused("pipe", _report, project=building, user=staff.engineer, day=D(2026, 10, 13), pipe="C9",
             station_from_ft="0", station_to_ft="10")  # fmt: skip
    _refused("station_to_ft", _report, project=building, user=staff.engineer, day=D(2026, 10, 13), pipe="C1",
             station_from_ft="50", station_to_ft="50")  # fmt: skip
    _refused("pipe", _report, project=building, user=staff.engineer, day=D(2026, 10, 13), pipe="C1")


def test_while_work_is_stopped_no_report_records_pipe_laid_until_the_engineer_lifts_it(
    building: Any, staff: Any, make_user: Any
) -> None:
    inspector = make_user("inspector")
    first = _report(building, inspector, D(2026, 10, 13), pipe="C1", station_from_ft="0", station_to_ft="80")
    with pytest.raises(PermissionDenied):
        do_stop_work(report=first, reason="Bedding stone is not No. 1A", acting_user=inspector)
    order = do_stop_work(report=first, reason="Trench boxes missing in a 9-ft trench", acting_user=staff.engineer)
    assert order.section == "118-31" and order.issued_on == D(2026, 10, 13)
    words = _refused("pipe", _report, project=building, user=inspector, day=D(2026, 10, 14), pipe="C1",
                     station_from_ft="80", station_to_ft="160")  # fmt: skip
    assert "Work is stopped on 2026-10-14 by the Town Engineer's order of 2026-10-13 (§118-31)" in words
    _report(building, inspector, D(2026, 10, 14), notes="Crew standing by; no pipe laid.")
    _refused("reason", do_stop_work, report=first, reason="again", acting_user=staff.engineer)
    with pytest.raises(PermissionDenied):
        do_lift_stop_work(order=order, lifted_on=D(2026, 10, 15), note="Boxes on site", acting_user=inspector)
    do_lift_stop_work(order=order, lifted_on=D(2026, 10, 15), note="Trench boxes on site.", acting_user=staff.engineer)
    resumed = _report(building, inspector, D(2026, 10, 15), pipe="C1", station_from_ft="80", station_to_ft="160")
    assert resumed.pipe_laid_ft == Decimal(80)
    order.refresh_from_db()
    assert order.lifted_by == staff.engineer and not order.covers(D(2026, 10, 15)) and order.covers(D(2026, 10, 14))


def test_the_engineer_rejects_material_on_a_report_citing_118_31(building: Any, staff: Any) -> None:
    report = _report(building, staff.engineer, D(2026, 10, 13))
    rejected = do_reject_material(report=report, material="Eight lengths of 8-inch PVC, cracked bells",
                                  reason="Cracked in delivery", acting_user=staff.engineer)  # fmt: skip
    assert rejected.section == "118-31" and report.rejections.get() == rejected
    with pytest.raises(PermissionDenied):
        do_reject_material(report=report, material="stone", reason="wrong size", acting_user=staff.clerk)
