"""Starting the contract-user screen, running it, and re-screening parcels whose geometry changed.

The whole layer is screened by a background job (``do_start_screen``); a change to a parcel's polygon or
discharge point re-screens that parcel at once (``rescreen_parcels``, from ``contracts.signals``), and a
change to an area boundary starts a whole screen. Each run checks a seeded sample of the parcels it read
against the per-parcel topic and keeps any mismatch on the ScreenRun.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.contracts.models import ScreenRun
from sewerworks.contracts.screen import engine, reference
from sewerworks.contracts.screen.run import SAMPLE, limits_on, run_screen
from sewerworks.contracts.tasks import contract_screen
from sewerworks.core.access.permissions import require
from sewerworks.core.determinations.run import today
from sewerworks.core.jobs.queue import BATCH, equal_job
from sewerworks.core.jobs.runner import start_job
from sewerworks.core.models import Job


def _new_run(as_of: dt.date, scope: str, reason: str, acting_user: Any) -> ScreenRun:
    return ScreenRun.objects.create(
        run=f"cu-{uuid.uuid4().hex[:12]}", as_of=as_of, scope=scope, reason=reason[:200], started_by=acting_user
    )


def do_start_screen(*, as_of: dt.date | None = None, acting_user: Any, reason: str = "") -> ScreenRun:
    """Start screening the whole parcel layer as a background job (``acting_user`` None: the system, after
    an area boundary changed)."""
    if acting_user is not None:
        require(acting_user, "contracts.run_screen", "screen the parcels for contract users")
    day = as_of or today()
    limits_on(day)
    same: dict[str, Any] = {"as_of": day.isoformat()}
    with transaction.atomic():
        equal = equal_job("contract_screen", same)
        if equal is not None and acting_user is None and equal.status == Job.Status.RUNNING:
            # the system's screen after a boundary changed: the running one read the old boundary, so one
            # more after it (and only one: later changes while it waits are that one)
            same = {**same, "after_job": equal.pk}
            equal = equal_job("contract_screen", same)
        if equal is not None:  # a screen as of that day queued or running: that one (issue 30)
            found = ScreenRun.objects.filter(job=equal).first()
            if found is not None:
                return found
        record = _new_run(day, "all", reason or "Screen of the parcel layer", acting_user)
        job = start_job(
            contract_screen,
            kind="contract_screen",
            title=f"Contract-user screen as of {day}",
            acting_user=acting_user,
            priority=BATCH,
            same_as=same,
            screen_id=record.pk,
        )
        record.job = job
        record.save(update_fields=["job"])
    return record


def do_screen_now(
    *, as_of: dt.date | None = None, acting_user: Any, progress: Any = None, sample: int = SAMPLE
) -> ScreenRun:
    """Screen the whole parcel layer in this process (the command line), as ``do_start_screen``'s job does."""
    require(acting_user, "contracts.run_screen", "screen the parcels for contract users")
    day = as_of or today()
    limits_on(day)
    record = _new_run(day, "all", "Screen of the parcel layer (command line)", acting_user)
    return run_screen(record, progress=progress, sample=sample)


def rescreen_parcels(pks: Sequence[int], *, reason: str, acting_user: Any = None) -> ScreenRun | None:
    """Re-screen the parcels ``pks`` now (a polygon or discharge point changed), as of today."""
    pks = sorted(set(pks))
    if not pks:
        return None
    try:
        view, limits = limits_on(today())
    except ValidationError:
        return None
    record = _new_run(limits.as_of, "parcels", reason, acting_user)
    totals = engine.screen(limits=limits, run=record.run, only=pks)
    record.parcels_read, record.candidates = totals.parcels_read, totals.candidates
    record.counts = dict(sorted(totals.counts.items()))
    record.sample = len(pks)
    record.mismatches = reference.mismatches(pks, view, limits)
    record.finished_at = timezone.now()
    record.save()
    return record


def latest_screen() -> ScreenRun | None:
    return ScreenRun.objects.filter(scope="all", finished_at__isnull=False).order_by("-finished_at").first()


def screen_running() -> Job | None:
    return (
        Job.objects.filter(kind="contract_screen", status__in=[Job.Status.QUEUED, Job.Status.RUNNING])
        .order_by("-pk")
        .first()
    )
