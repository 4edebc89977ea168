"""Private systems (§§118-7..11), opening permits (§118-14) and old building sewers (§118-18)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError

from sewerworks.core.models import BoardResolution
from sewerworks.permits.actions import (
    do_file_application,
    do_grant_opening_permit,
    do_move_permit,
    do_record_county_inspection,
    do_record_county_notice,
    do_record_county_permit,
    do_record_examination,
    do_record_fee,
    do_record_private_system,
)
from sewerworks.permits.tests.conftest import FILED

pytestmark = pytest.mark.django_db
NY = ZoneInfo("America/New_York")


def test_a_private_system_is_refused_where_a_public_sewer_is_available(house_lot: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="within 100 ft"):
        do_record_private_system(parcel=house_lot, applicant="Ana Rivera", filed_on=FILED, acting_user=staff.clerk)


def test_a_rural_lot_records_its_county_permit_notice_and_final_inspection(rural_lot: Any, staff: Any) -> None:
    permit = do_record_private_system(parcel=rural_lot, applicant="Tom Ortiz", filed_on=FILED, acting_user=staff.clerk)
    assert permit.availability["decision"]["outcome"] == "permitted"
    with pytest.raises(ValidationError, match="county_notified|allowed"):
        do_record_county_notice(permit, notified_at=dt.datetime(2026, 3, 10, 9, tzinfo=NY), acting_user=staff.clerk)
    do_record_county_permit(
        permit,
        number="UCDOH-26-114",
        issued_on=dt.date(2026, 3, 5),
        conditions="Raised bed, 3 laterals",
        acting_user=staff.clerk,
    )
    notified = dt.datetime(2026, 3, 10, 9, tzinfo=NY)
    permit = do_record_county_notice(permit, notified_at=notified, acting_user=staff.superintendent)
    assert not permit.county_inspection_overdue(notified + dt.timedelta(hours=48))
    assert permit.county_inspection_overdue(notified + dt.timedelta(hours=48, minutes=1))
    permit = do_record_county_inspection(
        permit, inspected_at=notified + dt.timedelta(hours=70), acting_user=staff.clerk
    )
    assert permit.status == "effective" and not permit.county_inspection_overdue()
    assert permit.county_conditions == "Raised bed, 3 laterals"


def _resolution(adopted: dt.date) -> BoardResolution:
    return BoardResolution.objects.create(
        instrument="Resolution 2026-31", adopted_on=adopted, effective_on=adopted, title="Sewer opening, 14 Western Ave"
    )


def test_an_opening_permit_is_granted_only_with_the_boards_resolution(house_lot: Any, staff: Any) -> None:
    permit = do_file_application(
        kind="opening",
        parcel=house_lot,
        applicant="Ulster Excavating",
        filed_on=FILED,
        description="Uncover the main to repair a lateral",
        acting_user=staff.clerk,
    )
    with pytest.raises(ValidationError, match="do_grant_opening_permit"):
        do_move_permit(permit, to="granted", acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="adopted before"):
        do_grant_opening_permit(permit, resolution=_resolution(dt.date(2026, 3, 1)), acting_user=staff.clerk)
    resolution = BoardResolution.objects.get()
    resolution.adopted_on = dt.date(2026, 3, 9)
    resolution.save()
    with pytest.raises(PermissionDenied):
        do_grant_opening_permit(permit, resolution=resolution, acting_user=staff.board)
    granted = do_grant_opening_permit(permit, resolution=resolution, acting_user=staff.clerk)
    assert granted.status == "granted" and granted.resolution == resolution


def test_the_database_refuses_a_granted_opening_permit_without_a_resolution(house_lot: Any, staff: Any) -> None:
    from sewerworks.permits.models import Permit

    permit = do_file_application(
        kind="opening", parcel=house_lot, applicant="X", filed_on=FILED, acting_user=staff.clerk
    )
    with pytest.raises(IntegrityError):
        Permit.objects.filter(pk=permit.pk).update(status="granted")


def test_an_old_building_sewer_is_reused_on_the_town_engineers_finding(house_lot: Any, staff: Any) -> None:
    permit = do_file_application(
        kind="old_sewer_reuse",
        parcel=house_lot,
        applicant="Ana Rivera",
        filed_on=FILED,
        design={"old-building-sewer": {"new_building": True}},
        acting_user=staff.clerk,
    )
    assert permit.review_outcome == "needs-review"
    do_record_fee(
        permit, amount=Decimal("100.00"), receipt_number="R-9", method="cash", paid_on=FILED, acting_user=staff.clerk
    )
    do_move_permit(permit, to="under_review", acting_user=staff.engineer)
    with pytest.raises(ValidationError, match="Town Engineer, not yet decided"):
        do_move_permit(permit, to="approved", acting_user=staff.engineer)
    with pytest.raises(PermissionDenied, match="Town Engineer"):
        do_record_examination(
            permit,
            examined_by="town_engineer",
            examined_on=dt.date(2026, 3, 4),
            finding="meets_all_requirements",
            test="Air test 5 psi",
            acting_user=staff.superintendent,
        )
    permit = do_record_examination(
        permit,
        examined_by="town_engineer",
        examined_on=dt.date(2026, 3, 4),
        finding="meets_all_requirements",
        test="Air test 5 psi, 5 min",
        acting_user=staff.engineer,
    )
    assert permit.review_outcome == "complies"
    assert do_move_permit(permit, to="approved", acting_user=staff.engineer).status == "approved"


def test_staff_cannot_write_the_town_engineers_finding_into_a_reuse_design(house_lot: Any, staff: Any) -> None:
    from sewerworks.permits.actions import do_update_design

    finding = {"new_building": True, "examined_by": "town_engineer", "engineer_finding": "meets_all_requirements"}
    with pytest.raises(ValidationError, match="recorded by the Town Engineer"):
        do_file_application(
            kind="old_sewer_reuse",
            parcel=house_lot,
            applicant="A",
            filed_on=FILED,
            design={"old-building-sewer": finding},
            acting_user=staff.clerk,
        )
    permit = do_file_application(
        kind="old_sewer_reuse",
        parcel=house_lot,
        applicant="A",
        filed_on=FILED,
        design={"old-building-sewer": {"new_building": True}},
        acting_user=staff.clerk,
    )
    with pytest.raises(ValidationError, match="recorded by the Town Engineer"):
        do_update_design(permit, design={"old-building-sewer": finding}, acting_user=staff.engineer)
