"""A bill run killed with SIGKILL after its first chunk leaves no posted bill and no ledger entry; the
lock dies with it, and the rerun posts exactly one bill per account. Killed after its first posting chunk
it leaves the period "posting" with that chunk's bills on the ledger, and the rerun posts only the rest
(I-108)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from sewerworks.billing.engine.run import DIE_AFTER, DIE_AFTER_POSTING
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry
from sewerworks.billing.tests.ledger_helpers import database_url

ROOT = Path(__file__).resolve().parents[3]


def bill_run(
    *args: str, die_after: int | None = None, die_after_posting: int | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database_url()}
    env.pop(DIE_AFTER, None)
    env.pop(DIE_AFTER_POSTING, None)
    if die_after is not None:
        env[DIE_AFTER] = str(die_after)
    if die_after_posting is not None:
        env[DIE_AFTER_POSTING] = str(die_after_posting)
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "bill_run", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.django_db(transaction=True)
def test_a_run_killed_after_a_chunk_posts_nothing_and_the_rerun_posts_one_bill_per_account(
    make_account: Any, staff: Any
) -> None:
    accounts = [make_account(meters=[(1_000, 1_000 + 700 * i)]) for i in range(9)]
    user = staff.superintendent.username
    killed = bill_run("2026-09-30", "--post", "--as-user", user, "--chunk", "4", die_after=1)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert "Computed 4 of 9 bills." in killed.stdout and "posted" not in killed.stdout
    assert Bill.objects.filter(status="draft").count() == 4
    assert not Bill.objects.filter(status="posted").exists() and not LedgerEntry.objects.exists()

    rerun = bill_run("2026-09-30", "--post", "--as-user", user, "--chunk", "4")
    assert rerun.returncode == 0, rerun.stderr
    assert "9 bills posted to the ledger." in rerun.stdout
    posted = Bill.objects.filter(status="posted")
    assert sorted(posted.values_list("account_id", flat=True)) == sorted(a.pk for a in accounts)
    assert LedgerEntry.objects.count() == 9 and not Bill.objects.filter(status="draft").exists()

    again = bill_run("2026-09-30", "--post", "--as-user", user)
    assert again.returncode == 0 and "do not change" in again.stdout
    assert LedgerEntry.objects.count() == 9


@pytest.mark.django_db(transaction=True)
def test_a_posting_killed_after_its_first_chunk_is_finished_by_the_rerun_one_entry_per_bill(
    make_account: Any, staff: Any
) -> None:
    accounts = [make_account(meters=[(1_000, 1_000 + 900 * i)]) for i in range(9)]
    user = staff.superintendent.username
    killed = bill_run("2026-09-30", "--post", "--as-user", user, "--chunk", "4", die_after_posting=1)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert "9 draft bills" in killed.stdout and "Posted 4 of 9 bills." in killed.stdout
    assert "Posted 8" not in killed.stdout
    # I-108: the first chunk is on the ledger, the period shows "posting"; balances are their entries
    period = BillingPeriod.objects.get(end="2026-09-30")
    assert period.status == "posting"
    posted = Bill.objects.filter(status="posted")
    assert sorted(posted.values_list("account_id", flat=True)) == [a.pk for a in accounts[:4]]
    assert LedgerEntry.objects.count() == 4 and Bill.objects.filter(status="draft").count() == 5
    for account in accounts:
        entries = LedgerEntry.objects.filter(account=account)
        assert balance(account=account) == sum((e.amount for e in entries), Decimal("0.00"))
    assert balance(account=accounts[0]) == Bill.objects.get(account=accounts[0]).total
    assert balance(account=accounts[8]) == Decimal("0.00")  # its bill is still a draft: not on the ledger

    rerun = bill_run("2026-09-30", "--post", "--as-user", user, "--chunk", "4")
    assert rerun.returncode == 0, rerun.stderr
    assert "The period is being posted (4 bills posted, 5 to go)" in rerun.stdout
    assert "5 bills posted to the ledger, finishing the posting (9 in all)." in rerun.stdout
    assert sorted(Bill.objects.filter(status="posted").values_list("account_id", flat=True)) == sorted(
        a.pk for a in accounts
    )
    assert not Bill.objects.filter(status="draft").exists()
    for account in accounts:
        (entry,) = LedgerEntry.objects.filter(account=account)
        bill = Bill.objects.get(account=account)
        assert (entry.bill_id, entry.amount, entry.source_key) == (bill.pk, bill.total, f"bill:{bill.pk}")
        assert balance(account=account) == entry.amount
    period.refresh_from_db()
    assert period.status == "posted"
    moves = list(period.status_changes.order_by("pk").values_list("to_status", flat=True))
    assert moves == ["draft", "reviewed", "posting", "posted"]

    again = bill_run("2026-09-30", "--post", "--as-user", user)
    assert again.returncode == 0 and "do not change" in again.stdout
    assert LedgerEntry.objects.count() == 9


@pytest.mark.django_db(transaction=True)
def test_the_command_refuses_a_role_that_may_not_run_bills(staff: Any) -> None:
    result = bill_run("2026-09-30", "--as-user", staff.inspector.username)
    assert result.returncode != 0 and "run the bills" in result.stderr
    result = bill_run("2026-09-29", "--as-user", staff.clerk.username)
    assert result.returncode != 0 and "ends no billing period" in result.stderr
