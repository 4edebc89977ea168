"""A non-detect whose detection limit is above the limit cannot show compliance (I-72): it is never shown as
compliant nor dropped, but reaches the Town Engineer's review list with the finding's own reason (I-180)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.models import EngineerReview, Exceedance
from sewerworks.pretreatment.tests.conftest import composite

pytestmark = pytest.mark.django_db
D = dt.date
HEADER = "sample_id,sampling_point,start,end,sample_type,parameter,result,qualifier,detection_limit,unit,method,lab\n"


def test_lead_below_500_ug_l_imported_on_the_command_line_is_on_the_town_engineers_review_list(
    manhole: Any, staff: Any, tmp_path: Path
) -> None:
    """Lead "<500 µg/L": the detection limit, 0.5 mg/L, is above both lead limits (0.4 and 0.2 mg/L)."""
    lab = tmp_path / "lab.csv"
    lab.write_text(HEADER + "L1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,lead,500,<,500,ug/L,EPA 200.8,HVL\n")
    call_command("import_results", str(lab), as_user=staff.superintendent.username)
    review = EngineerReview.objects.get()
    assert review.status == "open" and review.opened_on == D(2026, 3, 2)
    sentences = [t["sentence"] for t in review.triggers]
    assert "Lead, 24-hour average: not detected, but the detection limit 0.5 mg/L is above the limit of 0.4 mg/L: " \
        "the result cannot show compliance." in sentences
    assert [t["day"] for t in review.triggers] == ["2026-03-02", "2026-03-02"]  # the 24-hour and 30-day bases
    assert review.decision.outcome == "review-required"
    assert "cannot show compliance" in review.decision.summary and "Lead" in review.decision.summary
    assert not Exceedance.objects.exists() and not Violation.objects.exists()  # never a violation by itself


def test_a_day_of_non_detects_only_is_judged_on_the_30_day_basis_at_its_detection_limit(
    manhole: Any, staff: Any
) -> None:
    """Lead "<300 µg/L": under the 24-hour limit of 0.4 mg/L, above the 30-day limit of 0.2: the 30-day average
    of a window of non-detects only cannot show compliance either."""
    do_record_results([composite(manhole, D(2026, 3, 2), "lead", "300", "ug/L", qualifier="<", detection_limit="300")],
                      acting_user=staff.clerk)  # fmt: skip
    review = EngineerReview.objects.get()
    assert [t["sentence"] for t in review.triggers] == [
        "Lead, 30-day average: not detected, but the detection limit 0.3 mg/L is above the limit of 0.2 mg/L: "
        "the result cannot show compliance."
    ]


def test_a_non_detect_below_both_limits_counts_as_zero_and_needs_no_review(manhole: Any, staff: Any) -> None:
    do_record_results([composite(manhole, D(2026, 3, 2), "lead", "200", "ug/L", qualifier="<", detection_limit="200")],
                      acting_user=staff.clerk)  # fmt: skip
    assert not EngineerReview.objects.exists()


def test_a_further_non_detect_joins_the_open_review(manhole: Any, staff: Any) -> None:
    for day in (D(2026, 3, 2), D(2026, 3, 9)):
        do_record_results([composite(manhole, day, "lead", "500", "ug/L", qualifier="<", detection_limit="500")],
                          acting_user=staff.clerk)  # fmt: skip
    review = EngineerReview.objects.get()
    assert [(t["day"], t["sentence"][:21]) for t in review.triggers] == [
        ("2026-03-02", "Lead, 24-hour average"), ("2026-03-02", "Lead, 30-day average:"),
        ("2026-03-09", "Lead, 24-hour average"), ("2026-03-09", "Lead, 30-day average:"),
        ("2026-04-01", "Lead, 30-day average:"),  # the day 03-02 left the window: 03-09 alone, still unproven
    ]
