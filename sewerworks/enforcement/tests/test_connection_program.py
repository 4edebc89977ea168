"""The mandatory-connection program end to end: notice, connection, abandonment, the daily fine.

I-20: notice served 2026-01-01, 180 days → connect by 2026-06-30; connected 2026-02-28, 90 days → abandon
by 2026-05-29. I-21: notified of the violation 2026-06-01, corrected 2026-07-15 → 44 days → $650.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions import (
    do_issue_notice,
    do_record_abandonment,
    do_record_connection,
    do_record_service,
    do_sweep,
)
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, NoticeKind
from sewerworks.enforcement.models import AbandonmentFine, Deadline, FollowUp, Violation

D = dt.date
pytestmark = pytest.mark.django_db


def serve_notice_to_connect(building, staff, served_on=D(2026, 1, 1)):
    notice = do_issue_notice(
        kind=NoticeKind.NOTICE_TO_CONNECT,
        parcel=building.parcel,
        issued_on=served_on,
        facts="A public sewer is available; connect.",
        acting_user=staff.clerk,
    )
    return do_record_service(
        notice, method="certified_mail", served_on=served_on, served_by_name="C. Clerk", acting_user=staff.clerk
    )


def test_a_notice_to_connect_served_on_new_years_day_must_be_obeyed_by_june_30(septic_house, staff) -> None:
    notice = serve_notice_to_connect(septic_house, staff)
    deadline = Deadline.objects.get(notice=notice)
    assert (deadline.kind, deadline.due_on, deadline.section) == (DeadlineKind.CONNECT, D(2026, 6, 30), "118-5")
    assert deadline.decision.topic == "connection-deadlines" and "I-20" in deadline.decision.decision["interpretations"]
    septic_house.connection.refresh_from_db()
    assert septic_house.connection.status == "notified" and septic_house.connection.notified_on == D(2026, 1, 1)
    assert notice.number.startswith("NTC-2026-")


def test_a_notice_served_february_1_runs_to_july_31(septic_house, staff) -> None:
    notice = serve_notice_to_connect(septic_house, staff, served_on=D(2026, 2, 1))
    assert Deadline.objects.get(notice=notice).due_on == D(2026, 7, 31)


def test_the_clock_starts_at_service_not_at_issue(septic_house, staff) -> None:
    notice = do_issue_notice(
        kind=NoticeKind.NOTICE_TO_CONNECT,
        parcel=septic_house.parcel,
        issued_on=D(2026, 1, 1),
        facts="Connect.",
        acting_user=staff.clerk,
    )
    assert not Deadline.objects.filter(notice=notice).exists()
    with pytest.raises(ValidationError, match="before it was issued"):
        do_record_service(
            notice, method="posting", served_on=D(2025, 12, 31), served_by_name="x", acting_user=staff.clerk
        )


def test_only_the_right_roles_issue_and_serve(septic_house, staff) -> None:
    with pytest.raises(PermissionDenied):
        do_issue_notice(
            kind=NoticeKind.NOTICE_TO_CONNECT, parcel=septic_house.parcel, facts="x", acting_user=staff.inspector
        )
    with pytest.raises(PermissionDenied):
        do_issue_notice(
            kind=NoticeKind.NOTICE_TO_CONNECT, parcel=septic_house.parcel, facts="x", acting_user=staff.board
        )
    with pytest.raises(PermissionDenied):
        do_record_connection(building=septic_house, connected_on=D(2026, 2, 28), acting_user=staff.clerk)


def test_connection_meets_the_connect_deadline_and_starts_the_90_day_clock(septic_house, staff) -> None:
    serve_notice_to_connect(septic_house, staff)
    do_record_connection(building=septic_house, connected_on=D(2026, 3, 5), acting_user=staff.inspector)
    connect = Deadline.objects.get(kind=DeadlineKind.CONNECT)
    assert (connect.status, connect.met_on) == (DeadlineStatus.MET, D(2026, 3, 5))
    abandon = Deadline.objects.get(kind=DeadlineKind.ABANDON)
    assert abandon.due_on == D(2026, 6, 3)  # I-20: a Wednesday, no shift
    with pytest.raises(ValidationError, match="already connected"):
        do_record_connection(building=septic_house, connected_on=D(2026, 3, 6), acting_user=staff.inspector)


def test_a_car_wash_keeps_its_wash_water_system_without_an_abandonment_deadline(septic_house, staff) -> None:
    septic_house.parcel.private_systems.update(vehicle_wash_only=True)  # §118-6
    do_record_connection(building=septic_house, connected_on=D(2026, 3, 5), acting_user=staff.inspector)
    assert not Deadline.objects.filter(kind=DeadlineKind.ABANDON).exists()


def sweep_days(*days):
    return [do_sweep(d) for d in days]


def test_the_i21_example_end_to_end(septic_house, staff) -> None:
    serve_notice_to_connect(septic_house, staff)
    do_record_connection(building=septic_house, connected_on=D(2026, 2, 28), acting_user=staff.inspector)
    abandon = Deadline.objects.get(kind=DeadlineKind.ABANDON)
    assert abandon.due_on == D(2026, 5, 29)
    do_sweep(D(2026, 5, 29))  # the last day: nothing yet
    assert not Violation.objects.exists()
    do_sweep(D(2026, 5, 30))  # the day after: a §118-5 violation and a task to serve the notice
    violation = Violation.objects.get()
    assert (violation.section, violation.source_deadline, violation.status) == ("118-5", abandon, pipeline.OPEN)
    assert FollowUp.objects.get(deadline=abandon).kind == "serve_notice_of_violation"
    nov = do_issue_notice(
        kind=NoticeKind.NOTICE_OF_VIOLATION,
        parcel=septic_house.parcel,
        violation=violation,
        facts="The septic tank was not abandoned.",
        correction_days=30,
        issued_on=D(2026, 6, 1),
        acting_user=staff.clerk,
    )
    do_record_service(
        nov,
        method="personal_delivery",
        served_on=D(2026, 6, 1),
        served_by_name="S. Super",
        acting_user=staff.superintendent,
    )
    violation.refresh_from_db()
    assert violation.status == pipeline.NOTICED
    fine = AbandonmentFine.objects.get(violation=violation)
    for day, days, amount in [
        (D(2026, 6, 30), 29, "290.00"),
        (D(2026, 7, 1), 30, "300.00"),
        (D(2026, 7, 2), 31, "325.00"),
    ]:
        do_sweep(day)
        fine.refresh_from_db()
        assert (fine.days, fine.amount) == (days, Decimal(amount)), day
    violation.refresh_from_db()
    assert violation.status == pipeline.ESCALATED  # the 30-day limit of the notice passed on 2026-07-01
    do_record_abandonment(
        private_system=septic_house.parcel.private_systems.get(),
        abandoned_on=D(2026, 7, 15),
        acting_user=staff.inspector,
    )
    fine.refresh_from_db()
    violation.refresh_from_db()
    assert (fine.days, fine.amount, fine.corrected_on) == (44, Decimal("650.00"), D(2026, 7, 15))
    assert violation.status == pipeline.CORRECTED and violation.corrected_on == D(2026, 7, 15)
    do_sweep(D(2026, 8, 1))  # a corrected fine no longer accrues
    fine.refresh_from_db()
    assert fine.amount == Decimal("650.00")
    assert [c.to_status for c in violation.status_changes.all()] == [
        pipeline.OPEN,
        pipeline.NOTICED,
        pipeline.ESCALATED,
        pipeline.CORRECTED,
    ]


def test_abandonment_in_time_raises_no_violation(septic_house, staff) -> None:
    do_record_connection(building=septic_house, connected_on=D(2026, 2, 28), acting_user=staff.inspector)
    do_record_abandonment(
        private_system=septic_house.parcel.private_systems.get(),
        abandoned_on=D(2026, 5, 29),
        acting_user=staff.inspector,
    )
    do_sweep(D(2026, 6, 15))
    assert not Violation.objects.exists()
    assert Deadline.objects.get(kind=DeadlineKind.ABANDON).status == DeadlineStatus.MET


def test_events_still_to_come_are_refused(septic_house, staff) -> None:
    from django.utils import timezone

    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    notice = do_issue_notice(kind=NoticeKind.NOTICE_TO_CONNECT, parcel=septic_house.parcel, facts="Connect.",
                             acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="still to come"):
        do_record_service(notice, method="posting", served_on=tomorrow, served_by_name="x", acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="still to come"):
        do_sweep(tomorrow)
    with pytest.raises(ValidationError, match="still to come"):
        do_record_abandonment(private_system=septic_house.parcel.private_systems.get(), abandoned_on=tomorrow,
                              acting_user=staff.inspector)


def test_serving_the_notice_of_violation_closes_the_task_to_serve_it(septic_house, staff) -> None:
    serve_notice_to_connect(septic_house, staff)
    do_record_connection(building=septic_house, connected_on=D(2026, 2, 28), acting_user=staff.inspector)
    do_sweep(D(2026, 5, 30))
    task = FollowUp.objects.get(kind="serve_notice_of_violation")
    assert task.done_on is None
    violation = Violation.objects.get()
    nov = do_issue_notice(kind=NoticeKind.NOTICE_OF_VIOLATION, parcel=septic_house.parcel, violation=violation,
                          facts="Not abandoned.", correction_days=30, issued_on=D(2026, 6, 1), acting_user=staff.clerk)
    do_record_service(nov, method="posting", served_on=D(2026, 6, 2), served_by_name="x", acting_user=staff.clerk)
    task.refresh_from_db()
    assert task.done_on == D(2026, 6, 2)
    do_sweep(D(2026, 6, 3))
    assert FollowUp.objects.filter(kind="serve_notice_of_violation", done_on__isnull=True).count() == 0
