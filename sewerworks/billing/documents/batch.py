"""A period's bills as one PDF for the mailing, typeset in chunks and joined, with bounded memory.

The bills are taken in mailing order (``.order``) in chunks of ``chunk_size``: the chunk's context is
gathered in a few queries, turned into plain ``PaperBill``s here, and drawn to a part file with fpdf2 by
a pool of ``workers`` processes (``paper_sheet``; two cores draw two chunks at once; why fpdf2 and not
WeasyPrint is in ``paper``). At most two chunks per worker are in flight, so memory does not grow with
the period: no process ever holds more than a few chunks. The parts are then joined in order with pypdf
into the batch file.
"""

from __future__ import annotations

import ctypes
import os
import signal
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any, BinaryIO

from django.conf import settings
from pypdf import PdfWriter

from sewerworks.billing.documents.context import penalty_terms
from sewerworks.billing.documents.order import mailing_ids
from sewerworks.billing.documents.paper import PaperBill
from sewerworks.billing.documents.paper_sheet import typeset_paper
from sewerworks.billing.documents.render import chunk_bills
from sewerworks.billing.models import BillingPeriod

CHUNK_SIZE = 100  # bills per part: each part loads and subsets its fonts (≈ 80 ms), 0.8 ms a bill at 100

Progress = Callable[..., None]
Draw = Callable[[list[Any], str], int]  # draws a part's sheets to a file; returns its pages (must pickle)


@dataclass(frozen=True)
class BatchOutcome:
    """What a batch came to: bills and pages in the file, its size, the time it took, the bills in order."""

    bills: int
    pages: int
    size: int
    seconds: float
    bill_ids: list[int]


def default_workers() -> int:
    """``SEWERWORKS_BILL_PDF_WORKERS``, else two processes (or one on a one-core machine)."""
    configured = getattr(settings, "SEWERWORKS_BILL_PDF_WORKERS", None)
    return max(1, int(configured)) if configured else max(1, min(2, os.cpu_count() or 1))


class _Pool:
    """Draw parts in worker processes, or here when ``workers`` is 1.

    The workers are forked: they start with fpdf2 already imported, and need no guarded main module. A
    worker only draws plain ``PaperBill``s to a file. As it starts (:func:`_typesetter_started`) it asks to
    die with the process that forked it and lets go of the database connections it inherited, so it never
    touches them; it leaves with ``os._exit`` (as every multiprocessing child does), closing nothing of the
    parent's. A worker killed mid-batch (SIGKILL, out of memory) so leaves no typesetting process behind
    holding its connection's socket and the batch's ``.partial`` file, waiting for work forever (issue 30)."""

    def __init__(self, workers: int) -> None:
        self.executor = (
            ProcessPoolExecutor(
                workers, mp_context=get_context("fork"), initializer=_typesetter_started, initargs=(os.getpid(),)
            )
            if workers > 1
            else None
        )

    def submit(self, bills: list[Any], path: str, draw: Draw = typeset_paper) -> Future[int]:
        if self.executor is not None:
            return self.executor.submit(draw, bills, path)
        done: Future[int] = Future()
        done.set_result(draw(bills, path))
        return done

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(cancel_futures=True)


def _typesetter_started(parent: int) -> None:
    """In each typesetting process, first: die with ``parent``, and never use its database connections."""
    die_with_parent(parent)
    from django.db import connections

    for wrapper in connections.all(initialized_only=True):
        _INHERITED.append(wrapper.connection)  # referenced until the process ends: never closed nor finalized here
        wrapper.connection = None  # Django sees no connection: nothing here closes or uses the parent's


_INHERITED: list[object] = []
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(parent: int, *, every: float = 0.5) -> None:
    """This process is killed (SIGKILL) when ``parent`` ends: the kernel's parent-death signal on Linux, else
    a thread that checks every ``every`` seconds. A parent already gone by now ends this process at once."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        asked = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):  # no prctl: not Linux
        asked = False
    if os.getppid() != parent:  # it died before the signal was asked for
        os._exit(1)
    if not asked:

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(every)
            os._exit(1)

        threading.Thread(target=watch, name="sewerworks-parent-watch", daemon=True).start()


def typeset_parts(
    chunks: list[list[int]],
    make_part: Callable[[list[int], int], list[Any]],
    folder: Path,
    *,
    workers: int,
    progress: Progress | None = None,
    total: int = 0,
    draw: Draw = typeset_paper,
    noun: str = "bills",
) -> tuple[list[Path], int]:
    """Draw each chunk (``make_part(ids, first sequence number)``) to a part file with ``draw`` (the bills' own
    by default; the notices before relevy bring theirs); parts, pages."""
    pool = _Pool(workers)
    in_flight: deque[tuple[int, Future[int]]] = deque()
    parts: list[Path] = []
    pages = done = 0

    def finish_oldest() -> None:
        nonlocal pages, done
        size, future = in_flight.popleft()
        pages += future.result()
        done += size
        if progress is not None:
            progress(done=done, total=total, message=f"Typeset {done:,} of {total:,} {noun} ({pages:,} pages).")

    try:
        seq = 1
        for index, ids in enumerate(chunks):
            part = folder / f"part-{index:05d}.pdf"
            in_flight.append((len(ids), pool.submit(make_part(ids, seq), str(part), draw)))
            parts.append(part)
            seq += len(ids)
            while len(in_flight) > 2 * workers:
                finish_oldest()
        while in_flight:
            finish_oldest()
    finally:
        pool.close()
    return parts, pages


def join_parts(parts: list[Path], out: BinaryIO) -> None:
    """The parts, in order, as one PDF written to ``out``."""
    writer = PdfWriter()
    for part in parts:
        writer.append(str(part))
    writer.write(out)
    writer.close()


def write_batch(
    period: BillingPeriod,
    order: str,
    out: BinaryIO,
    *,
    progress: Progress | None = None,
    chunk_size: int = CHUNK_SIZE,
    workers: int | None = None,
) -> BatchOutcome:
    """The period's printable bills in mailing ``order`` as one PDF written to ``out``."""
    start = time.perf_counter()
    ids = mailing_ids(period, order)
    terms = penalty_terms(period)
    chunks = [ids[i : i + chunk_size] for i in range(0, len(ids), chunk_size)]
    if progress is not None:
        progress(done=0, total=len(ids), message=f"{len(ids):,} bills to typeset in {len(chunks):,} chunks.")

    def make_part(chunk: list[int], first_seq: int) -> list[PaperBill]:
        return chunk_bills(chunk, period, terms, first_seq=first_seq)

    with tempfile.TemporaryDirectory(prefix="sewerworks-bills-") as folder:
        parts, pages = typeset_parts(
            chunks, make_part, Path(folder), workers=workers or default_workers(), progress=progress, total=len(ids)
        )
        before = out.tell()
        join_parts(parts, out)
        size = out.tell() - before
    return BatchOutcome(len(ids), pages, size, time.perf_counter() - start, ids)


def describe(outcome: BatchOutcome) -> str:
    """ "1,274 bills, 1,275 pages, 13.9 MiB"."""
    return f"{outcome.bills:,} bills, {outcome.pages:,} pages, {outcome.size / 1_048_576:.1f} MiB"
