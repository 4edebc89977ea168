"""The enforcement screens, as the department uses them.

Every screen reads for any role and refuses a user with no role (403) and a visitor not signed in (sent
to the login page). A clerk issues a Notice to Connect from a parcel in two requests; recording its
service puts the §118-5 deadline, counted per I-20, on the deadlines board. Only the clerk and the
Superintendent issue notices, only the Building Inspector an appearance ticket (§118-38), and a board
member changes nothing.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.models import AuditEvent
from sewerworks.core.records.timeline import timeline_for
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.actions import do_issue_notice, do_open_violation, do_record_service, do_sweep
from sewerworks.enforcement.choices import DeadlineStatus, Program
from sewerworks.enforcement.models import Deadline, Evidence, FollowUp, Notice, Violation
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db

SERVED = dt.date(2026, 7, 7)  # a Tuesday; 180 days later is Sunday, January 3, 2027
CONNECT_BY = dt.date(2027, 1, 4)  # I-20: a deadline on a Sunday moves to Monday
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
EXE = b"MZ\x90\x00\x03\x00\x00\x00" + b"\x00" * 64


@pytest.fixture
def parcel(septic_house: Any) -> Any:
    return septic_house.parcel


@pytest.fixture
def served_notice(parcel: Any, staff: Any) -> Notice:
    notice = do_issue_notice(
        kind="notice_to_connect", parcel=parcel, facts="Connect.", issued_on=SERVED, acting_user=staff.clerk
    )
    return do_record_service(
        notice, method="certified_mail", served_on=SERVED, served_by_name="A. Clerk", acting_user=staff.clerk
    )


@pytest.fixture
def overdue_notice(parcel: Any, staff: Any) -> Notice:
    """Served January 5, 2026: connect by Monday, July 6 (July 4 is a Saturday, I-20); the sweep of July 10
    finds it missed."""
    served = dt.date(2026, 1, 5)
    notice = do_issue_notice(
        kind="notice_to_connect", parcel=parcel, facts="Connect.", issued_on=served, acting_user=staff.clerk
    )
    do_record_service(notice, method="posting", served_on=served, served_by_name="A. Clerk", acting_user=staff.clerk)
    do_sweep(dt.date(2026, 7, 10))
    return notice


@pytest.fixture
def violation(parcel: Any, staff: Any) -> Violation:
    return do_open_violation(
        parcel=parcel,
        section="118-36",
        description="Roof leader connected to the sanitary sewer.",
        discovered_on=dt.date(2026, 11, 2),
        acting_user=staff.inspector,
    )


def screens(parcel: Any, notice: Notice, violation: Violation) -> list[str]:
    return [
        reverse("enforcement:deadline_board"),
        reverse("enforcement:connection_roster", args=[parcel.improvement_area.code]),
        reverse("enforcement:notice_detail", args=[notice.pk]),
        reverse("enforcement:violation_detail", args=[violation.pk]),
    ]


# --- who may see ----------------------------------------------------------------------------------


def test_every_screen_reads_for_a_board_member_and_refuses_no_role_and_anonymous(
    client: Any, make_user: Any, served_notice: Notice, violation: Violation, parcel: Any
) -> None:
    urls = screens(parcel, served_notice, violation)
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/"), url
    client.force_login(make_user())
    for url in urls:
        assert client.get(url).status_code == 403, url
    client.force_login(make_user("board member"))
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_a_board_member_cannot_post_anything(
    client_as: Any, overdue_notice: Notice, violation: Violation, parcel: Any, staff: Any
) -> None:
    served_notice = overdue_notice
    task = FollowUp.objects.get()
    client = client_as("board member")
    posts = {
        reverse("enforcement:issue_notice", args=[parcel.pk]): {"kind": "notice_to_connect", "facts": "x"},
        reverse("enforcement:new_violation", args=[parcel.pk]): {"section": "118-5"},
        reverse("enforcement:record_service", args=[served_notice.pk]): {"method": "posting"},
        reverse("enforcement:move_violation", args=[violation.pk]): {"target": "closed", "why": "x"},
        reverse("enforcement:add_evidence", args=[violation.pk]): {"file": SimpleUploadedFile("a.png", PNG)},
        reverse("enforcement:record_correction", args=[violation.pk]): {"corrected_on": "2026-11-20"},
        reverse("enforcement:record_court_fine", args=[violation.pk]): {"amount": "100"},
        reverse("enforcement:record_charge", args=[violation.pk]): {"amount": "100"},
        reverse("enforcement:follow_up_done", args=[task.pk]): {},
    }
    for url, data in posts.items():
        assert client.post(url, data).status_code == 403, url
    assert Notice.objects.count() == 1 and Violation.objects.count() == 2
    assert FollowUp.objects.get().done_on is None


# --- a Notice to Connect in two clicks --------------------------------------------------------------


def test_a_clerk_issues_a_notice_to_connect_from_a_parcel_in_two_requests(client_as: Any, parcel: Any) -> None:
    client = client_as("clerk")
    url = reverse("enforcement:issue_notice", args=[parcel.pk]) + "?kind=notice_to_connect"
    form = client.get(url)
    assert form.status_code == 200
    facts = form.context["form"].initial["facts"]
    assert facts.startswith("The building at 7 Dubois Rd is within the Hamlet of Marlborough Sewer Improvement Area")
    assert "public sewer is available; §118-5 requires" in facts and "within 180 days" in facts
    response = client.post(url, {"kind": "notice_to_connect", "facts": facts})
    notice = Notice.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "enforcement:notice_detail", args=[notice.pk]
    )
    assert (notice.kind, notice.section, notice.issued_by) == ("notice_to_connect", "118-5", client.user)
    assert "DOE JANE" in notice.addressee_block
    page = client.get(response["Location"]).content.decode()
    assert notice.number in page and "Not yet served" in page and "Record service" in page


def test_recording_service_puts_the_connect_deadline_on_the_board_with_its_i20_date(
    client_as: Any, parcel: Any, staff: Any
) -> None:
    notice = do_issue_notice(
        kind="notice_to_connect", parcel=parcel, facts="Connect.", issued_on=SERVED, acting_user=staff.clerk
    )
    client = client_as("clerk")
    response = client.post(
        reverse("enforcement:record_service", args=[notice.pk]),
        {"method": "certified_mail", "served_on": SERVED.isoformat(), "served_by_name": "A. Clerk"},
    )
    assert response.status_code == 302
    deadline = Deadline.objects.get(notice=notice)
    assert deadline.due_on == CONNECT_BY
    detail = client.get(response["Location"]).content.decode()
    assert "Monday, January 4, 2027" in detail and "How the date was decided" in detail
    board = client.get(reverse("enforcement:deadline_board")).content.decode()
    assert "Monday, January 4, 2027" in board and notice.number in board
    assert reverse("registry:parcel_detail", args=[parcel.pk]) in board


def test_service_on_a_day_to_come_or_twice_is_refused_with_a_reason(client_as: Any, served_notice: Notice) -> None:
    client = client_as("clerk")
    url = reverse("enforcement:record_service", args=[served_notice.pk])
    data = {"method": "posting", "served_on": "2026-07-08", "served_by_name": "B"}
    assert "already served on 2026-07-07" in client.post(url, data).content.decode()
    assert Deadline.objects.count() == 1
    unserved = do_issue_notice(
        kind="notice_to_connect", parcel=served_notice.parcel, facts="Connect.", acting_user=served_notice.issued_by
    )
    future = {"method": "posting", "served_on": "2099-01-01", "served_by_name": "B"}
    response = client.post(reverse("enforcement:record_service", args=[unserved.pk]), future)
    assert "Service cannot be recorded for a day still to come" in response.content.decode()
    unserved.refresh_from_db()
    assert not unserved.served


# --- who may issue ----------------------------------------------------------------------------------


def test_an_inspector_cannot_issue_a_notice_but_records_a_violation(client_as: Any, parcel: Any) -> None:
    client = client_as("inspector")
    url = reverse("enforcement:issue_notice", args=[parcel.pk])
    assert client.get(url + "?kind=notice_to_connect").status_code == 403
    assert client.post(url, {"kind": "notice_to_connect", "facts": "x"}).status_code == 403
    assert not Notice.objects.exists()
    response = client.post(
        reverse("enforcement:new_violation", args=[parcel.pk]),
        {
            "section": "§ 118-36",
            "program": Program.GENERAL,
            "description": "Sump pump discharging to the sewer.",
            "discovered_on": "2026-11-30",
            "how_discovered": "inspection",
        },
    )
    violation = Violation.objects.get()
    assert response["Location"] == reverse("enforcement:violation_detail", args=[violation.pk])
    assert violation.section == "118-36"


def test_only_the_building_inspector_issues_an_appearance_ticket(
    client_as: Any, parcel: Any, violation: Violation
) -> None:
    url = reverse("enforcement:issue_notice", args=[parcel.pk])
    ticket = {"kind": "appearance_ticket", "violation": violation.pk, "facts": "Interceptor not pumped in 72 hours."}
    for role in ("clerk", "superintendent", "inspector"):
        client = client_as(role)
        assert client.get(url + "?kind=appearance_ticket").status_code == 403, role
        assert client.post(url, ticket).status_code == 403, role
    client = client_as("building inspector")
    assert client.get(url + f"?kind=appearance_ticket&violation={violation.pk}").status_code == 200
    assert client.post(url, ticket).status_code == 302
    assert Notice.objects.get().number.startswith("AT-")
    # and a clerk may not slip a ticket in through the notice form's kind field
    clerk = client_as("clerk")
    assert clerk.post(url + "?kind=notice_to_connect", ticket).status_code == 403


def test_a_notice_of_violation_offers_to_record_the_violation_first(client_as: Any, parcel: Any) -> None:
    client = client_as("superintendent")
    url = reverse("enforcement:issue_notice", args=[parcel.pk]) + "?kind=notice_of_violation"
    page = client.get(url).content.decode()
    assert "Record a violation first" in page
    bad = client.post(
        reverse("enforcement:new_violation", args=[parcel.pk]),
        {
            "section": "118-999",
            "program": "general",
            "description": "x",
            "discovered_on": "2026-11-30",
            "how_discovered": "inspection",
            "then": "notice_of_violation",
        },
    )
    assert "Chapter 118 has no section" in bad.content.decode() and not Violation.objects.exists()
    good = client.post(
        reverse("enforcement:new_violation", args=[parcel.pk]),
        {
            "section": "118-36",
            "program": "general",
            "description": "Roof leader to the sewer.",
            "discovered_on": "2026-11-30",
            "how_discovered": "inspection",
            "then": "notice_of_violation",
        },
    )
    violation = Violation.objects.get()
    assert good["Location"].endswith(f"?kind=notice_of_violation&violation={violation.pk}")
    form = client.get(good["Location"]).context["form"]
    assert form.initial["correction_days"] == 30  # enforcement.default_correction_days (I-22)
    assert form.initial["violation"] == violation
    issued = client.post(
        good["Location"],
        {"kind": "notice_of_violation", "violation": violation.pk, "facts": "Roof leader.", "correction_days": 30},
    )
    assert issued.status_code == 302 and Notice.objects.get().number.startswith("NOV-")


def test_a_notice_of_violation_without_a_time_limit_is_refused(
    client_as: Any, parcel: Any, violation: Violation
) -> None:
    client = client_as("clerk")
    url = reverse("enforcement:issue_notice", args=[parcel.pk])
    response = client.post(url, {"kind": "notice_of_violation", "violation": violation.pk, "facts": "x"})
    assert response.status_code == 200 and "states a time limit for correction" in response.content.decode()
    assert not Notice.objects.exists()


# --- evidence ---------------------------------------------------------------------------------------


@pytest.fixture
def media(settings: Any, tmp_path: Any) -> Any:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def test_evidence_refuses_an_executable_renamed_jpg(client_as: Any, violation: Violation, media: Any) -> None:
    client = client_as("inspector")
    url = reverse("enforcement:add_evidence", args=[violation.pk])
    response = client.post(url, {"file": SimpleUploadedFile("photo.jpg", EXE, "image/jpeg"), "description": "x"})
    assert response.status_code == 200
    assert "photo.jpg is not a JPEG photograph, PNG image or PDF document" in response.content.decode()
    assert not Evidence.objects.exists()


def test_evidence_refuses_a_file_over_the_limit_and_accepts_one_at_it(
    client_as: Any, violation: Violation, media: Any, settings: Any
) -> None:
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = len(PNG)
    client = client_as("inspector")
    url = reverse("enforcement:add_evidence", args=[violation.pk])
    over = client.post(url, {"file": SimpleUploadedFile("big.png", PNG + b"\x00", "image/png")})
    assert "evidence files may be at most" in over.content.decode() and not Evidence.objects.exists()
    at = client.post(url, {"file": SimpleUploadedFile("leader.png", PNG, "image/png"), "description": "Roof leader"})
    assert at.status_code == 302
    evidence = Evidence.objects.get()
    assert (evidence.content_type, evidence.size, evidence.uploaded_by) == ("image/png", len(PNG), client.user)
    pdf = client.post(url, {"file": SimpleUploadedFile("report.pdf", b"%PDF-1.7\n" + b"0" * 10)})
    assert pdf.status_code == 302 or "at most" in pdf.content.decode()


# --- the violation page -----------------------------------------------------------------------------


def test_only_the_superintendent_sees_and_makes_the_pipeline_moves(
    client_as: Any, violation: Violation, staff: Any
) -> None:
    url = reverse("enforcement:violation_detail", args=[violation.pk])
    clerk_page = client_as("clerk").get(url).content.decode()
    assert "Move the case" not in clerk_page
    client = client_as("superintendent")
    page = client.get(url).content.decode()
    assert "Move the case" in page and "withdrawn: no violation" in page
    move = reverse("enforcement:move_violation", args=[violation.pk])
    refused = client.post(move, {"target": pipeline.REFERRED, "why": "Skip ahead"})
    assert "cannot become referred to court" in refused.content.decode()
    assert client.post(move, {"target": pipeline.CLOSED, "why": ""}).status_code == 200  # why is required
    assert client.post(move, {"target": pipeline.CLOSED, "why": "Not a violation"}).status_code == 302
    violation.refresh_from_db()
    assert violation.status == pipeline.CLOSED
    history = client.get(url).content.decode()
    assert "Not a violation" in history and client.user.username in history


def test_the_violation_page_labels_the_118_47_maximum_as_what_a_court_may_impose(
    client_as: Any, violation: Violation, staff: Any
) -> None:
    notice = do_issue_notice(
        kind="notice_of_violation",
        parcel=violation.parcel,
        violation=violation,
        facts="Roof leader.",
        correction_days=10,
        issued_on=dt.date(2026, 11, 2),
        acting_user=staff.clerk,
    )
    do_record_service(
        notice, method="personal_delivery", served_on=dt.date(2026, 11, 2), served_by_name="I", acting_user=staff.clerk
    )
    page = client_as("board member").get(reverse("enforcement:violation_detail", args=[violation.pk])).content.decode()
    assert "the most a court may impose" in page and "not a fine owed" in page
    assert "Maximum exposure on conviction" in page


def test_court_fines_and_charges_are_recorded_by_the_clerk_not_the_inspector(
    client_as: Any, violation: Violation
) -> None:
    fine_url = reverse("enforcement:record_court_fine", args=[violation.pk])
    charge_url = reverse("enforcement:record_charge", args=[violation.pk])
    fine = {"imposed_on": "2026-11-20", "amount": "250.00", "court": "", "docket": "26-1234"}
    charge = {"description": "Jetting the main", "amount": "412.50", "incurred_on": "2026-11-10"}
    inspector = client_as("inspector")
    assert inspector.post(fine_url, fine).status_code == 403
    assert inspector.post(charge_url, charge).status_code == 403
    clerk = client_as("clerk")
    assert clerk.post(fine_url, fine).status_code == 302
    assert clerk.post(charge_url, charge).status_code == 302
    assert violation.court_fines.get().amount == Decimal("250.00")
    assert violation.charges.get().amount == Decimal("412.50")
    negative = clerk.post(charge_url, {**charge, "amount": "-1"})
    assert negative.status_code == 200 and violation.charges.count() == 1


def test_recording_a_correction_moves_the_case(client_as: Any, violation: Violation) -> None:
    client = client_as("inspector")
    url = reverse("enforcement:record_correction", args=[violation.pk])
    early = client.post(url, {"corrected_on": "2026-10-01"})
    assert "before it was discovered" in early.content.decode()
    assert client.post(url, {"corrected_on": "2026-11-20", "why": "Leader disconnected"}).status_code == 302
    violation.refresh_from_db()
    assert (violation.status, violation.corrected_on) == (pipeline.CORRECTED, dt.date(2026, 11, 20))


# --- the board: filters and follow-ups --------------------------------------------------------------


def test_the_board_filters_by_program_and_by_officer(
    client_as: Any, served_notice: Notice, violation: Violation, staff: Any
) -> None:
    nov = do_issue_notice(
        kind="notice_of_violation",
        parcel=violation.parcel,
        violation=violation,
        facts="Roof leader to the sewer.",
        correction_days=30,
        issued_on=dt.date(2026, 11, 2),
        acting_user=staff.superintendent,
    )
    do_record_service(
        nov, method="posting", served_on=dt.date(2026, 11, 2), served_by_name="S", acting_user=staff.superintendent
    )
    client = client_as("board member")
    board = reverse("enforcement:deadline_board")
    everything = client.get(board).content.decode()
    assert served_notice.number in everything and nov.number in everything
    connection = client.get(board, {"program": "connection"}).content.decode()
    assert served_notice.number in connection and nov.number not in connection
    by_superintendent = client.get(board, {"officer": staff.superintendent.pk}).content.decode()
    assert nov.number in by_superintendent and served_notice.number not in by_superintendent
    bad = client.get(board, {"program": "nonsense", "officer": "x"})
    assert bad.status_code == 200 and served_notice.number not in bad.content.decode()


def test_a_clerk_marks_a_follow_up_done_once_and_an_inspector_may_not(client_as: Any, overdue_notice: Notice) -> None:
    task = FollowUp.objects.get()
    assert Deadline.objects.get().status == DeadlineStatus.OVERDUE
    url = reverse("enforcement:follow_up_done", args=[task.pk])
    assert client_as("inspector").post(url).status_code == 403
    clerk = client_as("clerk")
    board = clerk.get(reverse("enforcement:deadline_board")).content.decode()
    assert "Serve a Notice of Violation" in board and "Mark done" in board
    assert "Monday, July 6, 2026" in board and "days overdue" in board
    assert clerk.post(url).status_code == 302
    task.refresh_from_db()
    assert task.done_on is not None
    assert AuditEvent.objects.filter(action="do_complete_follow_up").count() == 1
    again = clerk.post(url, follow=True).content.decode()
    assert "already marked done" in again


# --- the roster -------------------------------------------------------------------------------------


def test_the_roster_lists_unsewered_parcels_with_availability_and_the_notice(
    client_as: Any, parcel: Any, served_notice: Notice
) -> None:
    connected = f.parcel("108.12-3-50", street_number="9", improvement_area=parcel.improvement_area, dx=400)
    f.building(connected)  # connected in 2001: not on the roster
    waiting = f.parcel("108.12-3-51", street_number="11", improvement_area=parcel.improvement_area, dx=700)
    f.building(waiting, connected_on=None)
    client = client_as("board member")
    response = client.get(reverse("enforcement:connection_roster", args=[parcel.improvement_area.code]))
    rows = response.context["rows"]
    assert [r.parcel.tax_map_number for r in rows] == ["108.12-3-45", "108.12-3-51"]  # the one with a deadline first
    first, second = rows
    assert first.availability.available and first.notice == served_notice
    assert first.connect_by.due_on == CONNECT_BY
    assert second.notice is None
    page = response.content.decode()
    assert "Not noticed" in page and "served Jul 7, 2026" in page and "108.12-3-50" not in page


def test_the_roster_of_an_unknown_area_is_404(client_as: Any) -> None:
    assert client_as("clerk").get("/enforcement/connection/atlantis/").status_code == 404


# --- timeline, dashboard, coverage ------------------------------------------------------------------


def test_the_parcel_timeline_shows_the_notice_its_service_and_deadline(parcel: Any, served_notice: Notice) -> None:
    titles = [e.title for e in timeline_for(parcel)]
    assert f"Notice to Connect (§118-5) {served_notice.number} issued" in titles
    assert f"{served_notice.number} served by certified mail" in titles
    assert any(t.startswith("Deadline set: Connect") for t in titles)


def test_the_dashboard_shows_deadlines_and_follow_ups(client_as: Any, overdue_notice: Notice) -> None:
    page = client_as("clerk").get("/").content.decode()
    assert "Enforcement deadlines" in page and "Open follow-up tasks" in page
    assert "Overdue: 1" in page


def test_enforcement_claims_the_sections_it_carries_out() -> None:
    from sewerworks.core.ordinance_browser.coverage import Grade, section_coverage
    from sewerworks.enforcement.coverage import REQUIREMENTS

    assert {"118-4", "118-5", "118-12", "118-47"} <= {r.section for r in REQUIREMENTS}
    for number in ("118-4", "118-5", "118-12", "118-47"):
        assert section_coverage(number).grade is Grade.COMPLETE


def test_the_roster_shows_the_abandonment_deadline_and_the_fine_accruing(
    client_as: Any, septic_house: Any, staff: Any
) -> None:
    from sewerworks.enforcement.actions import do_record_connection
    from sewerworks.enforcement.fines import fine_as_of
    from sewerworks.enforcement.models import AbandonmentFine

    do_record_connection(building=septic_house, connected_on=dt.date(2026, 6, 1), acting_user=staff.superintendent)
    abandon = Deadline.objects.get(kind="abandon")
    do_sweep(abandon.due_on + dt.timedelta(days=2))
    violation = Violation.objects.get(source_deadline=abandon)
    notified = abandon.due_on + dt.timedelta(days=3)
    nov = do_issue_notice(
        kind="notice_of_violation",
        parcel=septic_house.parcel,
        violation=violation,
        facts="Septic tank in use.",
        correction_days=30,
        issued_on=notified,
        acting_user=staff.clerk,
    )
    do_record_service(nov, method="posting", served_on=notified, served_by_name="S", acting_user=staff.clerk)
    fine = AbandonmentFine.objects.get(violation=violation)
    client = client_as("clerk")
    response = client.get(reverse("enforcement:connection_roster", args=["marlborough"]))
    (row,) = response.context["rows"]
    expected, days = fine_as_of(fine, response.context["on"])
    assert row.connected_on == dt.date(2026, 6, 1) and row.abandon_by == abandon
    assert row.fine == expected > 0 and row.fine_days == days
    assert f"${expected:,}" in response.content.decode()
    page = client.get(reverse("enforcement:violation_detail", args=[violation.pk])).content.decode()
    assert f"${expected:,}" in page and "still accruing" in page


def test_a_72_hour_order_is_due_at_its_moment_not_by_the_end_of_its_day(parcel, staff, client_as) -> None:
    """Served Friday, November 27, 2026 at 10:30 AM with 72 hours to correct: due at 10:30 AM on Monday,
    November 30 (hours elapsed, I-20), never "by the end of Monday ... at 10:30 AM"."""
    violation = do_open_violation(
        parcel=parcel,
        section="118-38",
        description="Interceptor not pumped.",
        discovered_on=dt.date(2026, 11, 27),
        acting_user=staff.clerk,
    )
    order = do_issue_notice(
        kind="notice_of_violation",
        parcel=parcel,
        violation=violation,
        facts="Pump the interceptor.",
        correction_hours=72,
        issued_on=dt.date(2026, 11, 27),
        acting_user=staff.clerk,
    )
    served_at = timezone.make_aware(dt.datetime(2026, 11, 27, 10, 30))
    do_record_service(
        order,
        method="personal_delivery",
        served_on=dt.date(2026, 11, 27),
        served_at=served_at,
        served_by_name="B. Inspector",
        acting_user=staff.clerk,
    )
    client = client_as("clerk")
    deadline = Deadline.objects.get(notice=order)
    moment = '<time datetime="2026-11-30T10:30:00-05:00">10:30 AM on Monday, November 30, 2026</time>'
    for url in (
        reverse("enforcement:notice_detail", args=[order.pk]),
        reverse("enforcement:deadline_detail", args=[deadline.pk]),
    ):
        html = " ".join(client.get(url).content.decode().split())
        assert f"t <strong>{moment}</strong>" in html
        assert 'end of <strong><time datetime="2026-11-30">' not in html


def test_a_limit_in_days_is_due_by_the_end_of_its_day(served_notice, client_as) -> None:
    page = client_as("clerk").get(reverse("enforcement:notice_detail", args=[served_notice.pk]))
    html = " ".join(page.content.decode().split())
    assert 'Due by the end of <strong><time datetime="2027-01-04">Monday, January 4, 2027</time></strong>' in html
