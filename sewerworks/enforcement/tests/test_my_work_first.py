"""A person's own work comes first (issue 38): a follow-up task of another role's program (the Building
Inspector's interceptor) is listed for the clerk only after the clerk's own, under "Others' tasks you may act
on", and only because the clerk may act on it; the clerk's own billing task leads the list."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.core.web.dashboard import work_for
from sewerworks.enforcement.choices import DeadlineKind, Program
from sewerworks.enforcement.models import FollowUp
from sewerworks.enforcement.tests.test_my_work import NOW, deadline, decision, parcel  # noqa: F401

pytestmark = pytest.mark.django_db
D = dt.date


def test_the_clerks_own_task_leads_and_the_building_inspectors_follows_as_another_roles(
    parcel: Any, decision: Any, staff: Any  # noqa: F811
) -> None:
    interceptor = deadline(parcel, decision, program=Program.GREASE, kind=DeadlineKind.INSTALL_INTERCEPTOR,
                           section="118-38", title="Install the interceptor", due_on=D(2026, 11, 10))  # fmt: skip
    meter = deadline(parcel, decision, program=Program.BILLING, kind=DeadlineKind.INSTALL_METER, section="118-52",
                     title="Install a meter", due_on=D(2026, 11, 20))  # fmt: skip
    FollowUp.objects.create(deadline=interceptor, kind="check_interceptor", raised_on=D(2026, 11, 11),
                            title="Building Inspector: find whether the interceptor was installed")  # fmt: skip
    FollowUp.objects.create(deadline=meter, kind="serve_notice_of_violation", raised_on=D(2026, 11, 21),
                            title="Serve a Notice of Violation: no water meter installed")  # fmt: skip
    found = work_for(staff.clerk, NOW)
    assert found is not None
    keys = [k for k, items in found.items() if items]
    assert keys[-1] == "others"
    first = next(items for items in found.values() if items)[0]
    assert first.title == "Serve a Notice of Violation: no water meter installed"
    assert [i.title for i in found["others"]] == ["Building Inspector: find whether the interceptor was installed"]
    mine = work_for(staff.building_inspector, NOW)
    assert mine is not None and "Building Inspector: find whether the interceptor was installed" in [
        i.title for i in mine["overdue"]]  # fmt: skip


def test_an_appearance_ticket_no_role_of_its_program_may_issue_is_the_building_inspectors_own_work(
    parcel: Any, decision: Any, staff: Any  # noqa: F811
) -> None:
    """The grease program's roles (the Superintendent, the inspector) may not issue an appearance ticket: the
    task is the work of the role that may (the Building Inspector), listed as its own, not as another's."""
    missed = deadline(parcel, decision, program=Program.GREASE, kind=DeadlineKind.CORRECT, section="118-38",
                      title="Maintain the interceptor", due_on=D(2026, 11, 10))  # fmt: skip
    FollowUp.objects.create(deadline=missed, kind="appearance_ticket", raised_on=D(2026, 11, 11),
                            title="Building Inspector: issue and serve an appearance ticket",
                            assigned_to=staff.superintendent)  # fmt: skip
    mine = work_for(staff.building_inspector, NOW)
    assert mine is not None
    assert [i.title for i in mine["overdue"]] == ["Building Inspector: issue and serve an appearance ticket"]
    assert not mine["others"]
