"""The screen as a background job with progress, and kept current: a parcel whose discharge point or
polygon changes is re-screened at once; a changed area boundary starts a new screen of the whole layer."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.test import override_settings

from sewerworks.contracts.actions import do_start_screen
from sewerworks.contracts.models import Candidate, ScreenRun
from sewerworks.contracts.tests.conftest import AS_OF, IMMEDIATE, point_west, west_lot
from sewerworks.core.models import AuditEvent, Job
from sewerworks.registry.actions import do_save_parcel
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@override_settings(TASKS=IMMEDIATE)
def test_the_clerk_starts_the_screen_as_a_job_that_reports_its_progress_and_counts(
    lot: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    lot(gap=0.8, discharge=120)
    lot(gap=0.8, discharge=300)
    lot(gap=5, discharge=20)
    clerk = make_user("clerk")
    with django_capture_on_commit_callbacks(execute=True):
        record = do_start_screen(as_of=AS_OF, acting_user=clerk)
    record.refresh_from_db()
    job = Job.objects.get(pk=record.job_id)
    assert (job.status, job.done, job.total) == ("succeeded", 3, 3)
    assert job.result["counts"] == {"eligible": 1, "eligible-under-118-29.1": 1, "not-adjoining": 1}
    assert (record.parcels_read, record.candidates, record.sample, record.mismatches) == (3, 3, 3, [])
    assert AuditEvent.objects.get(action="contract_screen", run=record.run).rows == 3
    assert set(Candidate.objects.values_list("run", flat=True)) == {record.run}


@pytest.mark.parametrize("role", ["board member", "inspector", "water superintendent"])
def test_who_may_not_screen_is_refused(area: Any, make_user: Any, role: str) -> None:
    with pytest.raises(PermissionDenied):
        do_start_screen(as_of=AS_OF, acting_user=make_user(role))


@override_settings(TASKS=IMMEDIATE)
def test_a_moved_discharge_point_is_rescreened_at_once(
    lot: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    p = lot(gap=0.8, discharge=150)
    clerk = make_user("clerk")
    with django_capture_on_commit_callbacks(execute=True):
        do_start_screen(acting_user=clerk)
    assert Candidate.objects.get(parcel=p).outcome == "eligible"
    with django_capture_on_commit_callbacks(execute=True):
        do_save_parcel(p, {"discharge_point": point_west(450, y=250)}, acting_user=clerk)
    assert Candidate.objects.get(parcel=p).outcome == "too-far"
    with django_capture_on_commit_callbacks(execute=True):
        do_save_parcel(p, {"polygon": west_lot(700, y=200)}, acting_user=clerk)
    assert not Candidate.objects.filter(parcel=p).exists()
    rescreen = ScreenRun.objects.filter(scope="parcels").latest("pk")
    assert (rescreen.parcels_read, rescreen.mismatches) == (1, [])


def test_before_the_first_screen_a_saved_parcel_starts_nothing(
    lot: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        lot(gap=0.8, discharge=150)
    assert not ScreenRun.objects.exists() and not Candidate.objects.exists()


@override_settings(TASKS=IMMEDIATE)
def test_a_changed_area_boundary_starts_a_new_screen_of_the_whole_layer(
    lot: Any, area: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    p = lot(gap=0.8, discharge=150)
    with django_capture_on_commit_callbacks(execute=True):
        do_start_screen(acting_user=make_user("clerk"))
    with django_capture_on_commit_callbacks(execute=True):
        area.boundary = f.square(f.X0 + 10, f.Y0, 4000)  # the boundary moves 10 ft east
        area.save()
    latest = ScreenRun.objects.filter(scope="all").latest("pk")
    assert latest.started_by is None and "boundary of Hamlet of Marlborough changed" in latest.reason
    c = Candidate.objects.get(parcel=p)
    assert (c.run, c.outcome, str(c.boundary_gap_ft)) == (latest.run, "not-adjoining", "10.80")


@override_settings(TASKS=IMMEDIATE)
def test_parcels_written_in_bulk_are_rescreened_and_a_large_import_starts_a_whole_screen(
    lot: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from sewerworks.contracts import signals
    from sewerworks.core.records.bulk import announce_written
    from sewerworks.registry.models import Parcel

    p = lot(gap=0.8, discharge=150)
    with django_capture_on_commit_callbacks(execute=True):
        do_start_screen(acting_user=make_user("clerk"))
    Parcel.objects.filter(pk=p.pk).update(discharge_point=point_west(250, y=250))
    with django_capture_on_commit_callbacks(execute=True):
        announce_written(Parcel, [p.pk])
    assert Candidate.objects.get(parcel=p).outcome == "eligible-under-118-29.1"
    Parcel.objects.filter(pk=p.pk).update(discharge_point=point_west(450, y=250))
    with django_capture_on_commit_callbacks(execute=True):
        announce_written(Parcel, list(range(p.pk, p.pk + signals.RESCREEN_AT_ONCE + 1)))
    assert ScreenRun.objects.filter(scope="all", reason__contains="5,001 parcels written in bulk").exists()
    assert Candidate.objects.get(parcel=p).outcome == "too-far"


def test_a_screen_asked_twice_is_one_screen_run_after_interactive_work(area: Any, make_user: Any) -> None:
    """Issue 30, item 4: 63 screens queued by one caller in 8 minutes; now the second is the first."""
    from sewerworks.core.jobs.queue import BATCH

    first = do_start_screen(as_of=AS_OF, acting_user=make_user("clerk"))
    again = do_start_screen(as_of=AS_OF, acting_user=make_user("superintendent"))
    assert again.pk == first.pk and ScreenRun.objects.count() == 1
    assert Job.objects.get(pk=first.job_id).priority == BATCH
