"""The dated-parameter loader refuses bad files, each for its own reason, naming file, key and date."""

from __future__ import annotations

import textwrap
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from sewerworks.ordinance.parameters import ParameterError, ParameterSet, load_jurisdiction

KEY = r"exfiltration\.max_section_length"
FILE_KEY = rf"exfiltration\.yaml: {KEY}"
GOOD = """
exfiltration.max_section_length:
  description: Longest section of sewer tested by exfiltration at one time.
  unit: ft
  interpretations: [I-41]
  values:
    1970-01-01:
      value: 100
      reference: {kind: section, section: "118-34", note: "In force before 1985-05-20 (I-08)."}
"""
REFERENCE = '{kind: section, section: "118-34", note: "In force before 1985-05-20 (I-08)."}'


def _load(tmp_path: Path, *files: tuple[str, str]) -> ParameterSet:
    folder = tmp_path / "testtown-ny"
    folder.mkdir(exist_ok=True)
    for name, text in files:
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return load_jurisdiction("testtown-ny", root=tmp_path)


def _money(value: str, unit: str = "USD") -> str:
    return f"""
    charges.minimum_charge:
      description: Minimum charge.
      unit: {unit}
      values:
        2000-07-24:
          value: {value}
          reference: {{kind: local_law, instrument: "L.L. No. 2-2000", adopted: 2000-07-24}}
    """


def test_a_well_formed_file_loads(tmp_path: Path) -> None:
    params = _load(tmp_path, ("exfiltration.yaml", GOOD))
    assert params.at(date(2026, 1, 1))["exfiltration.max_section_length"] == 100


def test_quoted_money_is_a_decimal(tmp_path: Path) -> None:
    params = _load(tmp_path, ("billing.yaml", _money('"10.00"')))
    value = params.at(date(2026, 1, 1))["charges.minimum_charge"]
    assert value == Decimal("10.00") and isinstance(value, Decimal)


@pytest.mark.parametrize("value", ["10.00", "10", "0.003"])
def test_unquoted_money_is_refused_as_float_money(tmp_path: Path, value: str) -> None:
    expected = r"billing\.yaml: charges\.minimum_charge: 2000-07-24: float money"
    with pytest.raises(ParameterError, match=expected):
        _load(tmp_path, ("billing.yaml", _money(value)))


def test_money_inside_a_table_is_checked_too(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="float money"):
        _load(tmp_path, ("billing.yaml", _money('{4: "500.00", 6: 750}')))


def test_text_that_is_not_an_amount_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="not an amount of money"):
        _load(tmp_path, ("billing.yaml", _money('"ten dollars"')))


def test_a_duplicate_top_level_key_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match=rf"exfiltration\.yaml: duplicate key '{KEY}' \(line 11\)"):
        _load(tmp_path, ("exfiltration.yaml", GOOD + GOOD))


def test_a_duplicate_effective_date_is_refused(tmp_path: Path) -> None:
    text = (
        GOOD
        + """    1970-01-01:
      value: 120
      reference: {kind: section, section: "118-34"}
"""
    )
    with pytest.raises(ParameterError, match=r"exfiltration\.yaml: duplicate key '1970-01-01'"):
        _load(tmp_path, ("exfiltration.yaml", text))


def test_a_duplicate_key_deep_inside_a_reference_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace(REFERENCE, '{kind: section, section: "118-34", section: "118-33"}')
    with pytest.raises(ParameterError, match="duplicate key 'section'"):
        _load(tmp_path, ("exfiltration.yaml", text))


def test_a_value_without_a_reference_is_refused(tmp_path: Path) -> None:
    text = "\n".join(line for line in GOOD.splitlines() if "reference:" not in line)
    with pytest.raises(ParameterError, match=rf"{KEY}: 1970-01-01: value without a reference"):
        _load(tmp_path, ("exfiltration.yaml", text))


