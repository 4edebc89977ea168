"""The registry's actions: each change checks the role, validates, and leaves its history; meter reads are
recorded all or nothing with one audit record."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.core.models import AuditEvent
from sewerworks.registry import actions, reads
from sewerworks.registry.models import Building, MeterRead, Owner, Ownership, Parcel, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db

D = dt.date


@pytest.fixture
def clerk(make_user: Any) -> Any:
    return make_user("clerk")


@pytest.fixture
def meter() -> WaterMeter:
    return f.account_with_meter(f.parcel(improvement_area=f.area()))  # 6 dials, installed 2015-03-01


# --- Editable records ------------------------------------------------------------------------------------

def test_a_clerk_adds_a_parcel_and_its_history_names_the_clerk(clerk: Any) -> None:
    area = f.area()
    parcel = actions.do_save_parcel(None, {
        "tax_map_number": "108.12-3-46", "street_number": "14", "street_name": "Main St",
        "improvement_area": area.pk, "land_use_class": "210", "polygon": f.square(f.X0, f.Y0, 80),
        "discharge_point": f"POINT ({f.X0 + 40} {f.Y0})",
    }, acting_user=clerk, reason="New subdivision lot")
    assert parcel.improvement_area == area and parcel.address == "14 Main St"
    record = parcel.history.get()
    assert record.history_user == clerk
    assert record.history_change_reason == "New subdivision lot"


def test_changing_a_parcel_keeps_the_old_address_in_history(clerk: Any) -> None:
    parcel = f.parcel()
    actions.do_save_parcel(parcel, {"street_number": "16"}, acting_user=clerk, reason="Renumbered by 911 office")
    parcel.refresh_from_db()
    assert parcel.street_number == "16"
    latest, earlier = parcel.history.all()[:2]
    assert (latest.street_number, earlier.street_number) == ("16", "12")
    assert latest.history_user == clerk and latest.history_change_reason == "Renumbered by 911 office"


@pytest.mark.parametrize("role", ["board member", "inspector", "town engineer", "water superintendent"])
def test_roles_that_do_not_keep_parcels_are_refused_by_name(make_user: Any, role: str) -> None:
    parcel = f.parcel()
    with pytest.raises(PermissionDenied, match=r"only the clerk, the Sewer Superintendent .*registry.change_parcel"):
        actions.do_save_parcel(parcel, {"street_number": "99"}, acting_user=make_user(role))
    with pytest.raises(PermissionDenied, match="registry.add_owner"):
        actions.do_save_owner(None, {"name": "DOE JANE"}, acting_user=make_user(role))
    parcel.refresh_from_db()
    assert parcel.street_number == "12" and parcel.history.count() == 1


@pytest.mark.parametrize(("data", "field"), [
    ({"tax_map_number": ""}, "tax_map_number"),
    ({"polygon": "POLYGON ((0 0, 1 1"}, "polygon"),  # not WKT
    ({"polygon": "POINT (640000 1010000)"}, "polygon"),  # a point is not a parcel boundary
    ({"discharge_point": "POINT (1e300 0)"}, "discharge_point"),  # not EPSG:2260 feet
    ({"improvement_area": 999_999}, "improvement_area"),  # no such area
    ({"improvement_area": 10**30}, "improvement_area"),  # not an id at all
    ({"street_name": "Main\x00St"}, "street_name"),
    ({"no_such_field": 1}, "no_such_field"),
])
def test_a_bad_value_is_refused_naming_the_field_and_nothing_is_written(clerk: Any, data: dict, field: str) -> None:
    parcel = f.parcel()
    with pytest.raises(ValidationError) as refused:
        actions.do_save_parcel(parcel, data, acting_user=clerk)
    assert field in refused.value.message_dict
    parcel.refresh_from_db()
    assert parcel.history.count() == 1 and parcel.street_name == "Main St"


def test_a_duplicate_tax_map_number_is_refused(clerk: Any) -> None:
    f.parcel("108.12-3-45")
    with pytest.raises(ValidationError) as refused:
        actions.do_save_parcel(None, {"tax_map_number": "108.12-3-45"}, acting_user=clerk)
    assert "tax_map_number" in refused.value.message_dict
    assert Parcel.objects.count() == 1


def test_whole_numbers_are_held_to_the_column_every_database_has(clerk: Any) -> None:
    parcel = f.parcel()
    for units in (-1, 32768):  # a PositiveSmallIntegerField: 0..32767 on PostgreSQL, whatever SQLite says
        with pytest.raises(ValidationError) as refused:
            actions.do_save_building(None, {"parcel": parcel, "dwelling_units": units}, acting_user=clerk)
        assert "dwelling_units" in refused.value.message_dict
    building = actions.do_save_building(None, {"parcel": parcel, "dwelling_units": 32767}, acting_user=clerk)
    assert Building.objects.get().dwelling_units == 32767 == building.dwelling_units


def test_an_account_and_an_owner_are_saved_with_history(clerk: Any) -> None:
    parcel = f.parcel()
    account = actions.do_save_account(None, {"account_number": "MAR-000200", "parcel": parcel}, acting_user=clerk)
    owner = actions.do_save_owner(None, {"name": "Doe, Jane", "city": "Milton"}, acting_user=clerk)
    assert SewerAccount.objects.get().history.get().history_user == clerk
    assert owner.name_search == "doe jane" and Owner.objects.get().history.get().history_user == clerk
    assert account.parcel == parcel


def test_meter_reads_cannot_be_edited_as_records(clerk: Any, meter: WaterMeter) -> None:
    read = MeterRead.objects.create(meter=meter, read_on=D(2026, 1, 5), reading=1000)
    with pytest.raises(ValidationError, match="append-only"):
        actions.do_update_record(read, {"reading": 900}, acting_user=clerk)
    with pytest.raises(ValidationError, match="do_record_meter_reads"):
        actions.do_create_record("meterread", {"meter": meter, "reading": 1}, acting_user=clerk)


def test_the_meter_form_cannot_certify_a_meter(clerk: Any, meter: WaterMeter) -> None:
    with pytest.raises(ValidationError, match="118-25"):
        actions.do_save_meter(meter, {"certified_on": D(2026, 1, 1)}, acting_user=clerk)
    with pytest.raises(ValidationError) as refused:
        actions.do_save_meter(meter, {"dials": 40}, acting_user=clerk)
    assert "dials" in refused.value.message_dict


# --- Ownership ------------------------------------------------------------------------------------------

def test_a_transfer_ends_the_current_ownership_the_day_before(clerk: Any) -> None:
    parcel = f.parcel()
    seller = f.owned(parcel, "SMITH JOHN", start=D(2010, 5, 1))
    buyer = Owner.objects.create(name="DOE JANE")
    new = actions.do_transfer_ownership(parcel, buyer, D(2026, 3, 2), acting_user=clerk)
    old = Ownership.objects.get(owner=seller)
    assert (old.start, old.end) == (D(2010, 5, 1), D(2026, 3, 1))
    assert (new.owner, new.start, new.end) == (buyer, D(2026, 3, 2), None)
    assert old.history.first().history_user == clerk and new.history.get().history_user == clerk


def test_a_transfer_on_or_before_the_current_owners_start_is_refused(clerk: Any) -> None:
    parcel = f.parcel()
    f.owned(parcel, start=D(2010, 5, 1))
    buyer = Owner.objects.create(name="DOE JANE")
    with pytest.raises(ValidationError, match="since 2010-05-01"):
        actions.do_transfer_ownership(parcel, buyer, D(2010, 5, 1), acting_user=clerk)
    assert Ownership.objects.count() == 1 and Ownership.objects.get().end is None
    actions.do_transfer_ownership(parcel, buyer, D(2010, 5, 2), acting_user=clerk)  # the day after is fine
    assert Ownership.objects.get(owner=buyer).start == D(2010, 5, 2)


def test_a_transfer_to_the_current_owner_and_by_a_board_member_are_refused(make_user: Any, clerk: Any) -> None:
    parcel = f.parcel()
    owner = f.owned(parcel)
    with pytest.raises(ValidationError, match="already owns"):
        actions.do_transfer_ownership(parcel, owner, D(2026, 1, 1), acting_user=clerk)
    with pytest.raises(PermissionDenied):
        actions.do_transfer_ownership(parcel, Owner.objects.create(name="X"), D(2026, 1, 1),
                                      acting_user=make_user("board member"))
    assert Ownership.objects.count() == 1


# --- §118-25 certification ------------------------------------------------------------------------------

def test_the_water_superintendent_certifies_an_installed_meter(make_user: Any, meter: WaterMeter) -> None:
    walt = make_user("water superintendent")
    walt.first_name, walt.last_name = "Walt", "Water"
    walt.save()
    actions.do_certify_meter(meter, D(2015, 3, 1), acting_user=walt)
    meter.refresh_from_db()
    assert (meter.certified_on, meter.certified_by) == (D(2015, 3, 1), "Walt Water")
    assert meter.history.first().history_user == walt


@pytest.mark.parametrize("role", ["clerk", "superintendent", "inspector", "board member"])
def test_only_the_water_superintendent_certifies(make_user: Any, meter: WaterMeter, role: str) -> None:
    with pytest.raises(PermissionDenied, match="Water Superintendent"):
        actions.do_certify_meter(meter, D(2016, 1, 1), acting_user=make_user(role))
    meter.refresh_from_db()
    assert meter.certified_on is None


def test_a_meter_is_certified_only_once_installed_and_not_in_the_future(make_user: Any, meter: WaterMeter) -> None:
    walt = make_user("water superintendent")
    with pytest.raises(ValidationError, match="installed before"):
        actions.do_certify_meter(meter, D(2015, 2, 28), acting_user=walt)  # the day before installation
    with pytest.raises(ValidationError, match="future"):
        actions.do_certify_meter(meter, dt.date.today() + dt.timedelta(days=1), acting_user=walt)
    meter.defective_since = D(2020, 1, 1)
    meter.save()
    with pytest.raises(ValidationError, match="defective"):
        actions.do_certify_meter(meter, D(2020, 1, 1), acting_user=walt)
    assert WaterMeter.objects.get().certified_on is None


# --- Meter reads ----------------------------------------------------------------------------------------

def _read(meter: WaterMeter, on: dt.date, reading: int, **kw: Any) -> dict[str, Any]:
    return {"meter": meter.serial, "read_on": on.isoformat(), "reading": reading, **kw}


def _seed(meter: WaterMeter, on: dt.date, reading: int) -> MeterRead:
    return MeterRead.objects.create(meter=meter, read_on=on, reading=reading)


def test_a_batch_of_reads_is_written_with_one_audit_event(make_user: Any, meter: WaterMeter) -> None:
    walt = make_user("water superintendent")
    other = f.account_with_meter(f.parcel("108.12-3-47", dx=300), number="MAR-000124", serial="WM0002")
    batch = reads.do_record_meter_reads(
        [_read(meter, D(2026, 1, 5), 1200), _read(meter, D(2026, 7, 6), 16800), {"meter": other.pk,
         "read_on": D(2026, 1, 5), "reading": 50}], acting_user=walt, run="wd-2026-07")
    assert batch.count == 3 and MeterRead.objects.filter(run="wd-2026-07", created_by=walt).count() == 3
    event = AuditEvent.objects.get()
    assert (event.actor, event.action, event.run, event.rows) == (walt, "do_record_meter_reads", "wd-2026-07", 3)
    assert event == batch.audit_event and event.detail["first"] == "2026-01-05"


def test_a_lower_read_is_a_rollover_when_the_usage_it_means_is_plausible(clerk: Any, meter: WaterMeter) -> None:
    _seed(meter, D(2026, 1, 5), 995_000)
    # 999,999 -> 0 on a 6-dial register: 995,000 to 2,000 means 7,000 gallons used.
    reads.do_record_meter_reads([_read(meter, D(2026, 7, 6), 2_000)], acting_user=clerk, run="r1")
    assert MeterRead.objects.filter(run="r1").get().reading == 2_000


@pytest.mark.parametrize(("reading", "accepted"), [(50_000, True), (50_001, False)])
def test_the_rollover_limit_is_a_tenth_of_the_register(clerk: Any, meter: WaterMeter, reading: int,
                                                       accepted: bool) -> None:
    """From 950,000, a read of 50,000 means exactly 100,000 gallons (a tenth of 10^6): a rollover.
    50,001 would mean 100,001: more than a tenth, so a misread until someone looks."""
    _seed(meter, D(2026, 1, 5), 950_000)
    if accepted:
        reads.do_record_meter_reads([_read(meter, D(2026, 7, 6), reading)], acting_user=clerk)
        assert MeterRead.objects.count() == 2
    else:
        with pytest.raises(reads.RowErrors, match="100,001 gal used"):
            reads.do_record_meter_reads([_read(meter, D(2026, 7, 6), reading)], acting_user=clerk)
        assert MeterRead.objects.count() == 1


def test_a_lower_read_after_a_read_dated_before_any_rollover_rule_is_held_for_a_person() -> None:
    """Found by schemathesis: a previous read in the year 1056 made the rule's parameter lookup a 500."""
    problem = reads.rollover_problem(500_000, D(1056, 1, 1), 1_000, dials=6)
    assert problem is not None and "before any rollover rule was in force" in problem


