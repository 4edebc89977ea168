"""The bill run of a period: drafts computed and committed chunk by chunk, then posting, also chunk by
chunk (I-108), each chunk one short set-based transaction. Runs exclude each other with
:func:`bill_run_lock`.

Test hooks: with ``SEWERWORKS_BILL_RUN_DIE_AFTER_CHUNK=N`` in the environment the process kills itself
with SIGKILL right after committing draft chunk N, with ``SEWERWORKS_BILL_RUN_DIE_AFTER_POSTING_CHUNK=N``
right after committing posting chunk N (the crash tests of issue 10); they do nothing otherwise.
"""

from __future__ import annotations

import os
import signal
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from sewerworks.billing import pipeline
from sewerworks.billing.engine.compute import BillRow, PeriodRates, compute_bill
from sewerworks.billing.engine.estimates_sql import defective_accounts
from sewerworks.billing.engine.gather import chunks, gather
from sewerworks.billing.engine.lock import bill_run_lock
from sewerworks.billing.engine.plain import Rating
from sewerworks.billing.engine.write import drop_drafts_after, post_chunk, posting_chunk_end, to_post, write_chunk
from sewerworks.billing.models import BillingPeriod, PeriodStatusChange
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters

CHUNK = 10_000
# Accounts per posting chunk: at a million accounts on SQLite one chunk is a second or two of writing (the
# goal: no write transaction over 10 s), while each statement still walks thousands of rows.
POST_CHUNK = 25_000
# Plain bills (one gallon meter, reads on both sides, I-24 only) are written in SQL (engine/plain.py); the
# tests turn this off to compare them with the per-account Python path.
SQL_PLAIN = True
DIE_AFTER = "SEWERWORKS_BILL_RUN_DIE_AFTER_CHUNK"
DIE_AFTER_POSTING = "SEWERWORKS_BILL_RUN_DIE_AFTER_POSTING_CHUNK"
Progress = Callable[..., None]


@dataclass
class RunResult:
    run: str
    bills: int = 0
    total_cents: int = 0
    flags: dict[str, int] = field(default_factory=dict)
    posted: int = 0
    unchanged: bool = False
    message: str = ""


def move(period: BillingPeriod, target: str, *, by: Any, why: str = "") -> None:
    """Move the period along its pipeline (checked) and write the status-change row."""
    meaning = pipeline.check(period.status, target)
    PeriodStatusChange.objects.create(
        period=period, from_status=period.status, to_status=target, why=(why or meaning)[:200], by=by
    )
    period.status = target
    period._history_user = by  # type: ignore[attr-defined]  # the period's history names who moved it
    period.save(update_fields=["status"])


