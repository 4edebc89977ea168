"""The permit and the review letter as PDF (``core/documents``: WeasyPrint, the letterhead, no network).

The permit prints its kind and class, the parcel and applicant, the design's findings with their citations, the
officials' decisions, the county's conditions (I-02), the owner's costs and indemnity (§118-16) and the sections
cited in full. The review letter lists, finding by finding, what must change and what waits on an official.
"""

from __future__ import annotations

from typing import Any

from sewerworks.core.documents.render import render_document
from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import cited_sections, decision_interpretations, interpretation_lines, person
from sewerworks.ordinance.s118_14_16_permits import OPENING_PERMIT, OWNER_RESPONSIBILITY
from sewerworks.permits.actions.moves import blockers
from sewerworks.permits.choices import PermitKind
from sewerworks.permits.models import Permit
from sewerworks.permits.review import findings

ISSUED = frozenset({"approved", "in_construction", "inspected", "connected", "closed", "granted", "effective"})
PRIVATE_SYSTEM_CONDITIONS = (
    "The type, capacities, location and layout of the system shall comply with all recommendations of the "
    "Department of Health of the State of New York; no septic tank or cesspool shall discharge to any natural "
    "outlet. (§118-10)",
    "The owner shall operate and maintain the private sewage disposal facilities in a sanitary manner at all times, "
    "at his own expense and at no expense to the improvement. (§118-11)",
    "When a public sewer becomes available, a direct connection shall be made and the private facilities cleaned, "
    "abandoned and filled. (§118-12)",
)


def _sections(permit: Permit) -> list[str]:
    base = {
        PermitKind.BUILDING_SEWER: ["118-15", "118-16"],
        PermitKind.OLD_SEWER_REUSE: ["118-15", "118-16", "118-18"],
        PermitKind.OPENING: ["118-14"],
        PermitKind.PRIVATE_SYSTEM: ["118-7", "118-8", "118-9", "118-10", "118-11"],
    }[PermitKind(permit.kind)]
    for decision in permit.review.get("decisions", ()):
        base += [s for s in decision.get("sections", ()) if s not in base]
    return base


def context(permit: Permit) -> dict[str, Any]:
    decisions = permit.review.get("decisions", [])
    ids = [i for d in decisions for i in decision_interpretations(d)]
    if permit.kind == PermitKind.BUILDING_SEWER:
        ids.append("I-01")
    if permit.county_conditions:
        ids.append("I-02")
    return {
        "town": town(),
        "p": permit,
        "decisions": decisions,
        "failed": findings(permit.review, "fails"),
        "discretion": findings(permit.review, "discretion"),
        "decided": list(permit.discretions.select_related("decided_by")),
        "blockers": blockers(permit),
        "fee": getattr(permit, "fee", None),
        "owner_responsibility": OWNER_RESPONSIBILITY if permit.kind in ("building_sewer", "old_sewer_reuse") else "",
        "opening": OPENING_PERMIT if permit.kind == PermitKind.OPENING else "",
        "private_conditions": PRIVATE_SYSTEM_CONDITIONS if permit.kind == PermitKind.PRIVATE_SYSTEM else (),
        "issued": permit.status in ISSUED,
        "entered_by": person(permit.entered_by),
        "sections": cited_sections(*_sections(permit)),
        "interpretations": interpretation_lines(ids),
    }


def permit_pdf(permit: Permit) -> bytes:
    return bytes(render_document("permits/documents/permit.html", context(permit)).write_pdf())


def review_letter_pdf(permit: Permit) -> bytes:
    return bytes(render_document("permits/documents/review_letter.html", context(permit)).write_pdf())
