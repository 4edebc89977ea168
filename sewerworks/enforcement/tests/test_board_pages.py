"""The deadlines board shows each list 50 rows a page, the oldest first, and every page link keeps the
filters and the other lists' pages; the board is kept for everyone while nothing changes, and a deadline
met by its ``do_*`` action leaves the next board at once."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.determinations.run import run_determination, store_decision
from sewerworks.core.models import TableGeneration
from sewerworks.core.records import generation
from sewerworks.enforcement.actions.deadlines import do_meet_deadline, do_open_deadline
from sewerworks.enforcement.choices import DeadlineKind, Program
from sewerworks.enforcement.models import Deadline
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
BOARD = "/enforcement/"


@pytest.fixture
def many() -> dict[str, list[Deadline]]:
    """52 general deadlines passed (1 to 52 days ago), 51 to come (8 to 58 days ahead), 2 connection ones passed."""
    parcel = f.parcel("108.12-3-45", improvement_area=f.area())
    today = timezone.localdate()
    decided = run_determination(
        "notice-deadline", {"kind": "notice_of_violation", "served_on": "2026-03-02"}, as_of=dt.date(2026, 3, 2)
    )
    decision = store_decision(decided, subject=parcel)

    def open_one(title: str, days: int, program: str = Program.GENERAL) -> Deadline:
        return do_open_deadline(
            subject=parcel, decision=decision, acting_user=None, program=program, kind=DeadlineKind.OTHER,
            section="118-47", title=title, due_on=today + dt.timedelta(days=days),
        )  # fmt: skip

    return {
        "passed": [open_one(f"Passed {n:02d}", -n) for n in range(52, 0, -1)],  # the oldest first
        "coming": [open_one(f"Coming {n:02d}", n) for n in range(8, 59)],
        "connection": [open_one(f"Connection {n}", -n, Program.CONNECTION) for n in (3, 4)],
    }


def table(html: str, table_id: str) -> list[str]:
    """The deadline titles of one list's table, in order."""
    body = re.search(rf'<table[^>]*id="{table_id}".*?</table>', html, re.S)
    assert body, f"no table {table_id}"
    return re.findall(r'<a href="/enforcement/deadlines/\d+/">([^<]+)</a>', body.group(0))


def test_a_list_longer_than_a_page_shows_50_rows_the_oldest_first_and_its_pages_keep_the_filter(
    client_as: Any, many: dict[str, list[Deadline]]
) -> None:
    client = client_as("board member")
    first = client.get(BOARD, {"program": "general"}).content.decode()
    assert table(first, "overdue") == [d.title for d in many["passed"][:50]]
    assert "Connection 3" not in first  # the filter holds
    assert 'href="?program=general&amp;overdue_page=2#overdue-h">Next</a>' in first
    assert "Page 1 of 2" in first
    second = client.get(BOARD, {"program": "general", "overdue_page": "2"}).content.decode()
    assert table(second, "overdue") == ["Passed 02", "Passed 01"]
    assert 'href="?program=general&amp;overdue_page=1#overdue-h">Previous</a>' in second
    assert "Connection 3" not in second
    # The upcoming list pages on its own, keeping the filter and the overdue list's page.
    assert table(second, "upcoming") == [d.title for d in many["coming"][:50]]
    assert 'href="?program=general&amp;overdue_page=2&amp;page=2#upcoming-h">Next</a>' in second
    third = client.get(BOARD, {"program": "general", "overdue_page": "2", "page": "2"}).content.decode()
    assert table(third, "upcoming") == ["Coming 58"] and table(third, "overdue") == ["Passed 02", "Passed 01"]


def test_the_counts_are_of_every_row_not_of_the_page(client_as: Any, many: dict[str, list[Deadline]]) -> None:
    html = client_as("board member").get(BOARD).content.decode()
    assert re.search(r'id="overdue-h">Overdue <span class="badge text-bg-danger">54</span>', html)
    assert re.search(r'id="upcoming-h">Upcoming <span class="badge text-bg-light border">51</span>', html)
    assert table(html, "overdue")[:2] == ["Passed 52", "Passed 51"] and len(table(html, "overdue")) == 50


def test_a_page_past_the_last_shows_the_last(client_as: Any, many: dict[str, list[Deadline]]) -> None:
    html = client_as("board member").get(BOARD, {"overdue_page": "99"}).content.decode()
    assert "Page 2 of 2" in html and "Passed 01" in table(html, "overdue")


def test_a_deadline_met_through_its_action_leaves_the_kept_board_at_once(
    client_as: Any, many: dict[str, list[Deadline]], staff: Any
) -> None:
    client = client_as("board member")
    newest = many["passed"][-1]
    assert newest.title in table(client.get(BOARD, {"overdue_page": "2"}).content.decode(), "overdue")
    do_meet_deadline(newest, met_on=timezone.localdate(), acting_user=staff.superintendent, why="Report sent.")
    assert newest.title not in client.get(BOARD, {"overdue_page": "2"}).content.decode()


def test_the_board_is_kept_until_the_data_generation_moves_on(client_as: Any, many: dict[str, list[Deadline]]) -> None:
    client = client_as("board member")
    client.get(BOARD)
    # Another process's write (as it looks here before its commit) leaves the kept board as it was...
    with generation.unobserved():
        Deadline.objects.filter(pk=many["passed"][0].pk).update(title="Renamed")
    assert "Renamed" not in client.get(BOARD).content.decode()
    # ...until that process's commit moves the deadlines table's shared generation on.
    TableGeneration.objects.get_or_create(table=Deadline._meta.db_table)
    TableGeneration.objects.filter(table=Deadline._meta.db_table).update(value=F("value") + 1)
    assert "Renamed" in client.get(BOARD).content.decode()


def test_whether_a_task_may_be_marked_done_is_the_users_own_on_a_kept_board(client_as: Any, staff: Any) -> None:
    from sewerworks.enforcement.actions import do_issue_notice, do_record_service, do_sweep

    house = f.building(f.parcel("108.12-3-46", improvement_area=f.area()), connected_on=None)
    served = dt.date(2026, 1, 5)
    notice = do_issue_notice(
        kind="notice_to_connect", parcel=house.parcel, facts="Connect.", issued_on=served, acting_user=staff.clerk
    )
    do_record_service(notice, method="posting", served_on=served, served_by_name="A. Clerk", acting_user=staff.clerk)
    do_sweep(dt.date(2026, 7, 10))  # the connection missed: a follow-up task for the clerk
    assert "Mark done" in client_as("clerk").get(reverse("enforcement:deadline_board")).content.decode()
    shown = client_as("inspector").get(reverse("enforcement:deadline_board")).content.decode()
    assert "Serve a Notice of Violation" in shown and "Mark done" not in shown
