"""§118-53 late penalty (I-25, I-20, I-64): the penalty date and the one 10% penalty, to the cent."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sewerworks.ordinance.deadlines import is_business_day
from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import ParameterSet, Reference, SiteValue, load_jurisdiction
from sewerworks.ordinance.s118_53_late_penalty import CASES, WORKED, penalty_date
from sewerworks.ordinance.topics import FactsError, determine

READING = Reference(kind="resolution", instrument="Resolution 2026-40", adopted=date(2025, 12, 1), section="118-53")


@dataclass
class Resolutions:
    values: list[SiteValue]
    name: str = "test resolutions"

    def dated_values(self) -> Iterable[SiteValue]:
        return self.values


def resolved(key: str, effective: date, value: Any) -> ParameterSet:
    return load_jurisdiction(sources=[Resolutions([SiteValue(key, effective, value, READING)])])


def penalty(as_of: str, params: ParameterSet | None = None, **facts: Any) -> Decision:
    return determine("late-penalty", {**WORKED, **facts}, as_of=date.fromisoformat(as_of), params=params)


def paid(on: str, amount: str) -> list[dict[str, str]]:
    return [{"paid_on": on, "amount": amount}]


@pytest.mark.parametrize(("title", "facts", "as_of", "outcome", "due", "dollars"), CASES, ids=[c[0] for c in CASES])
def test_worked_example_to_the_cent(
    title: str, facts: dict[str, Any], as_of: str, outcome: str, due: str, dollars: str
) -> None:
    decision = determine("late-penalty", facts, as_of=date.fromisoformat(as_of))
    assert decision.outcome == outcome, decision.summary
    assert decision.finding("penalty-date").compared["penalty_date"] == due
    if dollars:
        assert decision.amount("late penalty").value == Decimal(dollars)
    else:
        assert "late penalty" not in {a.name for a in decision.amounts}


def test_the_i25_example_bill_gets_5_73_on_2026_02_10_and_owes_63_03() -> None:
    decision = penalty("2026-02-10")
    assert decision.amount("late penalty").breakdown[0]["added_on"] == "2026-02-10"
    assert decision.amount("balance").value == Decimal("63.03")
    assert decision.finding("late-penalty").severity == "fails"
    assert {"I-20", "I-25"} <= set(decision.interpretations)


def test_no_penalty_before_the_day_after_the_penalty_date_and_a_deadline_to_pay_without_it() -> None:
    decision = penalty("2026-02-09")
    assert decision.outcome == "not-yet"
    assert [(d.name, d.due) for d in decision.deadlines] == [("pay without penalty", date(2026, 2, 9))]
    assert "$5.73" in decision.summary and "February 10, 2026" in decision.summary


def test_the_penalty_is_added_once_however_late_the_as_of() -> None:
    for as_of in ("2026-02-10", "2026-06-30", "2027-01-31"):
        assert penalty(as_of).amount("late penalty").value == Decimal("5.73")


@pytest.mark.parametrize(
    ("paid_on", "outcome"),
    [("2026-02-09", "no-penalty"), ("2026-02-10", "penalty")],
)
def test_paying_in_full_on_the_penalty_date_avoids_it_and_the_day_after_does_not(paid_on: str, outcome: str) -> None:
    assert penalty("2026-03-01", payments=paid(paid_on, "57.30")).outcome == outcome


def test_a_partial_payment_leaves_a_balance_and_the_penalty_is_10_percent_of_the_bill() -> None:
    decision = penalty("2026-03-01", payments=paid("2026-02-01", "30.00"))
    assert decision.amount("unpaid at the end of the penalty date").value == Decimal("27.30")
    assert decision.amount("late penalty").value == Decimal("5.73")
    assert decision.amount("balance").value == Decimal("33.03")


def test_one_cent_short_is_still_a_balance() -> None:
    assert penalty("2026-03-01", payments=paid("2026-02-09", "57.29")).outcome == "penalty"


def test_read_as_10_percent_of_the_unpaid_balance_the_partial_payment_lowers_the_penalty() -> None:
    params = resolved("charges.late_penalty_base", date(2025, 12, 1), "unpaid_balance")
    decision = penalty("2026-03-01", params, payments=paid("2026-02-01", "30.00"))
    assert decision.amount("late penalty").value == Decimal("2.73")


def test_the_terms_in_force_on_the_bill_date_govern_that_bill() -> None:
    params = resolved("charges.late_penalty_base", date(2026, 1, 11), "unpaid_balance")
    decision = penalty("2026-03-01", params, payments=paid("2026-02-01", "30.00"))
    assert decision.amount("late penalty").value == Decimal("5.73")  # dated 2026-01-10, before the change


def test_payments_dated_after_the_as_of_date_are_not_counted_yet() -> None:
    decision = penalty("2026-02-05", payments=paid("2026-02-08", "57.30"))
    assert decision.outcome == "not-yet"
    assert "not counted" in decision.summary


@pytest.mark.parametrize(
    ("bill_date", "due_date", "expected"),
    [
        ("2026-01-10", "2026-01-31", "2026-02-09"),  # 30 days after the bill date is later: Monday
        ("2026-01-10", "2026-02-09", "2026-02-09"),  # the two coincide
        ("2026-01-10", "2026-02-10", "2026-02-10"),  # the due date is a day later
        ("2026-01-08", "2026-01-31", "2026-02-09"),  # Saturday 2026-02-07 → Monday
        ("2026-01-17", "2026-01-31", "2026-02-17"),  # Washington's Birthday 2026-02-16 → Tuesday
        ("2026-01-01", "2026-02-14", "2026-02-17"),  # a due date on Saturday 2026-02-14, then the holiday
    ],
)
def test_the_penalty_date_is_the_later_of_the_due_date_and_30_days_shifted_past_weekends_and_holidays(
    bill_date: str, due_date: str, expected: str
) -> None:
    view = load_jurisdiction().at(date(2026, 1, 1))
    day = penalty_date(date.fromisoformat(bill_date), date.fromisoformat(due_date), view)
    assert day == date.fromisoformat(expected)


def test_with_the_weekend_shift_turned_off_the_penalty_date_stays_on_saturday() -> None:
    params = resolved("deadlines.weekend_holiday_shift", date(2025, 12, 1), False)
    view = params.at(date(2026, 1, 8))
    assert penalty_date(date(2026, 1, 8), date(2026, 1, 31), view) == date(2026, 2, 7)


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"due_date": "2026-01-09"}, "due_date is before bill_date"),
        ({"amount": "57.305"}, "at most 2 decimal places"),
        ({"amount": "0"}, "greater than 0"),
        ({"payments": paid("2026-02-01", "0")}, "greater than 0"),
    ],
)
def test_bad_facts_are_refused_with_the_rule(facts: dict[str, Any], message: str) -> None:
    with pytest.raises(FactsError, match=message):
        penalty("2026-03-01", **facts)


def test_a_date_past_the_calendar_s_reach_is_a_field_error_not_a_crash() -> None:
    with pytest.raises(FactsError) as raised:
        penalty("2026-03-01", bill_date="9999-12-20", due_date="9999-12-31")
    assert {tuple(e["loc"]) for e in raised.value.errors} == {("bill_date",), ("due_date",)}
    assert penalty("2999-12-31", bill_date="2999-12-31", due_date="2999-12-31").outcome == "not-yet"


days_2026 = st.dates(min_value=date(2025, 1, 1), max_value=date(2027, 12, 31))


@given(days_2026, st.integers(min_value=0, max_value=90))
def test_the_penalty_date_is_a_business_day_no_earlier_than_the_due_date_or_30_days(bill: date, due_in: int) -> None:
    due = bill + timedelta(days=due_in)
    day = penalty_date(bill, due, load_jurisdiction().at(bill))
    later_of = max(due, bill + timedelta(days=30))
    assert is_business_day(day) and day >= later_of
    skipped = [later_of + timedelta(days=n) for n in range((day - later_of).days)]
    assert not any(is_business_day(d) for d in skipped), "moved only past weekend days and holidays"


@given(
    st.decimals(min_value="0.01", max_value="100000", places=2),
    st.lists(st.decimals(min_value="0.01", max_value="500", places=2), max_size=3),
)
def test_the_penalty_is_nothing_or_exactly_ten_percent_of_the_bill_once(amount: Decimal, paid: list[Decimal]) -> None:
    payments = [{"paid_on": "2026-02-0" + str(i + 1), "amount": str(p)} for i, p in enumerate(paid)]
    decision = penalty("2026-06-30", amount=str(amount), payments=payments)
    penalties = [a.value for a in decision.amounts if a.name == "late penalty"]
    ten_percent = (amount / 10).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert penalties in ([], [ten_percent])
    assert (penalties == []) is (sum(paid, Decimal(0)) >= amount or ten_percent == 0)


@pytest.mark.parametrize(
    ("amount", "as_of", "outcome", "penalty", "says"),
    [
        (
            "0.04",
            "2026-02-10",
            "no-penalty",
            None,
            "$0.04 was still unpaid at the end of February 9, 2026; "
            "no penalty: 10% rounds to $0.00 (10% of the bill's amount $0.04, I-23).",
        ),
        ("0.04", "2026-02-05", "no-penalty", None, "no penalty: 10% rounds to $0.00"),
        ("0.05", "2026-02-10", "penalty", "0.01", "a penalty of $0.01 (10% of the bill's amount $0.05)"),
        ("0.06", "2026-02-10", "penalty", "0.01", "a penalty of $0.01 (10% of the bill's amount $0.06)"),
    ],
)
def test_a_bill_under_5_cents_gets_no_penalty_because_10_percent_rounds_to_nothing(
    amount: str, as_of: str, outcome: str, penalty: str | None, says: str
) -> None:
    """I-23: 10% of $0.04 is $0.004, $0.00 rounded half up: no penalty, and the ledger writes none either."""
    decision = determine("late-penalty", {**WORKED, "amount": amount}, as_of=date.fromisoformat(as_of))
    assert decision.outcome == outcome and says in decision.summary
    assert [a.value for a in decision.amounts if a.key == "penalty"] == ([Decimal(penalty)] if penalty else [])
    assert decision.amount(
        "unpaid so far" if as_of < "2026-02-10" else "unpaid at the end of the penalty date"
    ).value == Decimal(amount)


def test_before_the_penalty_date_the_decision_shows_what_is_unpaid_so_far() -> None:
    decision = penalty("2026-02-05", payments=paid("2026-02-01", "20.00"))
    assert decision.amount("unpaid so far").value == Decimal("37.30")
    assert decision.finding("late-penalty").compared["counted_until"] == "2026-02-05"
