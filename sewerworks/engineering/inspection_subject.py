"""An extension's planned test sections as subjects of the inspections mechanism (``inspections.subjects``):
each takes an exfiltration test in the field (§118-34), opened by the contractor's notice that the section is
filled for its test, its result recorded by the Town Engineer or an inspector.

- The checklist, issued from the section's facts: the line filled at least 24 h before measuring, groundwater at
  the highest point, a head of at least 5 ft above the higher of the crown and groundwater, a test period of at
  least 2 h, and the water added within the allowance (shown for a 2-hour test and by the day, I-41).
- The order: a section is tested once construction has started; after a failed test, the repair is recorded
  before the notice of its retest (§118-34); a passed section takes no more tests (closed).
- The hand-off: a passed or failed result records the section's exfiltration test from the values measured, in
  the result's own transaction, decided by the ``exfiltration-test`` topic; the result must be the topic's, and
  a test that is not valid is refused (the inspection is then "not ready"). "Not ready" and "cancelled" record
  no test (I-134).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.urls import reverse

from sewerworks.core.determinations.run import run_determination
from sewerworks.engineering.actions.testing import do_record_exfiltration_test
from sewerworks.engineering.choices import ProjectStatus, SectionResult
from sewerworks.engineering.models import PlannedSection
from sewerworks.inspections.choices import Requester, Result
from sewerworks.inspections.subjects import InspectionKind, InspectionSubject, Issued, register_subject

EXFILTRATION = InspectionKind(
    "exfiltration",
    "Exfiltration test",
    "118-34",
    "engineering.inspect_construction",
    "The contractor's notice that the section is filled for its exfiltration test",
    Requester.STAFF,
)
# checklist item -> the exfiltration test's field it measures
MEASURES = {"min-fill-period": "filled_hours", "groundwater": "groundwater_ft_above_crown",
            "min-head": "head_ft_above_crown", "min-test-period": "test_hours", "leakage": "water_added_gal"}


def _allowance(section: PlannedSection, on: dt.date) -> tuple[str, str]:
    """The allowance over a 2-hour test and by the day, as the exfiltration-test topic computes it (I-41)."""
    facts = {"pipe_diameter_in": str(section.pipe_diameter_in), "section_length_ft": str(section.length_ft),
             "manholes": len(section.manhole_list), "test_hours": "2", "filled_hours": "24",
             "head_ft_above_crown": "5"}  # fmt: skip
    decision = run_determination("exfiltration-test", facts, as_of=on)
    amount = decision.amount_for("allowed_leakage")
    daily = next((row for row in amount.breakdown if row.get("item") == "test period"), {})
    per_day = str(daily.get("working", "")).split(" gal/day", 1)[0]
    return format(amount.value, "f"), per_day


@register_subject
class TestSectionSubject(InspectionSubject):
    """A planned section of an extension's exfiltration test plan (I-140)."""

    name = "sewer-extension-section"  # (sorts after "permit", which the inspections app's own tests take first)
    model = PlannedSection
    kinds = (EXFILTRATION,)
    view_permission = "engineering.view_engineering"

    def parcel(self, subject: Any) -> Any:
        return subject.project.parcel

    def label(self, subject: Any) -> str:
        return f"{subject.project.name}: {subject}"

    def url(self, subject: Any) -> str:
        return reverse("engineering:tests", args=[subject.project_id])

    def closed(self, subject: Any) -> str:
        if subject.project.status != ProjectStatus.UNDER_CONSTRUCTION:
            return f"{subject.project.name} is not under construction: its sections are tested once it is."
        latest = subject.latest_test()
        if latest is not None and latest.result == SectionResult.PASSED:
            return f"{subject} passed its exfiltration test on {latest.tested_on}: it is not tested again."
        return ""

    def checklist(self, subject: Any, kind: InspectionKind, on: dt.date, acting_user: Any) -> Issued:
        two_hours, per_day = _allowance(subject, on)
        items = [
            ("min-fill-period", "The line stood filled with water before measuring", "24", "h"),
            ("groundwater", "Groundwater at the highest point of the line, above the crown (negative: below)", "",
             "ft"),
            ("min-head", "Head at the highest point, above the crown: at least 5 ft above the higher of the crown "
             "and groundwater", "5", "ft"),
            ("min-test-period", "The test period wherein the measurements are taken", "2", "h"),
            ("leakage", f"Water added to keep the level, within the allowance ({two_hours} gal over a 2-hour test, "
             f"{per_day} gal a day; manholes tested with it: {subject.manholes or 'none'})", two_hours, "gal"),
        ]  # fmt: skip
        return Issued(items=[{"key": key, "section": "118-34", "kind": "measured", "text": text, "design": design,
                              "unit": unit} for key, text, design, unit in items])  # fmt: skip

    def on_request(self, subject: Any, inspection: Any, acting_user: Any) -> None:
        latest = subject.latest_test()
        if latest is None or latest.result != SectionResult.FAILED:
            return
        if not subject.repairs.filter(retest__isnull=True, repaired_on__gte=latest.tested_on).exists():
            raise ValidationError({"kind": f"{subject} failed on {latest.tested_on}: record the repair before the "
                                   "notice of its retest (§118-34)."})  # fmt: skip

    def on_result(self, subject: Any, inspection: Any, acting_user: Any, extra: Mapping[str, Any]) -> str:
        if inspection.result not in (Result.PASSED, Result.FAILED):
            return "No exfiltration test recorded (the section was not ready, or the test was cancelled)."
        values: dict[str, Any] = {}
        for key, field in MEASURES.items():
            measured = (inspection.answers.get(key) or {}).get("measured", "")
            if not measured and key != "groundwater":
                raise ValidationError({"answers": f"Give the measured value of “{key}”: the test is decided on it "
                                       "(§118-34)."})  # fmt: skip
            values[field] = measured or None
        try:
            test = do_record_exfiltration_test(section=subject, tested_on=inspection.inspected_on,
                                               acting_user=acting_user, inspection=inspection, **values)  # fmt: skip
        except ValidationError as refused:
            raise ValidationError({"answers": refused.messages}) from None
        if test.result != inspection.result:
            raise ValidationError({"result": f"The exfiltration-test topic finds the section {test.result}: "
                                   f"{test.decision.summary} Record that result."})  # fmt: skip
        return f"{subject}: {test.get_result_display().lower()}. {test.decision.summary}"
