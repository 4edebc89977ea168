"""The vocabulary the programs need: µg/L, °C and ft/ft, adopted standards, and readings I-46 to I-50."""

from __future__ import annotations

import textwrap
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from sewerworks.ordinance.interpretations import title
from sewerworks.ordinance.parameters import ParameterError, Reference, load_jurisdiction
from sewerworks.ordinance.parameters.units import UNITS, ConversionError, convert, normalise


def _file(tmp_path: Path, unit: str, value: str, reference: str) -> Path:
    folder = tmp_path / "testtown-ny"
    folder.mkdir(exist_ok=True)
    text = f"""
    limits.thing:
      description: A limit.
      unit: {unit}
      values:
        2026-01-01:
          value: {value}
          reference: {reference}
    """
    (folder / "limits.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return tmp_path


SECTION = '{kind: section, section: "118-37"}'


@pytest.mark.parametrize(("unit", "value"), [("ug/L", "0.5"), ("degC", "65.56"), ("ft/ft", "0.0104")])
def test_the_new_units_load_as_exact_decimals(tmp_path: Path, unit: str, value: str) -> None:
    params = load_jurisdiction("testtown-ny", root=_file(tmp_path, unit, value, SECTION))
    assert params.at(date(2026, 1, 1))["limits.thing"] == Decimal(value)
    assert unit in UNITS


def test_micrograms_per_litre_become_milligrams_per_litre_exactly() -> None:
    # I-30 reads ppm as mg/L; I-31 converts a result to the limit's unit and keeps it exact.
    assert convert(Decimal("250"), "ug/L", "mg/L") == Decimal("0.25")
    assert convert(Decimal("0.1"), "ug/L", "mg/L") == Decimal("0.0001")
    assert convert(1, "mg/L", "ug/L") == Decimal(1000)
    assert convert(convert(Decimal("7.3"), "mg/L", "ug/L"), "ug/L", "mg/L") == Decimal("7.3")


def test_degrees_celsius_are_a_temperature_on_the_thermometer_not_a_difference() -> None:
    assert convert(Decimal(0), "degC", "degF") == Decimal(32)
    assert convert(Decimal(100), "degC", "degF") == Decimal(212)
    # I-34: the "65º C." of §118-37 is a rounded 150 °F; 65.56 °C is just above it.
    assert convert(Decimal("65.56"), "degC", "degF") == Decimal("150.008")


def test_a_slope_in_feet_per_foot_is_a_plain_ratio() -> None:
    assert convert(Decimal("0.01"), "ft/ft", "percent") == Decimal("1.00")
    assert convert(Decimal("2"), "percent", "ft/ft") == Decimal("0.02")


def test_no_inexact_or_unknown_conversion_is_made() -> None:
    with pytest.raises(ConversionError, match="no exact conversion from degF to degC"):
        convert(Decimal(212), "degF", "degC")
    with pytest.raises(ConversionError, match="not an exact number"):
        convert(0.5, "ug/L", "mg/L")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown unit 'ug/m3'"):
        convert(Decimal(1), "ug/m3", "mg/L")


def test_a_temperature_in_celsius_must_be_a_number() -> None:
    with pytest.raises(ValueError, match=r"not a number \(unit degC\)"):
        normalise("warm", "degC")


def test_a_standard_reference_names_its_instrument_and_edition(tmp_path: Path) -> None:
    ref = '{kind: standard, section: "118-29", instrument: "Ten States Standards", edition: "2014"}'
    params = load_jurisdiction("testtown-ny", root=_file(tmp_path, "text", "the standard", ref))
    reference = params.parameter("limits.thing").values[0].reference
    assert reference.kind == "standard" and reference.edition == "2014"
    assert reference.to_dict() == {
        "kind": "standard",
        "section": "118-29",
        "instrument": "Ten States Standards",
        "edition": "2014",
    }


@pytest.mark.parametrize(
    ("reference", "missing"),
    [
        ('{kind: standard, section: "118-29", instrument: "Ten States Standards"}', "edition"),
        ('{kind: standard, section: "118-29", edition: "2014"}', "instrument"),
        ('{kind: standard, instrument: "40 CFR 403", edition: "  "}', "edition"),
    ],
)
def test_a_standard_without_its_instrument_or_edition_is_refused(tmp_path: Path, reference: str, missing: str) -> None:
    with pytest.raises(ParameterError, match=rf"limits\.thing: 2026-01-01: a standard reference needs {missing}"):
        load_jurisdiction("testtown-ny", root=_file(tmp_path, "text", "x", reference))


def test_the_chapter_adopts_two_standards_each_with_its_edition() -> None:
    params = load_jurisdiction()
    design = params.parameter("design.recommended_standards").values[-1].reference
    assert (design.kind, design.section) == ("standard", "118-29")
    assert "Recommended Standards for Sewage Works" in (design.instrument or "") and design.edition
    federal = params.parameter("pretreatment.federal_regulations").values[-1].reference
    assert (federal.kind, federal.section, federal.instrument) == ("standard", "118-45", "40 CFR Part 403")
    assert sorted(p.key for p in params.for_section("118-29")) == [
        "design.manning_n",  # with the three below, the values design review applies from it (I-78)
        "design.min_full_flow_velocity",
        "design.min_gravity_diameter",
        "design.min_slope_by_diameter",
        "design.recommended_standards",
    ]


def test_an_edition_is_only_a_field_of_a_reference() -> None:
    assert Reference(kind="section", section="118-34", edition="1978").edition == "1978"


@pytest.mark.parametrize(
    ("key", "reading"),
    [
        ("connection.sewer_available_distance", "I-46"),
        ("enforcement.default_correction_days", "I-47"),
        ("meters.rollover_max_fraction", "I-48"),
    ],
)
def test_the_parameters_of_the_new_readings_cite_them(key: str, reading: str) -> None:
    assert reading in load_jurisdiction().parameter(key).interpretations


@pytest.mark.parametrize(("reading", "words"), [("I-46", "Available"), ("I-49", "certification"), ("I-50", "future")])
def test_readings_i_46_to_i_50_are_known(reading: str, words: str) -> None:
    assert words in title(reading)
