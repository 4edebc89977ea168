"""Building-sewer and opening permits as subjects of the inspections mechanism, with the order of §§118-25, 26.

A building sewer permit takes three inspections: its trench (the plumber's notice, §118-26: passed by the Town
Engineer or his representative, I-130), its lateral where none existed (§118-24: the Sewer Department's), and its
connection (the applicant's notice, §118-25: under the supervision of the Sewer Department or a Board appointee,
the meter certified first, I-49). An opening permit (§118-14) takes its trench inspection once granted; its
restoration follows it. "Not ready" and a cancellation are no failure of the work (I-134): they start nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.urls import reverse

from sewerworks.enforcement.actions.common import decide
from sewerworks.inspections.choices import Requester, Result
from sewerworks.inspections.subjects import InspectionKind, InspectionSubject, Issued, register_subject
from sewerworks.permits.actions.common import locked
from sewerworks.permits.actions.moves import transition
from sewerworks.permits.choices import PermitKind
from sewerworks.permits.inspections import handoff
from sewerworks.permits.inspections.facts import in_order, passed
from sewerworks.permits.models import Permit

TRENCH = InspectionKind(
    "trench",
    "Trench",
    "118-26",
    "inspections.pass_trench",
    "The plumber's notice that the laying of the house sewer is complete",
    Requester.PLUMBER,
)
LATERAL = InspectionKind(
    "lateral",
    "Lateral",
    "118-24",
    "inspections.inspect_lateral",
    "The notice that the lateral to the property line is built",
    Requester.STAFF,
)
CONNECTION = InspectionKind(
    "connection",
    "Connection",
    "118-25",
    "inspections.supervise_connection",
    "The applicant's notice that the building sewer is ready for inspection and connection",
    Requester.APPLICANT,
    fields=("building_name", "building_use"),
)
KINDS_OF: dict[str, tuple[str, ...]] = {
    PermitKind.BUILDING_SEWER: ("trench", "lateral", "connection"),
    PermitKind.OPENING: ("trench",),
}
FINAL = ("closed", "denied", "withdrawn")


def items_from(decision: Any) -> list[dict[str, Any]]:
    """The checklist's findings as the items an inspection keeps."""
    return [
        {
            "key": f.requirement,
            "section": f.section,
            "text": f.sentence,
            "decided_by": f.decided_by,
            **{k: v for k, v in f.compared.items()},
        }
        for f in decision.findings
    ]


def checklist_facts(permit: Permit, kind: str) -> dict[str, Any]:
    design = permit.design or {}
    facts: dict[str, Any] = {"inspection": kind, "permit_kind": permit.kind}
    if permit.kind == PermitKind.BUILDING_SEWER:
        facts.update(
            {"building_sewer": design.get("building-sewer"), "lateral_connection": design.get("lateral-connection")}
        )
    return {k: v for k, v in facts.items() if v is not None}


def lateral_to_build(permit: Permit) -> bool:
    lateral = (permit.design or {}).get("lateral-connection") or {}
    return lateral.get("lateral_exists") is False


