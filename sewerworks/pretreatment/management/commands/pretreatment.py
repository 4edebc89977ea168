"""sewerworks pretreatment evaluate [--from D] [--to D] [--as-of D] [--as-user U] [--background]

Evaluate a period's lab results at once (issue 36) into the program's findings and print what changed:
exceedances added, whose figures changed, withdrawn (I-151). The period defaults to the calendar year of the
as-of day (default today); a period ending later than the as-of day, or starting before the first result, is
cut to the data and the run says so. ``--background`` starts it as a background job instead (``sewerworks jobs``
follows it). Run again, it judges only what changed since; with nothing changed it writes no finding.
"""

from __future__ import annotations

import datetime as dt
from argparse import ArgumentParser, ArgumentTypeError
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from sewerworks.pretreatment.actions.evaluations import calendar_year, do_evaluate_period, do_start_period_evaluation
from sewerworks.pretreatment.models import EvaluationRun
from sewerworks.pretreatment.period.run import CHUNK_USERS, CHUNK_USERS_PG, EvaluationBusy

SHOWN = 200  # changes printed; the run's page and the API list them all


def _day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not a date YYYY-MM-DD") from None


def _n(x: Any) -> str:
    return "—" if x is None else format(x.normalize(), "f")


def change_lines(run: EvaluationRun, limit: int = SHOWN) -> list[str]:
    """One line per change of the run: what, where, which day, the figures and why."""
    lines = []
    changes = run.changes.select_related("exceedance__point").order_by("kind", "exceedance__day", "pk")
    for c in changes[:limit]:
        e = c.exceedance
        figures = f"{_n(c.value_before)} → {_n(c.value_after)} {e.unit} (limit {_n(c.limit_before)} → " \
                  f"{_n(c.limit_after)})" if c.kind == "changed" else (  # fmt: skip
            f"{_n(c.value_before)} {e.unit}, limit {_n(c.limit_before)}" if c.kind == "withdrawn"
            else f"{_n(c.value_after)} {e.unit}, limit {_n(c.limit_after)}")  # fmt: skip
        lines.append(f"  {c.kind:<10} {e.point.code} {e.parameter} {e.get_basis_display()} {e.day}: {figures}"
                     f"{' — ' + c.reason if c.reason else ''}")  # fmt: skip
    more = run.changes.count() - limit
    if more > 0:
        lines.append(f"  ... and {more:,} more (the run's page lists them all).")
    return lines


class Command(BaseCommand):
    help = "Pretreatment: `evaluate` a period's lab results at once and print what changed."

    def add_arguments(self, parser: ArgumentParser) -> None:
        sub = parser.add_subparsers(dest="what", required=True)
        evaluate = sub.add_parser("evaluate", help="Evaluate a period's lab results into the findings.")
        evaluate.add_argument("--from", dest="start", type=_day, help="First day (default: January 1).")
        evaluate.add_argument("--to", dest="end", type=_day, help="Last day (default: December 31).")
        evaluate.add_argument("--as-of", type=_day, help="The day it is evaluated on (default today).")
        evaluate.add_argument("--as-user", default="", help="Act as this user (their role decides what is allowed).")
        evaluate.add_argument("--background", action="store_true", help="Start it as a background job.")
        evaluate.add_argument("--chunk", type=int, default=None,
                              help=f"Industrial users written per transaction (default {CHUNK_USERS} on SQLite, "
                                   f"{CHUNK_USERS_PG} on PostgreSQL).")  # fmt: skip

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["as_user"], is_active=True).first()
        if user is None:
            raise CommandError(f"--as-user: no active user {opts['as_user']!r}")
        if opts["chunk"] is not None and opts["chunk"] < 1:
            raise CommandError("--chunk: at least 1 user per transaction")
        as_of = opts["as_of"] or timezone.localdate()
        first, last = calendar_year(as_of)
        start, end = opts["start"] or first, opts["end"] or last
        try:
            if opts["background"]:
                job = do_start_period_evaluation(start, end, acting_user=user)
                self.stdout.write(f"Started job {job.pk}: {job.title} (sewerworks jobs {job.pk} follows it).")
                return
            run = do_evaluate_period(start, end, acting_user=user, as_of=opts["as_of"], progress=self._progress,
                                     chunk_users=opts["chunk"])
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from exc
        except (PermissionDenied, EvaluationBusy) as exc:
            raise CommandError(str(exc)) from exc
        how = "every series" if run.full else "only what changed"
        self.stdout.write(f"Run {run.pk}: evaluated {run.start} to {run.end} as of {run.as_of} ({how}): "
                          f"{run.results_read:,} results read, {run.series:,} series, parameters "
                          f"{run.parameters_version}.")  # fmt: skip
        for note in run.notes.splitlines():
            self.stdout.write(f"  {note}")
        self.stdout.write(f"Added {run.added:,}, figures changed {run.changed:,}, withdrawn {run.withdrawn:,}; "
                          f"{run.violations:,} violation{'s' if run.violations != 1 else ''} opened; "
                          f"{run.timings.get('total', 0):.2f} s.")  # fmt: skip
        if not (run.added or run.changed or run.withdrawn):
            self.stdout.write("Nothing changed: no finding written.")
        for line in change_lines(run):
            self.stdout.write(line)

    def _progress(self, *, done: int, total: int | None = None, message: str = "") -> None:
        self.stdout.write(message or f"{done} of {total}")
        self.stdout.flush()
