"""§118-25: "The connection shall be made under the supervision of the Sewer Department or such other person
appointed by the Town Board." An appointee, recorded with the Board's resolution, supervises (and so records)
connections from the day the appointment starts until it ends; before and after, not."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from sewerworks.core.models import BoardResolution
from sewerworks.inspections.actions import do_record_appointment

pytestmark = pytest.mark.django_db


@pytest.fixture
def resolution(db: Any) -> BoardResolution:
    return BoardResolution.objects.create(
        instrument="Resolution 2026-31", adopted_on=dt.date(2026, 3, 10), title="Appointing a connection supervisor"
    )


def test_an_appointee_supervises_and_records_connections_while_appointed(resolution: Any, staff: Any) -> None:
    today = timezone.localdate()
    engineer = staff.engineer
    assert not engineer.has_perm("inspections.supervise_connection")
    do_record_appointment(user=engineer, resolution=resolution, starts_on=dt.date(2026, 3, 10), acting_user=staff.clerk)
    engineer = type(engineer).objects.get(pk=engineer.pk)
    assert engineer.has_perm("inspections.supervise_connection") and engineer.has_perm("enforcement.record_connection")
    ended = staff.building_inspector
    do_record_appointment(
        user=ended,
        resolution=resolution,
        starts_on=dt.date(2026, 3, 10),
        ends_on=today - dt.timedelta(days=1),
        acting_user=staff.clerk,
    )
    assert not ended.has_perm("inspections.supervise_connection")


def test_an_appointment_is_the_clerks_to_record_from_the_resolutions_day_to_a_user_with_a_role(
    resolution: Any, staff: Any, make_user: Any
) -> None:
    with pytest.raises(PermissionDenied, match="Town Clerk"):
        do_record_appointment(
            user=staff.engineer, resolution=resolution, starts_on=dt.date(2026, 3, 10), acting_user=staff.superintendent
        )
    with pytest.raises(ValidationError, match="adopted on 2026-03-10"):
        do_record_appointment(
            user=staff.engineer, resolution=resolution, starts_on=dt.date(2026, 3, 9), acting_user=staff.clerk
        )
    with pytest.raises(ValidationError, match="has no role"):
        do_record_appointment(
            user=make_user(), resolution=resolution, starts_on=dt.date(2026, 3, 10), acting_user=staff.clerk
        )
    with pytest.raises(ValidationError, match="ends on or after"):
        do_record_appointment(
            user=staff.engineer,
            resolution=resolution,
            starts_on=dt.date(2026, 4, 1),
            ends_on=dt.date(2026, 3, 31),
            acting_user=staff.clerk,
        )
