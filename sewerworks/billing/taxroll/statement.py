"""The Town Clerk's statement of unpaid sewer rents (§118-53): the draft and its filing, set-based.

What is on it (I-29, I-117): each posted bill past its penalty date (I-25) with something unpaid at the end of
the statement date, its unpaid sewer user charge and late penalty (``sums``) and interest (I-119, zero unless
the Board sets a rate); per property the tax map number, the address, the improvement area and the owner of
record on the statement date, "so far as may be known" (the ``Ownership`` whose dates hold that day, the
latest begun; none known: left blank). A credit on the account pays the statement's bills first (I-118):
those few accounts are computed here in Python with the topic's own ``apply_credit`` and ``interest``; every
other line is one ``INSERT … SELECT``. The topic ``relevy`` is the reference: ``test_statement_agreement``
compares the two.

Left out, each with its reason: bills not past their penalty date, other programs' charges riding on a bill or
posted to the account without one (I-117), bills the account's credit pays (I-118), and the kinds of pending
charges ``relevy.relevied_charge_kinds`` names that no program has declared ("none yet"). The kinds it names
that a program posts are relevied: the §118-54 connection charge's lines are ``connection_lines``'.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
import os
import signal
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.ledger.owed import ITEM
from sewerworks.billing.models import Bill, LedgerEntry, StatementLine
from sewerworks.billing.penalties.sweep import apply_late_penalties
from sewerworks.billing.taxroll import connection_lines, sums
from sewerworks.billing.taxroll.terms import StatementTerms
from sewerworks.core.charges import CHARGE_KINDS
from sewerworks.core.models import AuditEvent, ImportBatch, PendingCharge
from sewerworks.enforcement.models import SweepRun
from sewerworks.ordinance.s118_53_relevy import apply_credit, interest
from sewerworks.registry.models import Owner, Ownership, Parcel

LINE, OWNERSHIP, OWNER = StatementLine._meta.db_table, Ownership._meta.db_table, Owner._meta.db_table
PARCEL, LEDGER, IMPORTS = Parcel._meta.db_table, LedgerEntry._meta.db_table, ImportBatch._meta.db_table
PENDING = PendingCharge._meta.db_table
COLUMNS = ("source", "parcel_id", "account_id", "bill_id", "penalty_date", "owner_id", "owner_name", "tax_map_number",
           "address", "area_id", "charge", "penalty", "interest", "total")  # fmt: skip
CENT = Decimal("0.01")
PAID = (LedgerKind.PAYMENT.value, LedgerKind.REVERSAL.value)
NAMED = f"%{ITEM}%"  # a payment toward a bill of its own by name (I-123) is no credit for the sewer bills
DIE_AFTER = "SEWERWORKS_STATEMENT_DIE_AFTER_CHUNK"
CHUNK_BILLS = "SEWERWORKS_STATEMENT_CHUNK_BILLS"
CHUNK = 250_000  # bill ids per transaction of the filing: a second or two each at a million accounts


def owner_of_record(parcel: str) -> str:
    """SQL: the owner of record of ``parcel`` (a column) at the end of the day given twice, then the import
    status and the earliest date: the ownership whose dates hold that day, the latest begun."""
    end = connection.ops.quote_name("end")
    return (
        f"(SELECT o.owner_id FROM {OWNERSHIP} o WHERE o.parcel_id = {parcel}"
        f" AND (o.start IS NULL OR o.start <= %s) AND (o.{end} IS NULL OR o.{end} >= %s)"
        f" AND (o.import_run IS NULL OR o.import_run NOT IN (SELECT i.run FROM {IMPORTS} i WHERE i.status <> %s))"
        " ORDER BY COALESCE(o.start, %s) DESC, o.id LIMIT 1)"
    )


def owner_params(on: dt.date) -> list[Any]:
    return [sums.day(on), sums.day(on), ImportBatch.Status.PUBLISHED.value, sums.day(dt.date(1, 1, 1))]


def _days(on: dt.date) -> str:
    if connection.vendor == "postgresql":
        return "(CAST(%s AS DATE) - CAST(u.penalty_date AS DATE))"
    return "CAST(julianday(%s) - julianday(u.penalty_date) AS INTEGER)"


def _interest_sql(terms: StatementTerms) -> tuple[str, list[Any]]:
    """I-119 in integer cents: floor((2·charge·n·days + 365d) / (2·365d)) for rate/100 = n/d, half up."""
    if terms.interest_rate == 0:
        return "0", []
    n, d = (terms.interest_rate / 100).as_integer_ratio()
    days = _days(terms.statement_date)
    sql = f"((2 * CAST(u.charge AS BIGINT) * {n} * {days} + {365 * d}) / {2 * 365 * d})"
    return sql, [sums.day(terms.statement_date)]


def credit_accounts_sql(on: dt.date) -> tuple[str, list[Any]]:
    """SQL of the accounts with a credit at the end of ``on`` (payments not set against a bill, I-118)."""
    sql = (
        f"SELECT c.account_id FROM {LEDGER} c WHERE c.bill_id IS NULL AND c.kind IN (%s, %s) AND c.posted_on <= %s"
        " AND c.source_key NOT LIKE %s AND c.account_id IS NOT NULL GROUP BY c.account_id HAVING SUM(c.amount) < 0"
    )
    return sql, [*PAID, sums.day(on), NAMED]


def lines_select(terms: StatementTerms, dates: dict[int, dt.date],
                 bills: tuple[int, int] | None = None) -> tuple[str, list[Any]]:  # fmt: skip
    """SQL selecting the lines (``COLUMNS``) of every account without a credit, and its parameters; ``bills``, a
    range of bill ids, narrows them to one chunk of the filing."""
    on = terms.statement_date
    where, where_params = ("b.id BETWEEN %s AND %s", bills) if bills else ("", ())
    unpaid = sums.unpaid_bills(on, dates=dates, where=where, where_params=where_params)
    owed_interest, interest_params = _interest_sql(terms)
    credit, credit_params = credit_accounts_sql(on) if terms.credit_first else ("SELECT NULL WHERE 1 = 0", [])
    sql = (
        f"SELECT 'bill:' || u.bill_id AS source, u.parcel_id AS parcel_id, u.account_id AS account_id,"
        " u.bill_id AS bill_id, u.penalty_date AS penalty_date, w.id AS owner_id, COALESCE(w.name, '') AS owner_name,"
        " pa.tax_map_number AS tax_map_number, TRIM(pa.street_number || ' ' || pa.street_name) AS address,"
        f" pa.improvement_area_id AS area_id, u.charge AS charge, u.penalty AS penalty, {owed_interest} AS interest,"
        f" u.charge + u.penalty + {owed_interest} AS total"
        f" FROM ({unpaid.sql}) u JOIN {PARCEL} pa ON pa.id = u.parcel_id"
        f" LEFT JOIN {OWNER} w ON w.id = {owner_of_record('pa.id')}"
        f" WHERE u.past = 1 AND u.charge + u.penalty > 0 AND u.account_id NOT IN ({credit})"
    )
    params = [*interest_params, *interest_params, *unpaid.params, *owner_params(on), *credit_params]
    return sql, params


@dataclass
class Exclusion:
    """Something owed that is not on the statement, and why."""

    reason: str
    account_id: int
    parcel_id: int
    bill_id: int | None
    amount: Decimal


@dataclass
class Draft:
    """A statement before it is filed: its totals, its first lines and what is left out."""

    terms: StatementTerms
    bills: int = 0
    parcels: int = 0
    charge: Decimal = Decimal("0.00")
    penalty: Decimal = Decimal("0.00")
    interest: Decimal = Decimal("0.00")
    total: Decimal = Decimal("0.00")
    lines: list[dict[str, Any]] = field(default_factory=list)
    exclusions: list[Exclusion] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _cents(value: Any) -> Decimal:
    return (Decimal(int(value or 0)) * CENT).quantize(CENT)


def credited_lines(terms: StatementTerms, dates: dict[int, dt.date]) -> tuple[list[dict[str, Any]], list[Exclusion]]:
    """The lines of the accounts with a credit, the credit applied first (I-118), and the bills it pays."""
    if not terms.credit_first:
        return [], []
    on = terms.statement_date
    credit_sql, credit_params = credit_accounts_sql(on)
    with connection.cursor() as cur:
        cur.execute(
            f"SELECT c.account_id, -SUM(c.amount) FROM {LEDGER} c WHERE c.account_id IN ({credit_sql})"
            " AND c.bill_id IS NULL AND c.kind IN (%s, %s) AND c.posted_on <= %s AND c.source_key NOT LIKE %s"
            " GROUP BY c.account_id",
            [*credit_params, *PAID, sums.day(on), NAMED],
        )
        credits = {a: _cents(c) for a, c in cur.fetchall()}
    if not credits:
        return [], []
    where = f"b.account_id IN ({credit_sql})"
    query = sums.unpaid_bills(on, dates=dates, where=where, where_params=tuple(credit_params))
    rows = sums.run(query, tail="WHERE u.past = 1 AND u.charge + u.penalty > 0")
    by_account: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in rows:
        by_account[row[2]].append(row)
    parcels = Parcel.objects.in_bulk({r[1] for r in rows})
    lines, excluded = [], []
    for account_id, bills in by_account.items():
        bills.sort(key=lambda r: (_date(r[3]), str(r[0])))  # I-63's order, as allocate_payment sorts
        paid = apply_credit(credits[account_id], [(str(r[0]), _cents(r[6]), _cents(r[7])) for r in bills])
        for bill_id, parcel_id, _, _, penalty_day, _, penalty, charge, _ in bills:
            on_penalty, on_charge = paid[str(bill_id)]
            left_penalty, left_charge = _cents(penalty) - on_penalty, _cents(charge) - on_charge
            if on_penalty + on_charge > 0:
                excluded.append(Exclusion("paid by the account's credit first (I-118)", account_id, parcel_id,
                                          bill_id, on_penalty + on_charge))  # fmt: skip
            if left_penalty + left_charge <= 0:
                continue
            owed_interest, _ = interest(left_charge, _date(penalty_day), on, terms.interest_rate)
            parcel = parcels[parcel_id]
            owner = _owner(parcel, on)
            lines.append({"source": f"bill:{bill_id}", "parcel_id": parcel_id, "account_id": account_id,
                          "bill_id": bill_id, "penalty_date": _date(penalty_day),
                          "owner_id": owner.pk if owner else None, "owner_name": owner.name if owner else "",
                          "tax_map_number": parcel.tax_map_number,
                          "address": parcel.address, "area_id": parcel.improvement_area_id, "charge": left_charge,
                          "penalty": left_penalty, "interest": owed_interest,
                          "total": left_penalty + left_charge + owed_interest})  # fmt: skip
    return lines, excluded


def _date(value: Any) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])


def _owner(parcel: Parcel, on: dt.date) -> Owner | None:
    sql = owner_of_record("%s")
    with connection.cursor() as cur:
        cur.execute(sql[1:-1], [parcel.pk, *owner_params(on)])
        found = cur.fetchone()
    return Owner.objects.filter(pk=found[0]).first() if found and found[0] else None


def bill_chunks(size: int | None = None) -> list[tuple[int, int]]:
    """Ranges of ``size`` bill ids (``CHUNK_BILLS``; ``SEWERWORKS_STATEMENT_CHUNK_BILLS`` in the environment for the
    tests) from 1 to the last posted bill: each one transaction of the filing, the same ranges on a rerun."""
    size = size or int(os.environ.get(CHUNK_BILLS, CHUNK))
    last = Bill.objects.filter(status=BillStatus.POSTED).aggregate(last=Max("id"))["last"] or 0
    return [(low, low + size - 1) for low in range(1, last + 1, size)]


def file_bill_lines(statement_id: int, terms: StatementTerms, dates: dict[int, dt.date], bills: tuple[int, int]) -> int:
    """Inside one chunk's transaction: the lines of the bills of ``bills`` (a range of ids) of the accounts without
    a credit, one ``INSERT … SELECT``; a line already written (a rerun) is left as it is. Returns those written."""
    sql, params = lines_select(terms, dates, bills)
    columns = ", ".join(COLUMNS)
    chosen = ", ".join(f"s.{c}" for c in COLUMNS)
    with connection.cursor() as cur:
        cur.execute(f"INSERT INTO {LINE} (statement_id, {columns}) SELECT %s, {chosen} FROM ({sql}) s WHERE 1 = 1"
                    " ON CONFLICT (statement_id, source) DO NOTHING", [statement_id, *params])  # fmt: skip
        return max(int(cur.rowcount), 0)


def file_other_lines(statement_id: int, terms: StatementTerms, dates: dict[int, dt.date]) -> int:
    """Inside the filing's last transaction: the lines of the accounts with a credit (I-118) and the §118-54
    connection charges' (``connection_lines``). Returns those written."""
    credited, _ = credited_lines(terms, dates)
    connections, _ = connection_lines.statement_lines(terms, _owner)
    StatementLine.objects.bulk_create(StatementLine(statement_id=statement_id, **row) for row in credited + connections)
    return len(credited) + len(connections)


