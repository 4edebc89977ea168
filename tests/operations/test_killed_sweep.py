"""The daily sweep killed with SIGKILL after its late-penalty step has written its penalties, before it
commits: nothing of it is kept (no penalty, no run record), the ledger is as before; the rerun writes
each penalty once, and a third run adds nothing. (The bill run has its own: billing/tests/test_killed_run.py.)"""

from __future__ import annotations

import datetime as dt
import signal
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection

from sewerworks.billing.models import LedgerEntry
from sewerworks.billing.tests.ledger_helpers import pay, posted_bill
from sewerworks.enforcement.models import SweepRun
from tests.operations.killpoint import run_command

pytestmark = pytest.mark.django_db(transaction=True)


def ledger() -> list[tuple[Any, ...]]:
    return list(LedgerEntry.objects.order_by("pk").values_list("pk", "bill_id", "kind", "amount", "posted_on"))


def balanced(bills: list[Any]) -> None:
    """Every bill owes its charge plus its penalties less its payments, entry by entry."""
    for bill in bills:
        entries = LedgerEntry.objects.filter(bill=bill)
        by_kind = {
            k: sum((e.amount for e in entries if e.kind == k), Decimal(0)) for k in ("charge", "penalty", "payment")
        }
        assert by_kind["charge"] == bill.total
        assert sum(by_kind.values()) == sum(e.amount for e in entries)


def test_a_sweep_killed_before_it_commits_keeps_nothing_and_the_rerun_writes_each_penalty_once() -> None:
    bills = [posted_bill(amount) for amount in ("120.00", "80.50", "45.25", "10.00")]
    pay(bills[1], dt.date(2026, 1, 20), "80.50")  # paid in full before the penalty date
    before = ledger()

    killed = run_command("sweep", "--as-of", "2026-03-02", connection=connection, point="sweep-step:late-penalties")

    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert ledger() == before, "no penalty of the killed sweep is kept"
    assert not SweepRun.objects.exists()
    balanced(bills)

    rerun = run_command("sweep", "--as-of", "2026-03-02", connection=connection)
    assert rerun.returncode == 0, rerun.stderr
    penalties = LedgerEntry.objects.filter(kind="penalty").order_by("bill_id")
    assert [(p.bill_id, p.amount) for p in penalties] == [
        (bills[0].pk, Decimal("12.00")),
        (bills[2].pk, Decimal("4.53")),
        (bills[3].pk, Decimal("1.00")),
    ]
    assert SweepRun.objects.count() == 1
    balanced(bills)

    after = ledger()
    again = run_command("sweep", "--as-of", "2026-03-02", connection=connection)
    assert again.returncode == 0, again.stderr
    assert ledger() == after, "a second sweep of the day adds nothing"
