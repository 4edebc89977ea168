"""A notice's time limit in hours, end to end, and a notice addressed to someone other than the owner."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from sewerworks.enforcement.actions import do_issue_notice, do_open_violation, do_record_service
from sewerworks.enforcement.choices import NoticeKind, Program
from sewerworks.enforcement.documents.render import notice_pdf
from sewerworks.enforcement.models import Notice
from sewerworks.enforcement.tests.test_documents import text

pytestmark = pytest.mark.django_db
D = dt.date
NY = ZoneInfo("America/New_York")


@pytest.fixture
def grease(septic_house: Any, staff: Any) -> Any:
    return do_open_violation(
        parcel=septic_house.parcel,
        section="118-38",
        program=Program.GREASE,
        discovered_on=D(2026, 3, 6),
        description="Interceptor at 85% of capacity: a pump-out is due (maintenance noncompliance, I-36).",
        acting_user=staff.inspector,
    )


def maintenance_notice(grease: Any, staff: Any, **kw: Any) -> Notice:
    args = {"correction_hours": 72, **kw}
    return do_issue_notice(
        kind=NoticeKind.NOTICE_OF_VIOLATION,
        parcel=grease.parcel,
        violation=grease,
        facts="Pump out the interceptor.",
        issued_on=D(2026, 3, 6),
        acting_user=staff.clerk,
        **args,
    )


def serve(notice: Notice, staff: Any, at: dt.datetime) -> Notice:
    return do_record_service(
        notice,
        method="personal_delivery",
        served_on=at.date(),
        served_at=at,
        served_by_name="Ian Inspector",
        acting_user=staff.inspector,
    )


def test_a_72_hour_maintenance_notice_is_due_72_elapsed_hours_after_service(grease, staff) -> None:
    notice = serve(maintenance_notice(grease, staff), staff, dt.datetime(2026, 3, 6, 14, 0, tzinfo=NY))
    deadline = notice.deadlines.get()
    # 72 elapsed hours across the start of daylight saving time (March 8): 15:00 EDT on March 9, not 30 days
    assert deadline.due_at == dt.datetime(2026, 3, 9, 15, 0, tzinfo=NY)
    assert deadline.due_on == D(2026, 3, 9) and deadline.kind == "correct"
    assert deadline.decision.decision["deadlines"][0]["due_at"].startswith("2026-03-09T14:00:00-05:00")
    printed = text(notice_pdf(notice))
    assert "72 hours after service" in printed and "by 3:00 p.m. on Monday, March 9, 2026" in printed
    assert "days after service" not in printed


def test_a_notice_in_days_still_counts_days(grease, staff) -> None:
    notice = serve(
        maintenance_notice(grease, staff, correction_hours=None, correction_days=10),
        staff,
        dt.datetime(2026, 3, 6, 14, 0, tzinfo=NY),
    )
    deadline = notice.deadlines.get()
    assert deadline.due_on == D(2026, 3, 16) and deadline.due_at is None
    assert "10 days after service" in text(notice_pdf(notice))


def test_a_limit_in_days_and_in_hours_at_once_is_refused(grease, staff) -> None:
    with pytest.raises(ValidationError) as caught:
        maintenance_notice(grease, staff, correction_days=10)
    assert "correction_hours" in caught.value.message_dict


def test_the_form_issues_a_notice_with_a_limit_in_hours(grease, client_as) -> None:
    client = client_as("clerk")
    url = f"/enforcement/parcels/{grease.parcel.pk}/notices/new/?kind=notice_of_violation"
    body = {"kind": "notice_of_violation", "violation": grease.pk, "facts": "Pump out.", "correction_hours": "72"}
    assert client.post(url, body).status_code == 302
    assert Notice.objects.get().correction_hours == 72
    both = client.post(url, {**body, "correction_days": "10"})
    assert both.status_code == 200 and b"in days or in hours, not both" in both.content


def test_the_api_issues_a_72_hour_notice_and_a_notice_to_the_plumber(grease, make_user) -> None:
    client = Client()
    client.force_login(make_user("clerk"))
    body = {
        "kind": "notice_of_violation",
        "violation_id": grease.pk,
        "facts": "Pump out.",
        "correction_hours": 72,
        "addressee_name": "ACME PLUMBING",
        "addressee_block": "ACME PLUMBING\n9 Western Ave\nMarlborough NY 12542",
    }
    answer = client.post("/api/notices", json.dumps(body), content_type="application/json")
    assert answer.status_code == 201, answer.content
    out = answer.json()
    assert out["correction_hours"] == 72 and out["addressee_name"] == "ACME PLUMBING" and out["addressee_id"] is None
    half = client.post("/api/notices", json.dumps({**body, "addressee_block": ""}), content_type="application/json")
    assert half.status_code == 422 and half.json()["detail"][0]["loc"][-1] == "addressee_block"


def test_a_notice_addressed_to_the_plumber_holding_the_permit_says_so_on_the_pdf(grease, staff) -> None:
    notice = maintenance_notice(
        grease, staff, addressee_name="Hudson Valley Plumbing, Inc.", addressee_block="PO Box 118\nMilton NY 12547"
    )
    assert notice.addressee is None and notice.addressee_name == "Hudson Valley Plumbing, Inc."
    assert notice.addressee_block.startswith("Hudson Valley Plumbing, Inc.\nPO Box 118")
    printed = text(notice_pdf(notice))
    assert "Hudson Valley Plumbing, Inc." in printed and "PO Box 118" in printed and "DOE JANE" not in printed


def test_a_notice_without_another_addressee_goes_to_the_owner_of_record(grease, staff) -> None:
    notice = maintenance_notice(grease, staff)
    assert notice.addressee is not None and notice.addressee.name == "DOE JANE" and notice.addressee_name == ""
    assert "DOE JANE" in text(notice_pdf(notice))
