"""Each kind of deadline says what missing it does, and the sweep does exactly that; registered sweep steps
run once per sweep, in order, and are counted."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.core.determinations.run import run_determination, store_decision
from sewerworks.enforcement import sweep as sweep_module
from sewerworks.enforcement.actions import do_open_deadline, do_sweep
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, Program
from sewerworks.enforcement.deadline_kinds import KINDS, KindRule, WhenMissed
from sewerworks.enforcement.models import Deadline, FollowUp, Violation
from sewerworks.enforcement.sweep import SweepContext, steps, sweep_step
from sewerworks.registry.tests import factories as f

D = dt.date


def test_every_kind_of_deadline_says_what_missing_it_does() -> None:
    assert set(KINDS) == set(DeadlineKind.values)


def test_a_duty_of_the_towns_own_never_opens_a_violation() -> None:
    assert all(rule.when_missed != WhenMissed.VIOLATION for rule in KINDS.values() if rule.town_duty)
    assert KINDS[DeadlineKind.REVIEW].town_duty
    with pytest.raises(ValueError, match="Town's own"):
        KindRule(
            "review a design", WhenMissed.VIOLATION, "x", "x", "enforcement.meet_deadline", "118-29", town_duty=True
        )


@pytest.fixture
def missed(db: Any) -> Any:
    parcel = f.parcel("108.12-3-45", improvement_area=f.area())
    decided = run_determination(
        "notice-deadline", {"kind": "notice_of_violation", "served_on": "2026-03-02"}, as_of=D(2026, 3, 2)
    )
    stored = store_decision(decided, subject=parcel)

    def _open(kind: str, section: str = "118-47", subject: Any = parcel) -> Deadline:
        return do_open_deadline(
            program=Program.GENERAL,
            kind=kind,
            subject=subject,
            decision=stored,
            section=section,
            title=f"Do the {kind}",
            due_on=D(2026, 4, 1),
            acting_user=None,
        )

    return _open


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "section", "follow_up"),
    [
        (DeadlineKind.CONNECT, "118-5", "serve_notice_of_violation"),
        (DeadlineKind.ABANDON, "118-5", "serve_notice_of_violation"),
        (DeadlineKind.PUMP_OUT, "118-38", "appearance_ticket"),
        (DeadlineKind.INSTALL_METER, "118-52", "serve_notice_of_violation"),
    ],
)
def test_a_missed_deadline_of_these_kinds_is_a_violation_and_a_task(missed, kind, section, follow_up) -> None:
    d = missed(kind)
    run = do_sweep(D(2026, 4, 2))
    assert run.changes["violations_opened"] == 1
    violation = Violation.objects.get(source_deadline=d)
    assert violation.section == section and violation.how_discovered == "missed_deadline"
    assert list(FollowUp.objects.values_list("kind", flat=True)) == [follow_up]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "follow_up"),
    [
        (DeadlineKind.CORRECT, "consider_court_referral"),
        (DeadlineKind.INSTALL_INTERCEPTOR, "check_interceptor"),  # I-51: a task to look, not a violation
        (DeadlineKind.REVIEW, "review_missed_deadline"),  # the Town's own duty: never a violation
        (DeadlineKind.OTHER, "review_missed_deadline"),
    ],
)
def test_a_missed_deadline_of_these_kinds_raises_only_a_task(missed, kind, follow_up) -> None:
    d = missed(kind)
    do_sweep(D(2026, 4, 1))  # due by the end of April 1: not missed yet
    assert Deadline.objects.get(pk=d.pk).status == DeadlineStatus.OPEN and not FollowUp.objects.exists()
    do_sweep(D(2026, 4, 2))
    assert not Violation.objects.exists()
    task = FollowUp.objects.get()
    assert task.kind == follow_up and task.deadline == d
    if kind in (DeadlineKind.REVIEW, DeadlineKind.OTHER):
        assert task.title.endswith(f"Do the {kind}")


@pytest.mark.django_db
def test_a_missed_deadline_about_no_property_is_reviewed_not_cited(missed, make_user) -> None:
    developer = make_user("clerk", username="hudson-developer")
    d = missed(DeadlineKind.INSTALL_METER, subject=developer)
    do_sweep(D(2026, 4, 2))
    assert not Violation.objects.exists()
    assert FollowUp.objects.get(deadline=d).title.startswith("Review the missed deadline (no property to cite)")


# --- The @sweep_step registry -------------------------------------------------------------------------------


@pytest.fixture
def late_penalties() -> Any:
    """A step another program (billing) registers without editing the sweep."""
    calls: list[dt.date] = []

    @sweep_step("test-late-penalties", order=100)
    def apply_late_penalties(ctx: SweepContext) -> None:
        calls.append(ctx.as_of)
        ctx.count("late_penalties_applied", 3)

    yield calls
    sweep_module.unregister("test-late-penalties")


@pytest.mark.django_db
def test_a_registered_step_runs_once_per_sweep_with_the_day_and_is_counted(late_penalties) -> None:
    run = do_sweep(D(2026, 11, 19))
    assert late_penalties == [D(2026, 11, 19)]
    assert run.changes["late_penalties_applied"] == 3
    do_sweep(D(2026, 11, 20))
    assert late_penalties == [D(2026, 11, 19), D(2026, 11, 20)]


def test_steps_run_in_a_stable_order_enforcements_own_first(late_penalties) -> None:
    names = [s.name for s in steps()]
    own = ["reconcile-duties", "mark-overdue", "missed-deadlines", "abandonment-fines"]
    # a program may slot a step among them (grease answers its missed §118-38 notices before the general
    # §118-47 handling); a program's ordinary step (order 100 and above) runs after them all
    assert [n for n in names if n in own] == own and names[0] == "reconcile-duties"
    assert names.index("test-late-penalties") > names.index("abandonment-fines")


@pytest.mark.django_db
def test_a_failing_step_undoes_the_whole_sweep(missed) -> None:
    missed(DeadlineKind.OTHER)

    @sweep_step("test-broken", order=999)
    def broken(ctx: SweepContext) -> None:
        raise RuntimeError("the billing ledger is unreachable")

    try:
        with pytest.raises(RuntimeError):
            do_sweep(D(2026, 4, 2))
    finally:
        sweep_module.unregister("test-broken")
    assert Deadline.objects.get().status == DeadlineStatus.OPEN and not FollowUp.objects.exists()
