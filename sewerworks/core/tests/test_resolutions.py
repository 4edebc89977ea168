"""A Board resolution recorded after installation overrides the packaged value from its effective date;
every value goes through the parameter loader before anything is stored."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.core.determinations.run import RecordedValueRefused, run_determination
from sewerworks.core.models import AuditEvent, BoardResolution, ParameterOverride
from sewerworks.core.parameters import current_parameters
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

KEY = "connection.abandonment_fine.first_period_rate"
DISTANCE = "connection.sewer_available_distance"
ADOPTED, EFFECTIVE = dt.date(2027, 3, 10), dt.date(2027, 4, 1)
PARCEL_120_FT = {"use": "other", "distance_to_public_sewer_ft": 120}


def record(user: Any, *values: ProposedValue, instrument: str = "Resolution 2027-14") -> BoardResolution:
    return do_record_resolution(
        instrument=instrument,
        adopted_on=ADOPTED,
        effective_on=EFFECTIVE,
        title="Fines and availability",
        values=list(values),
        acting_user=user,
    )


def refusal(user: Any, *values: ProposedValue) -> str:
    with pytest.raises(ValidationError) as caught:
        record(user, *values)
    assert not BoardResolution.objects.exists() and not ParameterOverride.objects.exists()
    return " | ".join(m % (e.params or {}) for e in caught.value.error_dict["values"] for m in e.messages)


@pytest.mark.django_db
def test_a_recorded_resolution_applies_from_its_effective_date_only(make_user: Any) -> None:
    clerk = make_user("clerk")
    resolution = record(clerk, ProposedValue(KEY, "12.00"), ProposedValue(DISTANCE, 150))
    params = current_parameters()
    assert params.at(EFFECTIVE - dt.timedelta(days=1))[KEY] == Decimal("10.00")
    assert params.at(EFFECTIVE)[KEY] == Decimal("12.00")
    assert params.at(EFFECTIVE)[DISTANCE] == 150
    stored = {v.key: (v.value, v.section) for v in resolution.values.all()}
    assert stored == {KEY: ("12.00", "118-5"), DISTANCE: (150, "118-5")}  # section from the parameter
    event = AuditEvent.objects.get(action="do_record_resolution")
    assert event.actor == clerk and event.subject == "Resolution 2027-14" and event.rows == 2
    assert resolution.history.first().history_user == clerk
    assert ParameterOverride.history.filter(history_user=clerk).count() == 2


@pytest.mark.django_db
def test_a_determination_changes_from_the_effective_date_and_names_the_resolution(make_user: Any) -> None:
    record(make_user("clerk"), ProposedValue(DISTANCE, 150))
    before = run_determination("private-system", PARCEL_120_FT, as_of=EFFECTIVE - dt.timedelta(days=1))
    after = run_determination("private-system", PARCEL_120_FT, as_of=EFFECTIVE)
    assert before.outcome != after.outcome
    read_before = next(p for p in before.parameters if p.key == DISTANCE)
    read_after = next(p for p in after.parameters if p.key == DISTANCE)
    assert read_before.set_by is None and read_before.value == 100
    assert read_after.set_by == "set by Resolution 2027-14 of 2027-03-10" and read_after.value == 150


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (ProposedValue(KEY, 12.5), f"{KEY}: 2027-04-01: float money: 12.5 in USD/day must be a quoted string"),
        (ProposedValue(KEY, 12), f"{KEY}: 2027-04-01: float money"),
        (ProposedValue("connection.bogus_rate", "1.00"), "connection.bogus_rate: no such parameter"),
        (ProposedValue(DISTANCE, "far"), f"{DISTANCE}: 2027-04-01: 'far' is not a number (unit ft)"),
        (ProposedValue("deadlines.weekend_holiday_shift", 1), "1 is not true or false (unit bool)"),
        (ProposedValue(DISTANCE, 150, section="118-99"), f"{DISTANCE}: reference cites"),
        (ProposedValue(DISTANCE, []), f"{DISTANCE}: 2027-04-01: an empty list has no values"),
        (
            ProposedValue(DISTANCE, [150, 200]),
            f"{DISTANCE}: 2027-04-01: a list given where the parameter takes a single",
        ),
        (ProposedValue("building_sewer.approved_materials", "a\x00b"), "contains a NUL character"),
    ],
)
def test_a_value_the_loader_refuses_is_refused_naming_the_key_and_nothing_is_stored(
    make_user: Any, value: ProposedValue, reason: str
) -> None:
    message = refusal(make_user("clerk"), ProposedValue("enforcement.default_correction_days", 21), value)
    assert reason in message


@pytest.mark.django_db
def test_a_second_value_for_the_same_key_and_date_is_refused(make_user: Any) -> None:
    clerk = make_user("clerk")
    message = refusal(clerk, ProposedValue(DISTANCE, 150), ProposedValue(DISTANCE, 200))
    assert f"{DISTANCE}: a value from 2027-04-01 is already recorded" in message
    record(clerk, ProposedValue(DISTANCE, 150))
    with pytest.raises(ValidationError, match=f"{DISTANCE}: a value from 2027-04-01 is already recorded"):
        record(clerk, ProposedValue(DISTANCE, 200), instrument="Resolution 2027-15")
    record(clerk, ProposedValue(DISTANCE, 200, effective=dt.date(2027, 5, 1)), instrument="Resolution 2027-16")
    assert current_parameters().at(dt.date(2027, 5, 1))[DISTANCE] == 200


@pytest.mark.django_db
def test_the_resolution_itself_must_be_whole_and_new(make_user: Any) -> None:
    clerk = make_user("clerk")
    with pytest.raises(ValidationError) as caught:
        do_record_resolution(
            instrument=" ", adopted_on=ADOPTED, effective_on=EFFECTIVE, title="", values=[], acting_user=clerk
        )
    assert set(caught.value.error_dict) == {"instrument", "title"}
    record(clerk, ProposedValue(DISTANCE, 150))
    with pytest.raises(ValidationError, match="Resolution 2027-14 is already recorded"):
        record(clerk, ProposedValue(KEY, "11.00"))


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["board member", "superintendent", "inspector", ""])
def test_only_the_clerk_records_a_resolution(make_user: Any, role: str) -> None:
    with pytest.raises(PermissionDenied, match="core.record_resolution"):
        record(make_user(role) if role else make_user(), ProposedValue(DISTANCE, 150))
    assert not BoardResolution.objects.exists()


@pytest.mark.django_db
def test_a_bad_value_stored_behind_the_actions_back_is_reported_not_a_crash_of_every_determination() -> None:
    resolution = BoardResolution.objects.create(instrument="Resolution 2027-15", adopted_on=ADOPTED, title="Bad")
    ParameterOverride.objects.create(resolution=resolution, key=KEY, effective=EFFECTIVE, value=12.5)
    params = current_parameters()
    assert len(params.problems) == 1 and f"{KEY}: 2027-04-01: float money" in params.problems[0]
    # A topic that never reads the bad value still runs, before and after its date ...
    assert run_determination("private-system", PARCEL_120_FT, as_of=EFFECTIVE).outcome
    # ... the fine before the bad value's date is the law as packaged; from its date it is refused, with why.
    fine = {"notified_on": "2027-03-01", "corrected_on": "2027-03-20"}
    assert run_determination("abandonment-fine", fine, as_of=dt.date(2027, 3, 25)).amounts
    with pytest.raises(RecordedValueRefused, match=f"{KEY}.*refused.*float money"):
        run_determination("abandonment-fine", {"notified_on": "2027-04-01"}, as_of=dt.date(2027, 4, 20))


@pytest.mark.django_db
def test_text_the_database_cannot_keep_is_refused_naming_the_field(make_user: Any) -> None:
    with pytest.raises(ValidationError) as caught:
        record(make_user("clerk"), ProposedValue(DISTANCE, 150), instrument="Resolution\x00 1" + "9" * 130)
    assert caught.value.message_dict == {"instrument": ["Contains a NUL character."]}
    with pytest.raises(ValidationError, match="At most 120 characters"):
        record(make_user("clerk"), ProposedValue(DISTANCE, 150), instrument="R" * 121)


@pytest.mark.django_db
def test_a_stored_value_citing_a_section_that_does_not_exist_is_set_aside_too() -> None:
    resolution = BoardResolution.objects.create(instrument="Resolution 2027-16", adopted_on=ADOPTED, title="Typo")
    ParameterOverride.objects.create(
        resolution=resolution, key=DISTANCE, effective=EFFECTIVE, value=150, section="118-99"
    )
    [problem] = current_parameters().problems
    assert f"{DISTANCE}: 2027-04-01: Resolution 2027-16: reference cites" in problem and "118-99" in problem
    assert run_determination("abandonment-fine", {"notified_on": "2027-04-01"}, as_of=dt.date(2027, 4, 20)).amounts
    with pytest.raises(RecordedValueRefused, match=DISTANCE):
        run_determination("private-system", PARCEL_120_FT, as_of=EFFECTIVE)


@pytest.mark.django_db
def test_the_dashboard_and_the_resolutions_screen_report_a_value_set_aside(client_as: Any) -> None:
    resolution = BoardResolution.objects.create(instrument="Resolution 2027-15", adopted_on=ADOPTED, title="Bad")
    ParameterOverride.objects.create(resolution=resolution, key=KEY, effective=EFFECTIVE, value=12.5)
    client = client_as("board member")
    assert "1 recorded resolution value set aside" in client.get("/").content.decode()
    listing = client.get("/resolutions/").content.decode()
    assert f"{KEY}: 2027-04-01: float money" in listing
    detail = client.get(f"/resolutions/{resolution.pk}/").content.decode()
    assert "Set aside" in detail and "$10 per day" in detail  # the value before it still stands


def test_a_resolution_that_approves_without_setting_a_parameter_is_recorded(make_user) -> None:
    clerk = make_user("clerk")
    record = do_record_resolution(
        instrument="Resolution 2026-41", adopted_on=ADOPTED, effective_on=ADOPTED,
        title="Contract user agreement approved", values=[], acting_user=clerk,
    )  # fmt: skip
    assert record.values.count() == 0 and BoardResolution.objects.filter(instrument="Resolution 2026-41").exists()
