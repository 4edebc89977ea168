"""Enforcement's history tells when things happened (I-114, I-115): a notice served in June and entered in
December is a June move recorded in December; a deadline missed on May 30 is missed on May 30 whenever the
sweep noticed; the timeline reads in the order things happened."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from sewerworks.core.records.timeline import timeline_for
from sewerworks.enforcement.actions import (
    do_issue_notice,
    do_move_violation,
    do_record_connection,
    do_record_service,
    do_sweep,
)
from sewerworks.enforcement.choices import DeadlineKind, NoticeKind
from sewerworks.enforcement.models import Deadline, Violation
from sewerworks.registry.models import Connection

D = dt.date


def day(moment: dt.date | dt.datetime) -> dt.date:
    return timezone.localdate(moment) if isinstance(moment, dt.datetime) else moment


def late_sweep_case(building, staff) -> Violation:
    """Notified January 1, connected February 28 with the septic tank in use (due May 29); the sweep runs
    only on June 20; the notice of violation is served June 22 and entered today."""
    notice = do_issue_notice(
        kind=NoticeKind.NOTICE_TO_CONNECT, parcel=building.parcel, issued_on=D(2026, 1, 1), facts="Connect.",
        acting_user=staff.clerk,
    )  # fmt: skip
    do_record_service(notice, method="posting", served_on=D(2026, 1, 1), served_by_name="x", acting_user=staff.clerk)
    do_record_connection(building=building, connected_on=D(2026, 2, 28), acting_user=staff.inspector)
    do_sweep(D(2026, 6, 20))
    violation = Violation.objects.get()
    nov = do_issue_notice(
        kind=NoticeKind.NOTICE_OF_VIOLATION, parcel=building.parcel, violation=violation, facts="Not abandoned.",
        correction_days=10, issued_on=D(2026, 6, 22), acting_user=staff.clerk,
    )  # fmt: skip
    do_record_service(nov, method="posting", served_on=D(2026, 6, 22), served_by_name="x", acting_user=staff.clerk)
    violation.refresh_from_db()
    return violation


@pytest.mark.django_db
def test_a_deadline_missed_on_may_30_is_missed_that_day_though_the_sweep_ran_on_june_20(septic_house, staff):
    late_sweep_case(septic_house, staff)
    deadline = Deadline.objects.get(kind=DeadlineKind.ABANDON)
    assert deadline.due_on == D(2026, 5, 29) and deadline.overdue_since == D(2026, 5, 30)
    rows = {h.status: h for h in deadline.history.all()}
    assert day(rows["open"].event_at) == D(2026, 2, 28)  # set by the determination as of the connection
    assert day(rows["overdue"].event_at) == D(2026, 5, 30)  # I-115, not the sweep's June 20
    assert day(rows["overdue"].history_date) == timezone.localdate()  # recorded when written


@pytest.mark.django_db
def test_a_notice_served_in_june_and_entered_today_moves_the_violation_in_june(septic_house, staff):
    violation = late_sweep_case(septic_house, staff)
    opened, noticed = violation.status_changes.all()
    assert (opened.to_status, day(opened.occurred_at)) == ("open", D(2026, 6, 20))  # discovered by the sweep
    assert (noticed.to_status, day(noticed.occurred_at)) == ("noticed", D(2026, 6, 22))
    assert day(noticed.at) == timezone.localdate()
    assert noticed.recorded_note == f"recorded {timezone.localdate():%Y-%m-%d} by {staff.clerk.username}"
    history = {h.status: h for h in violation.history.all()}
    assert day(history["noticed"].event_at) == D(2026, 6, 22)


@pytest.mark.django_db
def test_the_connection_moves_on_the_days_of_the_notice_and_the_connection(septic_house, staff):
    late_sweep_case(septic_house, staff)
    connection = Connection.objects.get(building=septic_house)
    moves = {h.status: day(h.event_at) for h in connection.history.all()}
    assert moves["notified"] == D(2026, 1, 1) and moves["connected"] == D(2026, 2, 28)


@pytest.mark.django_db
def test_the_timeline_reads_in_the_order_things_happened(septic_house, staff):
    late_sweep_case(septic_house, staff)
    events = timeline_for(septic_house.parcel)
    order = [e.title for e in reversed(events) if e.kind in ("deadline", "violation") and "abandon" in e.title.lower()
             or e.kind == "violation"]  # fmt: skip
    set_at = next(i for i, t in enumerate(order) if t.startswith("Deadline set"))
    missed_at = next(i for i, t in enumerate(order) if t.startswith("Deadline missed"))
    recorded_at = next(i for i, t in enumerate(order) if t.endswith("recorded"))
    noticed_at = next(i for i, t in enumerate(order) if "noticed" in t)
    assert set_at < missed_at < recorded_at < noticed_at
    noticed = next(e for e in events if e.kind == "violation" and "noticed" in e.title)
    assert day(noticed.when) == D(2026, 6, 22) and "recorded" in noticed.recorded_note


@pytest.mark.django_db
def test_a_person_moves_a_case_on_the_day_it_happened_never_before_its_discovery_nor_tomorrow(septic_house, staff):
    violation = late_sweep_case(septic_house, staff)
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    for bad, words in ((tomorrow, "future"), (D(2026, 6, 19), "before the violation was discovered")):
        with pytest.raises(ValidationError) as refused:
            do_move_violation(violation, "escalated", why="Limit passed", occurred_on=bad,
                              acting_user=staff.superintendent)  # fmt: skip
        assert words in refused.value.message_dict["occurred_on"][0]
    do_move_violation(violation, "escalated", why="Limit passed", occurred_on=D(2026, 7, 3),
                      acting_user=staff.superintendent)  # fmt: skip
    do_move_violation(violation, "referred", why="To court", acting_user=staff.superintendent)
    moves = [(c.to_status, day(c.occurred_at)) for c in violation.status_changes.all()]
    assert moves == [("open", D(2026, 6, 20)), ("noticed", D(2026, 6, 22)), ("escalated", D(2026, 7, 3)),
                     ("referred", timezone.localdate())]  # fmt: skip


@pytest.mark.django_db
def test_the_api_gives_each_status_change_when_it_happened_and_when_it_was_recorded(client, septic_house, staff):
    violation = late_sweep_case(septic_house, staff)
    client.force_login(staff.clerk)
    changes = client.get(f"/api/violations/{violation.pk}").json()["status_changes"]
    assert [(c["to_status"], c["occurred_at"][:10]) for c in changes] == [
        ("open", "2026-06-20"), ("noticed", "2026-06-22"),
    ]  # fmt: skip
    recorded = [dt.datetime.fromisoformat(c["recorded_at"].replace("Z", "+00:00")) for c in changes]
    assert all(day(r) == timezone.localdate() for r in recorded) and all(c["recorded_at"] == c["at"] for c in changes)


@pytest.mark.django_db
def test_a_move_through_the_api_or_the_page_takes_the_day_it_happened(client, septic_house, staff):
    from django.urls import reverse

    violation = late_sweep_case(septic_house, staff)
    client.force_login(staff.superintendent)
    tomorrow = f"{timezone.localdate() + dt.timedelta(days=1)}"
    body = {"to": "escalated", "why": "Limit passed", "occurred_on": tomorrow}
    refused = client.post(f"/api/violations/{violation.pk}/moves", body, content_type="application/json")
    assert refused.status_code == 422 and "occurred_on" in refused.content.decode()
    body["occurred_on"] = "2026-07-03"
    moved = client.post(f"/api/violations/{violation.pk}/moves", body, content_type="application/json")
    assert moved.status_code == 200 and moved.json()["status_changes"][-1]["occurred_at"][:10] == "2026-07-03"
    page = client.post(reverse("enforcement:move_violation", args=[violation.pk]),
                       {"target": "referred", "why": "To court", "occurred_on": "2026-07-10"})  # fmt: skip
    assert page.status_code in (200, 302)
    assert day(violation.status_changes.last().occurred_at) == D(2026, 7, 10)


@pytest.mark.django_db
def test_the_migration_fills_the_event_date_of_older_rows_from_the_best_date_each_has(septic_house, staff):
    """Rows written before ``occurred_at`` existed: a move to notified takes the notice's day, a move to
    connected the connection's, a row that changed nothing of the status its own history_date."""
    from sewerworks.core.records.events import fill_occurred_at

    late_sweep_case(septic_house, staff)
    model = Connection.history.model
    model.objects.update(occurred_at=None)
    fill_occurred_at(model, on_status={"notified": "notified_on", "connected": "connected_on"})
    rows = list(model.objects.order_by("history_date", "history_id"))
    moves = {h.status: day(h.occurred_at) for h in rows if h.history_type == "~"}
    assert moves == {"notified": D(2026, 1, 1), "connected": D(2026, 2, 28)}
    created = next(h for h in rows if h.history_type == "+")
    assert created.occurred_at == created.history_date
