"""A house lot in the Hamlet of Marlborough beside a main, a rural lot far from any, and the staff."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.registry.tests import factories as f

FILED = dt.date(2026, 3, 2)
GOOD_SEWER: dict[str, Any] = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}
FLAT_SEWER: dict[str, Any] = {**GOOD_SEWER, "slope_in_per_ft": "0.0625"}  # fails §118-20


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
def house_lot(db: Any) -> Any:
    area = f.area()
    f.main(area)
    lot = f.parcel(improvement_area=area, street_number="14", street_name="Western Ave")
    f.owned(lot, name="RIVERA ANA")
    return lot


@pytest.fixture
def rural_lot(house_lot: Any) -> Any:
    """A lot 3,000 ft north of the only main: no public sewer is available (I-46)."""
    return f.parcel("109.1-1-7", street_number="880", street_name="Lattintown Rd", dy=3100)


@pytest.fixture
def application(house_lot: Any, staff: Any) -> Any:
    """A Class 1 application with a design that fails §118-20 (1/16 inch per foot)."""
    from sewerworks.permits.actions import do_file_application

    return do_file_application(
        kind="building_sewer",
        permit_class="class_1",
        parcel=house_lot,
        applicant="Ana Rivera",
        filed_on=FILED,
        design={"building-sewer": FLAT_SEWER},
        acting_user=staff.clerk,
    )


@pytest.fixture
def paid(application: Any, staff: Any) -> Any:
    from sewerworks.permits.actions import do_record_fee

    do_record_fee(
        application,
        amount=Decimal("100.00"),
        receipt_number="R-2026-0311",
        method="check",
        paid_on=FILED,
        acting_user=staff.clerk,
    )
    application.refresh_from_db()
    return application


@pytest.fixture
def permit(house_lot: Any, staff: Any) -> Any:
    """A Class 1 permit in construction (``inspecting.permit_in_construction``)."""
    from sewerworks.permits.tests.inspecting import permit_in_construction

    return permit_in_construction(house_lot, staff)


@pytest.fixture
def trench(permit: Any, staff: Any) -> Any:
    """The plumber's notice of 2026-04-06: the permit's trench inspection asked for."""
    from sewerworks.inspections.actions import do_request_inspection
    from sewerworks.permits.tests.inspecting import PLUMBER

    return do_request_inspection(permit, kind="trench", requested_on=FILED.replace(month=4, day=6),
                                 acting_user=staff.clerk, **PLUMBER)
