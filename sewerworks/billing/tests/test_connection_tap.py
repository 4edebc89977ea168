"""§118-54 "levied against all property owners who tap in on the collection main": the charge is billed in the
transaction of the recorded connection, whatever path recorded it (I-123); a connection whose building sewer
the Board's schedule does not price is connected all the same, without a charge, says why, and leaves the clerk a
deadline of the Town's own to bill it, met when the clerk does."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.models import ConnectionCharge, LedgerEntry
from sewerworks.billing.property.connection import do_post_connection_charge
from sewerworks.billing.property.tap import tap_note
from sewerworks.core.web.dashboard import work_for
from sewerworks.enforcement.actions import do_record_connection
from sewerworks.enforcement.models import Deadline
from sewerworks.registry.models import Building, Connection, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def house(area: Any) -> Building:
    parcel = f.parcel("108.5-1-2", improvement_area=area)
    SewerAccount.objects.create(account_number="MAR-000502", parcel=parcel, opened_on=D(2026, 1, 1))
    return Building.objects.create(parcel=parcel, name="House", use="residential", established_on=D(1990, 1, 1))


def test_a_six_inch_tap_recorded_by_the_superintendent_bills_2250_on_the_day_of_the_connection(
    house: Building, staff: Any
) -> None:
    connection = do_record_connection(
        building=house, connected_on=D(2026, 11, 2), acting_user=staff.superintendent, building_sewer_diameter_in=6
    )
    charge = ConnectionCharge.objects.get(source_key=f"connection:{connection.pk}")
    assert (charge.amount, charge.offered_on, charge.due_on) == (Decimal("2250.00"), D(2026, 11, 2), D(2026, 12, 2))
    assert charge.account.account_number == "MAR-000502" and charge.building == house
    assert LedgerEntry.objects.get(source_key=f"pending:{charge.pending_charge_id}").amount == Decimal("2250.00")
    said = f"Connection charge {charge.number} of $2,250.00 billed, due 2026-12-02 (§118-54, I-123)."
    assert tap_note(connection) == said


def test_a_five_inch_building_sewer_is_connected_without_a_charge_and_the_clerk_is_told_to_bill_it(
    house: Building, staff: Any
) -> None:
    connection = do_record_connection(
        building=house, connected_on=D(2026, 11, 2), acting_user=staff.inspector, building_sewer_diameter_in=5
    )
    assert Connection.objects.get(pk=connection.pk).status == "connected"
    assert not ConnectionCharge.objects.exists()
    assert tap_note(connection) == (
        "No §118-54 connection charge billed: the Board's schedule prices no 5-inch building sewer (I-42); "
        "the clerk bills it from the parcel page (a deadline of the Town's own to bill it is open until then)."
    )
    duty = Deadline.objects.get(parcel=house.parcel, section="118-54")
    assert (duty.program, duty.kind, duty.status, duty.due_on) == ("billing", "review", "open", D(2026, 11, 2))
    assert duty.decision.outcome == "refused" and "lists no charge for a 5-inch" in duty.decision.summary


def test_a_connection_with_no_diameter_recorded_bills_nothing_and_the_clerk_owes_the_billing(
    house: Building, staff: Any
) -> None:
    connection = do_record_connection(building=house, connected_on=D(2026, 11, 2), acting_user=staff.inspector)
    assert not ConnectionCharge.objects.exists()
    assert "no building sewer diameter is recorded" in tap_note(connection)
    duty = Deadline.objects.get(parcel=house.parcel, section="118-54")
    assert duty.title == "Bill the §118-54 connection charge of House (connected 2026-11-02)"
    assert duty.decision.outcome == "unpriced" and duty.status == "open"
    # the clerk's day: the duty is the clerk's own work, overdue once the day of the tap has passed
    work = work_for(staff.clerk, dt.datetime(2026, 11, 3, 15, tzinfo=dt.UTC))
    assert work is not None and duty.title in [i.title for i in work["overdue"]]
    # the plumber's notice gives the diameter: the clerk bills it from the parcel page, and the duty is met
    charge = do_post_connection_charge(parcel=house.parcel, diameter_in="4", offered_on=D(2026, 11, 9),
                                       acting_user=staff.clerk, building=house)  # fmt: skip
    duty.refresh_from_db()
    assert (duty.status, duty.met_on) == ("met", D(2026, 11, 9)) and charge.amount == Decimal("1500.00")


def test_a_priced_tap_opens_no_duty_to_bill(house: Building, staff: Any) -> None:
    do_record_connection(building=house, connected_on=D(2026, 11, 2), acting_user=staff.superintendent,
                         building_sewer_diameter_in=4)  # fmt: skip
    assert not Deadline.objects.filter(parcel=house.parcel, section="118-54").exists()
