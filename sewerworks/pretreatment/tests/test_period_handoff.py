"""The period's evaluation hands its new exceedances to enforcement through the one hand-off the entry of
results uses (``actions.handoff``), and never twice: what entry already found opens no second violation, and an
exceedance withdrawn then found again keeps the violation it carries (I-151)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from sewerworks.enforcement.models import FollowUp, Violation
from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.models import EvaluationRun, Exceedance, ExceedanceChange
from sewerworks.pretreatment.tests.conftest import composite
from sewerworks.pretreatment.tests.period_helpers import enter_unevaluated

pytestmark = pytest.mark.django_db
D = dt.date


def evaluate(staff: Any) -> EvaluationRun:
    call_command("pretreatment", "evaluate", "--from", "2026-01-01", "--to", "2026-12-31", "--as-of", "2026-11-30",
                 "--as-user", staff.superintendent.username, stdout=StringIO())  # fmt: skip
    return EvaluationRun.objects.latest("pk")


def test_what_the_samples_found_is_not_handed_off_again_by_the_year(manhole: Any, staff: Any) -> None:
    """Copper 1.7 mg/L on March 2 and zinc 3.0 on March 9, entered and judged sample by sample: two runs of
    entry, two violations and two notices to serve. The year evaluated at once finds the same exceedances and
    adds none: no third violation, no further notice."""
    do_record_results([composite(manhole, D(2026, 3, 2), "copper", "1.7", sample_id="H1")], acting_user=staff.clerk,
                      as_of=D(2026, 3, 5))  # fmt: skip
    do_record_results([composite(manhole, D(2026, 3, 9), "zinc", "3.0", sample_id="H2")], acting_user=staff.clerk,
                      as_of=D(2026, 3, 12))  # fmt: skip
    found = set(Exceedance.objects.values_list("parameter", "basis", "day", "violation"))
    violations, notices = Violation.objects.count(), FollowUp.objects.count()
    assert violations == 2 and len(found) == 4

    run = evaluate(staff)
    assert (run.full, run.added, run.changed, run.withdrawn, run.violations) == (True, 0, 0, 0, 0)
    assert set(Exceedance.objects.values_list("parameter", "basis", "day", "violation")) == found
    assert (Violation.objects.count(), FollowUp.objects.count()) == (violations, notices)


def test_an_exceedance_found_again_keeps_its_violation_and_opens_none(manhole: Any, staff: Any) -> None:
    """1.7 mg/L exceeds the 24-hour limit of 1.6 on March 2; the lab corrects it to 1.0 (withdrawn, I-153), then
    corrects the correction to 1.8: the exceedance holds again with its first violation, and none is opened."""
    first = enter_unevaluated(manhole, D(2026, 3, 2), "composite", [("copper", "1.7", "mg/L", "")], by=staff.clerk,
                              sample_id="J1")  # fmt: skip
    assert evaluate(staff).added == 2  # the 24-hour and the 30-day averages
    day = Exceedance.objects.get(basis="24_hour")
    violation, notices = day.violation, FollowUp.objects.count()
    assert violation is not None

    second = enter_unevaluated(manhole, D(2026, 3, 2), "composite", [("copper", "1.0", "mg/L", "")],
                               by=staff.clerk, sample_id="J2", corrects=first)  # fmt: skip
    assert evaluate(staff).withdrawn == 1
    enter_unevaluated(manhole, D(2026, 3, 2), "composite", [("copper", "1.8", "mg/L", "")], by=staff.clerk,
                      sample_id="J3", corrects=second)  # fmt: skip
    run = evaluate(staff)
    assert (run.added, run.violations) == (1, 0)  # it counts again among the findings, as reinstated
    assert list(ExceedanceChange.objects.filter(run=run).values_list("kind", "exceedance")) == [
        ("changed", Exceedance.objects.get(basis="30_day").pk), ("reinstated", day.pk)]  # fmt: skip
    day.refresh_from_db()
    assert (day.value, day.withdrawn_by, day.violation) == (Decimal("1.8"), None, violation)
    assert (Violation.objects.count(), FollowUp.objects.count()) == (1, notices)
