"""Worked examples of a period's evaluation through ``sewerworks pretreatment evaluate`` (issue 36):

- a 30-day copper average is exceeded only after a late daily value arrives, and the rerun adds it;
- a limit lowered from July 1 by a Board resolution adds exceedances on July 1 and later only (I-150);
- a corrected result withdraws the 24-hour exceedance it rested on (kept, with its violation: I-151) and
  changes the 30-day one, and the run lists both;
- a rerun with nothing changed writes no finding.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sewerworks.core.models import StoredDecision
from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.models import EvaluationRun, Exceedance, ExceedanceChange, Sample
from sewerworks.pretreatment.tests.conftest import composite
from sewerworks.pretreatment.tests.period_helpers import change_toxic_limit, enter_unevaluated

pytestmark = pytest.mark.django_db
D = dt.date
HEADER = "sample_id,sampling_point,start,end,sample_type,parameter,result,qualifier,detection_limit,unit,method,lab"


def evaluate(staff: Any, *args: str) -> str:
    out = StringIO()
    call_command("pretreatment", "evaluate", "--from", "2026-01-01", "--to", "2026-12-31", "--as-of", "2026-11-30",
                 "--as-user", staff.superintendent.username, *args, stdout=out)  # fmt: skip
    return out.getvalue()


def copper(manhole: Any, staff: Any, day: dt.date, value: str, sample_id: str) -> Sample:
    """A copper composite entered without being evaluated (a year's lab file loaded before any evaluation)."""
    return enter_unevaluated(manhole, day, "composite", [("copper", value, "mg/L", "")], by=staff.clerk,
                             sample_id=sample_id)  # fmt: skip


def test_a_30_day_average_exceeded_only_after_a_late_daily_value_arrives(manhole: Any, staff: Any) -> None:
    """0.7 mg/L on March 2 and March 9: within the 30-day limit of 0.8. A late result of 1.1 on March 5 (under
    the 24-hour limit of 1.6) raises the 30-day average to 0.9 on the 5th, 0.833334 on the 9th, and 0.9 on
    April 1 when March 2 has left the window (I-76); on April 4 it is back to 0.7."""
    copper(manhole, staff, D(2026, 3, 2), "0.7", "A1")
    copper(manhole, staff, D(2026, 3, 9), "0.7", "A2")
    first = evaluate(staff)
    assert "Added 0, figures changed 0, withdrawn 0" in first and not Exceedance.objects.exists()
    assert "The period asked starts 2026-01-01, before the first result (2026-03-02)" in first
    assert "The period asked ends 2026-12-31, after 2026-11-30: it is evaluated to 2026-11-30" in first

    copper(manhole, staff, D(2026, 3, 5), "1.1", "A3")
    rerun = evaluate(staff)
    found = Exceedance.objects.order_by("day")
    assert [(e.basis, e.day, e.value) for e in found] == [
        ("30_day", D(2026, 3, 5), Decimal("0.9")), ("30_day", D(2026, 3, 9), Decimal("0.833334")),
        ("30_day", D(2026, 4, 1), Decimal("0.9"))]  # fmt: skip
    assert "only what changed" in rerun and "Added 3, figures changed 0, withdrawn 0; 1 violation opened" in rerun
    assert ("  added      CM-1 copper 30-day average 2026-03-05: 0.9 mg/L, limit 0.8 — results entered since the "
            "last evaluation") in rerun  # fmt: skip
    assert {e.violation for e in found} == {Violation.objects.get()}
    assert list(found[0].results.order_by("sample__day").values_list("sample__lab_sample_id", flat=True)) == [
        "A1", "A3"]  # fmt: skip


def test_a_limit_lowered_mid_year_adds_exceedances_on_later_days_only(manhole: Any, staff: Any) -> None:
    """Weekly copper composites of 0.6 mg/L, within the chapter's 0.8: Resolution 2026-40 lowers the 30-day
    limit to 0.5 from July 1 (I-150). The rerun judges copper from July 1 and adds its 30-day exceedances there."""
    for week in range(30):
        copper(manhole, staff, D(2026, 3, 2) + dt.timedelta(weeks=week), "0.6", f"W{week}")
    assert "Added 0," in evaluate(staff)
    change_toxic_limit("copper", thirty="0.5", twenty_four="1.6", effective=D(2026, 7, 1), by=staff.clerk,
                       instrument="Resolution 2026-40")  # fmt: skip
    rerun = evaluate(staff)
    assert "The limits of copper in force changed from 2026-07-01." in rerun
    days = list(Exceedance.objects.order_by("day").values_list("day", flat=True))
    # July 1 is judged (June 1's value leaves the window that day, I-76), then each Monday's composite
    assert days[:3] == [D(2026, 7, 1), D(2026, 7, 6), D(2026, 7, 8)]
    assert not Exceedance.objects.filter(day__lt=D(2026, 7, 1)).exists()
    assert set(Exceedance.objects.values_list("basis", "limit")) == {("30_day", Decimal("0.5"))}
    run = EvaluationRun.objects.latest("pk")
    assert not run.full and run.added == len(days)
    assert "the limit in force changed from 2026-07-01 (I-150)" in run.changes.first().reason


def test_a_corrected_result_withdraws_one_exceedance_and_the_run_lists_it(
    manhole: Any, staff: Any, tmp_path: Path
) -> None:
    """1.7 mg/L on March 2 exceeds both limits (1.6 and 0.8). The lab corrects it to 1.0 (a new sample naming the
    first, I-153): the 24-hour exceedance no longer holds and is withdrawn, kept with its violation (I-151); the
    30-day one still holds at 1.0 and its figures change."""
    do_record_results([composite(manhole, D(2026, 3, 2), "copper", "1.7", sample_id="L1")], acting_user=staff.clerk,
                      as_of=D(2026, 3, 5))  # fmt: skip
    evaluate(staff)
    assert Exceedance.objects.count() == 2
    lab = "Hudson Valley Labs"
    correction = tmp_path / "correction.csv"
    correction.write_text(f"{HEADER},corrects\nL2,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1.0,,,"
                          f"mg/L,EPA 200.7,{lab},L1\n")  # fmt: skip
    call_command("import_results", str(correction), as_user=staff.clerk.username, stdout=StringIO())
    assert Sample.objects.get(lab_sample_id="L2").corrects == Sample.objects.get(lab_sample_id="L1")

    rerun = evaluate(staff)
    assert "Added 0, figures changed 1, withdrawn 1" in rerun
    day = Exceedance.objects.get(basis="24_hour")
    assert day.withdrawn_by == EvaluationRun.objects.latest("pk") and day.violation is not None
    assert day.withdrawn_reason == ("No longer exceeded (corrected result (sample L1)): Copper, 24-hour average: "
                                    "1 mg/L is within the limit of 1.6 mg/L.")  # fmt: skip
    assert "  withdrawn  CM-1 copper 24-hour average 2026-03-02: 1.7 mg/L, limit 1.6 — No longer exceeded" in rerun
    thirty = Exceedance.objects.get(basis="30_day")
    assert (thirty.value, thirty.withdrawn_by, thirty.sentence) == (
        Decimal(1), None, "Copper, 30-day average: 1 mg/L exceeds the limit of 0.8 mg/L.")  # fmt: skip
    changed = ExceedanceChange.objects.get(kind="changed")
    assert (changed.value_before, changed.value_after) == (Decimal("1.7"), Decimal(1))
    assert Violation.objects.count() == 1  # no second violation: nothing new was found


def test_a_rerun_with_nothing_changed_writes_nothing(manhole: Any, staff: Any) -> None:
    copper(manhole, staff, D(2026, 3, 2), "1.7", "R1")
    copper(manhole, staff, D(2026, 3, 9), "0.2", "R2")
    evaluate(staff)
    counts = [m.objects.count() for m in (Exceedance, StoredDecision, Violation, ExceedanceChange)]
    tables = [m._meta.db_table for m in (Exceedance, StoredDecision, Violation, ExceedanceChange)]
    with CaptureQueriesContext(connection) as queries:
        out = evaluate(staff)
    assert "Nothing changed since the last evaluation" in out and "Nothing changed: no finding written." in out
    assert [m.objects.count() for m in (Exceedance, StoredDecision, Violation, ExceedanceChange)] == counts
    written = [q["sql"] for q in queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")
               and any(t in q["sql"] for t in tables)]  # fmt: skip
    assert written == []


def test_the_command_refuses_a_period_still_to_come_and_a_role_that_may_not(manhole: Any, staff: Any) -> None:
    copper(manhole, staff, D(2026, 3, 2), "0.7", "X1")
    with pytest.raises(CommandError, match="is still to come"):
        evaluate(staff, "--from", "2026-12-01")
    with pytest.raises(CommandError, match="evaluate a period's lab results"):
        call_command("pretreatment", "evaluate", "--as-user", staff.clerk.username, "--as-of", "2026-11-30",
                     stdout=StringIO())  # fmt: skip
    with pytest.raises(CommandError, match="ends .* before it starts"):
        evaluate(staff, "--from", "2026-06-01", "--to", "2026-05-01")
