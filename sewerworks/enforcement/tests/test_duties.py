"""Duties the records imply: whatever path saves the record, its deadline exists, once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.core.records.bulk import announce_written
from sewerworks.enforcement.actions import do_record_connection, do_sweep
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus
from sewerworks.enforcement.duties import builtin, reconcile, untracked_duties
from sewerworks.enforcement.models import Deadline, Violation
from sewerworks.registry.models import Building, Connection, PrivateSystem, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def lot() -> Any:
    area = f.area()
    parcel = f.parcel("108.10-4-13", street_number="26", street_name="Old Post Rd", improvement_area=area)
    f.owned(parcel, "ROE RICHARD")
    return parcel


def septic(parcel: Any, building: Any = None, **kw: Any) -> PrivateSystem:
    return PrivateSystem.objects.create(parcel=parcel, building=building, kind="septic_tank", **kw)


def abandonment(parcel: Any) -> Deadline:
    return Deadline.objects.get(parcel=parcel, kind=DeadlineKind.ABANDON)


def test_a_connection_recorded_by_the_action_opens_the_abandonment_deadline_as_the_person(lot, staff) -> None:
    house = f.building(lot, connected_on=None)
    septic(lot, house)
    do_record_connection(building=house, connected_on=D(2026, 3, 2), acting_user=staff.inspector)
    d = abandonment(lot)
    # connected 2026-03-02 + 90 days = Sunday 2026-05-31 → Monday 2026-06-01 (I-20); no Notice to Connect
    assert d.due_on == D(2026, 6, 1) and d.section == "118-5" and d.duty == "abandon-private-system"
    assert d.officer == staff.inspector and d.history.first().history_user == staff.inspector
    assert d.decision.topic == "connection-deadlines" and d.private_system is not None


def test_a_connection_saved_directly_as_a_form_or_the_api_would_opens_it_too(lot) -> None:
    house = Building.objects.create(parcel=lot, use="residential")
    septic(lot, house)
    assert not Deadline.objects.exists()
    Connection.objects.create(building=house, status="connected", connected_on=D(2026, 9, 21))
    d = abandonment(lot)
    assert d.due_on == D(2026, 12, 21)  # 2026-12-20 is a Sunday (I-20)
    assert d.officer is None and d.history.first().history_user is None  # the system opened it


def test_a_system_recorded_after_the_connection_is_caught_when_it_is_saved(lot) -> None:
    f.building(lot, connected_on=D(2026, 3, 2))
    assert not Deadline.objects.exists()
    septic(lot)
    assert abandonment(lot).due_on == D(2026, 6, 1)


def test_rows_written_in_bulk_open_their_deadlines_when_the_path_announces_them(lot) -> None:
    house = Building.objects.bulk_create([Building(parcel=lot, use="residential")])[0]
    Connection.objects.bulk_create([Connection(building=house, status="connected", connected_on=D(2026, 3, 2))])
    PrivateSystem.objects.bulk_create([PrivateSystem(parcel=lot, building=house, kind="cesspool")])
    assert not Deadline.objects.exists()  # bulk_create sends no post_save
    announce_written(Connection, [house.connection.pk])
    assert abandonment(lot).due_on == D(2026, 6, 1)
    announce_written(PrivateSystem)  # again, for the whole table: nothing new
    assert Deadline.objects.count() == 1


@pytest.mark.parametrize(
    ("system", "connected_on", "expected"),
    [
        ({}, D(2026, 3, 2), 1),
        ({"vehicle_wash_only": True}, D(2026, 3, 2), 0),  # §118-6: a car wash keeps its wash-water system
        ({"status": "abandoned", "abandoned_on": D(2026, 2, 1)}, D(2026, 3, 2), 0),
        ({}, None, 0),  # not connected: no 90-day clock
        ({}, D(2000, 7, 24), 1),  # the day L.L. No. 2-2000 took effect
        ({}, D(2000, 7, 23), 0),  # before the law in force: no deadline under this text
    ],
)
def test_which_connections_owe_an_abandonment(lot, system: dict, connected_on: Any, expected: int) -> None:
    house = f.building(lot, connected_on=None)
    septic(lot, house, **system)
    if connected_on:
        Connection.objects.filter(building=house).update(status="connected", connected_on=connected_on)
        reconcile()
    assert Deadline.objects.filter(kind=DeadlineKind.ABANDON).count() == expected


def test_the_sweep_reopens_a_duty_deleted_behind_its_back_once(lot) -> None:
    house = f.building(lot, connected_on=None)
    septic(lot, house)
    Connection.objects.filter(building=house).update(status="connected", connected_on=D(2026, 9, 21))
    reconcile()
    Deadline.objects.all().delete()
    assert [rule.name for rule, _ in untracked_duties()] == ["abandon-private-system"]
    first = do_sweep(D(2026, 11, 1))
    assert first.changes.get("duties_opened") == 1 and abandonment(lot).due_on == D(2026, 12, 21)
    second = do_sweep(D(2026, 11, 1))
    assert "duties_opened" not in second.changes and Deadline.objects.count() == 1


def test_a_missed_abandonment_duty_becomes_the_violation_at_the_next_sweep(lot) -> None:
    house = f.building(lot, connected_on=None)
    septic(lot, house)
    Connection.objects.filter(building=house).update(status="connected", connected_on=D(2026, 3, 2))
    run = do_sweep(D(2026, 6, 2))  # reconciliation first, then the passed deadline is handled
    assert run.changes["duties_opened"] == 1 and run.changes["violations_opened"] == 1
    violation = Violation.objects.get()
    assert violation.section == "118-5" and violation.source_deadline == abandonment(lot)


# --- §118-38: a preexisting food service facility connected without an interceptor (I-35, I-51) ------------


@pytest.mark.parametrize(
    ("established_on", "connected_on", "due"),
    [
        (D(1985, 6, 1), D(2026, 3, 2), D(2026, 4, 1)),
        (D(2000, 7, 24), D(2026, 5, 1), D(2026, 6, 1)),  # established on the day: preexisting; May 31 a Sunday
        (D(2000, 7, 25), D(2026, 3, 2), None),  # established after: new construction (I-35)
        (D(1985, 6, 1), D(1999, 3, 2), None),  # connected before §118-38 was law
        (None, D(2026, 3, 2), None),  # unknown establishment: not known to be preexisting
    ],
)
def test_a_preexisting_restaurant_connected_installs_an_interceptor_within_30_days(
    lot, established_on: Any, connected_on: dt.date, due: Any
) -> None:
    f.building(lot, use="food_service", seats=64, established_on=established_on, connected_on=connected_on)
    found = Deadline.objects.filter(kind=DeadlineKind.INSTALL_INTERCEPTOR)
    assert [d.due_on for d in found] == ([due] if due else [])
    if due:
        d = found.get()
        assert d.section == "118-38" and d.subject.use == "food_service" and d.parcel == lot
        assert "I-51" in d.decision.decision["interpretations"]


def test_a_grease_program_that_records_interceptors_ends_the_presumption(lot, monkeypatch) -> None:
    monkeypatch.setattr(builtin, "INTERCEPTOR_ON_RECORD", [lambda qs: qs.exclude(parcel=lot)])
    f.building(lot, use="food_service", established_on=D(1985, 6, 1), connected_on=D(2026, 3, 2))
    assert not Deadline.objects.exists()


# --- §118-52: a user who must install a meter (I-27, I-52) --------------------------------------------------


@pytest.mark.parametrize(
    ("account", "due"),
    [
        ({"user_class": "commercial", "metered": False}, D(2026, 5, 1)),  # 2026-03-02 + 60 days
        ({"user_class": "residential", "metered": False, "in_water_district": False}, D(2026, 5, 1)),
        ({"user_class": "residential", "metered": False}, None),  # a household of the water district
        ({"user_class": "commercial", "metered": True}, None),
        ({"user_class": "commercial", "metered": False, "closed_on": D(2026, 4, 1)}, None),
    ],
)
def test_an_unmetered_commercial_or_own_supply_user_installs_a_meter(lot, account: dict, due: Any) -> None:
    SewerAccount.objects.create(account_number="MAR-000187", parcel=lot, opened_on=D(2026, 3, 2), **account)
    found = Deadline.objects.filter(kind=DeadlineKind.INSTALL_METER)
    assert [d.due_on for d in found] == ([due] if due else [])
    if due:
        d = found.get()
        assert d.subject.account_number == "MAR-000187" and d.program == "billing" and d.section == "118-52"


def test_a_met_duty_stays_tracked_and_is_not_opened_again(lot) -> None:
    SewerAccount.objects.create(
        account_number="MAR-9", parcel=lot, user_class="commercial", metered=False, opened_on=D(2026, 3, 2)
    )
    Deadline.objects.update(status=DeadlineStatus.MET, met_on=D(2026, 4, 1))
    assert reconcile() == 0 and untracked_duties() == []


def test_the_dashboard_counts_the_duties_the_last_sweep_opened(lot, client_as) -> None:
    house = f.building(lot, connected_on=None)
    septic(lot, house)
    Connection.objects.filter(building=house).update(status="connected", connected_on=D(2026, 9, 21))
    do_sweep(D(2026, 11, 1))
    page = client_as("superintendent").get("/")
    assert page.status_code == 200
    assert b"Duties opened by reconciliation" in page.content and b"<strong>1</strong>" in page.content
