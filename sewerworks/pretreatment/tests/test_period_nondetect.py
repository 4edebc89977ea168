"""A period evaluated at once treats non-detects as the results entered sample by sample do (I-72, I-180): a day,
or a 30-day window, of non-detects only whose detection limit is above the limit reaches the Town Engineer's
review list with its reason, on the day of its value, and is never an exceedance; and a violation it opens states
its facts in a notice's words (the sampling point, the samples and their laboratory), recorded by the person who
started the evaluation."""

from __future__ import annotations

import datetime as dt
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.evaluation import cannot_show_compliance, evaluate_point
from sewerworks.pretreatment.models import EngineerReview, EvaluationRun, Exceedance
from sewerworks.pretreatment.tests.period_helpers import enter_unevaluated

pytestmark = pytest.mark.django_db
D = dt.date


def evaluate(staff: Any) -> EvaluationRun:
    call_command("pretreatment", "evaluate", "--from", "2026-01-01", "--to", "2026-12-31", "--as-of", "2026-11-30",
                 "--as-user", staff.superintendent.username, stdout=StringIO())  # fmt: skip
    return EvaluationRun.objects.latest("pk")


def lead(point: Any, day: dt.date, value: str, qualifier: str, staff: Any) -> None:
    enter_unevaluated(point, day, "composite", [("lead", value, "ug/L", qualifier)], by=staff.clerk,
                      sample_id=f"L{day:%m%d}")  # fmt: skip


def sample_by_sample(point: Any) -> list[tuple[str, str]]:
    """The lines the entry of the same results would raise: each unproven judgement, its day and reason."""
    judged = [j for j in evaluate_point(point, ["lead"], as_of=D(2026, 11, 30)) if cannot_show_compliance(j)]
    return sorted((j.day.isoformat(), next(f.sentence for f in j.decision.discretionary)) for j in judged)


def triggers() -> list[tuple[str, str]]:
    return sorted((t["day"], t["sentence"]) for t in EngineerReview.objects.get().triggers)


def test_lead_below_500_ug_l_on_two_days_is_reviewed_on_each_basis_and_never_exceeded(
    manhole: Any, staff: Any
) -> None:
    """0.5 mg/L is above both lead limits (0.4 and 0.2): each day on the 24-hour and 30-day bases, and on April 1
    the window of March 9 alone, as the samples judged one by one find."""
    for day in (D(2026, 3, 2), D(2026, 3, 9)):
        lead(manhole, day, "500", "<", staff)
    run = evaluate(staff)
    assert (run.added, run.violations) == (0, 0)
    assert not Exceedance.objects.exists() and not Violation.objects.exists()
    assert [(day, sentence[:21]) for day, sentence in triggers()] == [
        ("2026-03-02", "Lead, 24-hour average"), ("2026-03-02", "Lead, 30-day average:"),
        ("2026-03-09", "Lead, 24-hour average"), ("2026-03-09", "Lead, 30-day average:"),
        ("2026-04-01", "Lead, 30-day average:"),
    ]  # fmt: skip
    assert triggers() == sample_by_sample(manhole)

    evaluate(staff)  # the same days judged again: no line raised twice
    assert len(EngineerReview.objects.get().triggers) == 5


def test_a_window_of_non_detects_below_the_24_hour_limit_is_reviewed_on_the_30_day_basis(
    manhole: Any, staff: Any
) -> None:
    """Lead "<300 µg/L": under the 24-hour limit of 0.4 mg/L, above the 30-day 0.2: only the window's line."""
    lead(manhole, D(2026, 3, 2), "300", "<", staff)
    evaluate(staff)
    assert triggers() == sample_by_sample(manhole) == [(
        "2026-03-02", "Lead, 30-day average: not detected, but the detection limit 0.3 mg/L is above the limit of "
        "0.2 mg/L: the result cannot show compliance.",
    )]  # fmt: skip


def test_a_window_with_a_detected_value_is_an_average_not_a_non_detect(manhole: Any, staff: Any) -> None:
    """0.1 mg/L found on March 2 and "<300 µg/L" on March 9: the window of March 9 averages 0.05 mg/L, under
    0.2, and needs no review; the window of April 1 (March 9 alone) is non-detects only, and does."""
    lead(manhole, D(2026, 3, 2), "100", "", staff)
    lead(manhole, D(2026, 3, 9), "300", "<", staff)
    evaluate(staff)
    assert [day for day, _ in triggers()] == [day for day, _ in sample_by_sample(manhole)] == ["2026-04-01"]


def test_a_violation_of_the_year_states_its_point_samples_and_lab_recorded_by_who_started_it(
    manhole: Any, staff: Any
) -> None:
    enter_unevaluated(manhole, D(2026, 3, 2), "composite", [("copper", "1.7", "mg/L", "")], by=staff.clerk,
                      sample_id="C302")  # fmt: skip
    evaluate(staff)
    violation = Violation.objects.get()
    facts = violation.description
    assert "sampling point CM-1 (the control manhole, Rear lot, by the gate)" in facts
    assert "March 2, 2026: Copper, 24-hour average: 1.7 mg/L exceeds the limit of " in facts
    assert "Laboratory sample C302 (24-hour composite, March 2, 2026), analysed by Hudson Valley Labs." in facts
    assert staff.superintendent.username not in facts and "evaluation" not in facts and "run " not in facts
    assert violation.created_by == staff.superintendent
