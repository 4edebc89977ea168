"""The sweep's late penalties and the topic ``late-penalty`` say the same (§118-53, I-25, I-23; I-98): a
bill under $0.05 gets no penalty on either (10% rounds to $0.00), and what counts as paid is the same on
both: payments (counter payments, credits applied) net of their reversals, never an adjustment."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from sewerworks.billing.models import Bill
from sewerworks.billing.penalties.sweep import topic_facts
from sewerworks.billing.tests.ledger_helpers import entry, pay, penalties, posted_bill
from sewerworks.core.determinations.run import run_determination
from sewerworks.enforcement.actions import do_sweep

pytestmark = pytest.mark.django_db
D = dt.date
PENALTY_DATE = D(2026, 2, 9)  # of a bill dated 2026-01-10, due 2026-01-31 (I-25)
AS_OF = D(2026, 3, 1)


def ledger_penalty(bill: Bill) -> list[Decimal]:
    return [p[1] for p in penalties(bill)]


def topic_penalty(bill: Bill) -> tuple[str, list[Decimal]]:
    decision = run_determination("late-penalty", topic_facts(bill, until=AS_OF), as_of=AS_OF)
    return decision.outcome, [a.value for a in decision.amounts if a.key == "penalty"]


@pytest.mark.parametrize(("amount", "penalty"), [("0.04", None), ("0.05", "0.01"), ("0.06", "0.01"), ("57.30", "5.73")])
def test_under_5_cents_10_percent_rounds_to_nothing_and_neither_the_ledger_nor_the_topic_adds_a_penalty(
    amount: str, penalty: str | None
) -> None:
    bill = posted_bill(amount)
    do_sweep(AS_OF)
    expected = [Decimal(penalty)] if penalty else []
    assert ledger_penalty(bill) == expected
    outcome, from_topic = topic_penalty(bill)
    assert from_topic == expected and outcome == ("penalty" if penalty else "no-penalty")


def test_an_adjustment_naming_the_bill_is_not_a_payment_for_the_sweep_nor_for_the_topic() -> None:
    bill = posted_bill("57.30")
    entry(bill, "adjustment", Decimal("-57.30"), D(2026, 2, 1), f"adjustment:test:{bill.pk}")
    do_sweep(AS_OF)
    assert ledger_penalty(bill) == [Decimal("5.73")]
    assert topic_penalty(bill) == ("penalty", [Decimal("5.73")])


def test_a_payment_reversed_was_never_paid_and_a_credit_applied_is_paid_for_both() -> None:
    returned, credited, paid = posted_bill("57.30"), posted_bill("57.30"), posted_bill("57.30")
    pay(returned, D(2026, 2, 1), "57.30")
    entry(returned, "reversal", Decimal("57.30"), D(2026, 2, 1), f"reversal:test:{returned.pk}")
    entry(credited, "payment", Decimal("-57.30"), D(2026, 1, 10), f"credit:test:1:bill:{credited.pk}:charge")
    pay(paid, D(2026, 2, 9), "57.30")
    do_sweep(AS_OF)
    assert [ledger_penalty(b) for b in (returned, credited, paid)] == [[Decimal("5.73")], [], []]
    assert [topic_penalty(b) for b in (returned, credited, paid)] == [
        ("penalty", [Decimal("5.73")]),
        ("no-penalty", []),
        ("no-penalty", []),
    ]
    assert topic_facts(returned, until=AS_OF)["payments"] == []


def test_a_payment_after_the_penalty_date_counts_for_neither_and_the_penalty_date_is_the_last_day() -> None:
    late, on_time = posted_bill("57.30"), posted_bill("57.30")
    pay(late, PENALTY_DATE + dt.timedelta(days=1), "57.30")
    pay(on_time, PENALTY_DATE, "57.30")
    do_sweep(AS_OF)
    assert [ledger_penalty(b) for b in (late, on_time)] == [[Decimal("5.73")], []]
    assert [topic_penalty(b)[1] for b in (late, on_time)] == [[Decimal("5.73")], []]
