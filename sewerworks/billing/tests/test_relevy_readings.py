"""The readings of the year end the Board may change (§118-53): a credit on the account paid first (I-118),
interest at the Board's rate (I-119, zero unless set), a relevy charge by resolution (a percentage and a flat
amount per parcel), other programs' charges left off (I-117); the statement's SQL agrees with the topic."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement, do_remove_from_roll
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import LedgerEntry, StatementLine
from sewerworks.billing.taxroll.facts import relevy_decision
from sewerworks.billing.tests.ledger_helpers import entry, posted_bill
from sewerworks.billing.tests.relevy_scenario import ADOPTED_ON, STATEMENT_DATE, D, YearEnd, pay, year_end
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene(staff: Any) -> YearEnd:
    return year_end(staff.clerk, staff.superintendent)


def resolve(user: Any, number: str, *values: ProposedValue, on: dt.date = D(2026, 1, 5)) -> Any:
    return do_record_resolution(instrument=number, adopted_on=on, effective_on=on, title=f"Relevy terms {number}",
                                values=list(values), acting_user=user)  # fmt: skip


def line(statement: Any, bill: Any) -> StatementLine:
    return StatementLine.objects.get(statement=statement, bill=bill)


def test_a_credit_on_the_account_pays_the_statement_bills_first_and_is_applied_before_the_relevy(
    scene: YearEnd, staff: Any
) -> None:
    a = scene.accounts["A"]
    older = posted_bill("30.00", bill_date=D(2025, 10, 10), due_date=D(2025, 10, 31), account=a)
    LedgerEntry.objects.create(parcel=a.parcel, account=a, kind="payment", amount=Decimal("-50.00"),
                               posted_on=D(2026, 3, 1), source_key="payment:EARLY:credit", description="credit",
                               created_at=timezone.now())  # a credit never applied (written as a test's fact)
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    decision = relevy_decision(a, STATEMENT_DATE)
    expected = {int(r["bill"]): Decimal(r["total"]) for r in decision.amount_for("total").breakdown}
    assert {x.bill_id: x.total for x in StatementLine.objects.filter(statement=statement, account=a)} == expected
    # $50.00 pays the older bill's $3.00 penalty and $30.00, then A's $5.73 penalty and $11.27 of its $37.30
    assert expected == {scene.bills["A"].pk: Decimal("26.03")}
    assert decision.amount_for("credit_applied").value == Decimal("50.00")
    assert not StatementLine.objects.filter(statement=statement, bill=older).exists()
    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    assert LedgerEntry.objects.filter(source_key__startswith="credit:EARLY:", posted_on=D(2026, 10, 31)).exists()
    moved = LedgerEntry.objects.filter(bill=scene.bills["A"], kind="relevy_transfer")
    assert -sum((e.amount for e in moved), Decimal(0)) == Decimal("26.03")
    assert balance(account=a) == 0


def test_interest_at_the_boards_rate_and_a_relevy_charge_are_posted_and_relevied_and_withdrawn_on_removal(
    scene: YearEnd, staff: Any
) -> None:
    resolve(staff.clerk, "Resolution 2026-10", ProposedValue("relevy.interest_rate", 9))
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    a = line(statement, scene.bills["A"])
    # $37.30 × 9% × 132 days (2026-05-11 to 2026-09-20) / 365 = $1.214 → $1.21 (I-119)
    assert (a.interest, a.total) == (Decimal("1.21"), Decimal("44.24"))
    resolve(staff.clerk, "Resolution 2026-80", ProposedValue("relevy.charge_percent", 2),
            ProposedValue("relevy.charge_flat", "5.00"), on=D(2026, 11, 1))  # fmt: skip
    do_adopt_statement(statement, resolution=scene.resolution, adopted_on=ADOPTED_ON, acting_user=staff.clerk)
    parcel = scene.accounts["A"].parcel
    interest = LedgerEntry.objects.get(source_key=f"interest:{statement.pk}:bill:{scene.bills['A'].pk}")
    assert (interest.kind, interest.amount) == ("interest", Decimal("1.21"))
    charge = LedgerEntry.objects.get(source_key=f"relevy-charge:{statement.pk}:parcel:{parcel.pk}")
    assert (charge.kind, charge.amount) == ("relevy_charge", Decimal("5.88"))  # $5.00 + 2% of $44.24 ($0.8848)
    moved = LedgerEntry.objects.filter(parcel=parcel, kind="relevy_transfer")
    assert -sum((e.amount for e in moved), Decimal(0)) == Decimal("50.12")  # $44.24 + $5.88
    assert balance(account=scene.accounts["A"]) == 0
    do_remove_from_roll(statement, parcel, reason="an error", removed_on=D(2026, 11, 20), acting_user=staff.clerk)
    assert balance(account=scene.accounts["A"]) == Decimal("43.03")  # interest and relevy charge withdrawn


def test_other_programs_charges_riding_on_a_bill_are_left_off_and_named(scene: YearEnd, staff: Any) -> None:
    fine = entry(scene.bills["D"], "pending_charge", Decimal("25.00"), D(2026, 4, 10),
                 f"pending:99:bill:{scene.bills['D'].pk}")  # fmt: skip
    assert fine.amount == Decimal("25.00")
    statement = do_file_statement(STATEMENT_DATE, acting_user=staff.clerk)
    assert line(statement, scene.bills["D"]).total == Decimal("66.00")
    decision = relevy_decision(scene.accounts["D"], STATEMENT_DATE)
    assert decision.amount_for("other_not_relevied").value == Decimal("25.00")
    pay(scene.accounts["D"], staff.clerk, "70.00", D(2026, 9, 10), "D-PART")  # penalty $6, charge $60, $4 of the fine
    later = do_file_statement(D(2026, 9, 21), acting_user=staff.clerk)
    assert not StatementLine.objects.filter(statement=later, bill=scene.bills["D"]).exists()