def test_the_rollover_rule_reads_the_meters_dials() -> None:
    assert reads.rollover_problem(9_990, D(2026, 1, 5), 500, dials=4) is None  # 510 gallons on 10^4
    assert reads.rollover_problem(9_990, D(2026, 1, 5), 500, dials=6) is not None  # 990,510 on 10^6
    assert reads.rollover_problem(100, D(2026, 1, 5), 100, dials=6) is None  # no water used


def test_an_implausible_decrease_is_a_row_error_naming_the_previous_read(clerk: Any, meter: WaterMeter) -> None:
    _seed(meter, D(2026, 1, 5), 500_000)
    with pytest.raises(reads.RowErrors) as refused:
        reads.do_record_meter_reads([_read(meter, D(2026, 7, 6), 499_990)], acting_user=clerk)
    (error,) = refused.value.rows
    assert (error.row, error.field) == (0, "reading")
    assert "500,000 on 2026-01-05" in error.message and "999,990" in error.message
    assert MeterRead.objects.count() == 1 and not AuditEvent.objects.exists()


def test_a_read_higher_than_a_later_one_is_refused(clerk: Any, meter: WaterMeter) -> None:
    _seed(meter, D(2026, 1, 5), 1_000)
    _seed(meter, D(2026, 7, 6), 9_000)
    with pytest.raises(reads.RowErrors, match="later read of 9,000 on 2026-07-06"):
        reads.do_record_meter_reads([_read(meter, D(2026, 4, 1), 200_000)], acting_user=clerk)
    reads.do_record_meter_reads([_read(meter, D(2026, 4, 1), 5_000)], acting_user=clerk)  # in between: fine
    assert MeterRead.objects.count() == 3