def die_after(chunk_number: int) -> None:
    """The killed-filing test's hook: killed right after chunk ``chunk_number`` commits."""
    wanted = os.environ.get(DIE_AFTER)
    if wanted and int(wanted) == chunk_number:
        os.kill(os.getpid(), signal.SIGKILL)


def relevied_kinds_sql(terms: StatementTerms) -> tuple[str, list[Any]]:
    """SQL (and its parameters) on a ledger entry ``e`` leaving out of the charges not relevied those of a pending
    charge of a kind the statement relevies (``relevy.relevied_charge_kinds``: the §118-54 connection charge,
    ``connection_lines``), and the payments toward them by name."""
    kinds = [k for k in terms.relevied_kinds if k in CHARGE_KINDS]
    if not kinds:
        return "", []
    marks = ", ".join(["%s"] * len(kinds))
    return (f" AND NOT EXISTS (SELECT 1 FROM {PENDING} pc WHERE pc.kind IN ({marks})"
            " AND (e.source_key = ('pending:' || CAST(pc.id AS TEXT))"
            " OR e.source_key LIKE ('%%:item:pending-' || CAST(pc.id AS TEXT))))", kinds)  # fmt: skip


def other_charges_left_out(terms: StatementTerms, dates: dict[int, dt.date], limit: int) -> list[Exclusion]:
    """I-117: other programs' charges riding on a bill on the statement, and those posted to an account with no
    bill, unpaid: not relevied (but for the kinds the statement relevies)."""
    on = terms.statement_date
    relevied_sql, relevied_params = relevied_kinds_sql(terms)
    query = sums.unpaid_bills(on, dates=dates)
    out = [Exclusion("other programs' charges riding on the bill: not relevied (I-117)", a, p, b, _cents(o))
           for b, p, a, _, _, _, _, _, o in sums.run(query, tail="WHERE u.past = 1 AND u.other > 0 LIMIT %s",
                                                     tail_params=(limit,))]  # fmt: skip
    with connection.cursor() as cur:
        cur.execute(
            # what is charged, less what was paid toward each charge by name (I-123's ``:item:`` payments)
            f"SELECT e.account_id, e.parcel_id, SUM(e.amount) FROM {LEDGER} e WHERE e.bill_id IS NULL"
            " AND (e.kind = %s OR (e.kind IN (%s, %s) AND e.source_key LIKE %s))"
            f" AND e.posted_on <= %s AND e.account_id IS NOT NULL{relevied_sql}"
            " GROUP BY e.account_id, e.parcel_id HAVING SUM(e.amount) > 0 LIMIT %s",
            [LedgerKind.PENDING_CHARGE.value, *PAID, NAMED, sums.day(on), *relevied_params, limit],
        )
        out += [Exclusion("other programs' charges on the account, not on a bill: not relevied (I-117)", a, p, None,
                          _cents(t)) for a, p, t in cur.fetchall()]  # fmt: skip
    return out


