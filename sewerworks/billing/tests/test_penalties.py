"""§118-53 late penalties applied by the daily sweep (I-25, I-20, I-23, I-64): the day after the penalty
date, a posted bill that owed anything at the end of it gets 10% of its amount, once; the ledger's
penalty is the topic's, to the cent."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.billing.actions import do_post_period, do_review_period
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill, LedgerEntry
from sewerworks.billing.penalties.sweep import terms_of
from sewerworks.billing.tests.ledger_helpers import owed, pay, penalties, posted_bill
from sewerworks.core.determinations.run import run_determination
from sewerworks.core.models import AuditEvent, BoardResolution, ParameterOverride
from sewerworks.enforcement.actions import do_sweep

pytestmark = pytest.mark.django_db
D = dt.date


def post(period: Any, staff: Any) -> None:
    run_drafts(period, acting_user=staff.clerk)
    do_review_period(period, acting_user=staff.superintendent)
    do_post_period(period, acting_user=staff.superintendent)


def test_autumn_2026_bills_dated_october_10_have_their_penalty_date_on_monday_november_9(autumn: Any) -> None:
    # due 2026-10-31, a Saturday (→ Monday 11-02); 30 days after the bill date is Monday 11-09, the later
    terms = terms_of(autumn)
    assert (autumn.bill_date, autumn.due_date) == (D(2026, 10, 10), D(2026, 10, 31))
    assert (terms.penalty_date, terms.added_on, terms.rate, terms.base) == (
        D(2026, 11, 9),
        D(2026, 11, 10),
        Decimal(10),
        "bill_amount",
    )


def test_the_sweep_the_day_after_the_penalty_date_adds_10_percent_to_each_bill_left_owing(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    unpaid = make_account(meters=[(1_000, 9_000)])  # $24.00
    paid_on_the_day = make_account(meters=[(1_000, 9_000)])
    partly = make_account(meters=[(1_000, 3_000)])  # $10.00
    paid_the_day_after = make_account(meters=[(1_000, 3_000)])
    post(autumn, staff)
    bill = {a: Bill.objects.get(account=a) for a in (unpaid, paid_on_the_day, partly, paid_the_day_after)}
    pay(bill[paid_on_the_day], D(2026, 11, 9), "24.00")
    pay(bill[partly], D(2026, 11, 2), "5.00")
    pay(bill[paid_the_day_after], D(2026, 11, 10), "10.00")

    assert do_sweep(D(2026, 11, 9)).changes.get("late_penalties") is None  # the penalty date itself: none yet
    assert penalties() == []
    run = do_sweep(D(2026, 11, 10))
    assert run.changes["late_penalties"] == 3
    assert sorted(penalties(), key=lambda p: p[0]) == sorted(
        [
            (bill[unpaid].pk, Decimal("2.40"), D(2026, 11, 10), f"penalty:bill:{bill[unpaid].pk}"),
            (bill[partly].pk, Decimal("1.00"), D(2026, 11, 10), f"penalty:bill:{bill[partly].pk}"),
            (
                bill[paid_the_day_after].pk,
                Decimal("1.00"),
                D(2026, 11, 10),
                f"penalty:bill:{bill[paid_the_day_after].pk}",
            ),
        ],
        key=lambda p: p[0],
    )
    assert owed(bill[unpaid]) == Decimal("26.40") and owed(bill[partly]) == Decimal("6.00")
    assert owed(bill[paid_on_the_day]) == Decimal("0.00") and owed(bill[paid_the_day_after]) == Decimal("1.00")
    entry = LedgerEntry.objects.get(kind="penalty", bill=bill[unpaid])
    assert (entry.section, entry.period, entry.parcel, entry.account) == ("118-53", autumn, unpaid.parcel, unpaid)
    assert "10% of the bill's amount" in entry.description and "2026-11-09" in entry.description
    audit = AuditEvent.objects.filter(action="sweep").latest("pk")
    assert audit.detail["late_penalties"] == 3 and "late-penalties" in audit.detail["steps"]


def test_a_second_sweep_on_the_day_or_any_later_day_adds_no_second_penalty(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    make_account(meters=[(1_000, 9_000)])
    post(autumn, staff)
    assert do_sweep(D(2026, 11, 10)).changes == {"late_penalties": 1}
    assert do_sweep(D(2026, 11, 10)).changes == {}
    assert do_sweep(D(2026, 12, 1)).changes == {}
    assert len(penalties()) == 1


def test_a_sweep_as_of_an_earlier_day_lowers_nothing_a_later_run_established(
    make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    post(autumn, staff)
    do_sweep(D(2026, 11, 20))
    before = penalties()
    assert do_sweep(D(2026, 11, 5)).changes == {}  # before the penalty date: it would add none, removes none
    assert penalties() == before and owed(Bill.objects.get(account=account)) == Decimal("26.40")


def test_a_draft_a_held_or_a_void_bill_gets_no_penalty() -> None:
    for status in ("draft", "void"):
        posted_bill("57.30", status=status)
    do_sweep(D(2026, 3, 1))
    assert penalties() == []


@pytest.mark.parametrize(
    ("bill_date", "paid_on", "penalised"),
    [
        # dated 2026-01-08: the 30th day is Saturday 2026-02-07, so the penalty date is Monday 2026-02-09 (I-20)
        (D(2026, 1, 8), D(2026, 2, 9), False),
        (D(2026, 1, 8), D(2026, 2, 10), True),
        # dated 2026-01-17: the 30th day is Washington's Birthday, Monday 2026-02-16 → Tuesday 2026-02-17
        (D(2026, 1, 17), D(2026, 2, 17), False),
        (D(2026, 1, 17), D(2026, 2, 18), True),
    ],
)
def test_a_penalty_date_on_a_weekend_or_holiday_moves_to_the_next_business_day(
    bill_date: dt.date, paid_on: dt.date, penalised: bool
) -> None:
    bill = posted_bill("57.30", bill_date=bill_date)
    pay(bill, paid_on, "57.30")
    do_sweep(paid_on - dt.timedelta(days=1))
    assert penalties(bill) == []
    do_sweep(D(2026, 3, 1))
    assert [p[1:3] for p in penalties(bill)] == ([(Decimal("5.73"), paid_on)] if penalised else [])


@pytest.mark.parametrize(
    ("amount", "penalty"),
    [
        ("57.30", "5.73"),
        ("57.35", "5.74"),
        ("57.34", "5.73"),
        ("0.05", "0.01"),
        ("0.04", None),
        ("1234567.89", "123456.79"),
    ],
)
def test_the_penalty_is_rounded_half_up_to_the_cent_and_none_when_it_rounds_to_nothing(
    amount: str, penalty: str | None
) -> None:
    bill = posted_bill(amount)
    do_sweep(D(2026, 2, 10))
    assert [p[1] for p in penalties(bill)] == ([Decimal(penalty)] if penalty else [])


def test_one_cent_left_at_the_end_of_the_penalty_date_is_a_balance() -> None:
    short, exact, over = posted_bill("57.30"), posted_bill("57.30"), posted_bill("57.30")
    pay(short, D(2026, 2, 9), "57.29")
    pay(exact, D(2026, 2, 9), "57.30")
    pay(over, D(2026, 2, 1), "60.00")
    do_sweep(D(2026, 2, 10))
    assert [p[0] for p in penalties()] == [short.pk]


def test_the_ledger_penalty_is_the_late_penalty_topic_s_to_the_cent() -> None:
    cases = [("57.30", []), ("57.30", [("2026-02-01", "30.00")]), ("99.99", [("2026-02-10", "99.99")])]
    cases += [("57.30", [("2026-02-09", "57.30")]), ("10.05", [("2026-01-20", "5.00"), ("2026-02-09", "5.04")])]
    bills = []
    for amount, payments in cases:
        bill = posted_bill(amount)
        for on, paid in payments:
            pay(bill, D.fromisoformat(on), paid)
        bills.append((bill, amount, payments))
    do_sweep(D(2026, 3, 1))
    for bill, amount, payments in bills:
        facts = {"bill_date": "2026-01-10", "due_date": "2026-01-31", "amount": amount}
        facts["payments"] = [{"paid_on": on, "amount": paid} for on, paid in payments]
        decision = run_determination("late-penalty", facts, as_of=D(2026, 3, 1))
        expected = [a.value for a in decision.amounts if a.key == "penalty"]
        assert [p[1] for p in penalties(bill)] == expected, decision.summary


def test_a_board_reading_of_10_percent_of_the_unpaid_balance_applies_to_bills_dated_after_it(staff: Any) -> None:
    resolution = BoardResolution.objects.create(
        instrument="Res. 2026-50", adopted_on=D(2026, 1, 5), title="Late penalty on the unpaid balance"
    )
    ParameterOverride.objects.create(
        resolution=resolution, key="charges.late_penalty_base", effective=D(2026, 1, 11), value="unpaid_balance"
    )
    before = posted_bill("57.30", bill_date=D(2026, 1, 10))
    after = posted_bill("57.30", bill_date=D(2026, 1, 12), due_date=D(2026, 2, 2))
    pay(before, D(2026, 2, 1), "30.00")
    pay(after, D(2026, 2, 1), "30.00")
    do_sweep(D(2026, 3, 1))
    assert [p[1] for p in penalties(before)] == [Decimal("5.73")]  # the terms of its bill date (I-64)
    assert [p[1] for p in penalties(after)] == [Decimal("2.73")]  # 10% of $27.30


def test_what_a_bill_owes_is_what_the_entries_naming_it_say_not_another_bill_s_overpayment() -> None:
    """Allocating a payment among bills is the payment's work (I-63); the penalty reads each bill's entries."""
    first = posted_bill("57.30")
    older = posted_bill("20.00", bill_date=D(2025, 7, 10), due_date=D(2025, 7, 31), account=first.account)
    pay(older, D(2025, 7, 20), "77.30")
    do_sweep(D(2026, 2, 10))
    assert [p[:2] for p in penalties()] == [(first.pk, Decimal("5.73"))]


def test_a_period_whose_penalty_terms_cannot_be_read_is_left_alone_and_the_rest_of_the_sweep_runs() -> None:
    resolution = BoardResolution.objects.create(instrument="Res. 2026-51", adopted_on=D(2026, 1, 5), title="x")
    ParameterOverride.objects.create(
        resolution=resolution, key="charges.late_penalty_base", effective=D(2026, 1, 11), value="half the bill"
    )
    good = posted_bill("57.30", bill_date=D(2026, 1, 10))
    unreadable = posted_bill("57.30", bill_date=D(2026, 1, 12), due_date=D(2026, 2, 2))
    run = do_sweep(D(2026, 3, 1))
    assert run.changes == {"late_penalties": 1, "late_penalty_periods_refused": 1}
    assert [p[0] for p in penalties()] == [good.pk] and penalties(unreadable) == []


def test_the_bill_page_shows_its_penalty_date_and_the_penalty_with_its_citation(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    post(autumn, staff)
    bill = Bill.objects.get(account=account)
    client = client_as("clerk")
    page = client.get(f"/billing/bills/{bill.pk}/").content.decode()
    assert "Penalty date" in page and "Monday, 2026-11-09" in page and "None on the ledger" in page
    assert "if any balance is left at the end of November 9, 2026, a penalty of $2.40" not in page  # today is past
    do_sweep(D(2026, 11, 10))
    page = client.get(f"/billing/bills/{bill.pk}/").content.decode()
    assert "<strong>$2.40</strong> added 2026-11-10" in page and "§ 118-53" in page and "I-25" in page
    assert "a penalty of $2.40 (10% of the bill&#x27;s amount $24.00) was added on November 10, 2026" in page


def test_the_dashboard_counts_the_unpaid_and_penalised_bills_and_their_dollars(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    for _ in range(2):
        make_account(meters=[(1_000, 9_000)])  # $24.00 each
    paid = make_account(meters=[(1_000, 3_000)])  # $10.00
    post(autumn, staff)
    pay(Bill.objects.get(account=paid), D(2026, 11, 2), "10.00")
    client = client_as("board member")
    assert "Unpaid: 2 posted bills, $48.00 · Penalised: 0 bills, $0.00" in client.get("/").content.decode()
    do_sweep(D(2026, 11, 10))
    assert "Unpaid: 2 posted bills, $52.80 · Penalised: 2 bills, $4.80" in client.get("/").content.decode()


def test_the_bill_api_gives_the_penalty_date_and_the_penalty_once_added(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    post(autumn, staff)
    bill = Bill.objects.get(account=account)
    client = client_as("clerk")
    before = client.get(f"/api/billing/bills/{bill.pk}").json()
    assert (before["penalty_date"], before["penalty"]) == ("2026-11-09", None)
    do_sweep(D(2026, 11, 10))
    after = client.get(f"/api/billing/bills/{bill.pk}").json()
    assert (after["penalty_date"], after["penalty"]) == ("2026-11-09", "2.40")


def test_the_sweep_adds_penalties_in_one_insert_per_period_however_many_bills() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for amount in ("57.30",) * 12:
        posted_bill(amount)
    posted_bill("20.00", bill_date=D(2025, 7, 10), due_date=D(2025, 7, 31))
    with CaptureQueriesContext(connection) as queries:
        assert do_sweep(D(2026, 2, 10)).changes["late_penalties"] == 13
    inserts = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("INSERT INTO billing_ledgerentry")]
    assert len(inserts) == 2  # one per period


def test_the_penalty_is_on_the_parcel_s_timeline_and_ledger(
    client_as: Any, make_account: Any, autumn: Any, staff: Any
) -> None:
    account = make_account(meters=[(1_000, 9_000)])
    post(autumn, staff)
    do_sweep(D(2026, 11, 10))
    page = client_as("clerk").get(f"/registry/parcels/{account.parcel.pk}/").content.decode()
    assert "Late penalty added: $2.40 on the bill for 2026-04-01 – 2026-09-30" in page
    assert "Balance: <strong>$26.40" in page


def test_the_sweep_command_says_how_many_late_penalties_it_added() -> None:
    from django.core.management import call_command

    posted_bill("57.30")
    out = io.StringIO()
    call_command("sweep", as_of="2026-02-10", stdout=out)
    assert "late penalties: 1" in out.getvalue()
