"""Writing bills and posting them, set-based: raw ``executemany`` and ``INSERT … SELECT``, never one ORM
save per account nor ``bulk_create`` of model objects.

A chunk's drafts are replaced in one short transaction (delete the range's drafts, insert the new ones);
posting is one short transaction that copies the period's draft bills to the ledger, keyed ``bill:<id>``
so that a second posting inserts nothing, and marks them posted.

Table and column names in the SQL below come from the models' ``_meta``, never from input; every value is
a query parameter.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction

from sewerworks.billing.choices import Basis, BillStatus, LedgerKind
from sewerworks.billing.engine import plain
from sewerworks.billing.engine.compute import BillRow
from sewerworks.billing.engine.plain import Rating
from sewerworks.billing.models import Bill, BillingPeriod, BillLine, LedgerEntry
from sewerworks.billing.models.bills import kept_facts

BILL = Bill._meta.db_table
LINE = BillLine._meta.db_table
LEDGER = LedgerEntry._meta.db_table
BILL_COLUMNS = (
    "account_id",
    "parcel_id",
    "period_id",
    "status",
    "basis",
    "flags",
    "gallons",
    "total",
    "topic",
    "facts",
    "reads_start",
    "reads_end",
    "reads_unit",
    "reads_dials",
    "note",
    "run",
    "created_at",
    "created_by_id",
)
LINE_COLUMNS = (
    "bill_id",
    "position",
    "kind",
    "description",
    "working",
    "quantity",
    "rate",
    "amount",
    "section",
    "interpretations",
)


@dataclass
class ChunkWritten:
    """What one chunk wrote: bills, their total in cents, flags counted; ``rows`` billed in Python."""

    bills: int = 0
    total_cents: int = 0
    flags: Counter[str] = field(default_factory=Counter)
    rows: int = 0


def _insert_sql(table: str, columns: tuple[str, ...], casts: dict[str, str] | None = None) -> str:
    casts = casts or {}
    marks = ", ".join(f"%s{casts.get(c, '')}" for c in columns)
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"


def _dec(value: Any) -> str | None:
    return None if value is None else format(value, "f")


def _now_param(now: dt.datetime) -> Any:
    return connection.ops.adapt_datetimefield_value(now)


def write_chunk(
    period: BillingPeriod,
    low: int,
    high: int,
    ids: list[int],
    compute: Callable[[list[int] | None], list[BillRow]],
    *,
    rating: Rating | None,
    run: str,
    user_id: int | None,
    now: dt.datetime,
    defective: list[int] | None = None,
) -> ChunkWritten:
    """Replace the period's draft bills of accounts ``low`` < id ≤ ``high`` (``ids``) in one transaction:
    the plain bills in SQL (``plain.write_plain``, when ``rating``; ``defective``: the run's accounts with a
    defective meter, see there), then ``compute`` bills the rest in Python (``compute(None)``: every account
    of the range)."""
    jsonb = {"facts": "::jsonb"} if connection.vendor == "postgresql" else {}
    at = _now_param(now)
    with transaction.atomic(), connection.cursor() as cur:
        where = "period_id = %s AND status = %s AND account_id > %s AND account_id <= %s"
        args: list[Any] = [period.pk, BillStatus.DRAFT, low, high]
        cur.execute(f"DELETE FROM {LINE} WHERE bill_id IN (SELECT id FROM {BILL} WHERE {where})", args)
        cur.execute(f"DELETE FROM {BILL} WHERE {where}", args)
        done = ChunkWritten()
        if rating is not None:
            plain.write_plain(cur, period, low, high, rating, run=run, at=at, user_id=user_id, defective=defective)
            done.bills, done.total_cents, done.flags = plain.written(cur, period, low, high)
            rows = compute(plain.unbilled(cur, period, low, high, ids) if done.bills else None)
        else:
            rows = compute(None)
        if not rows:
            return done
        kept = [kept_facts(r.facts, period) for r in rows]
        cur.executemany(
            _insert_sql(BILL, BILL_COLUMNS, jsonb),
            [
                (
                    r.account_id,
                    r.parcel_id,
                    period.pk,
                    BillStatus.DRAFT,
                    r.basis,
                    ",".join(r.flags),
                    _dec(r.gallons),
                    r.total_cents,
                    r.topic,
                    json.dumps(facts),
                    *reads,
                    r.note,
                    run,
                    at,
                    user_id,
                )
                for r, (facts, reads) in zip(rows, kept, strict=True)
            ],
        )
        bill_of = _bill_ids(cur, where, args, [r.account_id for r in rows])
        cur.executemany(
            _insert_sql(LINE, LINE_COLUMNS),
            [
                (bill_of[r.account_id], i, kind, desc[:200], working[:300], _dec(qty), _dec(rate), cents, section, refs)
                for r in rows
                for i, (kind, desc, working, qty, rate, cents, section, refs) in enumerate(r.lines)
            ],
        )
    done.bills += len(rows)
    done.total_cents += sum(r.total_cents for r in rows)
    done.flags.update(f for r in rows for f in r.flags)
    done.rows = len(rows)
    return done


def _bill_ids(cur: Any, where: str, args: list[Any], accounts: list[int]) -> dict[int, int]:
    """The draft bill id of each account just billed in Python: only those accounts (not the range's plain
    bills the chunk wrote in SQL), up to 500 at a time; the whole range when most of it was Python's."""
    if len(accounts) > 2_000:
        cur.execute(f"SELECT account_id, id FROM {BILL} WHERE {where}", args)
        return dict(cur.fetchall())
    out: dict[int, int] = {}
    for start in range(0, len(accounts), 500):
        part = accounts[start : start + 500]
        marks = ", ".join(["%s"] * len(part))
        cur.execute(f"SELECT account_id, id FROM {BILL} WHERE {where} AND account_id IN ({marks})", [*args, *part])
        out.update(cur.fetchall())
    return out