def test_a_duplicate_read_is_refused_in_the_database_and_in_the_batch(clerk: Any, meter: WaterMeter) -> None:
    _seed(meter, D(2026, 1, 5), 1_000)
    with pytest.raises(reads.RowErrors) as refused:
        reads.do_record_meter_reads(
            [_read(meter, D(2026, 1, 5), 1_000), _read(meter, D(2026, 7, 6), 2_000),
             _read(meter, D(2026, 7, 6), 2_000)], acting_user=clerk)
    assert [(e.row, e.field) for e in refused.value.rows] == [(0, "read_on"), (2, "read_on")]
    assert "already has a water_district read on 2026-01-05" in refused.value.rows[0].message
    # The same day from another source is a different read.
    reads.do_record_meter_reads([_read(meter, D(2026, 1, 5), 1_000, source="manual")], acting_user=clerk)
    assert MeterRead.objects.count() == 2


def test_one_bad_row_and_nothing_is_written(clerk: Any, meter: WaterMeter) -> None:
    rows = [_read(meter, D(2026, 1, 5), 1_000), _read(meter, D(2026, 7, 6), 10**6),  # 7 digits on 6 dials
            {"meter": "NO-SUCH", "read_on": "2026-07-06", "reading": 5}, _read(meter, D(2026, 8, 1), -3),
            _read(meter, D(2026, 8, 2), "twelve"), {"meter": meter.serial, "read_on": "2026-02-30", "reading": 1},
            _read(meter, D(2014, 1, 1), 1), _read(meter, D(2026, 9, 1), 1, source="guess")]
    with pytest.raises(reads.RowErrors) as refused:
        reads.do_record_meter_reads(rows, acting_user=clerk, run="bad")
    by_row = {e.row: e for e in refused.value.rows}
    assert sorted(by_row) == [1, 2, 3, 4, 5, 6, 7]
    assert "6-dial register" in by_row[1].message and "NO-SUCH" in by_row[2].message
    assert by_row[3].field == "reading" and by_row[5].field == "read_on"
    assert "installed" in by_row[6].message and by_row[7].field == "source"
    assert not MeterRead.objects.exists() and not AuditEvent.objects.exists()