@register_subject
class PermitSubject(InspectionSubject):
    name = "permit"
    model = Permit
    kinds = (TRENCH, LATERAL, CONNECTION)
    view_permission = "permits.view_permits"

    def label(self, subject: Any) -> str:
        return str(subject)

    def url(self, subject: Any) -> str:
        return reverse("permits:detail", args=[subject.pk])

    def lock(self, subject: Any) -> Any:
        return locked(subject)

    def closed(self, subject: Any) -> str:
        if subject.status in FINAL:
            return f"{subject.number} is {subject.status_label.lower()}: it takes no inspection."
        return ""

    def checklist(self, subject: Any, kind: InspectionKind, on: dt.date, acting_user: Any) -> Issued:
        decision, stored = decide(
            "inspection-checklist",
            checklist_facts(subject, kind.key),
            as_of=on,
            subject=subject,
            acting_user=acting_user,
        )
        return Issued(items=items_from(decision), decision=stored)

    def on_request(self, subject: Any, inspection: Any, acting_user: Any) -> None:
        kind, on = inspection.kind, inspection.requested_on
        if kind not in KINDS_OF.get(subject.kind, ()):
            raise ValidationError(
                {
                    "kind": f"A {subject.get_kind_display().split(' (')[0].lower()} takes no {kind} "
                    "inspection by the Sewer Department."
                }
            )
        if kind == "lateral":
            if not lateral_to_build(subject):
                raise ValidationError(
                    {
                        "kind": "The design says a lateral to the property line exists: there is none "
                        "to construct and inspect (§118-24)."
                    }
                )
            if subject.status not in ("approved", "in_construction", "inspected", "ready_for_connection"):
                raise ValidationError(
                    {
                        "kind": f"The lateral is built once the permit is approved; {subject.number} "
                        f"is {subject.status_label.lower()} (§118-24)."
                    }
                )
            return
        step = "request_trench" if kind == "trench" else "request_connection"
        in_order(subject, step, on, acting_user, field="kind")
        if kind == "connection":  # the applicant's notice is the move to "ready for inspection and connection"
            transition(
                subject,
                "ready_for_connection",
                why=f"The applicant's notice ({inspection.requested_by})",
                acting_user=acting_user,
                occurred_at=on,
            )

    def on_result(self, subject: Any, inspection: Any, acting_user: Any, extra: Mapping[str, Any]) -> str:
        if inspection.result in (Result.NOT_READY, Result.CANCELLED):
            return "No failure of the work (I-134): a new notice asks for the inspection again."
        on = inspection.inspected_on
        if inspection.kind == "trench":
            return self._trench(subject, inspection, acting_user)
        if inspection.kind == "lateral":
            return handoff.cut_fees(subject, inspection, acting_user) if inspection.result == Result.PASSED else ""
        if inspection.result == Result.FAILED:
            return handoff.drains_violation(subject, inspection, acting_user)
        if lateral_to_build(subject) and passed(subject, "lateral") is None:
            raise ValidationError(
                {
                    "result": f"{subject.number}: the lateral to the property line has no passed "
                    "inspection; the building sewer connects to it (§118-24)."
                }
            )
        decision, stored = in_order(subject, "pass_connection", on, acting_user, field="result")
        inspection.decision = stored
        said = [handoff.record_connection(subject, inspection, acting_user, extra)]
        transition(subject, "connected", why="The connection passed (§118-25)", acting_user=acting_user, occurred_at=on)
        said.append(handoff.connection_charge(subject, subject.building))
        said.append(handoff.restoration(subject, inspection, checklist_facts(subject, "connection"), acting_user))
        return " ".join(s for s in said if s)

    def _trench(self, permit: Permit, inspection: Any, acting_user: Any) -> str:
        on = inspection.inspected_on
        found_open = inspection.answer("trench-open") == "yes"
        if inspection.result == Result.FAILED and inspection.answer("trench-open") == "no":
            decided = in_order(permit, "pass_trench", on, acting_user, field="result", trench="filled")
            inspection.decision = decided[1]
            return handoff.order_reexcavation(permit, inspection, decided, acting_user)
        said = [handoff.trench_reopened(permit, on, acting_user) if found_open else ""]
        if inspection.result == Result.PASSED:
            _decision, stored = in_order(permit, "pass_trench", on, acting_user, field="result", trench="open")
            inspection.decision = stored
            if permit.kind == PermitKind.BUILDING_SEWER:
                transition(
                    permit,
                    "inspected",
                    why="The trench inspection passed (§118-26)",
                    acting_user=acting_user,
                    occurred_at=on,
                )
                said.append(
                    "The trench passed: the applicant may give notice that the building sewer is ready for "
                    "inspection and connection (§118-25)."
                )
            else:
                said.append(handoff.restoration(permit, inspection, checklist_facts(permit, "trench"), acting_user))
        return " ".join(s for s in said if s)
