"""A bad value already recorded on site is set aside and reported; a rule that would read it is refused,
every other one still runs; a value a resolution set says so ("set by Resolution N of DATE")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.parameters import (
    NotInForce,
    ParameterError,
    Reference,
    SiteValue,
    check_site_value,
    load_jurisdiction,
)

RATE = "connection.abandonment_fine.first_period_rate"
DISTANCE = "connection.sewer_available_distance"
RESOLUTION = Reference(kind="resolution", instrument="Resolution 2027-14", adopted=date(2027, 3, 10), section="118-5")


@dataclass
class Recorded:
    values: list[SiteValue]
    name: str = "recorded resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        return self.values


def _site(key: str, effective: date, value: Any) -> SiteValue:
    return SiteValue(key=key, effective=effective, value=value, reference=RESOLUTION)


def test_a_float_money_value_set_aside_is_reported_and_refused_only_from_its_date() -> None:
    source = Recorded([_site(RATE, date(2027, 4, 1), 12.5), _site(DISTANCE, date(2027, 4, 1), 150)])
    params = load_jurisdiction(sources=[source], lenient=True)
    assert len(params.problems) == 1 and RATE in params.problems[0] and "float money" in params.problems[0]
    assert params.at(date(2027, 3, 31))[RATE] == Decimal("10.00")  # before the bad value's date: the law as packaged
    with pytest.raises(ParameterError, match=rf"{RATE}.*2027-04-01.*refused.*float money"):
        params.at(date(2027, 4, 1))[RATE]
    assert params.at(date(2027, 4, 1))[DISTANCE] == 150  # the good value of the same resolution applies
    with pytest.raises(NotInForce):  # code that copes with a value not yet in force copes with this too
        params.at(date(2027, 4, 1))[RATE]


def test_a_later_good_value_takes_over_from_a_refused_one() -> None:
    source = Recorded([_site(RATE, date(2027, 4, 1), "twelve"), _site(RATE, date(2027, 6, 1), "12.00")])
    params = load_jurisdiction(sources=[source], lenient=True)
    with pytest.raises(ParameterError, match="not an amount of money"):
        params.at(date(2027, 5, 31))[RATE]
    assert params.at(date(2027, 6, 1))[RATE] == Decimal("12.00")


def test_an_unknown_key_recorded_is_reported_and_harms_nothing() -> None:
    params = load_jurisdiction(sources=[Recorded([_site("charges.bogus", date(2027, 4, 1), "1.00")])], lenient=True)
    assert params.problems == (
        "site source recorded resolutions: charges.bogus: 2027-04-01: no such parameter in jurisdiction marlborough-ny",
    )
    assert params.at(date(2027, 5, 1))[RATE] == Decimal("10.00")


def test_strict_loading_still_refuses_the_first_bad_value() -> None:
    with pytest.raises(ParameterError, match=f"{RATE}: 2027-04-01: float money"):
        load_jurisdiction(sources=[Recorded([_site(RATE, date(2027, 4, 1), 12.5)])])


def test_one_value_can_be_checked_before_it_is_stored() -> None:
    packaged = load_jurisdiction()
    assert check_site_value(packaged, _site(RATE, date(2027, 4, 1), "12.00"), "form").value == Decimal("12.00")
    with pytest.raises(ParameterError, match=rf"form: {DISTANCE}: 2027-04-01: 'far' is not a number \(unit ft\)"):
        check_site_value(packaged, _site(DISTANCE, date(2027, 4, 1), "far"), "form")


def test_a_table_sent_with_text_keys_is_keyed_by_diameter_like_the_packaged_one() -> None:
    site = _site("trench.max_width_by_diameter", date(2027, 4, 1), {"8": 40, "10": 43, "12": 46})
    assert check_site_value(load_jurisdiction(), site, "api").value == {8: 40, 10: 43, 12: 46}


def test_a_value_read_from_a_recorded_resolution_says_which_set_it() -> None:
    params = load_jurisdiction(sources=[Recorded([_site(DISTANCE, date(2027, 4, 1), 150)])])
    before, after = params.at(date(2027, 3, 31)), params.at(date(2027, 4, 1))
    before[DISTANCE], after[DISTANCE]
    assert before.uses()[0].set_by is None
    assert after.uses()[0].set_by == "set by Resolution 2027-14 of 2027-03-10"


def test_a_site_value_must_have_the_shape_of_the_parameter() -> None:
    packaged = load_jurisdiction()
    with pytest.raises(
        ParameterError, match=f"{DISTANCE}: 2027-04-01: a table given where the parameter takes a single"
    ):
        check_site_value(packaged, _site(DISTANCE, date(2027, 4, 1), {"a": 150}), "form")
    with pytest.raises(ParameterError, match="a single value given where the parameter takes a table"):
        check_site_value(packaged, _site("trench.max_width_by_diameter", date(2027, 4, 1), 40), "form")
