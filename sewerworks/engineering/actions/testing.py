"""The exfiltration test of every section of an extension (§118-31: "The sewer, as constructed, must pass the
exfiltration test required in § 118-34 before it is to be used").

``do_plan_tests``: the Town Engineer plans the tests of the approved design, run by run (a run is the pipe
between two manholes), through the ``test-plan`` topic (I-140): the sections are written once. A shorter
limit on a steep grade is given per run, with its reason.

``do_record_exfiltration_test``: a test of a planned section, decided by the ``exfiltration-test`` topic
(I-41) with the section's length and the manholes tested with it. A test that is not valid (prefill under
24 h, head under 5 ft above the higher of crown and groundwater, a test period under 2 h, a section over
100 ft) is refused naming the field; a valid one passes or fails. A failed section needs a recorded repair
(``do_record_repair``) before its retest; a passed one is not tested again.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require
from sewerworks.core.determinations.run import LawNotInForce, run_determination, store_decision
from sewerworks.core.models import AuditEvent
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.engineering.actions.construction import _text
from sewerworks.engineering.actions.reports import measure
from sewerworks.engineering.choices import ElementKind, ProjectStatus, SectionResult
from sewerworks.engineering.models import ExfiltrationTest, ExtensionProject, PlannedSection, SectionRepair
from sewerworks.engineering.runs import Run, runs_of
from sewerworks.ordinance.topics import FactsError

__all__ = ["do_plan_tests", "do_record_exfiltration_test", "do_record_repair", "find_section"]

INSPECTORS = "the Town Engineer or a Sewer Department inspector"
# the exfiltration-test topic's validity findings, by the field a person corrects
FIELD_OF = {"max-section-length": "section", "min-test-period": "test_hours", "min-fill-period": "filled_hours",
            "min-head": "head_ft_above_crown"}  # fmt: skip


def _facts_refused(error: FactsError, prefix: str = "") -> ValidationError:
    fields: dict[str, list[str]] = {}
    for e in error.errors:
        fields.setdefault(str(e["loc"][0]) if e["loc"] else "facts", []).append(f"{prefix}{e['msg']}")
    return ValidationError(fields)


def _plan_run(run: Run, steep: dict[str, tuple[Any, str]], on: dt.date) -> Any:
    facts: dict[str, Any] = {"pipe_diameter_in": str(run.diameter_in), "length_ft": str(run.length_ft),
                             "upstream_manhole": run.upstream, "downstream_manhole": run.downstream}  # fmt: skip
    if run.name in steep:
        limit, reason = steep[run.name]
        facts |= {"max_section_ft": str(limit), "reason": reason}
    try:
        return run_determination("test-plan", facts, as_of=on)
    except FactsError as error:
        raise _facts_refused(error, f"{run.name}: ") from None
    except LawNotInForce as error:
        raise ValidationError({"planned_on": str(error)}) from None


def do_plan_tests(
    *, project: ExtensionProject, acting_user: Any, planned_on: dt.date | None = None,
    steep: dict[str, tuple[Any, str]] | None = None,
) -> list[PlannedSection]:  # fmt: skip
    """Plan the exfiltration tests of the approved design (see the module); the sections, upstream first."""
    require(acting_user, "engineering.decide_construction", "plan the exfiltration tests", who_may="the Town Engineer")
    on = planned_on or timezone.localdate()
    not_in_future("planned_on", on, "A test plan")
    steep = dict(steep or {})
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        if project.status not in (ProjectStatus.APPROVED, ProjectStatus.UNDER_CONSTRUCTION):
            raise ValidationError({"project": "Tests are planned for a design approved for construction."})
        revision = project.approved_revision()
        if revision is None:
            raise ValidationError({"project": "No design revision is approved by the Town Engineer."})
        if project.sections.exists():
            raise ValidationError({"project": f"The tests are planned (on {project.sections.first().planned_on})."})  # type: ignore[union-attr]
        runs = runs_of(revision)
        unknown = sorted(set(steep) - {r.name for r in runs})
        if unknown:
            raise ValidationError({"steep": f"No run named {', '.join(unknown)} in revision {revision.number}."})
        missing = [r.name for r in runs if r.diameter_in is None]
        if missing:
            raise ValidationError({"project": f"{', '.join(missing)} states no diameter: it cannot be planned."})
        # an outfall, storage unit or a pipe's open end is no manhole: not in the leakage allowance (I-41, I-143)
        manholes = set(revision.elements.filter(kind=ElementKind.MANHOLE).values_list("name", flat=True))
        sections: list[PlannedSection] = []
        for run in runs:
            decision = _plan_run(run, steep, on)
            stored = store_decision(decision, subject=project, acting_user=acting_user)
            for number, amount in enumerate(decision.amounts, start=1):
                where = amount.breakdown[0]
                held = ",".join(m for m in str(where["manholes"]).split(",") if m in manholes)
                sections.append(PlannedSection(
                    project=project, revision=revision, run=run.name[:100], number=number,
                    upstream_manhole=run.upstream[:100], downstream_manhole=run.downstream[:100],
                    pipe_diameter_in=run.diameter_in or Decimal(0), from_ft=Decimal(where["from_ft"]),
                    to_ft=Decimal(where["to_ft"]),
                    length_ft=amount.value, manholes=held[:210], plan=stored, planned_on=on,
                    planned_by=acting_user,
                ))  # fmt: skip
        written = PlannedSection.objects.bulk_create(sections)
        AuditEvent.objects.create(actor=acting_user, action="do_plan_tests", subject=str(project)[:200],
                                  rows=len(written), detail={"runs": len(runs), "revision": revision.number})
        return written


def find_section(project: ExtensionProject, run: str, number: Any) -> PlannedSection:
    """The planned section ``number`` of ``run``; a ValidationError naming ``section`` when the plan has none."""
    found = project.sections.filter(run=run, number=number).first() if str(number).isdigit() else None
    if found is None:
        raise ValidationError({"section": f"The test plan has no section {number} of {run!r} (§118-34, I-140)."})
    return found


def _retest(section: PlannedSection, tested_on: dt.date) -> SectionRepair | None:
    """The repair a retest follows (None for a first test); refused after a pass or without a repair."""
    latest = section.latest_test()
    if latest is None:
        return None
    if latest.result == SectionResult.PASSED:
        raise ValidationError({"section": f"{section} passed on {latest.tested_on}: it is not tested again."})
    if tested_on < latest.tested_on:
        raise ValidationError({"tested_on": f"{section} failed on {latest.tested_on}; a retest comes after."})
    repair = section.repairs.filter(retest__isnull=True, repaired_on__gte=latest.tested_on,
                                    repaired_on__lte=tested_on).order_by("repaired_on", "id").last()  # fmt: skip
    if repair is None:
        raise ValidationError({"repair": f"{section} failed on {latest.tested_on}: record the repair before it is "
                               "tested again (§118-34: repairs are made and the tests repeated)."})  # fmt: skip
    return repair


def do_record_exfiltration_test(
    *, section: PlannedSection, tested_on: dt.date, filled_hours: Any, head_ft_above_crown: Any, test_hours: Any,
    water_added_gal: Any, acting_user: Any, groundwater_ft_above_crown: Any = None, inspection: Any = None,
) -> ExfiltrationTest:  # fmt: skip
    """Record an exfiltration test of a planned section, decided by the exfiltration-test topic (I-41); from the
    result of an ``inspection`` in the field when one recorded it (``engineering/inspection_subject.py``)."""
    require(acting_user, "engineering.inspect_construction", "record an exfiltration test", who_may=INSPECTORS)
    not_in_future("tested_on", tested_on, "An exfiltration test")
    values = {
        "filled_hours": measure("filled_hours", filled_hours, "The hours filled before measuring", high=Decimal(9999)),
        "head_ft_above_crown": measure("head_ft_above_crown", head_ft_above_crown, "The head above the crown",
                                       low=Decimal(-999), high=Decimal(999)),
        "groundwater_ft_above_crown": measure("groundwater_ft_above_crown", groundwater_ft_above_crown,
                                              "Groundwater above the crown", low=Decimal(-999), high=Decimal(999)),
        "test_hours": measure("test_hours", test_hours, "The test period", high=Decimal(9999)),
        "measured_leakage_gal": measure("water_added_gal", water_added_gal, "The water added", high=Decimal(999_999),
                                        places=3),
    }  # fmt: skip
    for field, what in (("filled_hours", "the hours the line stood filled"), ("head_ft_above_crown", "the head"),
                        ("test_hours", "the test period"), ("measured_leakage_gal", "the water added")):  # fmt: skip
        if values[field] is None:
            raise ValidationError({"water_added_gal" if field == "measured_leakage_gal" else field: f"Give {what}."})
    given: dict[str, Decimal] = {k: v for k, v in values.items() if v is not None}
    with transaction.atomic():
        section = PlannedSection.objects.select_for_update().select_related("project").get(pk=section.pk)
        started = section.project.construction_started_on
        if section.project.status != ProjectStatus.UNDER_CONSTRUCTION or started is None or tested_on < started:
            raise ValidationError({"tested_on": "A section is tested once it is built: after construction started."})
        repair = _retest(section, tested_on)
        facts = {"pipe_diameter_in": str(section.pipe_diameter_in), "section_length_ft": str(section.length_ft),
                 "manholes": len(section.manhole_list),
                 **{k: str(v) for k, v in values.items() if v is not None}}  # fmt: skip
        try:
            decision = run_determination("exfiltration-test", facts, as_of=tested_on)
        except FactsError as error:
            raise _facts_refused(error) from None
        if decision.outcome == "invalid":
            raise ValidationError({FIELD_OF.get(f.requirement, "section"): f.sentence for f in decision.failed})
        test = ExfiltrationTest(
            section=section, tested_on=tested_on, filled_hours=given["filled_hours"],
            head_ft_above_crown=given["head_ft_above_crown"],
            groundwater_ft_above_crown=values["groundwater_ft_above_crown"], test_hours=given["test_hours"],
            water_added_gal=given["measured_leakage_gal"], allowed_gal=decision.amount_for("allowed_leakage").value,
            result=SectionResult.PASSED if decision.outcome == "pass" else SectionResult.FAILED,
            decision=store_decision(decision, subject=section, acting_user=acting_user), after_repair=repair,
            inspection=inspection, recorded_by=acting_user,
        )  # fmt: skip
        test.save()
        AuditEvent.objects.create(actor=acting_user, action="do_record_exfiltration_test", subject=str(test)[:200],
                                  rows=1, detail={"section": section.pk, "result": test.result,
                                                  "retest_after_repair": repair.pk if repair else None})  # fmt: skip
        return test


def do_record_repair(*, section: PlannedSection, repaired_on: dt.date, description: str,
                     acting_user: Any) -> SectionRepair:  # fmt: skip
    """Record the repairs or replacements made to a section that failed its test (§118-34)."""
    require(acting_user, "engineering.inspect_construction", "record a repair", who_may=INSPECTORS)
    not_in_future("repaired_on", repaired_on, "A repair")
    what = _text("description", description, 5000, "what was repaired or replaced")
    with transaction.atomic():
        section = PlannedSection.objects.select_for_update().get(pk=section.pk)
        latest = section.latest_test()
        if latest is None or latest.result != SectionResult.FAILED:
            state = "has not been tested" if latest is None else f"passed on {latest.tested_on}"
            raise ValidationError({"section": f"{section} {state}: a repair follows a failed test."})
        if repaired_on < latest.tested_on:
            raise ValidationError({"repaired_on": f"{section} failed on {latest.tested_on}; the repair comes after."})
        pending = section.repairs.filter(retest__isnull=True, repaired_on__gte=latest.tested_on).first()
        if pending is not None:
            raise ValidationError({"section": f"A repair of {pending.repaired_on} awaits its retest."})
        repair = SectionRepair.objects.create(section=section, repaired_on=repaired_on, description=what,
                                              recorded_by=acting_user)  # fmt: skip
        AuditEvent.objects.create(actor=acting_user, action="do_record_repair", subject=str(repair)[:200], rows=1,
                                  detail={"section": section.pk, "failed_test": latest.pk})  # fmt: skip
        return repair
