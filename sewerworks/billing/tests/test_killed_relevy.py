"""A relevy killed with SIGKILL after every move is written but before it commits leaves nothing: no transfer on
the ledger, the statement still filed. Run again it moves each amount once; a third run is refused (§118-53,
I-120). Through the command line, as the Town Clerk would."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from sewerworks.billing.actions.relevy import do_file_statement
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import LedgerEntry, UnpaidStatement
from sewerworks.billing.taxroll.relevy import DIE
from sewerworks.billing.tests.ledger_helpers import database_url
from sewerworks.billing.tests.relevy_scenario import RELEVIED, STATEMENT_DATE, paid_after_the_statement, year_end

ROOT = Path(__file__).resolve().parents[3]


def relevy(*args: str, die: bool = False) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database_url()}
    env.pop(DIE, None)
    if die:
        env[DIE] = "1"
    return subprocess.run([sys.executable, str(ROOT / "manage.py"), "relevy", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_a_relevy_killed_before_it_commits_moves_nothing_and_the_rerun_moves_each_amount_once(staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    do_file_statement(STATEMENT_DATE, acting_user=staff.clerk, documents=False)
    paid_after_the_statement(scene, staff.clerk)
    before = {k: balance(account=a) for k, a in scene.accounts.items()}
    adopt = ("--as-user", staff.clerk.username, "adopt", "2026-09-20", "--resolution", "Resolution 2026-88",
             "--on", "2026-11-10")  # fmt: skip

    killed = relevy(*adopt, die=True)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert not LedgerEntry.objects.filter(kind="relevy_transfer").exists()
    assert UnpaidStatement.objects.get().status == "filed"
    assert {k: balance(account=a) for k, a in scene.accounts.items()} == before

    rerun = relevy(*adopt)
    assert rerun.returncode == 0, rerun.stderr
    assert "Adopted by Resolution 2026-88: $213.12 relevied to the 2027 tax roll (stated $243.12)." in rerun.stdout
    for key, amount in RELEVIED.items():
        moved = LedgerEntry.objects.filter(bill=scene.bills[key], kind="relevy_transfer")
        assert -sum((e.amount for e in moved), Decimal(0)) == amount
    transfers = LedgerEntry.objects.filter(kind="relevy_transfer").count()

    again = relevy(*adopt)
    assert again.returncode != 0 and "each amount moves once" in again.stderr
    assert LedgerEntry.objects.filter(kind="relevy_transfer").count() == transfers
