"""Which interceptor an establishment must have (§118-38; I-35, I-66), the 30 days a preexisting facility has
after connecting (I-20), and the plans each official approves."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.enforcement.actions import do_record_connection
from sewerworks.enforcement.choices import DeadlineKind
from sewerworks.enforcement.models import Deadline
from sewerworks.grease.actions import (
    do_approve_plan,
    do_record_interceptor,
    do_record_opinion,
    do_register_establishment,
)
from sewerworks.grease.readings import category, requirement
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


def restaurant(seats: int, established: dt.date, connected: dt.date | None = dt.date(2005, 4, 1)) -> Any:
    from sewerworks.registry.models import ImprovementArea

    area = ImprovementArea.objects.first() or f.area()
    parcel = f.parcel(f"108.12-3-{seats}", improvement_area=area, street_number=str(seats), street_name="Route 9W")
    f.owned(parcel)
    return f.building(parcel, use="food_service", name=f"{seats}-seat grill", seats=seats, established_on=established,
                      connected_on=connected)  # fmt: skip


@pytest.mark.parametrize(("seats", "gallons"), [(150, "1000"), (151, "2000")])
def test_a_new_restaurant_needs_1000_gallons_up_to_150_seats_and_2000_from_151(staff, seats, gallons) -> None:
    est = do_register_establishment(building=restaurant(seats, dt.date(2005, 3, 1)), acting_user=staff.clerk)
    decision = requirement(est, dt.date(2026, 3, 1))
    assert category(est) == "new"
    assert decision.findings[1].compared["required_gallons"] == gallons


def test_a_1000_gallon_trap_at_a_151_seat_new_restaurant_falls_short(staff) -> None:
    est = do_register_establishment(building=restaurant(151, dt.date(2005, 3, 1)), acting_user=staff.clerk)
    do_record_interceptor(establishment=est, kind="exterior", installed_on=dt.date(2005, 3, 1),
                          rated_gallons=Decimal(1000),
                          working_depth_in=Decimal(48), acting_user=staff.inspector)  # fmt: skip
    assert "falls short" in requirement(est, dt.date(2026, 3, 1)).summary


def test_a_restaurant_established_on_2000_07_24_is_not_new_construction(staff) -> None:
    est = do_register_establishment(building=restaurant(60, dt.date(2000, 7, 24)), acting_user=staff.clerk)
    assert category(est) == "preexisting"
    est2 = do_register_establishment(building=restaurant(61, dt.date(2000, 7, 25)), acting_user=staff.clerk)
    assert category(est2) == "new"


def test_a_house_is_not_a_food_service_establishment(staff) -> None:
    parcel = f.parcel(improvement_area=f.area())
    house = f.building(parcel, name="Doe house", dwelling_units=1, established_on=dt.date(1990, 1, 1))
    with pytest.raises(ValidationError, match="commercial kitchens and restaurants"):
        do_register_establishment(building=house, acting_user=staff.clerk)


def test_the_30_days_after_connecting_end_on_a_sunday_and_move_to_monday(staff) -> None:
    building = restaurant(40, dt.date(1985, 6, 1), connected=None)
    do_register_establishment(building=building, acting_user=staff.clerk)
    do_record_connection(building=building, connected_on=dt.date(2026, 5, 1), acting_user=staff.superintendent)
    deadline = Deadline.objects.get(kind=DeadlineKind.INSTALL_INTERCEPTOR)
    assert deadline.due_on == dt.date(2026, 6, 1)  # May 31, 2026 is a Sunday (I-20)


def test_the_30_days_ending_on_a_weekday_stay_put(staff) -> None:
    building = restaurant(40, dt.date(1985, 6, 1), connected=None)
    do_record_connection(building=building, connected_on=dt.date(2026, 3, 2), acting_user=staff.superintendent)
    assert Deadline.objects.get(kind=DeadlineKind.INSTALL_INTERCEPTOR).due_on == dt.date(2026, 4, 1)


def test_recording_the_interceptor_meets_the_installation_deadline_and_no_second_opens(staff) -> None:
    building = restaurant(40, dt.date(1985, 6, 1), connected=None)
    est = do_register_establishment(building=building, acting_user=staff.clerk)
    do_record_connection(building=building, connected_on=dt.date(2026, 5, 1), acting_user=staff.superintendent)
    do_record_interceptor(establishment=est, kind="interior", installed_on=dt.date(2026, 5, 20),
                          rated_pounds=Decimal(100), acting_user=staff.building_inspector)  # fmt: skip
    deadline = Deadline.objects.get(kind=DeadlineKind.INSTALL_INTERCEPTOR)
    assert (deadline.status, deadline.met_on) == ("met", dt.date(2026, 5, 20))
    from sewerworks.enforcement.duties import untracked_duties

    assert [d for r, d in untracked_duties() if r.name == "install-interceptor"] == []


def test_an_incapable_existing_installation_without_space_gets_the_100_pound_interior_trap(staff) -> None:
    est = do_register_establishment(building=restaurant(40, dt.date(1985, 6, 1)), acting_user=staff.clerk)
    do_record_interceptor(establishment=est, kind="exterior", installed_on=dt.date(1990, 1, 1),
                          rated_gallons=Decimal(500),
                          working_depth_in=Decimal(30), acting_user=staff.inspector)  # fmt: skip
    est = do_record_opinion(
        est, found_incapable=True, exterior_space_available=False, acting_user=staff.building_inspector
    )
    decision = requirement(est, dt.date(2026, 3, 1))
    assert category(est) == "existing" and "100-pound grease trap inside the building" in decision.summary


def test_an_interceptor_is_rated_as_its_kind_says(staff, establishment) -> None:
    with pytest.raises(ValidationError) as err:
        do_record_interceptor(establishment=establishment, kind="exterior", installed_on=dt.date(2020, 1, 1),
                              rated_gallons=Decimal(1000), acting_user=staff.inspector)  # fmt: skip
    assert "working_depth_in" in err.value.message_dict


def test_each_official_approves_the_plan_for_themselves_and_a_clerk_for_no_one(staff, trap) -> None:
    with pytest.raises(PermissionDenied):
        do_approve_plan(trap, approver="building_inspector", approved_on=dt.date(2026, 1, 5), acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_approve_plan(trap, approver="building_inspector", approved_on=dt.date(2026, 1, 5),
                        acting_user=staff.superintendent)  # fmt: skip
    do_approve_plan(trap, approver="building_inspector", approved_on=dt.date(2026, 1, 5),
                    acting_user=staff.building_inspector)  # fmt: skip
    approved = do_approve_plan(trap, approver="superintendent", approved_on=dt.date(2026, 1, 6),
                               acting_user=staff.superintendent)  # fmt: skip
    assert approved.plans_approved
