"""Helpers of the permits' inspection tests: a permit in construction, the plumber, every item satisfied."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

D = dt.date
SEWER: dict[str, Any] = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}  # complies
PLUMBER = {"requested_by": "Hudson Valley Plumbing", "requester_address": "9 Dock Rd\nMilton, NY 12547"}


def permit_in_construction(lot: Any, staff: Any, design: dict[str, Any] | None = None, building: Any = None) -> Any:
    """A Class 1 permit filed 2026-03-02, paid, approved and in construction since 2026-03-09."""
    from sewerworks.permits.actions import do_file_application, do_move_permit, do_record_fee

    permit = do_file_application(
        kind="building_sewer",
        permit_class="class_1",
        parcel=lot,
        applicant="Ana Rivera",
        filed_on=D(2026, 3, 2),
        design=design or {"building-sewer": SEWER},
        acting_user=staff.clerk,
        building=building,
    )
    do_record_fee(
        permit,
        amount=Decimal("100.00"),
        receipt_number=f"R-{permit.pk}",
        method="cash",
        paid_on=D(2026, 3, 2),
        acting_user=staff.clerk,
    )
    for step, who in (
        ("under_review", staff.superintendent),
        ("approved", staff.superintendent),
        ("in_construction", staff.inspector),
    ):
        do_move_permit(permit, to=step, acting_user=who, occurred_on=D(2026, 3, 9))
    permit.refresh_from_db()
    return permit


def all_yes(inspection: Any, **changes: str) -> dict[str, Any]:
    """Every item judged at the inspection satisfied, but those changed."""
    found = {i["key"]: {"answer": "yes"} for i in inspection.checklist if not i.get("follows")}
    found.update({k: {"answer": v} for k, v in changes.items()})
    return found


def ready_for_connection(permit: Any, staff: Any) -> Any:
    """The plumber's notice of 2026-04-06, the trench passed on 2026-04-07, the applicant's notice of 2026-04-08:
    the connection inspection asked for (returned)."""
    from sewerworks.inspections.actions import do_record_result, do_request_inspection

    trench = do_request_inspection(
        permit, kind="trench", requested_on=D(2026, 4, 6), acting_user=staff.clerk, **PLUMBER
    )
    do_record_result(
        trench, result="passed", inspected_on=D(2026, 4, 7), answers=all_yes(trench), acting_user=staff.inspector
    )
    return do_request_inspection(
        permit, kind="connection", requested_on=D(2026, 4, 8), requested_by="Ana Rivera", acting_user=staff.clerk
    )
