"""python -m benchmarks bill_pdfs [--bills N] [--workers W] [--chunk C] [--order route|address]

The demo period's bills (the last posted period of the demo district, 1,500 parcels) as one batch PDF,
through the same code as the job and the command (``billing.documents.batch.write_batch``), against a
floor measured in the same process: as many pages drawn from one static bill (one bill's page, its
context gathered and turned into a ``PaperBill`` once, repeated), with the same fonts, the same chunks,
the same drawing processes (fpdf2) and the same joining. The ratio is what gathering each bill's facts,
its chart and its own text add to the drawing's own work. Both goals (ratio and seconds) must hold for
``met``. SQLite in a temporary folder.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GOAL_RATIO = 2.0
GOAL_SECONDS = 30.0


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks bill_pdfs", description=__doc__.split("\n\n")[1])
    p.add_argument("--bills", type=int, default=0, help="Only the first N bills in mailing order (default all).")
    p.add_argument("--workers", type=int, default=2, help="Typesetting processes (default 2).")
    p.add_argument("--chunk", type=int, default=0, help="Bills per typeset document (default the product's).")
    p.add_argument("--order", default="route", choices=("route", "address"))
    p.add_argument("--seed", type=int, default=118)
    return p.parse_args(argv)


def reset_peak_rss() -> None:
    """Linux: start this process's peak resident memory (VmHWM) again from what it holds now."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass


def peak_rss_mib() -> float:
    """VmHWM of this process since the last reset (ru_maxrss where /proc is not there)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds() -> tuple[float, float]:
    """(this process, its finished children): user + system CPU seconds."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def floor_run(period: Any, ids: list[int], chunk: int, workers: int, folder: Path) -> tuple[float, int]:
    """The floor: the first bill's page, gathered once, drawn len(ids) times the same way."""
    from sewerworks.billing.documents.batch import join_parts, typeset_parts
    from sewerworks.billing.documents.context import penalty_terms
    from sewerworks.billing.documents.render import chunk_bills

    start = time.perf_counter()
    (static,) = chunk_bills(ids[:1], period, penalty_terms(period))
    chunks = [ids[i : i + chunk] for i in range(0, len(ids), chunk)]
    parts, pages = typeset_parts(chunks, lambda part, _seq: [static] * len(part), folder, workers=workers)
    with io.BytesIO() as out:
        join_parts(parts, out)
    return time.perf_counter() - start, pages


def main(argv: list[str]) -> int:
    args = parse(argv)
    var_dir = tempfile.mkdtemp(prefix="sewerworks-bench-pdfs-")
    try:
        os.environ["SEWERWORKS_VAR"] = var_dir
        os.environ["DJANGO_SETTINGS_MODULE"] = "sewerworks.settings"
        os.environ.pop("DATABASE_URL", None)
        import logging

        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command

        from sewerworks.billing.documents import batch as batch_module
        from sewerworks.billing.documents.batch import CHUNK_SIZE, write_batch
        from sewerworks.billing.documents.order import mailing_ids
        from sewerworks.billing.documents.paper_sheet import typeset_paper
        from sewerworks.billing.models import BillingPeriod

        settings.DEBUG = False
        logging.getLogger("weasyprint").setLevel(logging.ERROR)
        load = os.getloadavg()
        start = time.perf_counter()
        call_command("migrate", verbosity=0)
        call_command("demo", "--seed", str(args.seed), stdout=io.StringIO())
        period = BillingPeriod.objects.filter(status="posted").order_by("-end").first()
        assert period is not None, "the demo posts three periods"
        ids = mailing_ids(period, args.order)
        if args.bills:
            ids = ids[: args.bills]
            batch_module.mailing_ids = lambda _p, _o: ids  # the same first N for the product
        chunk = args.chunk or CHUNK_SIZE
        print(
            f"bill_pdfs bench: demo built in {time.perf_counter() - start:.1f} s; period {period.name}, "
            f"{len(ids):,} bills by {args.order}, chunks of {chunk}, {args.workers} drawing processes, "
            f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} before"
        )
        folder = Path(var_dir) / "floor"
        folder.mkdir()
        typeset_paper([], str(folder / "warm.pdf"))  # fpdf2 and the font files read before the processes fork
        baseline = peak_rss_mib()
        reset_peak_rss()
        cpu0 = cpu_seconds()
        with (Path(var_dir) / "batch.pdf").open("wb") as out:
            outcome = write_batch(period, args.order, out, workers=args.workers, chunk_size=chunk)
        cpu1 = cpu_seconds()
        parent_peak = peak_rss_mib()
        child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        floor_s, floor_pages = floor_run(period, ids, chunk, args.workers, folder)
        ratio = outcome.seconds / floor_s
        load = os.getloadavg()
        per_page = outcome.seconds / max(outcome.pages, 1) * 1000
        print(f"batch: {outcome.bills:,} bills, {outcome.pages:,} pages, {outcome.size / 1_048_576:.1f} MiB in "
              f"{outcome.seconds:.1f} s ({per_page:.0f} ms per page)")  # fmt: skip
        kids = cpu1[1] - cpu0[1]
        print(f"CPU: {cpu1[0] - cpu0[0]:.1f} s in this process (gathering, joining), {kids:.1f} s in the drawing "
              f"processes ({kids / max(outcome.pages, 1) * 1000:.1f} ms per page)")  # fmt: skip
        print(f"peak RSS: this process {parent_peak:,.0f} MiB during the batch ({baseline:,.0f} MiB before it), "
              f"largest drawing process {child_peak:,.0f} MiB")  # fmt: skip
        floor_per_page = floor_s / max(floor_pages, 1) * 1000
        print(f"floor: {floor_pages:,} pages of one static bill in {floor_s:.1f} s "
              f"({floor_per_page:.0f} ms per page); load average {load[0]:.2f} after")  # fmt: skip
        fast = outcome.seconds <= GOAL_SECONDS
        verdict = "met" if fast else "MISSED"
        print(f"whole batch {outcome.seconds:.1f} s (goal ≤ {GOAL_SECONDS:.0f} s on 2 cores): {verdict}")
        met = ratio <= GOAL_RATIO
        verdict = "met" if met and fast else "MISSED"
        print(f"bill_pdfs ÷ floor {ratio:.2f} (goal ≤ {GOAL_RATIO}, and ≤ {GOAL_SECONDS:.0f} s): {verdict}")
        return 0 if met and fast else 1
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
