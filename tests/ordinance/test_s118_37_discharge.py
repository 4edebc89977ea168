"""§118-37 discharge limits, row by row and on both sides of every threshold (I-30 to I-34, I-70 to I-73).

Every row of the toxic table, for both its limits: at the limit complies, 0.001 mg/L above exceeds, and the
same given in µg/L. A value equal to its limit complies (I-31)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import load_jurisdiction
from sewerworks.ordinance.registry import FactsError, determine
from sewerworks.ordinance.s118_37_limits import TOXIC_ROWS, in_limit_unit, same_kind

AS_OF = date(2026, 5, 1)
VIEW = load_jurisdiction().at(AS_OF)
TABLE = VIEW.table("discharge.toxic_limits")
COLUMN = {"24_hour": "twenty_four_hour", "30_day": "thirty_day"}
ROWS = [(row, basis) for row in TOXIC_ROWS for basis in COLUMN]
MILLI = Decimal("0.001")


def _judge(parameter: str, value: Decimal | str, unit: str = "mg/L", *, kind: str = "average",
           basis: str | None = "24_hour", **facts: Any) -> Decision:  # fmt: skip
    result = {"parameter": parameter, "value": str(value), "unit": unit}
    return determine("discharge-sample", {"kind": kind, "basis": basis, "results": [result], **facts}, as_of=AS_OF)


def _limit(row: str, basis: str) -> Decimal:
    return Decimal(TABLE[row][COLUMN[basis]])


def test_the_table_has_every_row_of_the_ordinance_with_both_limits() -> None:
    assert len(TOXIC_ROWS) == 19
    assert set(TABLE) == {*TOXIC_ROWS, "fluorides_fresh_water", "fluorides_saline_water"}
    assert (_limit("copper", "30_day"), _limit("copper", "24_hour")) == (Decimal("0.8"), Decimal("1.6"))
    assert (_limit("available_chlorine", "30_day"), _limit("available_chlorine", "24_hour")) == (50, 50)


@pytest.mark.parametrize(("row", "basis"), ROWS, ids=[f"{r}-{b}" for r, b in ROWS])
def test_every_toxic_row_complies_at_its_limit_and_exceeds_0_001_mg_l_above(row: str, basis: str) -> None:
    limit = _limit(row, basis)
    at = _judge(row, limit, basis=basis)
    above = _judge(row, limit + MILLI, basis=basis)
    assert at.outcome == "complies", at.summary
    assert above.outcome == "exceeds", above.summary
    finding = above.failed[0]
    assert finding.section == "118-37"
    assert finding.compared["limit"] == format(limit.normalize(), "f")
    assert finding.compared["value"] == format((limit + MILLI).normalize(), "f")
    assert finding.compared["unit"] == "mg/L"
    assert finding.compared["basis"] == {"24_hour": "24-hour average", "30_day": "30-day average"}[basis]


@pytest.mark.parametrize(("row", "basis"), ROWS, ids=[f"{r}-{b}" for r, b in ROWS])
def test_every_toxic_row_given_in_micrograms_per_litre_converts_exactly(row: str, basis: str) -> None:
    micrograms = _limit(row, basis) * 1000
    assert _judge(row, micrograms, "ug/L", basis=basis).outcome == "complies"
    above = _judge(row, micrograms + 1, "ug/L", basis=basis)
    assert above.outcome == "exceeds"
    assert above.failed[0].compared["reported"] == f"{format((micrograms + 1).normalize(), 'f')} ug/L"


def test_the_failing_finding_names_the_table_row_the_basis_the_limit_and_the_value() -> None:
    d = _judge("copper", "1601", "ug/L", kind="composite", basis=None)
    assert d.failed[0].sentence == "Copper, 24-hour average: 1.601 mg/L exceeds the limit of 1.6 mg/L."


def test_a_grab_alone_is_not_judged_against_the_toxic_table_but_in_its_day_s_average() -> None:
    d = _judge("copper", "5", kind="grab", basis=None)
    assert (d.outcome, d.findings) == ("complies", [])


@pytest.mark.parametrize(
    ("value", "unit", "outcome"),
    [("150", "degF", "complies"), ("150.01", "degF", "exceeds"), ("65.55", "degC", "complies"),
     ("65.56", "degC", "exceeds")],
)  # fmt: skip
def test_temperature_150_f_is_allowed_and_above_is_not_and_celsius_converts(
    value: str, unit: str, outcome: str
) -> None:
    d = _judge("temperature", value, unit, kind="grab", basis=None)
    assert d.finding("temperature").severity == ("complies" if outcome == "complies" else "fails")
    assert (d.outcome == "exceeds") == (outcome == "exceeds")


def test_65_56_c_is_150_008_f() -> None:
    d = _judge("temperature", "65.56", "degC", kind="grab", basis=None)
    assert d.finding("temperature").compared["value"] == "150.008"


def test_heat_above_40_c_within_150_f_is_the_town_engineer_s_judgement() -> None:
    warm = _judge("temperature", "120", "degF", kind="grab", basis=None)
    assert warm.outcome == "needs-review"
    assert warm.finding("treatment-plant-temperature").decided_by == "Town Engineer"
    assert "I-70" in warm.interpretations
    assert _judge("temperature", "104", "degF", kind="grab", basis=None).outcome == "complies"


@pytest.mark.parametrize(("ph", "outcome"), [("6.0", "complies"), ("9.0", "complies"), ("5.99", "exceeds"),
                                             ("9.01", "exceeds")])  # fmt: skip
def test_ph_6_0_to_9_0_inclusive(ph: str, outcome: str) -> None:
    for kind in ("grab", "composite"):
        assert _judge("ph", ph, "pH", kind=kind, basis=None).outcome == outcome


def test_fluoride_to_fresh_water_with_and_without_fluoridation() -> None:
    fluoridated = {"receiving_water": "fresh", "supply_fluoridated": True}
    unfluoridated = {"receiving_water": "fresh", "supply_fluoridated": False}
    assert _judge("fluorides", "8.0", **fluoridated).outcome == "complies"
    assert _judge("fluorides", "8.001", **fluoridated).outcome == "exceeds"
    assert _judge("fluorides", "12.0", **unfluoridated).outcome == "complies"
    over = _judge("fluorides", "12.001", **unfluoridated)
    assert over.outcome == "exceeds"
    assert "× 1.5" in over.failed[0].sentence
    assert _judge("fluorides", "6.001", basis="30_day", **unfluoridated).outcome == "exceeds"
    assert _judge("fluorides", "6.0", basis="30_day", **unfluoridated).outcome == "complies"


def test_by_default_the_supply_is_fluoridated_and_the_water_fresh() -> None:
    assert _judge("fluorides", "8.001").outcome == "exceeds"
    assert _judge("fluorides", "8.0").outcome == "complies"


def test_the_1_5_factor_never_applies_to_saline_water() -> None:
    saline = {"receiving_water": "saline", "supply_fluoridated": False}
    assert _judge("fluorides", "72.0", **saline).outcome == "complies"
    assert _judge("fluorides", "72.001", **saline).outcome == "exceeds"


@pytest.mark.parametrize(
    ("parameter", "value", "outcome"),
    [("suspended_solids", "1325", "complies"), ("suspended_solids", "1326", "exceeds"), ("bod", "1100", "complies"),
     ("bod", "1101", "exceeds")],
)  # fmt: skip
def test_slug_loads_on_a_grab(parameter: str, value: str, outcome: str) -> None:
    d = _judge(parameter, value, kind="grab", basis=None)
    assert d.finding(f"slug-{parameter}").severity == ("complies" if outcome == "complies" else "fails")
    assert d.outcome == outcome


def test_slug_loads_on_a_continuous_reading_of_15_minutes_or_less_only() -> None:
    assert _judge("bod", "1101", kind="continuous", basis=None, minutes=15).outcome == "exceeds"
    sixteen = _judge("bod", "1101", kind="continuous", basis=None, minutes=16)
    assert sixteen.outcome == "complies"
    assert not any(f.requirement.startswith("slug") for f in sixteen.findings)


def test_a_composite_is_not_a_slug_load_but_its_bod_goes_to_review() -> None:
    d = _judge("bod", "1101", kind="composite", basis=None)
    assert not any(f.requirement.startswith("slug") for f in d.findings)
    assert d.outcome == "review-required"


@pytest.mark.parametrize(("gpm", "outcome"), [("1000", "complies"), ("1000.1", "exceeds")])
def test_1000_gallons_per_minute(gpm: str, outcome: str) -> None:
    assert _judge("flow_rate", gpm, "gal/min", kind="continuous", basis=None).outcome == outcome


def test_more_than_1000_gpm_is_allowed_by_special_permit() -> None:
    d = _judge("flow_rate", "1200", "gal/min", kind="continuous", basis=None, flow_special_permit=True)
    assert d.outcome == "complies"
    assert "special permit" in d.finding("flow-rate").sentence


@pytest.mark.parametrize(
    ("parameter", "at", "above"),
    [("bod", "300", "301"), ("suspended_solids", "350", "350.001"), ("chlorine_demand", "15", "15.001")],
)
def test_the_118_39_thresholds_on_24_hour_averages_are_a_review_never_a_violation(
    parameter: str, at: str, above: str
) -> None:
    assert _judge(parameter, at).outcome == "complies"
    over = _judge(parameter, above)
    assert over.outcome == "review-required"
    assert over.failed == []
    assert over.finding(f"review-{parameter}").decided_by == "Town Engineer"
    assert over.finding(f"review-{parameter}").section == "118-39"


def test_emulsified_oil_and_grease_50_mg_l_on_24_hour_averages() -> None:
    assert _judge("emulsified_oil_grease", "50").outcome == "complies"
    assert _judge("emulsified_oil_grease", "50.001").outcome == "exceeds"
    assert "I-30" in _judge("emulsified_oil_grease", "50.001").interpretations


def test_a_special_agreement_replaces_the_limit_of_the_parameter_it_names() -> None:
    agreement = [{"parameter": "bod", "limit": "1000", "resolution": "Resolution 2026-07"}]
    within = _judge("bod", "1000", special_agreements=agreement)
    assert within.outcome == "complies"
    assert within.finding("review-bod").section == "118-43"
    assert "I-71" in within.interpretations
    assert _judge("bod", "1000.5", special_agreements=agreement).outcome == "review-required"


def test_a_non_detect_counts_as_zero_and_is_shown_as_a_non_detect() -> None:
    facts = {"kind": "composite", "results": [{"parameter": "cadmium", "value": "5", "unit": "ug/L",
                                               "qualifier": "<", "detection_limit": "5"}]}  # fmt: skip
    d = determine("discharge-sample", facts, as_of=AS_OF)
    finding = d.findings[0]
    assert (d.outcome, finding.compared["value"], finding.compared["non_detect"]) == ("complies", "0", True)
    assert "not detected" in finding.sentence


def test_a_non_detect_with_a_detection_limit_above_the_limit_cannot_show_compliance() -> None:
    facts = {"kind": "composite", "results": [{"parameter": "cadmium", "value": "1", "unit": "mg/L",
                                               "qualifier": "<", "detection_limit": "1"}]}  # fmt: skip
    d = determine("discharge-sample", facts, as_of=AS_OF)
    assert d.outcome == "needs-review"
    assert "I-72" in d.interpretations


def test_a_result_in_a_unit_of_another_kind_is_refused_naming_the_field() -> None:
    with pytest.raises(FactsError, match="Temperature is measured in degF, degC, not mg/L"):
        _judge("temperature", "10", "mg/L", kind="grab", basis=None)
    with pytest.raises(FactsError, match="unknown parameter 'kryptonite'"):
        _judge("kryptonite", "1")


def test_an_average_must_say_its_basis() -> None:
    with pytest.raises(FactsError, match="an average must give its basis"):
        _judge("copper", "1", basis=None)


def test_units_convert_exactly_and_pint_checks_only_the_kind() -> None:
    assert in_limit_unit(Decimal("801"), "ug/L", "copper") == Decimal("0.801")
    assert in_limit_unit(Decimal("65.55"), "degC", "temperature") == Decimal("149.99")
    assert same_kind("ug/L", "mg/L") and same_kind("degC", "degF")
    assert not same_kind("degC", "mg/L") and not same_kind("pH", "mg/L")
