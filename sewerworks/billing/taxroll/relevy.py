"""The relevy on the Board's adoption (§118-53, I-119, I-120): the amounts move off the accounts onto the tax roll.

For each line of the statement, what its bill still owed at the end of the counter's cut-off, part by part,
never more than the statement says (``sums`` as of the cut-off): one ``INSERT … SELECT`` per part writes
``relevy_transfer`` entries for minus that amount, keyed ``relevy:<statement>:bill:<id>:penalty|charge``,
posted on the day of adoption, naming the bill. The balance does not disappear: the account's entries sum to
what the counter is owed, and the tax roll's share is the transfers (``ledger.tax_roll``).

Interest (I-119, the rate in force on the statement date) is written only when the Board set a rate: an
``interest`` entry on the charge moved, for the statement's days, and its transfer (``…:interest``). A relevy
charge (the percentage and flat amount in force on the day of adoption, zero unless the Board set one) is one
``relevy_charge`` entry per parcel on its first account and its transfer (``relevy:<statement>:parcel:<id>:
relevy-charge``). The bills move in chunks (``chunks``, ``move_bills``), each its own transaction; the last
transaction (``finish``) writes the connection charges' moves and the relevy charge and moves the statement's
status. The unique keys make a rerun write only what a killed run had not committed (``SEWERWORKS_RELEVY_DIE_AFTER_
CHUNK=N`` kills it after chunk N commits, ``SEWERWORKS_RELEVY_DIE_BEFORE_COMMIT`` in the last transaction, for
the test).

A §118-54 connection charge on the statement (no bill: ``connection:<id>``) moves the same way, row by row
(``connection_lines``); the relevy charge is reckoned on the bills' transfers.

A removal from the roll (before certification) writes the counter-entries: each transfer moved back
(``relevy-removed:…``), the interest and relevy charge withdrawn; never a delete.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
import os
import signal
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Q

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import Bill, LedgerEntry, StatementLine, UnpaidStatement
from sewerworks.billing.taxroll import connection_lines, sums
from sewerworks.billing.taxroll.statement import credit_accounts_sql
from sewerworks.billing.taxroll.terms import relevy_charge, terms_for
from sewerworks.core.money import MoneySum
from sewerworks.core.records import events

LINE, LEDGER, BILL = StatementLine._meta.db_table, LedgerEntry._meta.db_table, Bill._meta.db_table
DIE = "SEWERWORKS_RELEVY_DIE_BEFORE_COMMIT"
DIE_AFTER = "SEWERWORKS_RELEVY_DIE_AFTER_CHUNK"
CHUNK_LINES = "SEWERWORKS_RELEVY_CHUNK_LINES"
CHUNK = 40_000  # statement lines per transaction of the adoption: a few seconds each at a million accounts
SECTION = "118-53"
K = LedgerKind


def keyed(column: str, suffix: bool = False) -> str:
    """SQL of a source key: a parameter, the column, and with ``suffix`` another parameter, as text."""
    return f"CAST(%s AS TEXT) || CAST({column} AS TEXT)" + (" || CAST(%s AS TEXT)" if suffix else "")


def prefix(statement: UnpaidStatement) -> str:
    return f"relevy:{statement.pk}:"


def accounts_with_credit(statement: UnpaidStatement) -> list[int]:
    """The statement's accounts with a credit at the end of the cut-off (I-118: applied before anything moves)."""
    sql, params = credit_accounts_sql(statement.counter_cutoff)
    with connection.cursor() as cur:
        cur.execute(f"SELECT DISTINCT l.account_id FROM {LINE} l WHERE l.statement_id = %s AND l.account_id IN ({sql})",
                    [statement.pk, *params])  # fmt: skip
        return sorted(r[0] for r in cur.fetchall())


def _common(statement: UnpaidStatement, on: dt.date, user_id: int | None) -> tuple[str, list[Any]]:
    """The trailing columns every entry shares (section, run, recorded at and by) and their values."""
    now = connection.ops.adapt_datetimefield_value(events.now())
    return "%s, %s, %s, %s", [SECTION, f"relevy:{statement.pk}", now, user_id]


def _in_range(column: str) -> str:
    """SQL narrowing ``column`` (a bill id) to the statement's bills of one chunk: ``statement, low, high``."""
    return (f"{column} BETWEEN %s AND %s AND {column} IN (SELECT l2.bill_id FROM {LINE} l2 WHERE l2.statement_id = %s"
            " AND l2.bill_id BETWEEN %s AND %s)")  # fmt: skip


