"""A clerk opens a parcel, issues a Notice to Connect, records its service, and finds the §118-5 deadline
on the deadlines board with its due date; every page is screenshot and checked with axe-core."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sewerworks.enforcement.models import Deadline, Notice
from sewerworks.ordinance.deadlines import due_after
from sewerworks.registry.models import PrivateSystem
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def parcel():
    a = f.area()
    f.main(a)
    p = f.parcel(improvement_area=a, street_number="7", street_name="Dubois Rd")
    f.owned(p, name="DOE JANE")
    b = f.building(p, name="Doe house", dwelling_units=1, connected_on=None)
    PrivateSystem.objects.create(parcel=p, building=b, kind="septic_tank")
    return p


def test_a_clerk_issues_a_notice_to_connect_records_service_and_finds_the_deadline(page, login, shot, parcel) -> None:
    login("clerk")
    page.goto(f"/registry/parcels/{parcel.pk}/")
    expect(page.get_by_role("heading", name="Parcel 108.12-3-45")).to_be_visible()
    shot("enforcement-parcel-page")
    page.get_by_role("link", name="Issue a Notice to Connect").click()
    page.wait_for_load_state()
    facts = page.get_by_label("Facts").input_value()
    assert facts.startswith("The building at 7 Dubois Rd is within the Hamlet of Marlborough Sewer Improvement Area")
    shot("enforcement-issue-notice")
    page.get_by_role("button", name="Issue notice").click()
    page.wait_for_load_state()
    notice = Notice.objects.get()
    expect(page.get_by_role("heading", name=f"Notice to Connect (§118-5) {notice.number}")).to_be_visible()
    expect(page.get_by_text("Not yet served")).to_be_visible()
    shot("enforcement-notice-issued")

    today = timezone.localdate()
    page.get_by_label("Method of service").select_option("certified_mail")
    page.get_by_label("Served on").fill(today.isoformat())
    page.get_by_label("Served by (person)").fill("Town Clerk")
    page.get_by_role("button", name="Record service").click()
    page.wait_for_load_state()
    due = due_after(today, 180, shift=True)
    spoken = f"{due:%A, %B} {due.day}, {due.year}"
    assert Deadline.objects.get(notice=notice).due_on == due
    expect(page.get_by_text("Service recorded")).to_be_visible()
    expect(page.locator("#deadline-h + div").get_by_text(spoken).first).to_be_visible()
    shot("enforcement-notice-served")

    page.get_by_role("link", name="Enforcement").click()
    page.wait_for_load_state()
    row = page.locator("#upcoming tbody tr", has_text=notice.number)
    assert row.count() == 1 and spoken in row.inner_text()
    # the board shows the date and the days left, never the rule's count in its place
    left = (due - today).days
    assert f"{left} day{'s' if left != 1 else ''} left" in row.inner_text()
    assert "within 180 days" not in row.inner_text()
    shot("enforcement-deadline-board")

    page.get_by_role("link", name="Connection roster: Hamlet of Marlborough").click()
    page.wait_for_load_state()
    roster_row = page.locator("tbody tr", has_text="108.12-3-45")
    assert notice.number in roster_row.inner_text()
    assert f"{(due - today).days} days left" in roster_row.inner_text()
    shot("enforcement-connection-roster")


def test_the_superintendent_reads_a_violation_with_its_exposure_and_moves_it(page, login, shot, parcel) -> None:
    import datetime as dt

    from sewerworks.enforcement.actions import do_issue_notice, do_open_violation, do_record_service

    user = login("superintendent")
    violation = do_open_violation(
        parcel=parcel,
        section="118-36",
        description="Roof leader connected to the sanitary sewer.",
        discovered_on=dt.date(2026, 11, 2),
        acting_user=user,
    )
    notice = do_issue_notice(
        kind="notice_of_violation",
        parcel=parcel,
        violation=violation,
        facts="Roof leader.",
        correction_days=10,
        issued_on=dt.date(2026, 11, 2),
        acting_user=user,
    )
    do_record_service(notice, method="posting", served_on=dt.date(2026, 11, 2), served_by_name="S", acting_user=user)
    page.goto(f"/enforcement/violations/{violation.pk}/")
    expect(page.get_by_role("heading", name="§ 118-47: the most a court may impose")).to_be_visible()
    shot("enforcement-violation")
    page.get_by_label("Why").fill("Ten days passed without correction")
    page.get_by_role("button", name="Escalated (time limit passed)").click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="Status: Escalated (time limit passed)")).to_be_visible()
    shot("enforcement-violation-escalated")