def relevied_kinds_note(terms: StatementTerms) -> list[str]:
    """What the statement says of the pending-charge kinds relevied with the sewer rents (I-117)."""
    notes = []
    for kind in terms.relevied_kinds:
        if kind not in CHARGE_KINDS:
            label = "§118-54 connection charges" if kind == "connection_charge" else f"Charges of kind {kind}"
            notes.append(f"{label}: none (no program posts that kind yet).")
    return notes


def penalties_current(day: dt.date) -> bool:
    """Whether every late penalty due by the end of ``day`` is on the ledger already: a daily sweep as of ``day`` or
    later finished after the last payment reversal (a reversal is the one event that makes a penalty fall on a bill
    the sweep had passed, I-65; the next sweep adds it). Then the filing need not run the sweep again."""
    swept = SweepRun.objects.filter(as_of__gte=day, finished_at__isnull=False).order_by("-finished_at").first()
    if swept is None or swept.finished_at is None:
        return False
    reversed_at = AuditEvent.objects.filter(action="do_reverse_payment").order_by("-at").values_list("at", flat=True)
    last = reversed_at.first()
    return last is None or last < swept.finished_at


def bring_penalties_up_to(day: dt.date, *, run: str, user_id: int | None = None) -> int:
    """Inside the caller's transaction: the late penalties due by the end of ``day`` added (the sweep's own
    ``apply_late_penalties``, I-25) unless they are already (``penalties_current``). Returns how many it added."""
    if penalties_current(day):
        return 0
    added, _ = apply_late_penalties(day, run=run, now=timezone.now(), user_id=user_id)
    return added


