"""The construction, tests and petition screens: each form calls its action, a refusal comes back on the form
(422) naming the rule, and who may not gets 403."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.engineering.actions import do_plan_tests
from sewerworks.engineering.models import PlannedSection
from sewerworks.engineering.tests.conftest import D, resolution

pytestmark = pytest.mark.django_db
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def test_resolution_security_and_start_through_the_construction_page(client_as: Any, approved: Any) -> None:
    clerk = client_as("clerk")
    url = f"/engineering/projects/{approved.pk}/construction/"
    page = clerk.get(url).content.decode()
    assert "Link the Town Board&#x27;s §118-31 approval to its recorded resolution first." in page
    refused = clerk.post(f"{url}start/", {"start-contractor": "Kiernan", "start-started_on": "2026-10-12"})
    assert refused.status_code == 422 and "recorded resolution first" in refused.content.decode()
    adopted = resolution()
    linked = clerk.post(f"{url}resolution/", {"link-resolution": adopted.pk, "link-security_demanded": "on"})
    assert linked.status_code == 302
    refused = clerk.post(f"{url}start/", {"start-contractor": "Kiernan", "start-started_on": "2026-10-12"})
    assert refused.status_code == 422 and "demands a guaranty security (§118-35)" in refused.content.decode()
    bond = {"security-kind": "completion_bond", "security-amount": "150,000.00", "security-issuer": "Hudson Surety",
            "security-number": "CB-1", "security-received_on": "2026-10-09", "security-expires_on": "2027-10-09"}
    assert clerk.post(f"{url}securities/", bond).status_code == 302
    started = clerk.post(f"{url}start/", {"start-contractor": "Kiernan", "start-started_on": "2026-10-12"})
    assert started.status_code == 302
    approved.refresh_from_db()
    assert approved.status == "under_construction" and approved.contractor == "Kiernan"
    assert "Hudson Surety, CB-1" in clerk.get(url).content.decode()


def test_reports_stop_work_photo_and_the_months_bill_through_the_page(client_as: Any, building: Any) -> None:
    engineer = client_as("town engineer")
    url = f"/engineering/projects/{building.pk}/"
    day = {"report-report_date": "2026-10-13", "report-weather": "Clear", "report-crew": "Foreman, 3",
           "report-hours": "8", "report-pipe": "C1", "report-station_from_ft": "0", "report-station_to_ft": "80"}
    assert engineer.post(f"{url}daily-reports/", day).status_code == 302
    twice = engineer.post(f"{url}daily-reports/", day)
    assert twice.status_code == 422 and "A report for 2026-10-13 is already filed" in twice.content.decode()
    over = engineer.post(f"{url}daily-reports/", {**day, "report-report_date": "2026-10-14", "report-hours": "25"})
    assert over.status_code == 422 and "at most 24" in over.content.decode()
    report = building.daily_reports.get()
    assert engineer.post(f"/engineering/daily-reports/{report.pk}/stop-work/", {"stop-reason": "No trench box"}
                         ).status_code == 302  # fmt: skip
    photo = SimpleUploadedFile("trench.png", PNG, content_type="image/png")
    engineer.post(f"/engineering/daily-reports/{report.pk}/photos/", {"photo-file": photo, "photo-caption": "Trench"})
    page = engineer.get(f"{url}construction/").content.decode()
    assert "Work is stopped" in page and "Trench" in page and report.photos.count() == 1
    clerk = client_as("clerk")
    assert clerk.post(f"{url}inspection-bills/", {"bill-month": "2026-10"}).status_code == 302
    assert "$760.00" in clerk.get(f"{url}construction/").content.decode()
    inspector = client_as("inspector")
    assert inspector.post(f"/engineering/daily-reports/{report.pk}/stop-work/", {"stop-reason": "x"}).status_code == 403
    assert inspector.post(f"{url}inspection-bills/", {"bill-month": "2026-10"}).status_code == 403


def test_plan_tests_and_a_failed_test_through_the_tests_page(client_as: Any, building: Any) -> None:
    engineer = client_as("town engineer")
    url = f"/engineering/projects/{building.pk}/tests/"
    steep = engineer.post(f"{url}plan/", {"plan-run": "C1", "plan-max_section_ft": "50"})
    assert steep.status_code == 422 and "need their reason" in steep.content.decode()
    assert engineer.post(f"{url}plan/", {"plan-run": ""}).status_code == 302
    first = PlannedSection.objects.get(project=building, run="C1", number=1)
    test = {"section": first.pk, "test-tested_on": "2026-11-10", "test-filled_hours": "24",
            "test-head_ft_above_crown": "5", "test-test_hours": "2", "test-water_added_gal": "2"}
    nowhere = engineer.post(f"{url}record/", {**test, "section": "999999"})
    assert nowhere.status_code == 422 and "Choose a section of the test plan" in nowhere.content.decode()
    assert engineer.get(f"{url}record/").status_code == 302  # a GET goes back to the page
    short = engineer.post(f"{url}record/", {**test, "test-filled_hours": "12"})
    assert short.status_code == 422 and "requires at least 24 h" in short.content.decode()
    assert engineer.post(f"{url}record/", test).status_code == 302
    no_repair = engineer.post(f"{url}record/", {**test, "test-tested_on": "2026-11-12"})
    assert no_repair.status_code == 422 and "record the repair before it is tested again" in no_repair.content.decode()
    page = engineer.get(url).content.decode()
    assert 'data-result="failed"' in page and 'data-failed="1"' in page
    features = engineer.get(f"{url}map.json").json()["features"]
    drawn = {f["properties"]["name"]: f["properties"]["status"] for f in features
             if f["properties"]["layer"] == "section"}  # fmt: skip
    assert drawn["C1 section 1"] == "failed" and drawn["C1 section 2"] == "untested" and len(drawn) == 12


def test_the_petition_page_is_for_a_town_extension_only(client_as: Any, project: Any) -> None:
    assert client_as("clerk").get(f"/engineering/projects/{project.pk}/petition/").status_code == 404


def test_the_contractors_notice_opens_an_inspection_in_the_field_shown_waiting_on_the_tests_page(
    client_as: Any, building: Any, staff: Any
) -> None:
    do_plan_tests(project=building, planned_on=D(2026, 11, 2), acting_user=staff.engineer)
    first = PlannedSection.objects.get(project=building, run="C1", number=1)
    clerk = client_as("clerk")
    url = f"/engineering/projects/{building.pk}/tests/"
    notice = {"section": first.pk, "notice-kind": "exfiltration", "notice-requested_on": "2026-11-09",
              "notice-requested_by": "Kiernan Excavating"}  # fmt: skip
    future = clerk.post(f"{url}notices/", {**notice, "notice-requested_on": "2999-01-01"})
    assert future.status_code == 422 and first.tests.count() == 0
    assert clerk.post(f"{url}notices/", notice).status_code == 302
    page = clerk.get(url).content.decode()
    assert "Noticed 2026-11-09 by Kiernan Excavating</a>: inspection waiting" in page
    assert "Record the contractor's notice" in page
    assert client_as("board member").post(f"{url}notices/", notice).status_code == 403
