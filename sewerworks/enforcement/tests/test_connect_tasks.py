"""Where a public sewer is available and no Notice to Connect was ever served, the sweep raises a task for
the Superintendent, once (I-92): not a deadline, for the owner's 180 days start only at service. It says
why, shows on the dashboard and the roster, and is done when a Notice to Connect is served."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse

from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.actions import do_issue_notice, do_record_service, do_sweep
from sewerworks.enforcement.models import Deadline, NoticeToConnectTask
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def area(db: Any) -> Any:
    a = f.area()
    f.main(a)
    return a


def unsewered(area: Any, number: str, dy: float = 100) -> Any:
    parcel = f.parcel(number, improvement_area=area, dy=dy)
    f.building(parcel, connected_on=None, name="House")
    return parcel


def test_an_available_sewer_with_no_notice_served_raises_the_superintendents_task_once(area: Any) -> None:
    parcel = unsewered(area, "103.11-5-11")
    do_sweep(D(2026, 11, 2))
    (task,) = NoticeToConnectTask.objects.all()
    assert (task.parcel, task.raised_on, task.done_on) == (parcel, D(2026, 11, 2), None)
    assert task.why.startswith("A public sewer is available and no Notice to Connect was ever served: ")
    assert not Deadline.objects.filter(parcel=parcel).exists()  # no clock: nothing was served
    do_sweep(D(2026, 11, 3))
    do_sweep(D(2026, 11, 4))
    assert NoticeToConnectTask.objects.count() == 1
    assert AuditEvent.objects.filter(action="raise_notice_to_connect_tasks").count() == 1


def test_no_task_where_a_notice_was_served_the_building_is_connected_or_no_sewer_is_near(area: Any, staff: Any) -> None:
    served = unsewered(area, "103.11-5-12")
    notice = do_issue_notice(
        kind="notice_to_connect", parcel=served, facts="Connect.", issued_on=D(2026, 10, 1), acting_user=staff.clerk
    )
    do_record_service(notice, method="posting", served_on=D(2026, 10, 1), served_by_name="A", acting_user=staff.clerk)
    connected = f.parcel("103.11-5-13", improvement_area=area, dx=300)
    f.building(connected, connected_on=D(2001, 6, 1))
    unsewered(area, "103.11-5-14", dy=3000)  # 2,900 ft from the main: no public sewer available
    do_sweep(D(2026, 11, 2))
    assert NoticeToConnectTask.objects.count() == 0


def test_serving_the_notice_marks_the_task_done(area: Any, staff: Any) -> None:
    f.parcel("103.11-5-1", improvement_area=area, dx=600)  # so that the ids of parcels and tasks differ
    parcel = unsewered(area, "103.11-5-11")
    do_sweep(D(2026, 11, 2))
    notice = do_issue_notice(
        kind="notice_to_connect", parcel=parcel, facts="Connect.", issued_on=D(2026, 11, 3), acting_user=staff.clerk
    )
    do_record_service(notice, method="posting", served_on=D(2026, 11, 3), served_by_name="A", acting_user=staff.clerk)
    do_sweep(D(2026, 11, 4))
    task = NoticeToConnectTask.objects.get()
    assert (task.done_on, task.notice) == (D(2026, 11, 3), notice)


def test_the_dashboard_and_the_roster_show_the_task_with_why(area: Any, client_as: Any) -> None:
    unsewered(area, "103.11-5-11")
    do_sweep(D(2026, 11, 2))
    client = client_as("superintendent")
    html = client.get(reverse("core:dashboard")).content.decode()
    assert "My work today" in html and "Serve a Notice to Connect" in html
    assert "no Notice to Connect was ever served" in html  # the why, on the Superintendent's own work
    assert reverse("enforcement:issue_notice", args=[NoticeToConnectTask.objects.get().parcel_id]) in html
    board = client_as("board member").get(reverse("core:dashboard")).content.decode()
    assert "Serve a Notice to Connect" not in board  # the board member reads the figure, not the task
    assert "Notices to Connect owed (sewer available, none served): 1" in board
    roster = client.get(reverse("enforcement:connection_roster", args=[area.code])).content.decode()
    assert "Task for the Superintendent since Nov 2, 2026" in roster
