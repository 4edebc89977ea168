"""The daily sweep is idempotent: twice on one day, or two at once, change nothing the second time."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from sewerworks.enforcement.actions import do_issue_notice, do_record_connection, do_record_service, do_sweep
from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.models import AbandonmentFine, Deadline, FollowUp, StatusChange, Violation

D = dt.date


def state() -> dict[str, list]:
    """Everything the sweep may change, minus its own run log."""
    return {
        "deadlines": list(Deadline.objects.order_by("pk").values_list("pk", "status", "overdue_since", "met_on")),
        "violations": list(Violation.objects.order_by("pk").values_list("pk", "status", "source_deadline_id")),
        "changes": list(StatusChange.objects.order_by("pk").values_list("violation_id", "to_status")),
        "follow_ups": list(FollowUp.objects.order_by("pk").values_list("deadline_id", "kind")),
        "fines": list(AbandonmentFine.objects.order_by("pk").values_list("pk", "amount", "days", "computed_through")),
    }


def overdue_case(building, staff) -> None:
    notice = do_issue_notice(
        kind=NoticeKind.NOTICE_TO_CONNECT,
        parcel=building.parcel,
        issued_on=D(2026, 1, 1),
        facts="Connect.",
        acting_user=staff.clerk,
    )
    do_record_service(notice, method="posting", served_on=D(2026, 1, 1), served_by_name="x", acting_user=staff.clerk)
    do_record_connection(building=building, connected_on=D(2026, 2, 28), acting_user=staff.inspector)
    do_sweep(D(2026, 5, 30))
    violation = Violation.objects.get()
    nov = do_issue_notice(
        kind=NoticeKind.NOTICE_OF_VIOLATION,
        parcel=building.parcel,
        violation=violation,
        facts="Not abandoned.",
        correction_days=10,
        issued_on=D(2026, 6, 1),
        acting_user=staff.clerk,
    )
    do_record_service(nov, method="posting", served_on=D(2026, 6, 1), served_by_name="x", acting_user=staff.clerk)


@pytest.mark.django_db
def test_a_second_sweep_on_the_same_day_changes_nothing(septic_house, staff) -> None:
    overdue_case(septic_house, staff)
    first = do_sweep(D(2026, 6, 20))
    assert first.changes.get("violations_escalated") == 1 and first.changes.get("fines_accrued") == 1
    before = state()
    second = do_sweep(D(2026, 6, 20))
    assert second.changes == {}
    assert state() == before


@pytest.mark.django_db(transaction=True)
def test_two_overlapping_sweeps_change_things_once(septic_house, staff) -> None:
    overdue_case(septic_house, staff)
    results: list[object] = []
    barrier = threading.Barrier(2)

    def run() -> None:
        try:
            barrier.wait(timeout=10)
            results.append(do_sweep(D(2026, 6, 20)).changes)
        except Exception as exc:  # noqa: BLE001 - reported below
            results.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(results, key=len) == [
        {},
        {"deadlines_overdue": 1, "fines_accrued": 1, "follow_ups_raised": 1, "violations_escalated": 1},
    ]
    assert FollowUp.objects.filter(kind="consider_court_referral").count() == 1
    assert StatusChange.objects.filter(to_status="escalated").count() == 1


@pytest.mark.django_db
def test_the_sweep_command_reports_what_it_did(septic_house, staff, capsys) -> None:
    from django.core.management import call_command

    overdue_case(septic_house, staff)
    call_command("sweep", as_of="2026-06-20")
    assert "violations escalated: 1" in capsys.readouterr().out
    call_command("sweep", as_of="2026-06-20")
    assert "nothing to do" in capsys.readouterr().out
