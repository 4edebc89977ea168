"""Staff, a permit in construction with its trench requested, and a subject of another program's kind."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.registry.tests import factories as f

D = dt.date
GOOD_SEWER: dict[str, Any] = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}
PLUMBER = {"requested_by": "Hudson Valley Plumbing", "requester_address": "9 Dock Rd\nMilton, NY 12547"}


@pytest.fixture
def staff(make_user: Any) -> Any:
    class Staff:
        clerk = make_user("clerk")
        superintendent = make_user("superintendent")
        engineer = make_user("town engineer")
        inspector = make_user("inspector")
        water = make_user("water superintendent")
        board = make_user("board member")

    return Staff


@pytest.fixture
def lot(db: Any) -> Any:
    area = f.area()
    f.main(area)
    parcel = f.parcel(improvement_area=area, street_number="14", street_name="Western Ave")
    f.owned(parcel, name="RIVERA ANA")
    return parcel


def permit_in_construction(lot: Any, staff: Any, design: dict[str, Any] | None = None, building: Any = None) -> Any:
    from sewerworks.permits.actions import do_file_application, do_move_permit, do_record_fee

    permit = do_file_application(
        kind="building_sewer",
        permit_class="class_1",
        parcel=lot,
        applicant="Ana Rivera",
        filed_on=D(2026, 3, 2),
        design=design or {"building-sewer": GOOD_SEWER},
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


@pytest.fixture
def permit(lot: Any, staff: Any) -> Any:
    return permit_in_construction(lot, staff)


@pytest.fixture
def trench(permit: Any, staff: Any) -> Any:
    from sewerworks.inspections.actions import do_request_inspection

    return do_request_inspection(permit, kind="trench", requested_on=D(2026, 4, 6), acting_user=staff.clerk, **PLUMBER)


def all_yes(inspection: Any, **changes: str) -> dict[str, Any]:
    found = {i["key"]: {"answer": "yes"} for i in inspection.checklist if not i.get("follows")}
    found.update({k: {"answer": v} for k, v in changes.items()})
    return found