def drop_drafts_after(period: BillingPeriod, high: int) -> int:
    """Drafts of accounts beyond the last chunk (no longer billed in the period): removed."""
    with transaction.atomic(), connection.cursor() as cur:
        where = "period_id = %s AND status = %s AND account_id > %s"
        args: list[Any] = [period.pk, BillStatus.DRAFT, high]
        cur.execute(f"DELETE FROM {LINE} WHERE bill_id IN (SELECT id FROM {BILL} WHERE {where})", args)
        cur.execute(f"DELETE FROM {BILL} WHERE {where}", args)
        return int(cur.rowcount)


def post_bills(
    period: BillingPeriod,
    *,
    run: str,
    user_id: int | None,
    now: dt.datetime,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """Copy the period's draft bills (not held) of accounts ``low`` < id ≤ ``high`` (without bounds: every
    account) to the ledger and mark them posted; inside the caller's transaction. Returns the number of
    ledger entries written (0 the second time: the source key ``bill:<id>`` is unique).

    I-61: a bill held for a person (an implausible rollover, no read in the window, wash water above the
    water used) is never posted on a guess: it stays a draft, listed first on the period page, while the
    rest of the period posts."""
    at = _now_param(now)
    posted_on = connection.ops.adapt_datefield_value(period.bill_date)
    description = f"Sewer user charge {period.start.isoformat()} – {period.end.isoformat()}"
    where = "period_id = %s AND status = %s AND basis <> %s"  # the bills' columns (the one table read)
    args: list[Any] = [period.pk, BillStatus.DRAFT.value, Basis.HELD.value]
    if low is not None and high is not None:
        # the (period, account) index walked over the chunk's range
        where += " AND account_id > %s AND account_id <= %s"
        args += [low, high]
    with connection.cursor() as cur:
        cur.execute(
            f"INSERT INTO {LEDGER} (parcel_id, account_id, kind, amount, posted_on, source_key, description, section,"
            " period_id, bill_id, run, created_at, created_by_id)"
            f" SELECT b.parcel_id, b.account_id, %s, b.total, %s, 'bill:' || b.id, %s, '118-52', b.period_id, b.id,"
            f" %s, %s, %s FROM {BILL} b WHERE {where} ON CONFLICT (source_key) DO NOTHING",
            [LedgerKind.CHARGE.value, posted_on, description, run, at, user_id, *args],
        )
        written = int(cur.rowcount)
        # One pass down the (period, account) index, updating as it goes (an ``id IN (subquery)`` collected the
        # ids first: about a fifth more CPU); no index holds the status or the time (see the one-live-bill index).
        cur.execute(
            f"UPDATE {BILL} SET status = %s, posted_at = %s WHERE {where}",
            [BillStatus.POSTED.value, at, *args],
        )
    return written


def post_chunk(period: BillingPeriod, low: int, high: int, *, run: str, user_id: int | None, now: dt.datetime) -> int:
    """One posting chunk (I-108): the drafts of accounts ``low`` < id ≤ ``high`` posted in their own short
    transaction, committed on return (the benchmark times this call as one write transaction)."""
    with transaction.atomic():
        return post_bills(period, run=run, user_id=user_id, now=now, low=low, high=high)


def posting_chunk_end(period: BillingPeriod, after: int, size: int) -> int | None:
    """The last account of the next posting chunk: the ``size``-th account after ``after`` with a draft
    bill to post in the period (fewer at the end); None when none is left. Drafts already posted are not
    drafts any more, so a posting resumed after a crash walks only what is left (I-108)."""
    with connection.cursor() as cur:
        cur.execute(
            f"SELECT MAX(account_id) FROM (SELECT account_id FROM {BILL} WHERE period_id = %s AND account_id > %s"
            " AND status = %s AND basis <> %s ORDER BY account_id LIMIT %s) c",
            [period.pk, after, BillStatus.DRAFT.value, Basis.HELD.value, size],
        )
        row = cur.fetchone()
    return None if row is None or row[0] is None else int(row[0])


def to_post(period: BillingPeriod) -> tuple[int, int]:
    """(bills posted, bills still to post) of the period: the progress of a posting (I-108)."""
    with connection.cursor() as cur:
        cur.execute(
            f"SELECT COALESCE(SUM(CASE WHEN status = %s THEN 1 ELSE 0 END), 0),"
            f" COALESCE(SUM(CASE WHEN status = %s AND basis <> %s THEN 1 ELSE 0 END), 0) FROM {BILL}"
            " WHERE period_id = %s",
            [BillStatus.POSTED.value, BillStatus.DRAFT.value, Basis.HELD.value, period.pk],
        )
        posted, left = cur.fetchone()
    return int(posted), int(left)
