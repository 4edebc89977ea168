"""Every role lands on its own work (I-113): each signs in, finds its item on "My work today" and none of
another role's, and acts on it in one click (the page it lands on is that item's action); the board
member reads the programs' figures and no task; the administrator the jobs needing attention. Every page
is screenshot and checked with axe-core, /api/docs included."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sewerworks.core.determinations.run import run_determination, store_decision
from sewerworks.core.models import Job
from sewerworks.enforcement.actions import do_open_deadline, do_open_violation
from sewerworks.enforcement.choices import DeadlineKind, Program
from sewerworks.enforcement.models import Deadline, FollowUp
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)

# role -> (program, kind, section, the title of its own deadline due today)
DEADLINES: dict[str, tuple[str, str, str, str]] = {
    "superintendent": (Program.GENERAL, DeadlineKind.OTHER, "118-47", "Decide the court referral of 7 Dubois Rd"),
    "inspector": (Program.PERMITS, DeadlineKind.OTHER, "118-26", "Inspect the open trench at 7 Dubois Rd"),
    "town engineer": (Program.ENGINEERING, DeadlineKind.OTHER, "118-29", "Approve the Dubois Rd extension plans"),
    "water superintendent": (
        Program.BILLING,
        DeadlineKind.INSTALL_METER,
        "118-52",
        "Install a water meter at 7 Dubois",
    ),
}
TICKET = "Building Inspector: issue and serve an appearance ticket at 7 Dubois Rd"
SERVE = "Serve the notice of violation of §118-38 at 7 Dubois Rd"  # assigned to the clerk who signs in
ALL_WORK = [*(t for *_, t in DEADLINES.values()), TICKET, SERVE]


@pytest.fixture
def town(make_user: Any) -> dict[str, Any]:
    """One parcel with a deadline of each role due today, and a grease deadline missed two weeks ago whose
    appearance ticket the sweep (before I-113) assigned to the Superintendent who served the order."""
    today = timezone.localdate()
    parcel = f.parcel(improvement_area=f.area(), street_number="7", street_name="Dubois Rd")
    decided = run_determination(
        "notice-deadline", {"kind": "notice_of_violation", "served_on": today.isoformat()}, as_of=today
    )
    decision = store_decision(decided, subject=parcel)
    officer = make_user("superintendent")
    made: dict[str, Any] = {"parcel": parcel}
    for role, (program, kind, section, title) in DEADLINES.items():
        made[role] = do_open_deadline(
            program=program, kind=kind, section=section, title=title, due_on=today, subject=parcel,
            parcel=parcel, decision=decision, acting_user=None,
        )  # fmt: skip
    missed = do_open_deadline(
        program=Program.GREASE, kind=DeadlineKind.CORRECT, section="118-38", title="Maintain the interceptor",
        due_on=today - dt.timedelta(days=14), subject=parcel, parcel=parcel, decision=decision, acting_user=None,
        officer=officer,
    )  # fmt: skip
    Deadline.objects.filter(pk=missed.pk).update(status="overdue", overdue_since=today - dt.timedelta(days=13))
    made["missed"] = missed
    made["violation"] = do_open_violation(
        parcel=parcel, section="118-38", program=Program.GREASE, description="Interceptor not maintained.",
        discovered_on=today - dt.timedelta(days=13), source_deadline=missed, acting_user=None,
    )  # fmt: skip
    FollowUp.objects.create(deadline=missed, kind="appearance_ticket", title=TICKET,
                            raised_on=today - dt.timedelta(days=13), assigned_to=officer)  # fmt: skip
    return made


def open_my_work(page: Any, shot: Any, role: str) -> Any:
    page.goto("/")
    panel = page.locator("section", has=page.get_by_role("heading", name="My work today"))
    expect(panel).to_be_visible()
    shot("my-work-" + role.replace(" ", "-"))
    return panel


def others_absent(page: Any, mine: str) -> None:
    text = page.locator("main").inner_text()
    for title in ALL_WORK:
        if title != mine:
            assert title not in text, f"{title!r} is another role's work"


@pytest.mark.parametrize("role", list(DEADLINES))
def test_each_role_finds_its_deadline_due_today_and_meets_it_in_one_click(
    page: Any, login: Any, shot: Any, town: dict[str, Any], role: str
) -> None:
    login(role)
    title = DEADLINES[role][3]
    panel = open_my_work(page, shot, role)
    row = panel.locator(".my-work-item", has_text=title)
    assert row.get_attribute("data-group") == "today"
    others_absent(page, title)
    row.get_by_role("link").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/enforcement/deadlines/{town[role].pk}/#meet-h")
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    expect(page.get_by_role("heading", name="Mark met")).to_be_visible()
    shot("my-work-acted-" + role.replace(" ", "-"))


def test_the_building_inspector_issues_the_appearance_ticket_the_sweep_gave_the_superintendent(
    page: Any, login: Any, shot: Any, town: dict[str, Any]
) -> None:
    login("building inspector")
    panel = open_my_work(page, shot, "building inspector")
    row = panel.locator(".my-work-item", has_text=TICKET)
    assert row.get_attribute("data-group") == "overdue"
    others_absent(page, TICKET)
    row.get_by_role("link", name=re.compile("^Issue the appearance ticket")).click()
    page.wait_for_load_state()
    assert "kind=appearance_ticket" in page.url and f"violation={town['violation'].pk}" in page.url
    expect(page.get_by_role("heading", name=re.compile(r"Appearance ticket \(§118-38\)"))).to_be_visible()
    shot("my-work-acted-building-inspector")


def test_the_clerk_serves_the_notice_of_violation_assigned_to_her_in_one_click(
    page: Any, login: Any, shot: Any, town: dict[str, Any]
) -> None:
    clerk = login("clerk")
    FollowUp.objects.create(deadline=town["missed"], kind="serve_notice_of_violation", title=SERVE,
                            raised_on=timezone.localdate(), assigned_to=clerk)  # fmt: skip
    panel = open_my_work(page, shot, "clerk")
    row = panel.locator(".my-work-item", has_text=SERVE)
    assert row.get_attribute("data-group") == "today"
    others_absent(page, SERVE)
    row.get_by_role("link", name=re.compile("^Issue the notice of violation")).click()
    page.wait_for_load_state()
    assert "kind=notice_of_violation" in page.url and f"violation={town['violation'].pk}" in page.url
    expect(page.get_by_role("heading", name=re.compile(r"Notice of Violation \(§118-47\)"))).to_be_visible()
    shot("my-work-acted-clerk")


def test_the_board_member_reads_the_figures_and_no_task(page: Any, login: Any, shot: Any, town: dict[str, Any]) -> None:
    login("board member")
    page.goto("/")
    assert page.get_by_role("heading", name="My work today").count() == 0
    others_absent(page, "")
    expect(page.get_by_role("heading", name="Enforcement deadlines")).to_be_visible()
    expect(page.get_by_text("Due today: 4")).to_be_visible()
    expect(page.get_by_text("Open follow-up tasks: 1")).to_be_visible()
    expect(page.locator("#billing-figures")).to_be_visible()  # billed and collected
    expect(page.get_by_role("heading", name="Permits (§§ 118-7 to 118-18)")).to_be_visible()
    shot("my-work-board-member")


def test_the_administrator_finds_the_jobs_needing_attention_and_the_api_docs_pass(
    page: Any, login: Any, shot: Any, town: dict[str, Any]
) -> None:
    Job.objects.create(kind="bill_run", title="Bill run for the autumn period", status=Job.Status.INTERRUPTED)
    login("administrator")
    page.goto("/")
    assert page.get_by_role("heading", name="My work today").count() == 0
    others_absent(page, "")
    shot("my-work-administrator")
    page.get_by_role("link", name="1 background job interrupted").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Bill run for the autumn period").first).to_be_visible()
    shot("my-work-acted-administrator")
    page.goto("/api/docs")
    page.wait_for_selector(".opblock", state="attached")
    shot("my-work-api-docs")