def draft(terms: StatementTerms, *, limit: int = 200) -> Draft:
    """The statement as it would be filed: totals, the first ``limit`` lines (by tax map number), every kind of
    exclusion with its first ``limit`` rows. Filing first adds the late penalties a daily sweep of the statement
    date would (I-25): the draft does too, in a transaction it rolls back, so that it shows what will be filed."""
    if penalties_current(terms.statement_date):
        return _draft(terms, limit)
    with transaction.atomic():
        added = bring_penalties_up_to(terms.statement_date, run="statement-draft")
        out = _draft(terms, limit)
        transaction.set_rollback(True)
    if added:
        out.notes.append(f"{added} late penalt{'y' if added == 1 else 'ies'} (I-25) the daily sweep has not added yet "
                         "will be added first when the statement is filed; they are counted here.")  # fmt: skip
    return out


def _draft(terms: StatementTerms, limit: int) -> Draft:
    dates = sums.period_penalty_dates()
    sql, params = lines_select(terms, dates)
    out = Draft(terms=terms, notes=relevied_kinds_note(terms))
    credited, excluded = credited_lines(terms, dates)
    connections, left_out = connection_lines.statement_lines(terms, _owner)  # §118-54, I-123
    credited += connections
    excluded += [Exclusion(reason, a, p, None, amount) for reason, (a, p, amount) in left_out]
    with connection.cursor() as cur:
        chosen = ", ".join(f"s.{c}" for c in COLUMNS)
        cur.execute(f"SELECT {chosen} FROM ({sql}) s ORDER BY s.tax_map_number, s.source LIMIT %s", [*params, limit])
        out.lines = [dict(zip(COLUMNS, row, strict=True)) for row in cur.fetchall()]
        cur.execute(
            "SELECT COUNT(*), COUNT(DISTINCT s.parcel_id), SUM(s.charge), SUM(s.penalty), SUM(s.interest),"
            f" SUM(s.total) FROM ({sql}) s",
            params,
        )
        count, parcel_count, charge, penalty, owed_interest, total = cur.fetchone()
    for line in out.lines:
        for money in ("charge", "penalty", "interest", "total"):
            line[money] = _cents(line[money])
        line["penalty_date"] = _date(line["penalty_date"]) if line["penalty_date"] else None
    out.lines = sorted(out.lines + credited, key=lambda r: (r["tax_map_number"], r["source"]))[:limit]
    out.bills = int(count or 0) + len(credited)
    out.parcels = int(parcel_count or 0) + len({c["parcel_id"] for c in credited})
    out.charge = _cents(charge) + sum((c["charge"] for c in credited), Decimal("0.00"))
    out.penalty = _cents(penalty) + sum((c["penalty"] for c in credited), Decimal("0.00"))
    out.interest = _cents(owed_interest) + sum((c["interest"] for c in credited), Decimal("0.00"))
    out.total = _cents(total) + sum((c["total"] for c in credited), Decimal("0.00"))
    query = sums.unpaid_bills(terms.statement_date, dates=dates)
    early = sums.run(query, tail="WHERE u.past = 0 AND u.penalty + u.charge + u.other > 0 LIMIT %s",
                     tail_params=(limit,))  # fmt: skip
    out.exclusions = [
        Exclusion(f"not past its penalty date, {_date(r[4])} (I-25)", r[2], r[1], r[0], _cents(r[6] + r[7] + r[8]))
        for r in early
    ] + other_charges_left_out(terms, dates, limit) + excluded
    return out

