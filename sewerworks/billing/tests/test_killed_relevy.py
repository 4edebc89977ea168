"""A relevy moves the bills in chunks, each its own transaction, and the statement's status last (I-108's way,
I-120). Killed with SIGKILL between two chunks, or in the last transaction before it commits, the statement is
still filed and what moved, moved whole; run again it completes, each amount moved once; a third run is refused
(§118-53). The filing too: killed between chunks, the statement is being filed (not adoptable), and filing the
same day again completes it, each bill's line once. Through the command line, as the Town Clerk would."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from sewerworks.billing.actions.relevy import do_adopt_statement, do_file_statement
from sewerworks.billing.ledger.balances import balance
from sewerworks.billing.models import LedgerEntry, StatementLine, UnpaidStatement
from sewerworks.billing.taxroll import statement as filing
from sewerworks.billing.taxroll.relevy import CHUNK_LINES, DIE, DIE_AFTER
from sewerworks.billing.tests.ledger_helpers import database_url
from sewerworks.billing.tests.relevy_scenario import (
    RELEVIED,
    STATED,
    STATEMENT_DATE,
    paid_after_the_statement,
    year_end,
)

RELEVY_DAY = dt.date(2026, 11, 10)
ROOT = Path(__file__).resolve().parents[3]


def relevy(*args: str, die: bool = False, die_after: int | None = None, chunk: int | None = None,
           hooks: dict[str, int] | None = None) -> subprocess.CompletedProcess[str]:  # fmt: skip
    env = {**os.environ, "DATABASE_URL": database_url()}
    for hook in (DIE, DIE_AFTER, CHUNK_LINES, filing.DIE_AFTER, filing.CHUNK_BILLS):
        env.pop(hook, None)
    env.update({name: str(value) for name, value in (hooks or {}).items()})
    if die:
        env[DIE] = "1"
    if die_after is not None:
        env[DIE_AFTER] = str(die_after)
    if chunk is not None:
        env[CHUNK_LINES] = str(chunk)
    return subprocess.run([sys.executable, str(ROOT / "manage.py"), "relevy", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip


ADOPT = ("adopt", "2026-09-20", "--resolution", "Resolution 2026-88", "--on", "2026-11-10")
DONE = "Adopted by Resolution 2026-88: $213.12 relevied to the 2027 tax roll (stated $243.12)."


def moved(bill: Any) -> Decimal:
    return -sum((e.amount for e in LedgerEntry.objects.filter(bill=bill, kind="relevy_transfer")), Decimal(0))


def rerun_completes(scene: Any, adopt: tuple[str, ...]) -> None:
    """Run again: the relevy completes, each amount moved once; a third run is refused and writes nothing."""
    rerun = relevy(*adopt, chunk=1)
    assert rerun.returncode == 0, rerun.stderr
    assert DONE in rerun.stdout
    assert {key: moved(scene.bills[key]) for key in RELEVIED} == RELEVIED
    transfers = LedgerEntry.objects.filter(kind="relevy_transfer").count()
    again = relevy(*adopt)
    assert again.returncode != 0 and "each amount moves once" in again.stderr
    assert LedgerEntry.objects.filter(kind="relevy_transfer").count() == transfers


def filed_and_paid(staff: Any) -> tuple[Any, tuple[str, ...]]:
    """The year end filed, B paid after the statement; the command line of the adoption."""
    scene = year_end(staff.clerk, staff.superintendent)
    do_file_statement(STATEMENT_DATE, acting_user=staff.clerk, documents=False)
    paid_after_the_statement(scene, staff.clerk)
    adopt = ("--as-user", staff.clerk.username, *ADOPT)
    return scene, adopt


@pytest.mark.django_db(transaction=True)
def test_a_relevy_killed_between_two_chunks_is_still_filed_and_the_rerun_completes_it(staff: Any) -> None:
    scene, adopt = filed_and_paid(staff)
    before = sum((balance(account=a) for a in scene.accounts.values()), Decimal(0))

    killed = relevy(*adopt, chunk=1, die_after=2)  # a bill per chunk: killed after the second commits
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    first_two = sorted(RELEVIED, key=lambda k: scene.bills[k].pk)[:2]
    assert {key: moved(scene.bills[key]) for key in RELEVIED} == {
        key: RELEVIED[key] if key in first_two else Decimal(0) for key in RELEVIED}  # fmt: skip
    assert UnpaidStatement.objects.get().status == "filed"  # the status moves last
    after = sum((balance(account=a) for a in scene.accounts.values()), Decimal(0))
    assert before - after == sum((RELEVIED[key] for key in first_two), Decimal(0))  # what moved, moved whole

    rerun_completes(scene, adopt)


@pytest.mark.django_db(transaction=True)
def test_a_relevy_killed_in_its_last_transaction_is_still_filed_and_the_rerun_completes_it(staff: Any) -> None:
    scene, adopt = filed_and_paid(staff)

    killed = relevy(*adopt, die=True)  # every chunk committed, the last transaction not
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    statement = UnpaidStatement.objects.get()
    assert statement.status == "filed" and statement.adopted_on is None and statement.relevied_total == 0
    assert not LedgerEntry.objects.filter(kind="relevy_charge").exists()

    rerun_completes(scene, adopt)


@pytest.mark.django_db(transaction=True)
def test_a_filing_killed_between_two_chunks_is_not_filed_and_filing_the_day_again_completes_it(staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    first, *rest = sorted(scene.bills[key].pk for key in STATED)
    file = ("--as-user", staff.clerk.username, "statement", "2026-09-20", "--file")

    killed = relevy(*file, hooks={filing.CHUNK_BILLS: first, filing.DIE_AFTER: 1})  # bills 1..first, then killed
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    begun = UnpaidStatement.objects.get()
    assert begun.status == "filing" and begun.total == 0  # on no screen as filed: no notice, no adoption
    assert set(StatementLine.objects.values_list("bill_id", flat=True)) == {first}
    other_day = relevy("--as-user", staff.clerk.username, "statement", "2026-09-21", "--file")
    assert other_day.returncode != 0 and "file that day again to complete it first" in other_day.stderr
    with pytest.raises(ValidationError, match="not filed yet"):
        do_adopt_statement(begun, resolution=scene.resolution, adopted_on=RELEVY_DAY, acting_user=staff.clerk)

    again = relevy(*file, hooks={filing.CHUNK_BILLS: first})
    assert again.returncode == 0, again.stderr
    statement = UnpaidStatement.objects.get()
    assert statement.status == "filed" and statement.total == sum(STATED.values(), Decimal(0))
    lines = {line.bill_id: line.total for line in StatementLine.objects.filter(bill__isnull=False)}
    assert lines == {scene.bills[key].pk: amount for key, amount in STATED.items()}  # each bill once
    assert sorted(lines) == [first, *rest]