def _move_part(statement: UnpaidStatement, part: str, on: dt.date, user_id: int | None, description: str,
               bills: tuple[int, int]) -> int:  # fmt: skip
    """One part of the lines of ``bills`` (a range of bill ids): min(the statement's, unpaid at the end of the
    cut-off), as transfers."""
    low, high = bills
    unpaid = sums.unpaid_bills(statement.counter_cutoff, where=_in_range("b.id"),
                               where_params=(low, high, statement.pk, low, high))  # fmt: skip
    moved = f"CASE WHEN u.{part} < l.{part} THEN u.{part} ELSE l.{part} END"
    tail, tail_params = _common(statement, on, user_id)
    sql = (
        f"INSERT INTO {LEDGER} (parcel_id, account_id, kind, amount, posted_on, source_key, description, period_id,"
        " bill_id, section, run, created_at, created_by_id)"
        f" SELECT l.parcel_id, l.account_id, %s, -({moved}), %s, {keyed('l.bill_id', True)}, %s, b.period_id,"
        f" l.bill_id, {tail} FROM {LINE} l JOIN ({unpaid.sql}) u ON u.bill_id = l.bill_id"
        f" JOIN {BILL} b ON b.id = l.bill_id WHERE l.statement_id = %s AND l.bill_id BETWEEN %s AND %s"
        f" AND {moved} > 0 ON CONFLICT (source_key) DO NOTHING"
    )
    params = [K.RELEVY_TRANSFER.value, sums.day(on), f"{prefix(statement)}bill:", f":{part}", description[:200],
              *tail_params, *unpaid.params, statement.pk, low, high]  # fmt: skip
    with connection.cursor() as cur:
        cur.execute(sql, params)
        return max(int(cur.rowcount), 0)


def _interest(statement: UnpaidStatement, on: dt.date, user_id: int | None, description: str,
              bills: tuple[int, int]) -> int:  # fmt: skip
    """I-119: interest on the charge moved of the lines of ``bills``, for the statement's days, then its transfer.
    Nothing at rate 0."""
    rate = terms_for(statement.statement_date).interest_rate
    if rate == 0:
        return 0
    n, d = (rate / 100).as_integer_ratio()
    if connection.vendor == "postgresql":
        days = "(CAST(%s AS DATE) - CAST(l.penalty_date AS DATE))"
    else:
        days = "CAST(julianday(%s) - julianday(l.penalty_date) AS INTEGER)"
    owed = f"((2 * (-t.amount) * {n} * {days} + {365 * d}) / {2 * 365 * d})"
    tail, tail_params = _common(statement, on, user_id)
    columns = ("(parcel_id, account_id, kind, amount, posted_on, source_key, description, period_id, bill_id, section,"
               " run, created_at, created_by_id)")  # fmt: skip
    charged = (
        f"INSERT INTO {LEDGER} {columns} SELECT t.parcel_id, t.account_id, %s, {owed}, %s, {keyed('t.bill_id')},"
        f" %s, t.period_id, t.bill_id, {tail} FROM {LEDGER} t"
        f" JOIN {LINE} l ON l.bill_id = t.bill_id AND l.statement_id = %s"
        f" WHERE {_in_range('t.bill_id')}"
        f" AND t.source_key = {keyed('t.bill_id')} || ':charge' AND {owed} > 0 ON CONFLICT (source_key) DO NOTHING"
    )
    key = f"interest:{statement.pk}:bill:"
    moved = (
        f"INSERT INTO {LEDGER} {columns} SELECT i.parcel_id, i.account_id, %s, -i.amount, %s,"
        f" {keyed('i.bill_id', True)}, %s, i.period_id, i.bill_id, {tail} FROM {LEDGER} i"
        f" WHERE {_in_range('i.bill_id')} AND i.source_key = {keyed('i.bill_id')}"
        " ON CONFLICT (source_key) DO NOTHING"
    )
    day, chunk = sums.day(statement.statement_date), (bills[0], bills[1], statement.pk, bills[0], bills[1])
    with connection.cursor() as cur:
        cur.execute(charged, [K.INTEREST.value, day, sums.day(on), key, f"Interest (I-119), {statement}"[:200],
                              *tail_params, statement.pk, *chunk, f"{prefix(statement)}bill:", day])  # fmt: skip
        cur.execute(moved, [K.RELEVY_TRANSFER.value, sums.day(on), f"{prefix(statement)}bill:", ":interest",
                            description[:200], *tail_params, *chunk, key])  # fmt: skip
        return max(int(cur.rowcount), 0)


