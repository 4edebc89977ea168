"""One run of the contract-user screen (§118-29.1), whoever started it (the background job, the command line):
the law in force on its day, the screen of what it covers, the seeded sample checked against the per-parcel
topic, the totals recorded on its ``ScreenRun`` and one audit record. The job (``contracts.tasks``) and the
actions (``contracts.actions.screening``) both call it; it calls neither."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone

from sewerworks.contracts.models import ScreenRun
from sewerworks.contracts.screen import engine, reference
from sewerworks.contracts.screen.measure import Limits
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters import NotInForce, ParameterView

SAMPLE = 10_000
SEED = 118291


def limits_on(as_of: dt.date) -> tuple[ParameterView, Limits]:
    """The law in force on ``as_of``; a clear error before 1996-04-22, when it had no contract users (I-83)."""
    view = current_parameters().at(as_of)
    try:
        return view, Limits.read(view, as_of)
    except NotInForce as exc:
        raise ValidationError(
            {
                "as_of": f"Chapter 118 had no contract users on {as_of}: the law was not in force (from 1996-04-22, "
                f"L.L. No. 5-1996). {exc}"
            }
        ) from exc


def run_screen(record: ScreenRun, *, progress: Any = None, sample: int = SAMPLE) -> ScreenRun:
    """Screen what ``record`` covers, check the sample against the topic, record the totals and audit it."""
    view, limits = limits_on(record.as_of)
    totals = engine.screen(limits=limits, run=record.run, progress=progress)
    ids = reference.sample_ids(SEED, sample)
    record.parcels_read, record.candidates = totals.parcels_read, totals.candidates
    record.counts = dict(sorted(totals.counts.items()))
    record.sample = len(ids)
    record.mismatches = reference.mismatches(ids, view, limits)[:100]
    record.finished_at = timezone.now()
    record.save()
    AuditEvent.objects.create(
        actor=record.started_by,
        action="contract_screen",
        run=record.run,
        subject=f"contract-user screen as of {record.as_of}",
        rows=totals.candidates,
        detail={"parcels": totals.parcels_read, "counts": record.counts, "mismatches": len(record.mismatches)},
    )
    return record
