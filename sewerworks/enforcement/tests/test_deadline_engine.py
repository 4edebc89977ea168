"""The deadline engine every program uses: opening a deadline on any record, meeting it, by whom."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from sewerworks.core.determinations.run import run_determination, store_decision
from sewerworks.enforcement.actions import do_meet_deadline, do_open_deadline
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, Program
from sewerworks.enforcement.models import Deadline, FollowUp
from sewerworks.registry.models import SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
NY = ZoneInfo("America/New_York")


@pytest.fixture
def parcel() -> Any:
    return f.parcel("108.12-3-45", improvement_area=f.area())


@pytest.fixture
def decision(parcel: Any) -> Any:
    decided = run_determination(
        "notice-deadline", {"kind": "notice_of_violation", "served_on": "2026-03-02"}, as_of=D(2026, 3, 2)
    )
    return store_decision(decided, subject=parcel)


def open_on(subject: Any, decision: Any, user: Any = None, **kw: Any) -> Deadline:
    args: dict[str, Any] = {
        "program": Program.GENERAL,
        "kind": DeadlineKind.OTHER,
        "section": "118-47",
        "title": "Send the report",
        "due_on": D(2026, 4, 1),
    }
    args.update(kw)
    return do_open_deadline(subject=subject, decision=decision, acting_user=user, **args)


def test_a_deadline_on_a_parcel_sets_the_parcel(parcel, decision, staff) -> None:
    d = open_on(parcel, decision, staff.clerk)
    assert d.parcel == parcel and d.subject_type is None and d.subject_label == "108.12-3-45"
    assert d.officer == staff.clerk and d.history.get().history_user == staff.clerk


def test_a_deadline_on_another_record_keeps_it_as_subject_and_its_parcel_when_it_has_one(parcel, decision) -> None:
    account = SewerAccount.objects.create(account_number="MAR-000001", parcel=parcel)
    d = open_on(account, decision, program=Program.BILLING)
    assert d.subject == account and d.parcel == parcel


def test_an_engineering_deadline_on_a_record_without_a_parcel(decision, make_user) -> None:
    engineer = make_user("town engineer")  # an extension project has a developer, not a parcel
    d = open_on(engineer, decision, engineer, program=Program.ENGINEERING, kind=DeadlineKind.REVIEW)
    assert d.parcel is None and d.subject == engineer and d.subject_label == engineer.username


def test_the_database_refuses_a_deadline_about_nothing(decision) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Deadline.objects.create(
            program="general", kind="other", section="118-47", title="x", decision=decision, due_on=D(2026, 4, 1)
        )


def test_a_due_moment_sets_the_due_date_to_its_local_date(parcel, decision) -> None:
    at = dt.datetime(2026, 3, 10, 2, 30, tzinfo=dt.UTC)  # 22:30 on March 9 in Marlborough
    d = open_on(parcel, decision, due_on=None, due_at=at)
    assert d.due_on == D(2026, 3, 9) and d.due_at == at
    with pytest.raises(ValidationError, match="local date"):
        open_on(parcel, decision, due_on=D(2026, 3, 10), due_at=at)


@pytest.mark.parametrize(("field", "value"), [("kind", "nap"), ("program", "parking"), ("section", "999-1")])
def test_bad_deadlines_are_refused_naming_the_field(parcel, decision, field: str, value: str) -> None:
    with pytest.raises(ValidationError) as caught:
        open_on(parcel, decision, **{field: value})
    assert field in caught.value.message_dict


def test_a_board_member_opens_no_deadline_and_the_system_may(parcel, decision, staff) -> None:
    with pytest.raises(PermissionDenied):
        open_on(parcel, decision, staff.board)
    assert open_on(parcel, decision, None).officer is None


@pytest.mark.parametrize(
    ("kind", "allowed", "refused"),
    [
        (DeadlineKind.PUMP_OUT, "building_inspector", "clerk"),
        (DeadlineKind.INSTALL_METER, "inspector", "clerk"),
        (DeadlineKind.OTHER, "superintendent", "board"),
        (DeadlineKind.REVIEW, "superintendent", "clerk"),
        (DeadlineKind.ABANDON, "inspector", "building_inspector"),
    ],
)
def test_who_may_mark_a_deadline_met_follows_its_kind(parcel, decision, staff, kind, allowed, refused) -> None:
    d = open_on(parcel, decision, kind=kind)
    with pytest.raises(PermissionDenied):
        do_meet_deadline(d, met_on=D(2026, 3, 20), acting_user=getattr(staff, refused), why="done")
    met = do_meet_deadline(d, met_on=D(2026, 3, 20), acting_user=getattr(staff, allowed), why="Pumped out")
    assert met.status == DeadlineStatus.MET and met.met_on == D(2026, 3, 20)
    assert met.history.first().history_change_reason == "Pumped out"


def test_a_deadline_is_met_once_not_in_the_future_and_says_how(parcel, decision, staff) -> None:
    d = open_on(parcel, decision)
    with pytest.raises(ValidationError, match="how"):
        do_meet_deadline(d, met_on=D(2026, 3, 20), acting_user=staff.superintendent, why=" ")
    with pytest.raises(ValidationError, match="still to come"):
        do_meet_deadline(d, met_on=D(2999, 1, 1), acting_user=staff.superintendent, why="x")
    do_meet_deadline(d, met_on=D(2026, 3, 20), acting_user=staff.superintendent, why="Report sent")
    with pytest.raises(ValidationError, match="already met"):
        do_meet_deadline(d, met_on=D(2026, 3, 21), acting_user=staff.superintendent, why="again")


def test_meeting_a_late_deadline_keeps_when_it_was_overdue_and_closes_its_review(parcel, decision, staff) -> None:
    d = open_on(parcel, decision)
    Deadline.objects.filter(pk=d.pk).update(status=DeadlineStatus.OVERDUE, overdue_since=D(2026, 4, 2))
    FollowUp.objects.create(deadline=d, kind="review_missed_deadline", title="Review", raised_on=D(2026, 4, 2))
    met = do_meet_deadline(d, met_on=D(2026, 4, 10), acting_user=staff.superintendent, why="Report sent late")
    assert met.overdue_since == D(2026, 4, 2) and FollowUp.objects.get().done_on is not None


def test_the_deadline_page_marks_a_pump_out_met_for_an_inspector_and_refuses_a_clerk(
    parcel, decision, client_as
) -> None:
    d = open_on(parcel, decision, kind=DeadlineKind.PUMP_OUT, section="118-38", title="Pump out the interceptor")
    clerk = client_as("clerk")
    page = clerk.get(f"/enforcement/deadlines/{d.pk}/")
    assert page.status_code == 200 and b"Mark met" not in page.content
    assert clerk.post(f"/enforcement/deadlines/{d.pk}/met/", {"met_on": "2026-03-20", "why": "x"}).status_code == 403
    inspector = client_as("inspector")
    assert b"Mark met" in inspector.get(f"/enforcement/deadlines/{d.pk}/").content
    bad = inspector.post(f"/enforcement/deadlines/{d.pk}/met/", {"met_on": "2026-03-20", "why": ""})
    assert bad.status_code == 400 and b"This field is required" in bad.content
    done = inspector.post(f"/enforcement/deadlines/{d.pk}/met/", {"met_on": "2026-03-20", "why": "Manifest 4471"})
    assert done.status_code == 302
    d.refresh_from_db()
    assert d.status == DeadlineStatus.MET and d.met_on == D(2026, 3, 20)


def test_the_api_marks_a_deadline_met_with_the_kinds_permission(parcel, decision, client_as) -> None:
    d = open_on(parcel, decision, kind=DeadlineKind.INSTALL_METER, section="118-52", title="Install a meter")
    body = json.dumps({"met_on": "2026-03-20", "why": "Meter WM-88120 installed"})
    path = f"/api/deadlines/{d.pk}/met"
    assert client_as("clerk").post(path, body, content_type="application/json").status_code == 403
    answer = client_as("water superintendent").post(path, body, content_type="application/json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "met" and answer.json()["met_on"] == "2026-03-20"
    again = client_as("water superintendent").post(path, body, content_type="application/json")
    assert again.status_code == 422 and again.json()["detail"][0]["loc"][-1] == "met_on"


def test_screens_and_the_api_show_a_deadline_without_a_parcel(decision, make_user, client_as) -> None:
    engineer = make_user("town engineer", username="erin")
    d = open_on(engineer, decision, kind=DeadlineKind.REVIEW, title="Review the extension design")
    client = client_as("superintendent")
    for url in ("/enforcement/", f"/enforcement/deadlines/{d.pk}/", "/"):
        page = client.get(url)
        assert page.status_code == 200 and b"Review the extension design" in page.content, url
    listed = client.get("/api/deadlines").json()
    row = next(r for r in (listed["items"] if isinstance(listed, dict) else listed) if r["id"] == d.pk)
    assert row["parcel_id"] is None and row["subject"] == "erin" and row["subject_type"] == "auth.user"
