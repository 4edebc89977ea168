"""§118-53 the Town Clerk's statement of unpaid sewer rents and the relevy (topic ``relevy``): what goes on the
statement, on both sides of the penalty date, of the statement date and of the cut-off; interest only when
the Board sets a rate (I-29, I-119); a credit applied first (I-118); other programs' charges left out (I-117)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.ordinance.decision import Decision
from sewerworks.ordinance.parameters import ParameterSet
from sewerworks.ordinance.s118_53_relevy import CASES, PENALTY, SPRING, WORKED, apply_credit, interest
from sewerworks.ordinance.topics import FactsError, determine
from tests.ordinance.resolutions import resolved


def statement(params: ParameterSet | None = None, **facts: Any) -> Decision:
    return determine("relevy", {**WORKED, **facts}, as_of=date(2026, 11, 2), params=params)


def amount(decision: Decision, key: str) -> Decimal:
    return decision.amount_for(key).value


@pytest.mark.parametrize(("title", "facts", "outcome", "amounts"), CASES, ids=[c[0] for c in CASES])
def test_the_worked_cases_to_the_cent(title: str, facts: dict[str, Any], outcome: str, amounts: dict[str, str]) -> None:
    decision = determine("relevy", facts, as_of=date(2026, 11, 2))
    assert decision.outcome == outcome, decision.summary
    for key, value in amounts.items():
        assert amount(decision, key) == Decimal(value), key


def test_a_bill_whose_penalty_date_is_the_statement_date_is_not_yet_on_it_the_day_after_it_is() -> None:
    on_the_day = statement(statement_date="2026-05-11", penalties=[])
    assert on_the_day.outcome == "not-on-statement"
    assert "not past its penalty date, May 11, 2026" in on_the_day.findings[0].sentence
    day_after = statement(statement_date="2026-05-12")
    assert day_after.outcome == "on-statement" and amount(day_after, "total") == Decimal("43.03")


def test_a_payment_counts_if_received_by_the_end_of_the_statement_date_not_the_day_after() -> None:
    paid = {"bill": "1041", "part": "charge", "amount": "37.30"}
    by_the_day = statement(payments=[WORKED["payments"][0], {**paid, "on": "2026-09-20"}])
    assert amount(by_the_day, "total") == Decimal("5.73")  # only the penalty is left
    day_after = statement(payments=[WORKED["payments"][0], {**paid, "on": "2026-09-21"}])
    assert amount(day_after, "total") == Decimal("43.03")


def test_the_relevy_moves_what_is_unpaid_at_the_end_of_the_cutoff_never_more_than_the_statement() -> None:
    late = {"bill": "1041", "part": "charge", "amount": "10.00"}
    by_cutoff = statement(cutoff="2026-10-31", payments=[WORKED["payments"][0], {**late, "on": "2026-10-31"}])
    assert amount(by_cutoff, "relevied") == Decimal("33.03")
    after = statement(cutoff="2026-10-31", payments=[WORKED["payments"][0], {**late, "on": "2026-11-01"}])
    assert amount(after, "relevied") == Decimal("43.03")
    # a penalty put back after the statement date is not on it, and the relevy never moves more than it says
    restored = statement(cutoff="2026-10-31", penalties=[PENALTY, {"bill": "1041", "added_on": "2026-10-01",
                                                                   "amount": "1.00"}])  # fmt: skip
    assert amount(restored, "total") == Decimal("43.03") and amount(restored, "relevied") == Decimal("43.03")


def test_no_interest_unless_the_board_sets_a_rate_then_simple_interest_by_the_day() -> None:
    assert amount(statement(), "interest") == Decimal("0.00")
    nine = resolved("relevy.interest_rate", date(2026, 1, 5), 9)
    decision = statement(nine)
    # $37.30 × 9% × 132 days (2026-05-11 to 2026-09-20) / 365 = $1.2140 → $1.21
    assert amount(decision, "interest") == Decimal("1.21") and amount(decision, "total") == Decimal("44.24")
    assert "9% a year for 132 days" in decision.findings[-1].sentence
    assert interest(Decimal("100.00"), date(2026, 1, 1), date(2026, 1, 1), Decimal(9)) == (Decimal("0.00"), 0)
    assert interest(Decimal("100.00"), date(2026, 1, 1), date(2027, 1, 1), Decimal(9)) == (Decimal("9.00"), 365)


def test_a_rate_set_after_the_statement_date_does_not_reach_that_statement() -> None:
    later = resolved("relevy.interest_rate", date(2026, 9, 21), 9)
    assert amount(statement(later), "interest") == Decimal("0.00")
    assert amount(statement(later, statement_date="2026-09-21"), "interest") > 0


def test_the_credit_is_applied_first_oldest_bill_penalty_before_charge_unless_the_reading_says_not() -> None:
    paid = apply_credit(Decimal("70.00"), [("a", Decimal("5.73"), Decimal("57.30")), ("b", Decimal("4.19"),
                                                                                        Decimal("41.90"))])  # fmt: skip
    assert paid == {"a": (Decimal("5.73"), Decimal("57.30")), "b": (Decimal("4.19"), Decimal("2.78"))}
    kept = resolved("relevy.credit_applied_first", date(2026, 1, 5), False)
    assert amount(statement(kept, credit="12.00"), "total") == Decimal("43.03")
    assert amount(statement(credit="43.03"), "total") == Decimal("0.00")
    assert "paid by the account's credit" in statement(credit="43.03").findings[-1].sentence


def test_bad_facts_are_refused_naming_the_field() -> None:
    with pytest.raises(FactsError, match="not one of the bills"):
        statement(payments=[{"bill": "9", "on": "2026-05-01", "part": "charge", "amount": "1.00"}])
    with pytest.raises(FactsError, match="cutoff is before statement_date"):
        statement(cutoff="2026-09-19")
    with pytest.raises(FactsError, match="2 decimal places"):
        statement(bills=[{**SPRING, "charge": "57.305"}])
    with pytest.raises(FactsError, match="listed once"):
        statement(bills=[SPRING, SPRING])
