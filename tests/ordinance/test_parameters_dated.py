"""Values in force on a day; Town Board resolutions recorded on site override packaged values."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.parameters import ParameterError, Reference, SiteValue, load_jurisdiction

RESOLUTION = Reference(
    kind="resolution", instrument="Resolution 2026-14", adopted=date(2026, 1, 5), section="118-52"
)


@dataclass
class BoardResolutions:
    values: list[SiteValue]
    name: str = "board-resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        return self.values


def _rate(effective: date, value: Any, key: str = "charges.rate_per_gallon") -> BoardResolutions:
    return BoardResolutions([SiteValue(key=key, effective=effective, value=value, reference=RESOLUTION)])


def test_the_minimum_charge_is_10_dollars_from_the_2000_amendment_and_unknown_before() -> None:
    params = load_jurisdiction()
    assert params.at(date(2000, 7, 24))["charges.minimum_charge"] == Decimal("10.00")
    with pytest.raises(KeyError, match="no value in force on 2000-07-23"):
        params.at(date(2000, 7, 23))["charges.minimum_charge"]


def test_an_unknown_key_is_a_clear_key_error() -> None:
    with pytest.raises(KeyError, match="no parameter 'charges.nothing' in jurisdiction marlborough-ny"):
        load_jurisdiction().at(date(2026, 1, 1))["charges.nothing"]


def test_a_view_records_what_a_rule_read_with_value_unit_date_and_reference() -> None:
    view = load_jurisdiction().at(date(2026, 1, 1))
    view["connection.abandonment_fine.later_rate"]
    view["trench.max_width_by_diameter"]
    view["connection.abandonment_fine.later_rate"]
    uses = view.uses()
    assert [u.key for u in uses] == ["connection.abandonment_fine.later_rate", "trench.max_width_by_diameter"]
    assert uses[0].value == "25.00" and uses[0].unit == "USD/day" and uses[0].effective == date(2000, 7, 24)
    assert uses[0].reference == {
        "kind": "local_law",
        "section": "118-5",
        "instrument": "L.L. No. 2-2000",
        "adopted": "2000-07-24",
    }
    assert uses[1].value == {"8": 39, "10": 42, "12": 45}
    assert view.interpretations() == ["I-21", "I-23", "I-39"]


def test_a_site_resolution_overrides_the_packaged_rate_from_its_effective_date_on() -> None:
    params = load_jurisdiction(sources=[_rate(date(2026, 2, 1), Decimal("0.0045"))])
    assert params.at(date(2026, 1, 31))["charges.rate_per_gallon"] == Decimal("0.003")
    assert params.at(date(2026, 2, 1))["charges.rate_per_gallon"] == Decimal("0.0045")
    view = params.at(date(2026, 3, 1))
    view["charges.rate_per_gallon"]
    assert view.uses()[0].source == "site"
    assert view.uses()[0].reference["instrument"] == "Resolution 2026-14"
    history = params.parameter("charges.rate_per_gallon").values
    assert [(v.effective, v.source) for v in history] == [
        (date(2000, 7, 24), "package"),
        (date(2026, 2, 1), "site"),
    ]


def test_on_the_same_date_the_site_value_wins() -> None:
    params = load_jurisdiction(sources=[_rate(date(2000, 7, 24), "0.002")])
    assert params.at(date(2000, 7, 24))["charges.rate_per_gallon"] == Decimal("0.002")


def test_site_values_do_not_change_the_cached_packaged_parameters() -> None:
    load_jurisdiction(sources=[_rate(date(2026, 2, 1), "0.009")])
    assert load_jurisdiction().at(date(2026, 3, 1))["charges.rate_per_gallon"] == Decimal("0.003")


def test_a_site_value_for_an_unknown_key_names_the_source_and_key() -> None:
    expected = "site source board-resolutions: charges.bogus: 2026-02-01: no such"
    with pytest.raises(ParameterError, match=expected):
        load_jurisdiction(sources=[_rate(date(2026, 2, 1), "1.00", key="charges.bogus")])


@pytest.mark.parametrize("value", [0.0045, 1])
def test_a_site_money_value_as_float_or_int_is_float_money(value: object) -> None:
    with pytest.raises(ParameterError, match="board-resolutions: charges.rate_per_gallon: .*float money"):
        load_jurisdiction(sources=[_rate(date(2026, 2, 1), value)])


def test_a_site_value_of_the_wrong_unit_is_refused() -> None:
    with pytest.raises(ParameterError, match="board-resolutions: manholes.max_spacing: .*not a number"):
        load_jurisdiction(sources=[_rate(date(2026, 2, 1), "four hundred", key="manholes.max_spacing")])


def test_for_section_lists_the_parameters_citing_it_for_the_ordinance_browser() -> None:
    params = load_jurisdiction()
    assert {p.key for p in params.for_section("§ 118-5")} == {
        "connection.days_after_notice",
        "connection.abandonment_days_after_connection",
        "connection.abandonment_fine.first_period_days",
        "connection.abandonment_fine.first_period_rate",
        "connection.abandonment_fine.later_rate",
        "connection.sewer_available_distance",
    }
    assert [p.key for p in params.for_section("118-29.1")] == [
        "contract_users.adjoining_tolerance",
        "contract_users.max_distance",
    ]
    assert params.for_section("118-44") == []


def test_a_day_before_a_parameter_took_effect_raises_not_in_force() -> None:
    from sewerworks.ordinance.parameters import NotInForce

    view = load_jurisdiction().at(date(1901, 1, 1))
    with pytest.raises(NotInForce, match="no value in force on 1901-01-01"):
        view["exfiltration.max_section_length"]
