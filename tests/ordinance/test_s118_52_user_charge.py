"""§118-52 user charge (I-24, I-03, I-27, I-43, I-44, I-48), checked to the cent on both sides of every
threshold and effective date."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import NotInForce, ParameterSet, Reference, SiteValue, load_jurisdiction
from sewerworks.ordinance.s118_52_charges import ChargeParameters, rate_user_charge
from sewerworks.ordinance.s118_52_user_charge_examples import AUTUMN_2026, CASES, SPRING_2026
from sewerworks.ordinance.topics import FactsError, determine

AS_OF = date(2026, 12, 1)
RAISE = Reference(kind="resolution", instrument="Resolution 2026-31", adopted=date(2026, 6, 8), section="118-52")


@dataclass
class Resolutions:
    values: list[SiteValue]
    name: str = "test resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        return self.values


def with_values(*values: tuple[str, date, Any]) -> ParameterSet:
    return load_jurisdiction(sources=[Resolutions([SiteValue(k, d, v, RAISE) for k, d, v in values])])


RATE_RAISED_2026_07_01 = with_values(("charges.rate_per_gallon", date(2026, 7, 1), "0.0035"))


def charge(params: ParameterSet | None = None, **facts: Any) -> Decision:
    return determine("user-charge", facts, as_of=AS_OF, params=params)


def total(decision: Decision) -> Decimal:
    return decision.amount("sewer user charge").value


def items(decision: Decision) -> list[tuple[str, str]]:
    return [(row["item"], row["amount"]) for row in decision.amount("sewer user charge").breakdown]


@pytest.mark.parametrize(("title", "facts", "outcome", "dollars"), CASES, ids=[c[0] for c in CASES])
def test_worked_example_to_the_cent(title: str, facts: dict[str, Any], outcome: str, dollars: str) -> None:
    decision = charge(**facts)
    assert decision.outcome == outcome, decision.summary
    if outcome != "held":
        assert total(decision) == Decimal(dollars)
        assert sum(Decimal(row["amount"]) for row in decision.amount("sewer user charge").breakdown) == total(decision)


def test_8000_gallons_at_0_003_are_15_dollars_for_the_first_5000_and_9_dollars_for_the_rest() -> None:
    decision = charge(**SPRING_2026, gallons=8000)
    assert items(decision) == [("first-gallons", "15.00"), ("gallons-beyond", "9.00")]
    assert decision.amount("gallons billed").value == 8000
    assert {"I-23", "I-24", "I-43"} <= set(decision.interpretations)
    assert "I-03" not in decision.interpretations, "a charge without strength does not read the surcharge"
    assert {u.key for u in decision.parameters} == {
        "charges.rate_per_gallon",
        "charges.minimum_charge",
        "charges.minimum_charge_gallons",
    }


# I-43: a period is rated with the parameters in force on its last day; no proration.
@pytest.mark.parametrize(
    ("start", "end", "dollars"),
    [
        ("2026-01-01", "2026-06-30", "24.00"),  # ends the day before the raise: $0.003
        ("2026-01-02", "2026-07-01", "28.00"),  # ends on the raise's first day: $0.0035 for all of it
        ("2026-04-01", "2026-09-30", "28.00"),  # the autumn 2026 period: $17.50 + $10.50
    ],
)
def test_a_rate_raised_from_2026_07_01_rates_every_period_ending_on_or_after_that_day(
    start: str, end: str, dollars: str
) -> None:
    decision = charge(RATE_RAISED_2026_07_01, period_start=start, period_end=end, gallons=8000)
    assert total(decision) == Decimal(dollars)


def test_the_raised_rate_is_cited_with_its_resolution_even_when_asked_before_it_took_effect() -> None:
    decision = determine(
        "user-charge", {**AUTUMN_2026, "gallons": 8000}, as_of=date(2026, 5, 1), params=RATE_RAISED_2026_07_01
    )
    assert total(decision) == Decimal("28.00")
    rate = next(u for u in decision.parameters if u.key == "charges.rate_per_gallon")
    assert (rate.value, rate.effective, rate.source) == ("0.0035", date(2026, 7, 1), "site")
    assert rate.reference["instrument"] == "Resolution 2026-31"
    assert "September 30, 2026, the period's last day (I-43)" in decision.finding("rate-in-force").sentence


def test_a_rate_stated_in_the_facts_is_a_what_if_and_the_board_rate_is_not_read() -> None:
    decision = charge(**SPRING_2026, gallons=8000, rate_per_gallon="0.0035")
    assert total(decision) == Decimal("28.00")
    assert "charges.rate_per_gallon" not in {u.key for u in decision.parameters}
    assert "what-if" in decision.finding("rate-in-force").sentence


@pytest.mark.parametrize(
    ("gallons", "lines"),
    [
        (5000, [("first-gallons", "50.00")]),
        (5001, [("first-gallons", "50.00"), ("gallons-beyond", "0.01")]),
    ],
)
def test_gallons_beyond_5000_are_charged_at_the_rate(gallons: int, lines: list[tuple[str, str]]) -> None:
    assert items(charge(**SPRING_2026, gallons=gallons, rate_per_gallon="0.01")) == lines


@pytest.mark.parametrize(
    ("gallons", "item", "dollars", "outcome"),
    [
        (3000, "minimum-charge", "10.00", "minimum"),  # $9.00 at the rate
        (3332, "minimum-charge", "10.00", "minimum"),  # $9.996 at the rate is less than $10: the minimum
        (3334, "first-gallons", "10.00", "charge"),  # $10.002 at the rate is more: the rate, rounded to $10.00
        (3500, "first-gallons", "10.50", "charge"),
    ],
)
def test_the_first_5000_gallons_cost_no_less_than_10_dollars(
    gallons: int, item: str, dollars: str, outcome: str
) -> None:
    decision = charge(**SPRING_2026, gallons=gallons)
    assert items(decision) == [(item, dollars)]
    assert decision.outcome == outcome


def test_each_line_item_is_rounded_half_up_to_cents_and_the_total_is_their_sum() -> None:
    # 1,665 gal × $0.003 = $4.995 → $5.00; 1,664 gal → $4.992 → $4.99
    assert items(charge(**SPRING_2026, gallons=6665)) == [("first-gallons", "15.00"), ("gallons-beyond", "5.00")]
    assert total(charge(**SPRING_2026, gallons=6664)) == Decimal("19.99")


def test_every_line_item_cites_its_section_and_names_its_interpretations() -> None:
    decision = charge(**SPRING_2026, gallons=100000, wash_gallons=1000, strength={"bod": 500, "chlorine_demand": 20})
    rows = decision.amount("sewer user charge").breakdown
    assert [(r["item"], r["section"], r["interpretations"]) for r in rows] == [
        ("wash-water-excluded", "118-6", "I-44"),
        ("first-gallons", "118-52", "I-24"),
        ("gallons-beyond", "118-52", "I-24"),
        ("strength-bod", "118-52", "I-03, I-23"),
        ("strength-chlorine_demand", "118-52", "I-03, I-23"),
    ]
    assert rows[0]["gallons"] == "-1000" and rows[0]["amount"] == "0.00"


def test_strength_at_normal_adds_nothing_and_one_mg_per_litre_above_adds_a_surcharge() -> None:
    at_normal = charge(**SPRING_2026, gallons=100000, strength={"bod": 300, "suspended_solids": 350})
    assert total(at_normal) == Decimal("300.00")
    assert "not above the normal 300 mg/L" in at_normal.finding("strength-bod").sentence
    above = charge(**SPRING_2026, gallons=100000, strength={"bod": 301})
    assert items(above)[-1] == ("strength-bod", "0.25")  # 0.834 lb × $0.30 = $0.2502
    assert {u.key for u in above.parameters} >= {"discharge.normal_strength", "charges.strength_rates"}


def test_the_i03_example_surcharges_bod_and_chlorine_demand_by_the_excess_pounds() -> None:
    decision = charge(
        **SPRING_2026,
        gallons=100000,
        strength={"bod": 500, "suspended_solids": 350, "chlorine_demand": 20},
    )
    assert items(decision)[2:] == [("strength-bod", "50.04"), ("strength-chlorine_demand", "2.09")]
    assert "166.8 lb above normal" in decision.finding("strength-bod").sentence
    assert "4.17 lb above normal" in decision.finding("strength-chlorine_demand").sentence


def test_separately_metered_wash_water_is_excluded_from_a_car_wash_s_sewer_usage() -> None:
    decision = charge(**SPRING_2026, gallons=60000, wash_gallons=45000)
    assert decision.amount("gallons billed").value == 15000
    assert total(decision) == Decimal("45.00")
    assert decision.finding("wash-water").section == "118-6"
    assert "118-6" in decision.sections and "I-44" in decision.interpretations


def test_wash_water_read_higher_than_the_water_used_holds_the_period() -> None:
    decision = charge(**SPRING_2026, reads={"start": 1000, "end": 2000}, wash_gallons=1500)
    assert decision.outcome == "held" and not decision.amounts


def test_reads_in_cubic_feet_are_converted_at_7_48052_gallons() -> None:
    decision = charge(**SPRING_2026, reads={"start": 0, "end": 1000, "unit": "ft3"})
    assert decision.amount("gallons billed").value == Decimal("7480.52")
    assert "charges.gallons_per_cubic_foot" in {u.key for u in decision.parameters}


@pytest.mark.parametrize(
    ("start", "end", "outcome"),
    [
        (950000, 50000, "charge"),  # exactly 100,000 gal, a tenth of a 6-dial register: a rollover
        (950000, 50001, "held"),  # 100,001 gal: more than a tenth, for a person to check
    ],
)
def test_a_lower_end_read_is_a_rollover_only_up_to_a_tenth_of_the_register(start: int, end: int, outcome: str) -> None:
    decision = charge(**SPRING_2026, reads={"start": start, "end": end})
    assert decision.outcome == outcome
    assert "I-48" in decision.interpretations


def test_an_unmetered_user_pays_the_class_estimate_and_must_install_a_meter_by_a_deadline() -> None:
    decision = charge(**SPRING_2026, unmetered=True, user_class="residential", meter_notice_on="2026-01-06")
    assert decision.outcome == "estimate"
    assert total(decision) == Decimal("90.00")  # 30,000 gal: $15.00 + $75.00
    assert decision.finding("meter-required").severity == "fails"
    # 60 days after 2026-01-06 is Saturday 2026-03-07: the owner has until Monday (I-20)
    assert [d.due for d in decision.deadlines] == [date(2026, 3, 9)]


@pytest.mark.parametrize(
    ("facts", "field", "message"),
    [
        ({"gallons": 1, "reads": {"start": 0, "end": 1}}, (), "exactly one"),
        ({}, (), "exactly one"),
        ({"unmetered": True, "gallons": 5}, (), "unmetered"),
        ({"gallons": 100, "wash_gallons": 101}, (), "wash_gallons is more than gallons"),
        ({"gallons": -1}, ("gallons",), "greater than or equal to 0"),
        ({"reads": {"start": 0, "end": 1_000_000}}, ("reads",), "does not fit a 6-dial register"),
        ({"gallons": 1, "period_end": "2025-09-30"}, (), "period_end is before period_start"),
        ({"gallons": 1, "user_class": "farm"}, ("user_class",), "residential"),
    ],
)
def test_bad_facts_are_refused_naming_the_field(facts: dict[str, Any], field: tuple[str, ...], message: str) -> None:
    with pytest.raises(FactsError) as raised:
        charge(**{**SPRING_2026, **facts})
    assert any(tuple(e["loc"][: len(field)]) == field and message in e["msg"] for e in raised.value.errors), (
        raised.value
    )


PLAIN = ChargeParameters(
    rate_per_gallon=Decimal("0.003"),
    minimum_charge=Decimal("10.00"),
    minimum_charge_gallons=Decimal(5000),
    normal_strength={"bod": Decimal(300), "suspended_solids": Decimal(350), "chlorine_demand": Decimal(15)},
    strength_rates={"bod": Decimal("0.30"), "suspended_solids": Decimal("0.25"), "chlorine_demand": Decimal("0.50")},
)
gallons = st.decimals(min_value=0, max_value=10**9, places=2)
rates = st.decimals(min_value=Decimal("0.0001"), max_value=Decimal("0.05"), places=4)
bod = st.decimals(min_value=0, max_value=5000, places=1)


@given(gallons, rates)
def test_a_period_s_charge_is_never_below_the_minimum(used: Decimal, rate: Decimal) -> None:
    p = ChargeParameters(**{**PLAIN.__dict__, "rate_per_gallon": rate})
    assert rate_user_charge(used, p).total >= Decimal("10.00")


@given(gallons, gallons, rates, bod)
def test_the_charge_never_falls_as_the_gallons_rise(a: Decimal, b: Decimal, rate: Decimal, strength: Decimal) -> None:
    p = ChargeParameters(**{**PLAIN.__dict__, "rate_per_gallon": rate})
    low, high = sorted((a, b))
    assert (
        rate_user_charge(low, p, strength={"bod": strength}).total
        <= rate_user_charge(high, p, strength={"bod": strength}).total
    )


def test_the_10_dollar_minimum_rates_periods_ending_from_its_2000_07_24_amendment_and_none_before() -> None:
    decision = charge(period_start="2000-01-25", period_end="2000-07-24", gallons=1000)
    assert total(decision) == Decimal("10.00")
    minimum = next(u for u in decision.parameters if u.key == "charges.minimum_charge")
    assert minimum.reference["instrument"] == "L.L. No. 2-2000"
    with pytest.raises(NotInForce, match="no value in force on 2000-07-23"):
        charge(period_start="2000-01-24", period_end="2000-07-23", gallons=1000)
