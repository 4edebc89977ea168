"""The daily sweep's screen: what a sweep as of today would do (previewed: nothing written), running it (the
Superintendent, ``enforcement.run_sweep``), and the last runs with what each changed."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from sewerworks.core.access.permissions import require
from sewerworks.enforcement.actions import do_sweep
from sewerworks.enforcement.actions.sweep import preview_sweep
from sewerworks.enforcement.models import SweepRun
from sewerworks.enforcement.views.common import view_required

# What each step's count means, in the words of the day's work (a count no step names here shows its key).
WORDS = {
    "duties_opened": "Duties the records imply, opened",
    "deadlines_overdue": "Deadlines passed, marked overdue",
    "violations_opened": "Violations opened for missed deadlines",
    "violations_escalated": "Violations escalated past their time limit",
    "follow_ups_raised": "Follow-up tasks raised",
    "fines_accrued": "Accruing fines recomputed (§118-5)",
    "late_penalties": "Late penalties added (§118-53)",
    "late_penalty_periods_refused": "Periods whose penalty terms could not be read",
    "pending_charges_posted": "Other programs' charges posted to the ledger",
    "pending_charges_left": "Charges left pending (no single open account)",
}


def lines(changes: dict[str, int]) -> list[tuple[str, int]]:
    return [(WORDS.get(key, key.replace("_", " ").capitalize()), n) for key, n in sorted(changes.items())]


@view_required
def sweep(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        require(request.user, "enforcement.run_sweep", "run the daily sweep", who_may="the Superintendent")
        try:
            run = do_sweep(acting_user=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            done = "; ".join(f"{w}: {n}" for w, n in lines(run.changes)) or "nothing was due"
            messages.success(request, f"Swept as of {run.as_of}: {done}.")
        return redirect("enforcement:sweep")
    preview = preview_sweep()
    runs = [(run, lines(run.changes)) for run in SweepRun.objects.order_by("-started_at")[:10]]
    return render(request, "enforcement/sweep.html", {
        "preview": preview, "preview_lines": lines(preview.changes), "runs": runs,
        "can_run": request.user.has_perm("enforcement.run_sweep"),
    })  # fmt: skip
