"""The daily sweep has a screen: anyone on the staff previews what a sweep as of today will do (its very steps,
run and rolled back: nothing written), the Superintendent runs it, and the last runs are listed."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.enforcement.actions.sweep import preview_sweep
from sewerworks.enforcement.models import SweepRun
from sewerworks.enforcement.sweep import SweepContext, sweep_step, unregister

pytestmark = pytest.mark.django_db


@pytest.fixture
def counting_step() -> Any:
    """A step that writes a sweep run of its own (a write to roll back) and counts one late penalty."""

    @sweep_step("test-writes", order=999)
    def writes(ctx: SweepContext) -> None:
        SweepRun.objects.create(as_of=ctx.as_of, changes={"written": True})
        ctx.count("late_penalties", 1)

    yield writes
    unregister("test-writes")


def test_the_preview_says_what_the_sweep_would_change_and_writes_nothing(counting_step: Any) -> None:
    preview = preview_sweep(dt.date(2026, 12, 1))
    assert preview.changes["late_penalties"] == 1
    assert not SweepRun.objects.exists()


def test_the_sweep_screen_previews_for_the_clerk_and_runs_for_the_superintendent(
    counting_step: Any, client_as: Any
) -> None:
    clerk = client_as("clerk")
    page = clerk.get("/enforcement/sweep/").content.decode()
    assert "What a sweep as of" in page and "Late penalties added (§118-53): 1" in page
    assert "Run the sweep" not in page and not SweepRun.objects.exists()
    assert clerk.post("/enforcement/sweep/").status_code == 403
    sam = client_as("superintendent")
    assert "Run the sweep" in sam.get("/enforcement/sweep/").content.decode()
    done = sam.post("/enforcement/sweep/", follow=True)
    assert "Swept as of" in done.content.decode()
    run = SweepRun.objects.get(changes__has_key="late_penalties")
    assert run.changes == {"late_penalties": 1}
    assert "Late penalties added (§118-53): 1" in sam.get("/enforcement/sweep/").content.decode()
