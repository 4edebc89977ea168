"""The notice of violation served for a lab result is a legal document in plain words: it names the sampling
point, the samples and the laboratory, states the date to correct by, and prints no staff name from the
import, no run id and no ".;" (issue 38, item 6)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string

from sewerworks.enforcement.actions import do_issue_notice, do_record_service
from sewerworks.enforcement.documents.context import TEMPLATES, notice_context
from sewerworks.enforcement.models import Violation

pytestmark = pytest.mark.django_db
HEADER = "sample_id,sampling_point,start,end,sample_type,parameter,result,qualifier,detection_limit,unit,method,lab\n"


def _zinc(day: int, value: str) -> str:
    return (f"Z{day},CM-1,2026-11-{day - 1:02d}T08:00,2026-11-{day:02d}T08:00,composite,zinc,{value},,,mg/L,"
            "EPA 200.7,Hudson Valley Labs\n")  # fmt: skip


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_zinc_violation_from_the_lab_import_is_noticed_with_its_point_sample_lab_and_date(
    manhole: Any, staff: Any, tmp_path: Path
) -> None:
    lab = tmp_path / "lab.csv"
    lab.write_text(HEADER + _zinc(20, "3.0"))
    call_command("import_results", str(lab), as_user=staff.superintendent.username)
    violation = Violation.objects.get()
    facts = violation.description
    assert "sampling point CM-1 (the control manhole, Rear lot, by the gate)" in facts
    assert "November 20, 2026: Zinc, 24-hour average: 3 mg/L exceeds the limit of " in facts
    assert "Laboratory sample Z20 (24-hour composite, November 20, 2026), analysed by Hudson Valley Labs (EPA " \
           "200.7)." in facts  # fmt: skip
    assert staff.superintendent.username not in facts and "entered by" not in facts
    assert ".;" not in facts and "run " not in facts

    notice = do_issue_notice(kind="notice_of_violation", parcel=violation.parcel, facts=facts, violation=violation,
                             correction_days=30, issued_on=dt.date(2026, 12, 1),
                             acting_user=staff.superintendent)  # fmt: skip
    unserved = _text(render_to_string(TEMPLATES[notice.kind], notice_context(notice)))
    assert "within 30 days after service of this notice and call" in unserved
    do_record_service(notice, method="posting", served_on=dt.date(2026, 12, 1), served_by_name="A. Clerk",
                      acting_user=staff.superintendent)  # fmt: skip
    text = _text(render_to_string(TEMPLATES[notice.kind], notice_context(notice)))
    assert "Correct the violation by the end of Thursday, December 31, 2026 and call the" in text
    assert "before the date above" not in text
    assert "CM-1" in text and "Z20" in text and "Hudson Valley Labs" in text
    assert ".;" not in text and not re.search(r"\b[0-9a-f]{12,}\b", text)