@contextmanager
def _sqlite_run_settings() -> Iterator[None]:
    """SQLite, for the run's connection only: a 128 MiB page cache (posting updates every
    bill of the period: with the default 2 MiB it spills pages to the WAL and reads them back), and the WAL
    checkpointed once after the last chunk (of the drafts, and of a posting) rather than at every chunk's
    commit (each checkpoint writes the same index pages again). Connection settings, undone after the run
    (and gone with the connection if the process dies)."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA cache_size = -131072")
        cursor.execute("PRAGMA wal_autocheckpoint = 0")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA cache_size = -2000")
            cursor.execute("PRAGMA wal_autocheckpoint = 1000")
            cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")


def _bills(n: int) -> str:
    return "1 bill" if n == 1 else f"{n:,} bills"


def _die_after(chunk_number: int, hook: str = DIE_AFTER) -> None:
    wanted = os.environ.get(hook)
    if wanted and int(wanted) == chunk_number:
        os.kill(os.getpid(), signal.SIGKILL)


def run_drafts(
    period: BillingPeriod, *, acting_user: Any, progress: Progress | None = None, chunk_size: int = CHUNK
) -> RunResult:
    """Compute (or recompute) the period's draft bills. A posted period is left as it is."""
    run = f"bills-{timezone.now():%Y%m%d%H%M%S}-{uuid.uuid4().hex[:6]}"
    with bill_run_lock(), _sqlite_run_settings():
        period.refresh_from_db()
        if period.status == pipeline.POSTED:
            return RunResult(run, unchanged=True, message="The period is posted: its bills do not change.")
        if period.status == pipeline.POSTING:  # I-108: part of it is on the ledger; finish, never recompute
            posted, left = to_post(period)
            return RunResult(
                run,
                unchanged=True,
                message=f"The period is being posted ({_bills(posted)} posted, {left:,} to go): its bills do not"
                " change; post it again to finish.",
            )
        if period.status == pipeline.REVIEWED:
            with transaction.atomic():
                move(period, pipeline.DRAFT, by=acting_user, why="computed again by a bill run: review it again")
        rates = PeriodRates.on_last_day(current_parameters().at(period.end))
        parts = chunks(period, chunk_size)
        total = sum(len(part) for _, _, part in parts)
        result = RunResult(run)
        flags: Counter[str] = Counter()
        user_id = getattr(acting_user, "pk", None)
        now = timezone.now()
        rating = (
            Rating.of(rates.charge, rates.gallons_per_ft3, rates.estimates, rates.rollover)
            if SQL_PLAIN
            else None
        )
        defective = defective_accounts(period) if rating is not None and rating.estimates else None
        for number, (low, high, part) in enumerate(parts, start=1):

            def compute(only: list[int] | None, low: int = low, high: int = high) -> list[BillRow]:
                return [compute_bill(a, period, rates) for a in gather(period, low, high, only=only)]

            done = write_chunk(
                period, low, high, part, compute, rating=rating, run=run, user_id=user_id, now=now, defective=defective
            )
            result.bills += done.bills
            result.total_cents += done.total_cents
            flags.update(done.flags)
            if progress:
                progress(done=result.bills, total=total, message=f"Computed {result.bills:,} of {total:,} bills.")
            _die_after(number)
        drop_drafts_after(period, parts[-1][1] if parts else 0)
        result.flags = dict(flags)
        result.message = f"{result.bills:,} draft bills, ${result.total_cents / 100:,.2f}."
        AuditEvent.objects.create(
            actor=acting_user,
            action="bill_run",
            run=run,
            subject=f"draft bills {period.name}"[:200],
            rows=result.bills,
            detail={"period": period.pk, "total_cents": result.total_cents, "flags": result.flags},
        )
    return result


def post_period(
    period: BillingPeriod, *, acting_user: Any, progress: Progress | None = None, chunk_size: int = POST_CHUNK
) -> RunResult:
    """Post a reviewed period's bills to the ledger, ``chunk_size`` accounts per short transaction; a posted
    period is unchanged. I-108: the period is "posting" from the first chunk to the last; each bill is part
    of the ledger (payments, balances, the penalty sweep see it) from the moment its chunk commits; a
    posting that stopped is finished by posting again, which posts only what is left (the ledger's source
    keys would refuse a second entry anyway); the period becomes posted when every bill is."""
    run = f"post-{timezone.now():%Y%m%d%H%M%S}-{uuid.uuid4().hex[:6]}"
    user_id = getattr(acting_user, "pk", None)
    with bill_run_lock(), _sqlite_run_settings():
        with transaction.atomic():
            period = BillingPeriod.objects.select_for_update().get(pk=period.pk)
            if period.status == pipeline.POSTED:
                return RunResult(run, unchanged=True, message="The period is already posted: nothing changed.")
            resumed = period.status == pipeline.POSTING
            if not resumed:
                if period.status != pipeline.REVIEWED:
                    pipeline.check(period.status, pipeline.POSTED)  # refused, naming the allowed moves
                move(period, pipeline.POSTING, by=acting_user)
        # A posting that starts has posted nothing (a posted bill exists only from a posting's first chunk on); the
        # period's bills are counted (one more walk of them all) for a resumed posting's message and for progress.
        already, total = to_post(period) if resumed or progress else (0, 0)
        written, after, number = 0, 0, 0
        while (high := posting_chunk_end(period, after, chunk_size)) is not None:
            written += post_chunk(period, after, high, run=run, user_id=user_id, now=timezone.now())
            number, after = number + 1, high
            if progress:
                progress(done=written, total=total, message=f"Posted {written:,} of {total:,} bills.")
            _die_after(number, DIE_AFTER_POSTING)
        with transaction.atomic():
            period = BillingPeriod.objects.select_for_update().get(pk=period.pk)
            move(period, pipeline.POSTED, by=acting_user)
            AuditEvent.objects.create(
                actor=acting_user,
                action="do_post_period",
                run=run,
                subject=f"posted {period.name}"[:200],
                rows=written,
                detail={"period": period.pk, "chunks": number, "resumed": resumed, "posted_before": already},
            )
    message = f"{_bills(written)} posted to the ledger."
    if resumed:
        message = f"{_bills(written)} posted to the ledger, finishing the posting ({already + written:,} in all)."
    return RunResult(run, posted=written, message=message)
