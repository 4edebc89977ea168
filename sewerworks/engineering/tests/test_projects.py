"""Extension projects: revisions reviewed on import, the approvals §118-29 and §118-31 require, who may give them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.core.models import AuditEvent
from sewerworks.engineering.actions import (
    DesignUnreadable,
    do_import_design,
    do_open_project,
    do_record_approval,
    do_review_future_flows,
)
from sewerworks.engineering.tests.conftest import design_bytes

pytestmark = pytest.mark.django_db

FIXED = design_bytes("corrected.inp")


def test_an_imported_design_is_revision_1_with_its_elements_and_findings_placed(project: Any, staff: Any) -> None:
    revision = do_import_design(data=design_bytes("known_violations.inp"), file_name="orchard.inp",
                                project=project, acting_user=staff.clerk)  # fmt: skip
    assert (revision.number, revision.outcome, revision.failing) == (1, "fails", 3)
    assert revision.elements.filter(kind="pipe").count() == 4
    assert revision.elements.filter(kind="manhole").count() == 4
    assert revision.elements.filter(kind="outfall").count() == 1  # an outfall is not a manhole
    failing = {(f.element.name, f.requirement) for f in revision.findings.filter(severity="fails")}
    assert failing == {("C1", "manhole-spacing"), ("C2", "manhole-at-alignment-change"), ("C3", "minimum-slope")}
    c2 = revision.elements.get(name="C2")
    assert c2.geometry.startswith("LINESTRING (630420 1020000, 630495 1020043.301")
    event = AuditEvent.objects.get(action="do_import_design")
    assert event.actor == staff.clerk and event.detail["failing"] == 3


def test_a_corrected_design_is_revision_2_and_fixes_what_revision_1_failed(project: Any, staff: Any) -> None:
    do_import_design(data=design_bytes("known_violations.inp"), file_name="a.inp", project=project,
                     acting_user=staff.clerk)  # fmt: skip
    second = do_import_design(data=FIXED, file_name="b.inp", project=project, acting_user=staff.clerk)
    assert second.number == 2
    assert second.failing == 0
    assert second.outcome == "needs-review"  # the [DWF] section is for the Town Engineer
    assert second.previous() is not None and second.previous().number == 1


def test_an_unreadable_design_is_refused_naming_section_and_line_and_nothing_is_written(
    project: Any, staff: Any
) -> None:
    with pytest.raises(DesignUnreadable) as refused:
        do_import_design(data=b"[JUNCTIONS]\nJ1 high 8\n", file_name="x.inp", project=project, acting_user=staff.clerk)
    assert refused.value.message_dict["file"] == [
        "x.inp cannot be read: [JUNCTIONS], line 2: the invert elevation must be a number, not 'high'"]  # fmt: skip
    assert project.revisions.count() == 0


def test_a_board_member_imports_no_design(project: Any, staff: Any) -> None:
    with pytest.raises(PermissionDenied):
        do_import_design(data=FIXED, file_name="b.inp", project=project, acting_user=staff.board)


def _approvable(project: Any, staff: Any) -> Any:
    do_import_design(data=FIXED, file_name="b.inp", project=project, acting_user=staff.clerk)
    return do_review_future_flows(project=project, reviewed_on=dt.date.today(), acting_user=staff.engineer,
                                  note="8-inch mains carry the 40 lots at build-out with room to spare.")  # fmt: skip


def test_the_town_engineer_approves_a_design_and_a_clerk_cannot(project: Any, staff: Any) -> None:
    _approvable(project, staff)
    with pytest.raises(PermissionDenied, match="only the Town Engineer may"):
        do_record_approval(project=project, authority="town_engineer", approved_on=dt.date.today(),
                           acting_user=staff.clerk)  # fmt: skip
    approval = do_record_approval(project=project, authority="town_engineer", approved_on=dt.date.today(),
                                  acting_user=staff.engineer)  # fmt: skip
    assert approval.revision.number == 1
    assert approval.history.count() == 1


def test_a_design_with_failing_findings_cannot_be_approved(project: Any, staff: Any) -> None:
    do_import_design(data=design_bytes("known_violations.inp"), file_name="a.inp", project=project,
                     acting_user=staff.clerk)  # fmt: skip
    do_review_future_flows(project=project, reviewed_on=dt.date.today(), note="ok", acting_user=staff.engineer)
    with pytest.raises(ValidationError, match="3 failing finding"):
        do_record_approval(project=project, authority="town_engineer", approved_on=dt.date.today(),
                           acting_user=staff.engineer)  # fmt: skip


def test_a_design_whose_future_flows_are_not_reviewed_cannot_be_approved(project: Any, staff: Any) -> None:
    do_import_design(data=FIXED, file_name="b.inp", project=project, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="future flows"):
        do_record_approval(project=project, authority="town_engineer", approved_on=dt.date.today(),
                           acting_user=staff.engineer)  # fmt: skip


def test_a_developers_extension_needs_the_town_board_and_is_approved_with_the_third_approval(
    project: Any, staff: Any
) -> None:
    _approvable(project, staff)
    today = dt.date.today()
    do_record_approval(project=project, authority="town_engineer", approved_on=today, acting_user=staff.engineer)
    do_record_approval(project=project, authority="nys_doh", approved_on=today, acting_user=staff.clerk,
                       reference="DOH letter 26-114")  # fmt: skip
    project.refresh_from_db()
    assert project.missing_approvals() == ["town_board"]
    assert project.status == "under_review"
    do_record_approval(project=project, authority="town_board", approved_on=today, acting_user=staff.clerk,
                       reference="Resolution 2026-88")  # fmt: skip
    project.refresh_from_db()
    assert project.status == "approved"


def test_a_town_built_extension_needs_no_town_board_approval(staff: Any) -> None:
    town = do_open_project(name="Route 9W extension", builder="town", acting_user=staff.superintendent)
    assert town.needed_authorities() == ["town_engineer", "nys_doh"]
    with pytest.raises(ValidationError, match="not 'town_board'"):
        do_record_approval(project=town, authority="town_board", approved_on=dt.date.today(), acting_user=staff.clerk)


def test_an_approval_dated_in_the_future_is_refused(project: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="still to come"):
        do_record_approval(project=project, authority="nys_doh", approved_on=dt.date.today() + dt.timedelta(days=1),
                           acting_user=staff.clerk)  # fmt: skip