@pytest.mark.parametrize(
    ("reference", "missing"),
    [
        ("{kind: section}", "section"),
        ('{kind: local_law, instrument: "L.L. No. 2-2000"}', "adopted"),
        ("{kind: local_law, adopted: 2000-07-24}", "instrument"),
        ("{kind: resolution, adopted: 2026-01-05}", "instrument"),
        ('{kind: illustrative, section: "118-52"}', "note"),
        ("{kind: interpretation}", "interpretation"),
    ],
)
def test_a_reference_missing_a_field_its_kind_requires_is_refused(
    tmp_path: Path, reference: str, missing: str
) -> None:
    text = GOOD.replace(REFERENCE, reference)
    with pytest.raises(ParameterError, match=rf"1970-01-01: a \w+ reference needs {missing}"):
        _load(tmp_path, ("exfiltration.yaml", text))


def test_an_unknown_reference_kind_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace("kind: section,", "kind: rumour,")
    with pytest.raises(ParameterError, match="unknown reference kind 'rumour'"):
        _load(tmp_path, ("exfiltration.yaml", text))


def test_a_reference_to_a_section_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('section: "118-34"', 'section: "118-99"')
    with pytest.raises(ParameterError, match="Chapter 118 has no § 118-99"):
        _load(tmp_path, ("exfiltration.yaml", text))


def test_an_unknown_unit_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match=rf"{KEY}: unknown unit 'furlong'"):
        _load(tmp_path, ("exfiltration.yaml", GOOD.replace("unit: ft", "unit: furlong")))


@pytest.mark.parametrize("effective", ["2000-13-01", "someday", "2000-02-30", "20000101"])
def test_an_unparseable_effective_date_is_refused(tmp_path: Path, effective: str) -> None:
    with pytest.raises(ParameterError, match=rf"{KEY}: effective date '?{effective}'? is not a date"):
        _load(tmp_path, ("exfiltration.yaml", GOOD.replace("1970-01-01:", f"{effective}:")))


def test_a_missing_description_is_refused(tmp_path: Path) -> None:
    text = "\n".join(line for line in GOOD.splitlines() if "description:" not in line)
    with pytest.raises(ParameterError, match=rf"{FILE_KEY}: missing description"):
        _load(tmp_path, ("exfiltration.yaml", text))


def test_the_same_key_in_two_files_of_one_jurisdiction_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match=rf"b\.yaml: {KEY}: duplicate parameter key.*a\.yaml"):
        _load(tmp_path, ("a.yaml", GOOD), ("b.yaml", GOOD))


def test_an_unknown_interpretation_id_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="unknown interpretation id"):
        _load(tmp_path, ("exfiltration.yaml", GOOD.replace("[I-41]", "[I-999]")))


def test_an_unknown_field_is_refused_so_typos_do_not_pass_silently(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="unknown field"):
        _load(tmp_path, ("exfiltration.yaml", GOOD.replace("  unit: ft\n", "  unit: ft\n  units: ft\n")))


def test_a_number_where_a_flag_belongs_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="not true or false"):
        _load(tmp_path, ("exfiltration.yaml", GOOD.replace("unit: ft", "unit: bool")))


def test_text_where_a_number_belongs_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="is not a number"):
        _load(tmp_path, ("exfiltration.yaml", GOOD.replace("value: 100", 'value: "100"')))


def test_invalid_yaml_is_refused_with_the_file_name(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match=r"broken\.yaml: not valid YAML"):
        _load(tmp_path, ("broken.yaml", "a: [1, 2\n"))


def test_a_missing_jurisdiction_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="no parameter folder"):
        load_jurisdiction("atlantis", root=tmp_path)


def test_packaged_loading_is_cached_per_jurisdiction_and_root(tmp_path: Path) -> None:
    assert load_jurisdiction() is load_jurisdiction("marlborough-ny")
    first = _load(tmp_path, ("exfiltration.yaml", GOOD))
    assert load_jurisdiction("testtown-ny", root=tmp_path) is first
