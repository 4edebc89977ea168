"""§118-49, 51, 52 capital cost amortization charge (I-28, I-10, I-122): taxable value × the area's rate per
$1,000, rounded half up to the cent, on the roll of the year before at the rates of 1 January."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import ParameterSet, Reference, SiteValue, load_jurisdiction
from sewerworks.ordinance.topics import FactsError, determine

RATES = Reference(kind="resolution", instrument="Resolution 2027-3", adopted=date(2026, 12, 1), section="118-52")
ON = date(2026, 12, 4)


@dataclass
class Resolutions:
    values: list[SiteValue]
    name: str = "test resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        return self.values


def resolved(*values: tuple[str, date, Any]) -> ParameterSet:
    return load_jurisdiction(sources=[Resolutions([SiteValue(k, d, v, RATES) for k, d, v in values])])


def charge(params: ParameterSet | None = None, **facts: Any) -> Decision:
    base = {"tax_year": 2027, "area": "marlborough", "roll_year": 2026, "taxable_value": "185400.00"}
    return determine("capital-charge", {**base, **facts}, as_of=ON, params=params)


def amount(decision: Decision) -> Decimal:
    return next(a.value for a in decision.amounts if a.key == "capital_charge")


def test_a_parcel_in_the_marlborough_area_pays_its_taxable_value_times_the_rate_per_thousand() -> None:
    decision = charge()
    assert decision.outcome == "charged"
    assert amount(decision) == Decimal("434.76")  # 185,400 × 2.345 / 1,000 = 434.763
    assert {"118-49", "118-51", "118-52"} >= set(decision.sections) >= {"118-52"}
    assert "I-122" in decision.interpretations


def test_an_exact_half_cent_rounds_up_never_to_even() -> None:
    assert amount(charge(taxable_value="1000.00")) == Decimal("2.35")  # exactly 2.345
    assert amount(charge(taxable_value="1000.00", area="milton")) == Decimal("3.13")  # exactly 3.125


def test_just_under_a_half_cent_rounds_down() -> None:
    assert amount(charge(taxable_value="999.99")) == Decimal("2.34")  # 2.34497655


def test_a_contract_user_is_charged_like_a_parcel_inside_its_revenue_area() -> None:
    inside = charge(area="milton", taxable_value="50000.00")
    contract = charge(area="milton", contract_user=True, taxable_value="50000.00")
    assert amount(inside) == amount(contract) == Decimal("156.25")
    assert "I-10" in contract.interpretations


def test_a_parcel_outside_both_areas_is_not_charged() -> None:
    assert charge(area=None).outcome == "not-charged"


def test_no_taxable_value_on_the_roll_is_named_never_guessed() -> None:
    decision = charge(taxable_value=None)
    assert decision.outcome == "cannot-charge"
    assert "no taxable value on the 2026 roll" in decision.summary


def test_the_tax_year_is_charged_on_the_roll_of_the_year_before() -> None:
    assert charge(roll_year=2026).outcome == "charged"
    assert charge(roll_year=2027).outcome == "cannot-charge"
    assert charge(roll_year=2025).outcome == "cannot-charge"


def test_the_rates_in_force_on_1_january_of_the_tax_year_apply() -> None:
    changed = {"marlborough": "3.000", "milton": "3.125"}
    on_new_year = resolved(("charges.capital_rate_per_1000", date(2027, 1, 1), changed))
    a_day_later = resolved(("charges.capital_rate_per_1000", date(2027, 1, 2), changed))
    assert amount(charge(on_new_year, taxable_value="1000.00")) == Decimal("3.00")
    assert amount(charge(a_day_later, taxable_value="1000.00")) == Decimal("2.35")  # still the old rate


def test_an_area_with_no_rate_set_cannot_be_charged() -> None:
    only_milton = resolved(("charges.capital_rate_per_1000", date(2026, 1, 1), {"milton": "3.125"}))
    decision = charge(only_milton)
    assert decision.outcome == "cannot-charge"
    assert "no capital charge rate for the marlborough area" in decision.summary


def test_a_negative_rate_cannot_be_charged() -> None:
    decision = charge(resolved(("charges.capital_rate_per_1000", date(2026, 1, 1), {"marlborough": "-1.00"})))
    assert decision.outcome == "cannot-charge"
    assert "negative" in decision.summary


def test_a_rate_with_seven_decimal_places_cannot_be_charged() -> None:
    fine = resolved(("charges.capital_rate_per_1000", date(2026, 1, 1), {"marlborough": "2.1234567"}))
    assert charge(fine).outcome == "cannot-charge"


@pytest.mark.parametrize("bad", [{"taxable_value": "-1.00"}, {"taxable_value": "10.001"}, {"tax_year": 1899}])
def test_bad_facts_are_refused_with_the_field(bad: dict[str, Any]) -> None:
    with pytest.raises(FactsError):
        charge(**bad)