def test_reads_in_the_future_and_by_the_wrong_role_are_refused(make_user: Any, meter: WaterMeter) -> None:
    with pytest.raises(reads.RowErrors, match="future"):
        reads.do_record_meter_reads([_read(meter, dt.date.today() + dt.timedelta(days=2), 1)],
                                      acting_user=make_user("clerk"))
    for role in ("inspector", "board member", "town engineer"):
        with pytest.raises(PermissionDenied, match="registry.add_meterread"):
            reads.do_record_meter_reads([_read(meter, D(2026, 1, 5), 1)], acting_user=make_user(role))
    assert not MeterRead.objects.exists()


def test_estimates_are_recorded_but_never_compared_against(clerk: Any, meter: WaterMeter) -> None:
    _seed(meter, D(2026, 1, 5), 1_000)
    reads.do_record_meter_reads([_read(meter, D(2026, 4, 1), 400_000, source="estimate")], acting_user=clerk)
    # An over-estimate does not block the next real read.
    reads.do_record_meter_reads([_read(meter, D(2026, 7, 6), 9_000)], acting_user=clerk)
    assert MeterRead.objects.count() == 3


# --- The staff UI's forms hand the actions clean data ---------------------------------------------------

def test_a_parcel_form_validates_and_the_action_saves_it(clerk: Any) -> None:
    from sewerworks.registry.forms import ParcelForm

    area = f.area()
    form = ParcelForm(data={"tax_map_number": " 108.12-3-60 ", "street_number": "30", "street_name": "Main St",
                            "improvement_area": area.pk, "land_use_class": "210",
                            "polygon": f.square(f.X0, f.Y0, 50), "discharge_point": f"POINT ({f.X0} {f.Y0})"})
    assert form.is_valid(), form.errors
    parcel = actions.do_save_parcel(None, form.cleaned_data, acting_user=clerk)
    assert parcel.tax_map_number == "108.12-3-60" and parcel.history.get().history_user == clerk


