"""The Marlborough seed values read as the law prints them, with proper references (I-08)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from sewerworks.ordinance.chapter import section
from sewerworks.ordinance.interpretations import INTERPRETATIONS
from sewerworks.ordinance.parameters import is_money, load_jurisdiction

TODAY = date(2026, 6, 1)
UNAMENDED = "In force before 1985-05-20; original adoption date unknown (I-08)."


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("exfiltration.leakage_rate", 100),
        ("exfiltration.manhole_allowance", Decimal("4.5")),
        ("exfiltration.max_section_length", 100),
        ("exfiltration.min_test_period", 2),
        ("exfiltration.min_fill_period", 24),
        ("exfiltration.min_head", 5),
        ("trench.max_width_by_diameter", {8: 39, 10: 42, 12: 45}),
        ("trench.min_concrete_encasement", 6),
        ("trench.min_bedding", 3),
        ("manholes.max_spacing", 400),
        ("building_sewer.min_diameter", 4),
        ("building_sewer.min_slope_4in", Decimal("0.125")),
        ("building_sewer.max_slope_4in", Decimal("0.5")),
        ("building_sewer.ductile_iron_near_water_service", 10),
        ("building_sewer.bearing_wall_clearance", 3),
        ("building_sewer.bend_cleanout_threshold", Decimal("11.25")),
        ("deadlines.weekend_holiday_shift", True),
        ("connection.days_after_notice", 180),
        ("connection.abandonment_days_after_connection", 90),
        ("connection.abandonment_fine.first_period_rate", Decimal("10.00")),
        ("connection.abandonment_fine.later_rate", Decimal("25.00")),
        ("penalties.max_fine_per_violation", Decimal("500.00")),
        ("charges.minimum_charge", Decimal("10.00")),
        ("charges.minimum_charge_gallons", 5000),
        ("charges.rate_per_gallon", Decimal("0.003")),
        ("charges.late_penalty_rate", 10),
        ("contract_users.definition_distance", 200),
        ("contract_users.max_distance", 400),
        ("grease.min_capacity", 1000),
        ("grease.large_facility_seats", 150),
        ("grease.large_facility_min_capacity", 2000),
        ("grease.interior_trap_capacity", 100),
        ("grease.pump_out_fill", 80),
        ("grease.pump_out_order_hours", 72),
        ("grease.new_construction_after", date(2000, 7, 24)),
    ],
)
def test_seed_value_in_force_today(key: str, expected: object) -> None:
    assert load_jurisdiction().at(TODAY)[key] == expected


def test_every_reference_cites_a_section_that_exists_and_a_known_interpretation() -> None:
    for parameter in load_jurisdiction():
        assert set(parameter.interpretations) <= set(INTERPRETATIONS), parameter.key
        for dated in parameter.values:
            ref = dated.reference
            if ref.section is not None:
                assert section(ref.section).number == ref.section
            if ref.interpretation is not None:
                assert ref.interpretation in INTERPRETATIONS


def test_money_is_decimal_everywhere_in_the_seed_data() -> None:
    for parameter in load_jurisdiction():
        if is_money(parameter.unit):
            for dated in parameter.values:
                leaves = dated.value.values() if isinstance(dated.value, dict) else [dated.value]
                assert all(isinstance(leaf, Decimal) for leaf in leaves), parameter.key


def test_effective_dates_follow_i_08() -> None:
    """A value is dated by the latest amendment printed under its section, or 1970-01-01 with a note."""
    for parameter in load_jurisdiction():
        for dated in parameter.values:
            ref = dated.reference
            if ref.kind in ("section",) and ref.section is not None:
                latest = section(ref.section).latest_amendment
                assert latest is None, f"{parameter.key}: § {ref.section} was amended {latest}"
                assert dated.effective == date(1970, 1, 1) and ref.note == UNAMENDED, parameter.key
            if ref.kind in ("local_law", "resolution"):
                assert ref.adopted == dated.effective, parameter.key


def test_the_illustrative_rate_says_so() -> None:
    rate = load_jurisdiction().parameter("charges.rate_per_gallon").values[0].reference
    assert rate.kind == "illustrative" and rate.note is not None and "I-08" in rate.note


def test_the_contract_user_definition_distance_dates_from_the_1996_local_law() -> None:
    ref = load_jurisdiction().parameter("contract_users.definition_distance").values[0]
    assert ref.effective == date(1996, 4, 22)
    assert ref.reference.instrument == "L.L. No. 5-1996"