def _relevy_charge(statement: UnpaidStatement, on: dt.date, user_id: int | None, description: str) -> int:
    """I-119: the Board's relevy charge per parcel (a percentage of what moved plus a flat amount), then its
    transfer. Nothing when both are zero."""
    percent, flat = relevy_charge(on)
    if percent == 0 and flat == 0:
        return 0
    n, d = (percent / 100).as_integer_ratio()
    flat_cents = int(flat * 100)
    # What moved for each parcel on the statement: its bills' transfers and its §118-54 connection charges' (I-123:
    # a lien relevied with the sewer rents, so the Board's charge is on it too), not this charge's own transfer.
    moved = (
        f"SELECT t.parcel_id, MIN(t.account_id) AS account_id, CAST(-SUM(t.amount) AS BIGINT) AS total FROM {LEDGER} t"
        f" WHERE t.kind = %s AND t.parcel_id IN (SELECT parcel_id FROM {LINE} WHERE statement_id = %s)"
        " AND t.source_key LIKE %s AND t.source_key NOT LIKE %s GROUP BY t.parcel_id"
    )
    charge = f"({flat_cents} + (2 * m.total * {n} + {d}) / {2 * d})"
    tail, tail_params = _common(statement, on, user_id)
    columns = "(parcel_id, account_id, kind, amount, posted_on, source_key, description, section, run, created_at," \
              " created_by_id)"  # fmt: skip
    key = f"relevy-charge:{statement.pk}:parcel:"
    with connection.cursor() as cur:
        cur.execute(
            f"INSERT INTO {LEDGER} {columns} SELECT m.parcel_id, m.account_id, %s, {charge}, %s,"
            f" {keyed('m.parcel_id')}, %s, {tail} FROM ({moved}) m WHERE m.total > 0 AND {charge} > 0"
            " ON CONFLICT (source_key) DO NOTHING",
            [K.RELEVY_CHARGE.value, sums.day(on), key, f"Relevy charge (I-119), {statement}"[:200], *tail_params,
             K.RELEVY_TRANSFER.value, statement.pk, f"{prefix(statement)}%", f"{prefix(statement)}parcel:%"],
        )  # fmt: skip
        cur.execute(
            f"INSERT INTO {LEDGER} {columns} SELECT c.parcel_id, c.account_id, %s, -c.amount, %s,"
            f" {keyed('c.parcel_id', True)}, %s, {tail} FROM {LEDGER} c"
            " WHERE c.kind = %s AND c.posted_on = %s AND c.source_key LIKE %s"
            f" AND c.parcel_id IN (SELECT parcel_id FROM {LINE} WHERE statement_id = %s)"
            " ON CONFLICT (source_key) DO NOTHING",
            [K.RELEVY_TRANSFER.value, sums.day(on), f"{prefix(statement)}parcel:", ":relevy-charge", description[:200],
             *tail_params, K.RELEVY_CHARGE.value, sums.day(on), f"{key}%", statement.pk],
        )  # fmt: skip
        return max(int(cur.rowcount), 0)


def description_of(statement: UnpaidStatement) -> str:
    return f"Relevied to the {statement.roll_year} tax roll (§118-53), statement of {statement.statement_date}"


def chunks(statement: UnpaidStatement, size: int | None = None) -> list[tuple[int, int]]:
    """The statement's bills in ranges of ``size`` lines (``CHUNK``; ``SEWERWORKS_RELEVY_CHUNK_LINES`` in the
    environment for the tests), by bill id: each range one transaction of the adoption."""
    size = size or int(os.environ.get(CHUNK_LINES, CHUNK))
    ids = list(StatementLine.objects.filter(statement=statement, bill__isnull=False).order_by("bill_id")
               .values_list("bill_id", flat=True))  # fmt: skip
    return [(ids[i], ids[min(i + size, len(ids)) - 1]) for i in range(0, len(ids), size)]


def move_bills(statement: UnpaidStatement, on: dt.date, bills: tuple[int, int], *, user_id: int | None
               ) -> dict[str, int]:  # fmt: skip
    """Inside one chunk's transaction: the moves of the lines of ``bills`` (a range of bill ids, ``chunks``)."""
    description = description_of(statement)
    done = {part: _move_part(statement, part, on, user_id, description, bills) for part in ("penalty", "charge")}
    done["interest"] = _interest(statement, on, user_id, description, bills)
    return done