@pytest.mark.parametrize(("field", "value", "message"), [
    ("polygon", "POLYGON ((0 0, 1 1", "Not valid WKT"),
    ("polygon", "LINESTRING (640000 1010000, 640100 1010000)", "Expected a Polygon"),
    ("discharge_point", f"POLYGON (({f.X0} {f.Y0}, {f.X0 + 1} {f.Y0}, {f.X0} {f.Y0 + 1}, {f.X0} {f.Y0}))",
     "Expected a Point"),
    ("land_use_class", "abc", "three digits"),
])
def test_a_parcel_form_refuses_bad_geometry_and_class(field: str, value: str, message: str) -> None:
    from sewerworks.registry.forms import ParcelForm

    data = {"tax_map_number": "108.12-3-61", field: value}
    form = ParcelForm(data=data)
    assert not form.is_valid()
    assert any(message in e for e in form.errors[field]), form.errors


def test_building_and_meter_forms_hold_numbers_and_dates_to_sense() -> None:
    from sewerworks.registry.forms import BuildingForm, WaterMeterForm

    building = BuildingForm(data={"use": "residential", "dwelling_units": 40000})
    assert not building.is_valid() and "dwelling_units" in building.errors
    meter = WaterMeterForm(data={"serial": " wm9 ", "size_in": "1.00", "dials": 6, "unit": "gal",
                                 "installed_on": "2020-05-01", "removed_on": "2020-04-30"})
    assert not meter.is_valid() and "removed_on" in meter.errors
    assert meter.cleaned_data["serial"] == "WM9"
    assert "certified_on" not in WaterMeterForm().fields  # certification is the Water Superintendent's step


def test_a_serial_with_a_nul_or_too_long_is_a_row_error_not_a_database_error(make_user) -> None:
    """PostgreSQL refuses NUL in text: the batch names the row instead (found by schemathesis)."""
    clerk = make_user("clerk")
    for serial in ("WM\x001234", "W" * 200):
        with pytest.raises(reads.RowErrors) as caught:
            reads.do_record_meter_reads([{"meter": serial, "read_on": "2026-07-06", "reading": 1}], acting_user=clerk)
        assert [(e.row, e.field) for e in caught.value.rows] == [(0, "meter")]
    with pytest.raises(ValidationError, match="NUL"):
        reads.do_record_meter_reads([{"meter": "WM1", "read_on": "2026-07-06", "reading": 1}], acting_user=clerk,
                                    run="r\x00")
