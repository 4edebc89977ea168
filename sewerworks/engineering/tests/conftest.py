"""The engineering staff and a Milton extension built by a developer."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture
def staff(make_user: Any) -> Any:
    class Staff:
        clerk = make_user("clerk")
        engineer = make_user("town engineer")
        superintendent = make_user("superintendent")
        board = make_user("board member")

    return Staff


@pytest.fixture
def project(staff: Any) -> Any:
    from sewerworks.engineering.actions import do_open_project

    return do_open_project(
        name="Orchard Ridge extension", place="Milton", builder="developer", builder_name="Orchard Ridge LLC",
        drainage_area="Lattintown Road catchment, 40 lots at build-out", acting_user=staff.clerk,
        opened_on=dt.date(2026, 10, 1),
    )  # fmt: skip


def design_bytes(name: str) -> bytes:
    return (DATA / name).read_bytes()


D = dt.date
ADOPTED, APPROVED, STARTED = D(2026, 10, 5), D(2026, 10, 6), D(2026, 10, 12)


def resolution(instrument: str = "Resolution 2026-77", adopted: dt.date = ADOPTED) -> Any:
    from sewerworks.core.models import BoardResolution

    return BoardResolution.objects.create(instrument=instrument, adopted_on=adopted, effective_on=adopted,
                                          title="Approves the Orchard Ridge sewer extension")  # fmt: skip


def parcel(number: str, x: float, y: float, *owners: Any, size: float = 80.0) -> Any:
    """A square parcel ``size`` ft across with its south-west corner at (x, y), held by ``owners``."""
    from sewerworks.registry.models import Ownership, Parcel

    polygon = f"POLYGON (({x} {y}, {x + size} {y}, {x + size} {y + size}, {x} {y + size}, {x} {y}))"
    made = Parcel.objects.create(tax_map_number=number, street_number="1", street_name="Orchard Ridge Road",
                                 polygon=polygon)  # fmt: skip
    for owner in owners:
        Ownership.objects.create(parcel=made, owner=owner, start=D(2000, 1, 1))
    return made


@pytest.fixture
def approved(project: Any, staff: Any) -> Any:
    """The Orchard Ridge extension (developer) with the corrected design approved by all three authorities;
    its parcel of record 108.1-1-1 has a sewer account."""
    from sewerworks.engineering.actions import (
        do_import_design,
        do_record_approval,
        do_review_future_flows,
    )
    from sewerworks.registry.models import Owner, SewerAccount

    do_import_design(data=design_bytes("corrected.inp"), file_name="orchard-r2.inp", project=project,
                     acting_user=staff.clerk, as_of=D(2026, 10, 1), submitted_on=D(2026, 10, 1))  # fmt: skip
    do_review_future_flows(project=project, reviewed_on=D(2026, 10, 2), acting_user=staff.engineer,
                           note="8-inch mains carry the 40 lots.")  # fmt: skip
    do_record_approval(project=project, authority="town_engineer", approved_on=D(2026, 10, 2),
                       acting_user=staff.engineer)  # fmt: skip
    do_record_approval(project=project, authority="nys_doh", approved_on=D(2026, 10, 3), acting_user=staff.clerk)
    do_record_approval(project=project, authority="town_board", approved_on=APPROVED, acting_user=staff.clerk,
                       reference="Res. 77")  # fmt: skip
    developer = Owner.objects.create(name="Orchard Ridge LLC")
    project.refresh_from_db()
    project.parcel = parcel("108.1-1-1", 629000, 1019000, developer)
    project.save()
    SewerAccount.objects.create(parcel=project.parcel, account_number="MAR-9001", opened_on=D(2020, 1, 1))
    project.refresh_from_db()
    return project


@pytest.fixture
def building(approved: Any, staff: Any) -> Any:
    """The same extension under construction since 2026-10-12, on Resolution 2026-77 with its completion bond."""
    from sewerworks.engineering.actions import do_link_board_resolution, do_record_security, do_start_construction

    do_link_board_resolution(project=approved, resolution=resolution(), security_demanded=True,
                             acting_user=staff.clerk)  # fmt: skip
    do_record_security(project=approved, kind="completion_bond", amount="150000.00", issuer="Hudson Surety Co.",
                       number="CB-2026-118", received_on=D(2026, 10, 9), expires_on=D(2027, 10, 9),
                       acting_user=staff.clerk)  # fmt: skip
    return do_start_construction(project=approved, started_on=STARTED, contractor="Kiernan Excavating",
                                 acting_user=staff.engineer)  # fmt: skip