def die_after(chunk_number: int) -> None:
    """The killed-relevy test's hook: killed right after chunk ``chunk_number`` commits."""
    wanted = os.environ.get(DIE_AFTER)
    if wanted and int(wanted) == chunk_number:
        os.kill(os.getpid(), signal.SIGKILL)


def finish(statement: UnpaidStatement, on: dt.date, *, user_id: int | None) -> dict[str, int]:
    """Inside the adoption's last transaction (the one that moves the statement's status): the connection charges'
    moves and the relevy charge, reckoned on every chunk's transfers."""
    description = description_of(statement)
    done = {"connection_charges": connection_lines.move_to_roll(statement, on, user_id=user_id,
                                                                description=description)}  # §118-54, I-123
    done["relevy_charge"] = _relevy_charge(statement, on, user_id, description)
    if os.environ.get(DIE):
        os.kill(os.getpid(), signal.SIGKILL)  # the killed-relevy test: the last transaction written, not committed
    return done


def relevied_total(statement: UnpaidStatement) -> Decimal:
    """What the statement moved to the roll, net of removals: minus its transfers (bills and parcels)."""
    bills = StatementLine.objects.filter(statement=statement).values("bill_id")
    mine = Q(source_key__startswith=prefix(statement)) | Q(source_key__startswith=f"relevy-removed:{statement.pk}:")
    on_bills = LedgerEntry.objects.filter(mine, bill_id__in=bills, kind=K.RELEVY_TRANSFER)
    parcels = StatementLine.objects.filter(statement=statement).values("parcel_id")
    on_parcels = LedgerEntry.objects.filter(mine, bill__isnull=True, parcel_id__in=parcels, kind=K.RELEVY_TRANSFER)
    total = on_bills.aggregate(t=MoneySum("amount"))["t"] + on_parcels.aggregate(t=MoneySum("amount"))["t"]
    return -Decimal(total)


def parcel_entries(statement: UnpaidStatement, parcel_id: int) -> list[LedgerEntry]:
    """The relevy's entries of one parcel: its transfers, interest and relevy charge, and any counter-entries."""
    keys = (f"{prefix(statement)}", f"interest:{statement.pk}:", f"relevy-charge:{statement.pk}:",
            f"relevy-removed:{statement.pk}:", f"interest-withdrawn:{statement.pk}:",
            f"relevy-charge-withdrawn:{statement.pk}:")  # fmt: skip
    mine = Q()
    for key in keys:
        mine |= Q(source_key__startswith=key)
    return list(LedgerEntry.objects.filter(mine, parcel_id=parcel_id).order_by("id"))


def remove_from_roll(statement: UnpaidStatement, parcel_id: int, on: dt.date, *, reason: str, user: Any) -> Decimal:
    """The counter-entries of a removal (inside the caller's transaction): each transfer moved back, the interest
    and relevy charge withdrawn. Returns what went back to the accounts."""
    rows, back = [], Decimal("0.00")
    now = events.now()
    swap = {f"{prefix(statement)}": f"relevy-removed:{statement.pk}:",
            f"interest:{statement.pk}:": f"interest-withdrawn:{statement.pk}:",
            f"relevy-charge:{statement.pk}:": f"relevy-charge-withdrawn:{statement.pk}:"}  # fmt: skip
    for entry in parcel_entries(statement, parcel_id):
        old = next((k for k in swap if entry.source_key.startswith(k)), None)
        if old is None:
            continue  # a counter-entry already
        if entry.kind == K.RELEVY_TRANSFER and entry.source_key.endswith((":penalty", ":charge")):
            back -= entry.amount
        rows.append(LedgerEntry(
            parcel_id=entry.parcel_id, account_id=entry.account_id, kind=entry.kind, amount=-entry.amount,
            posted_on=on, source_key=swap[old] + entry.source_key.removeprefix(old), period_id=entry.period_id,
            bill_id=entry.bill_id, description=f"Removed from the {statement.roll_year} tax roll: {reason}"[:200],
            section=SECTION, run=f"relevy-removed:{statement.pk}", created_at=now, created_by=user,
        ))  # fmt: skip
    LedgerEntry.objects.bulk_create(rows)
    return back
