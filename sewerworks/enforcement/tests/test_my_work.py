"""Each role's work (I-113): follow-up tasks reach the role that may do them, deadlines the roles that work
their program, the Town's own duties the officer named; the board member reads the figures, no tasks."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from sewerworks.core.determinations.run import run_determination, store_decision
from sewerworks.core.web.dashboard import work_for
from sewerworks.enforcement.actions import do_open_deadline
from sewerworks.enforcement.choices import DeadlineKind, Program
from sewerworks.enforcement.models import FollowUp
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
NOW = dt.datetime(2026, 12, 3, 9, 0, tzinfo=ZoneInfo("America/New_York"))  # a Thursday


@pytest.fixture
def parcel() -> Any:
    return f.parcel("108.12-3-45", improvement_area=f.area())


@pytest.fixture
def decision(parcel: Any) -> Any:
    decided = run_determination(
        "notice-deadline", {"kind": "notice_of_violation", "served_on": "2026-11-02"}, as_of=D(2026, 11, 2)
    )
    return store_decision(decided, subject=parcel)


def deadline(parcel: Any, decision: Any, **kw: Any) -> Any:
    args: dict[str, Any] = {"program": Program.CONNECTION, "kind": DeadlineKind.CONNECT, "section": "118-5",
                            "title": "Connect the house", "due_on": D(2026, 12, 3), "officer": None}  # fmt: skip
    args.update(kw)
    return do_open_deadline(subject=parcel, decision=decision, acting_user=None, parcel=parcel, **args)


def titles(user: Any) -> set[str]:
    found = work_for(user, NOW)
    assert found is not None
    return {i.title for items in found.values() for i in items}


def test_an_appearance_ticket_assigned_to_the_superintendent_is_the_building_inspectors(
    parcel: Any, decision: Any, staff: Any, make_user: Any
) -> None:
    missed = deadline(parcel, decision, program=Program.GREASE, kind=DeadlineKind.PUMP_OUT, section="118-38",
                      title="Pump out the interceptor", due_on=D(2026, 11, 20))  # fmt: skip
    FollowUp.objects.create(deadline=missed, kind="appearance_ticket", title="Issue an appearance ticket",
                            raised_on=D(2026, 11, 21), assigned_to=staff.superintendent)  # fmt: skip
    assert "Issue an appearance ticket" not in titles(staff.superintendent)  # he may not issue one (§118-38)
    assert "Issue an appearance ticket" in titles(staff.building_inspector)
    assert "Issue an appearance ticket" in titles(make_user("building inspector"))  # the role's, any of them
    assert "Issue an appearance ticket" not in titles(staff.inspector)


def test_a_task_assigned_to_a_colleague_who_may_do_it_is_theirs_alone(
    parcel: Any, decision: Any, staff: Any, make_user: Any
) -> None:
    missed = deadline(parcel, decision, due_on=D(2026, 11, 20))
    FollowUp.objects.create(deadline=missed, kind="consider_court_referral", title="Consider a court referral",
                            raised_on=D(2026, 11, 21), assigned_to=staff.superintendent)  # fmt: skip
    assert "Consider a court referral" in titles(staff.superintendent)
    assert "Consider a court referral" not in titles(make_user("superintendent"))


def test_a_deadline_of_a_program_the_role_does_not_work_in_is_not_shown(
    parcel: Any, decision: Any, staff: Any, make_user: Any
) -> None:
    deadline(parcel, decision, program=Program.BILLING, kind=DeadlineKind.OTHER, section="118-51",
             title="Send the billing notice")  # fmt: skip
    deadline(parcel, decision, title="Connect the house")
    assert "Send the billing notice" in titles(staff.superintendent)
    assert "Connect the house" not in titles(staff.clerk)
    assert "Send the billing notice" not in titles(staff.clerk)  # the clerk may not mark a deadline met
    assert "Connect the house" in titles(staff.inspector) and "Send the billing notice" not in titles(staff.inspector)
    assert titles(make_user("town engineer")) == set()


def test_a_meter_to_install_is_the_water_superintendents_not_the_clerks(
    parcel: Any, decision: Any, staff: Any, make_user: Any
) -> None:
    deadline(parcel, decision, program=Program.BILLING, kind=DeadlineKind.INSTALL_METER, section="118-52",
             title="Install a water meter")  # fmt: skip
    assert "Install a water meter" in titles(make_user("water superintendent"))
    assert "Install a water meter" not in titles(staff.clerk)


def test_the_towns_own_duty_with_an_officer_is_that_officers(
    parcel: Any, decision: Any, staff: Any, make_user: Any
) -> None:
    deadline(parcel, decision, program=Program.GENERAL, kind=DeadlineKind.REVIEW, section="118-47",
             title="Serve the notice of violation", officer=staff.superintendent)  # fmt: skip
    assert "Serve the notice of violation" in titles(staff.superintendent)
    assert "Serve the notice of violation" not in titles(make_user("superintendent"))


def test_deadlines_due_beyond_the_week_are_not_todays_work(parcel: Any, decision: Any, staff: Any) -> None:
    deadline(parcel, decision, title="Due on the week's last day", due_on=D(2026, 12, 10))
    deadline(parcel, decision, title="Due the day after", due_on=D(2026, 12, 11))
    found = work_for(staff.inspector, NOW)
    assert found is not None
    assert [i.title for i in found["week"]] == ["Due on the week's last day"]
    assert "Due the day after" not in titles(staff.inspector)


def test_the_board_member_has_figures_and_no_work(parcel: Any, decision: Any, staff: Any, client_as: Any) -> None:
    missed = deadline(parcel, decision, due_on=D(2026, 11, 20))
    FollowUp.objects.create(deadline=missed, kind="appearance_ticket", title="Issue an appearance ticket",
                            raised_on=D(2026, 11, 21))  # fmt: skip
    assert work_for(staff.board, NOW) is None
    page = client_as("board member").get("/").content.decode()
    assert "My work today" not in page and "Issue an appearance ticket" not in page
    assert "Enforcement deadlines" in page and "Open follow-up tasks: 1" in page and "Overdue: 1" in page


def test_on_the_dashboard_the_figures_are_computed_once_for_the_role_and_the_work_for_each_user(
    parcel: Any, decision: Any, make_user: Any
) -> None:
    import re

    from django.test import Client
    from django.utils import timezone

    named, other = make_user("superintendent"), make_user("superintendent")
    deadline(parcel, decision, program=Program.GENERAL, kind=DeadlineKind.REVIEW, section="118-47",
             title="Serve the notice of violation", officer=named, due_on=timezone.localdate())  # fmt: skip
    clients = {}
    for user in (named, other):  # both signed in first: a sign-in is an audit line, a change
        clients[user] = Client()
        clients[user].force_login(user)
    pages = {user: clients[user].get("/").content.decode() for user in (named, other)}
    assert "Serve the notice of violation" in pages[named] and "Serve the notice of violation" not in pages[other]
    for page in pages.values():
        assert "<li>Due today: 1</li>" in page  # the deadlines panel's figures, alike
    as_of = {u: re.search(r'id="dashboard-as-of">Figures as of <time datetime="([^"]+)"', p) for u, p in pages.items()}
    assert as_of[named] and as_of[other] and as_of[named].group(1) == as_of[other].group(1)  # computed once
