"""No interleaving of payments, reversals, penalties, voids and a relevy loses or doubles a cent (§118-53): every
balance is the sum of its entries; the statement's total is the sum of what the bills past their penalty date
owed unpaid on its date (less the credit applied first, I-118), bill by bill as the topic ``relevy`` computes
it from the same ledger; the relevy moves, bill by bill, what the topic says was unpaid at the cut-off, and
what the accounts owed before it is what they owe after it plus what went to the roll."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import Group, User
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from sewerworks.billing.actions import do_reverse_payment, do_take_payment
from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement
from sewerworks.billing.corrections.void import do_void_bill
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.ledger.owed import unapplied_credit
from sewerworks.billing.models import Bill, LedgerEntry, Payment, StatementLine, UnpaidStatement
from sewerworks.billing.penalties.sweep import apply_late_penalties
from sewerworks.billing.taxroll.facts import relevy_decision
from sewerworks.billing.tests.ledger_helpers import posted_bill
from sewerworks.core.models import BoardResolution
from sewerworks.core.money import MoneySum
from sewerworks.registry.models import SewerAccount
from sewerworks.registry.tests import factories as f

D = dt.date
STATEMENT, CUTOFF, ADOPTED = D(2026, 9, 20), D(2026, 10, 31), D(2026, 11, 10)
DAYS = [D(2026, 4, 20), D(2026, 5, 5), D(2026, 5, 20), D(2026, 9, 10), D(2026, 10, 5), D(2026, 10, 31),
        D(2026, 11, 5)]  # fmt: skip
cents = st.integers(min_value=1, max_value=9_000)
step = st.one_of(
    st.tuples(st.just("pay"), st.integers(0, 2), cents, st.sampled_from(DAYS)),
    st.tuples(st.just("reverse"), st.integers(0, 7)),
    st.tuples(st.just("sweep"), st.sampled_from([D(2026, 5, 12), D(2026, 6, 1), D(2026, 12, 1)])),
    st.tuples(st.just("void"), st.integers(0, 5)),
    st.tuples(st.just("file")),
    st.tuples(st.just("adopt")),
)
ZERO = Decimal("0.00")


def people() -> tuple[User, User]:
    clerk = User.objects.create_user("clerk-r")
    clerk.groups.add(Group.objects.get_or_create(name="clerk")[0])
    sup = User.objects.create_user("sup-r")
    sup.groups.add(Group.objects.get_or_create(name="superintendent")[0])
    return clerk, sup


def district() -> tuple[list[SewerAccount], list[Bill]]:
    area = f.area()
    accounts, bills = [], []
    for i in range(3):
        parcel = f.parcel(f"108.{i + 1}-1-1", street_number=str(i + 1), improvement_area=area, dx=100 + 150 * i)
        f.owned(parcel, f"OWNER {i}")
        account = SewerAccount.objects.create(account_number=f"R-{i}", parcel=parcel)
        accounts.append(account)
        bills.append(posted_bill(f"{40 + 11 * i}.35", bill_date=D(2025, 10, 10), due_date=D(2025, 10, 31),
                                 account=account))  # fmt: skip
        bills.append(posted_bill(f"{55 + 7 * i}.10", bill_date=D(2026, 4, 10), due_date=D(2026, 5, 1),
                                 account=account))  # fmt: skip
    return accounts, bills


def on_the_ledger(account: SewerAccount) -> Decimal:
    return Decimal(LedgerEntry.objects.filter(account=account).aggregate(t=MoneySum("amount"))["t"])


def check_the_statement(statement: UnpaidStatement, accounts: list[SewerAccount]) -> None:
    """Line by line as the topic computes from the ledger; in total, the unpaid entries less the credit."""
    total = ZERO
    for account in accounts:
        decision = relevy_decision(account, STATEMENT)
        expected = {int(row["bill"]): Decimal(row["total"]) for row in decision.amount_for("total").breakdown}
        lines = StatementLine.objects.filter(statement=statement, account=account)
        assert {line.bill_id: line.total for line in lines} == expected, decision.summary
        total += decision.amount_for("total").value
    assert statement.total == total == sum((line.total for line in statement.lines.all()), ZERO)


class TestRelevyInterleavings(TestCase):
    @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(step, min_size=1, max_size=12))
    def test_no_interleaving_loses_or_doubles_a_cent(self, steps: list[Any]) -> None:
        clerk, sup = people()
        accounts, bills = district()
        resolution = BoardResolution.objects.create(instrument="Resolution 2026-88", adopted_on=ADOPTED,
                                                    effective_on=ADOPTED, title="Relevy")  # fmt: skip
        receipts: list[str] = []
        statement: UnpaidStatement | None = None
        expected_moves: dict[int, Decimal] = {}
        for s in [*steps, ("file",), ("adopt",)]:
            kind = s[0]
            try:
                if kind == "pay":
                    _, n, amount, day = s
                    number = f"P-{len(receipts)}"
                    do_take_payment(accounts[n], amount=Decimal(amount) / 100, method="cash", receipt_number=number,
                                    received_on=day, acting_user=clerk)  # fmt: skip
                    receipts.append(number)
                elif kind == "reverse" and s[1] < len(receipts):
                    payment = Payment.objects.get(receipt_number=receipts[s[1]])
                    do_reverse_payment(payment, acting_user=sup, reason="returned")
                elif kind == "sweep":
                    apply_late_penalties(s[1], run="h-sweep", now=dt.datetime(2026, 12, 1, tzinfo=dt.UTC))
                elif kind == "void":
                    do_void_bill(bills[s[1]], by=clerk, reason="misread", on=D(2026, 12, 1))
                elif kind == "file" and statement is None:
                    statement = do_file_statement(STATEMENT, acting_user=clerk, documents=False)
                    check_the_statement(statement, accounts)
                elif kind == "adopt" and statement is not None and statement.status == "filed":
                    owed = {a.pk: balance(account=a) for a in accounts}
                    for account in accounts:  # each part: the filed line's, or what the topic finds unpaid
                        at_cutoff = relevy_decision(account, CUTOFF)  # at the end of the cut-off, if less
                        unpaid = {int(r["bill"]): r for r in at_cutoff.amount_for("total").breakdown}
                        for line in StatementLine.objects.filter(statement=statement, account=account):
                            left = unpaid.get(line.bill_id or 0, {"penalty": "0", "charge": "0"})
                            expected_moves[line.bill_id or 0] = min(line.penalty, Decimal(left["penalty"])) + min(
                                line.charge, Decimal(left["charge"])
                            )
                    credit = {a.pk: unapplied_credit(a, until=CUTOFF) for a in accounts}
                    statement = do_adopt_statement(statement, resolution=resolution, adopted_on=ADOPTED,
                                                   acting_user=clerk)  # fmt: skip
                    for account in accounts:
                        roll = -Decimal(LedgerEntry.objects.filter(account=account, kind="relevy_transfer")
                                        .aggregate(t=MoneySum("amount"))["t"])  # fmt: skip
                        assert owed[account.pk] == balance(account=account) + roll
                        if not credit[account.pk]:
                            for line in StatementLine.objects.filter(statement=statement, account=account):
                                moves = LedgerEntry.objects.filter(bill=line.bill_id, kind="relevy_transfer")
                                moved = -sum((e.amount for e in moves), ZERO)
                                assert moved == expected_moves.get(line.bill_id or 0, ZERO) and moved <= line.total
            except ValidationError:
                pass  # a refusal (a voided bill on the roll, a payment after the cut-off) writes nothing
            for account in accounts:
                assert balance(account=account) == on_the_ledger(account)
            for number in receipts:
                mine = LedgerEntry.objects.filter(source_key__startswith=f"payment:{number}:")
                paid = Payment.objects.get(receipt_number=number).amount
                assert mine.aggregate(t=MoneySum("amount"))["t"] == -paid
        assert statement is not None and statement.status == "relevied"
