"""§118-53 late penalties on the ledger, set-based: one ``INSERT … SELECT`` per posted period.

    If such bills are not paid by the due date listed on the bill or within 30 days, whichever the
    latter, a penalty of 10% of the amount of such bill will be added thereto.

The topic ``late-penalty`` (``ordinance.s118_53_late_penalty``) is the reference: its ``penalty_date``
gives each period's penalty date (I-25: the later of the due date and the bill date + 30 days, shifted
past a weekend or holiday, I-20) with the terms in force on the bill date (I-64), and a bill that owes
anything at the end of that day gets one penalty of 10% of its amount, rounded half up to cents (I-23),
posted the next day. What a bill owes at the end of day D is the sum of the ledger entries that name it
(its charge positive, payments on it negative) posted on or before D.

Each penalty is keyed ``penalty:bill:<id>``: the key is unique, so a second sweep, or two at once, add
it once. The sweep never removes a penalty: a sweep "as of" an earlier day adds fewer and lowers nothing
a later run established.

What counts as paid (I-98): the payments naming the bill (money taken at the counter
and credits applied, kind ``payment``) net of their reversals (a returned check never paid, I-65), as the
topic's ``payments``; the bill's amount is its total. An adjustment, a penalty or its withdrawal is not a
payment. ``owed_at_end_of`` and the sweep's SQL say the same.

A payment recorded after the sweep but received on or before the penalty date can prove the penalty undue
(I-97): ``billing.penalties.withdrawal``.
Payments and reversals wait for a running sweep (a shared advisory lock on PostgreSQL; SQLite's writers
queue anyway), so neither misses what the other wrote.

Table and column names in the SQL come from the models' ``_meta``, never from input; every value is a
query parameter.
"""
# ruff: noqa: S608

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Count, Exists, OuterRef

from sewerworks.billing.choices import BillStatus, LedgerKind
from sewerworks.billing.models import Bill, BillingPeriod, LedgerEntry, Rebill
from sewerworks.core.money import MoneySum
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.actions.sweep import SWEEP_LOCK
from sewerworks.ordinance.parameters import NotInForce, ParameterError, ParameterSet
from sewerworks.ordinance.s118_53_late_penalty import penalty_date

BILL = Bill._meta.db_table
LEDGER = LedgerEntry._meta.db_table
REBILL = Rebill._meta.db_table
SECTION = "118-53"
log = logging.getLogger(__name__)
BASES = ("bill_amount", "unpaid_balance")
PAID_KINDS = (LedgerKind.PAYMENT.value, LedgerKind.REVERSAL.value)  # I-98: what counts as paid
RELEVIED = LedgerKind.RELEVY_TRANSFER.value


def source_key(bill_id: int) -> str:
    """The ledger key of a bill's one late penalty."""
    return f"penalty:bill:{bill_id}"


@dataclass(frozen=True)
class PenaltyTerms:
    """A period's penalty terms: those in force on its bill date (I-64)."""

    penalty_date: dt.date
    rate: Decimal
    base: str

    @property
    def added_on(self) -> dt.date:
        """The penalty is added the day after the penalty date (I-25)."""
        return self.penalty_date + dt.timedelta(days=1)

    @property
    def description(self) -> str:
        of = "the bill's amount" if self.base == "bill_amount" else "the unpaid balance"
        return (
            f"Late penalty (§118-53, I-25): {self.rate.normalize():f}% of {of}, "
            f"unpaid at the end of {self.penalty_date.isoformat()}"
        )


def terms_of(period: BillingPeriod, params: ParameterSet | None = None) -> PenaltyTerms:
    """The penalty date and terms of every bill of ``period`` (they share its bill date and due date)."""
    view = (params or current_parameters()).at(period.bill_date)  # I-64
    base = view["charges.late_penalty_base"]
    if base not in BASES:
        raise ValueError(f"charges.late_penalty_base {base!r} is neither bill_amount nor unpaid_balance (I-25)")
    return PenaltyTerms(
        penalty_date=penalty_date(period.bill_date, period.due_date, view),
        rate=view.number("charges.late_penalty_rate"),
        base=str(base),
    )


def rebill_terms(rebill: Rebill, params: ParameterSet | None = None) -> PenaltyTerms:
    """A rebilled bill's terms: those in force on its own bill date (I-64), its penalty date as kept when it
    was posted (I-110)."""
    view = (params or current_parameters()).at(rebill.bill_date)
    return PenaltyTerms(
        penalty_date=rebill.penalty_date,
        rate=view.number("charges.late_penalty_rate"),
        base=str(view["charges.late_penalty_base"]),
    )


def rebill_penalty_date(
    period: BillingPeriod, bill_date: dt.date, params: ParameterSet | None = None
) -> tuple[dt.date, str]:
    """I-110: the penalty date of a bill posted on ``bill_date`` to replace a voided bill of ``period``, and the
    reading it followed (``charges.rebill_penalty_runs_from`` in force on that day). ``rebill_date``: §118-53
    read for the new bill, the later of the period's due date and the new bill date + the penalty days,
    shifted past a weekend or holiday; ``original_due_date``: the period's own penalty date."""
    params = params or current_parameters()
    view = params.at(bill_date)
    runs_from = str(view["charges.rebill_penalty_runs_from"])
    if runs_from == "original_due_date":
        return terms_of(period, params).penalty_date, runs_from
    if runs_from == "rebill_date":
        return penalty_date(bill_date, period.due_date, view), runs_from
    raise ValueError(f"charges.rebill_penalty_runs_from {runs_from!r} is neither rebill_date nor original_due_date")


def _insert_penalties(
    period: BillingPeriod,
    terms: PenaltyTerms,
    *,
    run: str,
    user_id: int | None,
    now: dt.datetime,
    rebill_of: dt.date | None = None,
) -> int:
    """One ``INSERT … SELECT``: every posted bill of the period that owed anything at the end of its penalty
    date gets rate × base, in whole cents rounded half up: floor((2·base·n + d) / 2d) for rate/100 = n/d.
    A rebilled bill keeps its own penalty date (I-110): the period's pass leaves it out; with ``rebill_of``
    (its bill date) only the rebills of that bill date and ``terms.penalty_date`` are penalised."""
    n, d = (terms.rate / 100).as_integer_ratio()
    if rebill_of is None:
        rebills, among = f"NOT EXISTS (SELECT 1 FROM {REBILL} r WHERE r.bill_id = b.id)", []
    else:
        rebills = f"b.id IN (SELECT r.bill_id FROM {REBILL} r WHERE r.penalty_date = %s AND r.bill_date = %s)"
        among = [connection.ops.adapt_datefield_value(d) for d in (terms.penalty_date, rebill_of)]
    base = "x.total" if terms.base == "bill_amount" else "x.owed"  # whole cents: integer division floors
    cents = f"((2 * CAST({base} AS BIGINT) * CAST(%s AS BIGINT) + CAST(%s AS BIGINT)) / (2 * CAST(%s AS BIGINT)))"
    day = connection.ops.adapt_datefield_value(terms.penalty_date)
    sql = (
        f"INSERT INTO {LEDGER} (parcel_id, account_id, kind, amount, posted_on, source_key, description, section,"
        " period_id, bill_id, run, created_at, created_by_id)"
        f" SELECT x.parcel_id, x.account_id, %s, {cents}, %s, 'penalty:bill:' || x.id, %s, %s, x.period_id, x.id,"
        " %s, %s, %s"
        " FROM (SELECT b.id, b.parcel_id, b.account_id, b.period_id, b.total,"
        "  b.total + (SELECT CAST(COALESCE(SUM(e.amount), 0) AS BIGINT)"
        f"   FROM {LEDGER} e WHERE e.bill_id = b.id AND e.kind IN (%s, %s) AND e.posted_on <= %s) AS owed"
        f"  FROM {BILL} b WHERE b.period_id = %s AND b.status = %s AND {rebills}"
        f"  AND NOT EXISTS (SELECT 1 FROM {LEDGER} p WHERE p.source_key = 'penalty:bill:' || b.id)"
        # a bill relevied to the tax roll is closed to the sweep (§118-53, I-120)
        f"  AND NOT EXISTS (SELECT 1 FROM {LEDGER} t WHERE t.bill_id = b.id AND t.kind = '{RELEVIED}')) x"
        f" WHERE x.owed > 0 AND {cents} > 0"
        " ON CONFLICT (source_key) DO NOTHING"
    )
    params: list[Any] = [
        LedgerKind.PENALTY.value,
        n,
        d,
        d,
        connection.ops.adapt_datefield_value(terms.added_on),
        terms.description[:200],
        SECTION,
        run,
        connection.ops.adapt_datetimefield_value(now),
        user_id,
        *PAID_KINDS,
        day,
        period.pk,
        BillStatus.POSTED.value,
        *among,
        n,
        d,
        d,
    ]
    with connection.cursor() as cur:
        cur.execute(sql, params)
        return max(int(cur.rowcount), 0)


def apply_late_penalties(
    as_of: dt.date, *, run: str, now: dt.datetime, user_id: int | None = None, params: ParameterSet | None = None
) -> tuple[int, list[str]]:
    """Add the late penalty to every posted bill whose penalty date is before ``as_of`` and which owed
    anything at the end of it; inside the caller's transaction. Returns the number of penalties added and
    the periods left alone because a penalty term on their bill date could not be read (a recorded value
    set aside, reported on the resolutions screen): the rest of the sweep still runs."""
    params = params or current_parameters()
    added, refused = 0, []
    posted = Bill.objects.filter(period=OuterRef("pk"), status=BillStatus.POSTED)  # EXISTS: no scan of every bill
    periods = BillingPeriod.objects.filter(Exists(posted), bill_date__lt=as_of)
    for period in periods.select_related("area").order_by("bill_date", "pk"):
        try:
            terms = terms_of(period, params)
        except (NotInForce, ParameterError, ValueError) as exc:
            log.warning("late penalties of %s not applied: %s", period, exc)
            refused.append(period.name)
            continue
        if terms.penalty_date < as_of:
            added += _insert_penalties(period, terms, run=run, user_id=user_id, now=now)
    rebills = Rebill.objects.filter(penalty_date__lt=as_of, bill__status=BillStatus.POSTED).select_related("bill")
    for period_id, due, billed in sorted(set(rebills.values_list("bill__period_id", "penalty_date", "bill_date"))):
        rebill = Rebill(penalty_date=due, bill_date=billed)
        try:
            terms = rebill_terms(rebill, params)
        except (NotInForce, ParameterError, ValueError) as exc:
            log.warning("late penalties of rebills of %s not applied: %s", billed, exc)
            refused.append(f"rebills of {billed}")
            continue
        period = BillingPeriod.objects.get(pk=period_id)
        added += _insert_penalties(period, terms, run=run, user_id=user_id, now=now, rebill_of=billed)
    return added, refused


def hold_off_sweep() -> None:
    """Inside a transaction that writes payments: wait for a running sweep, and keep one from starting,
    until it commits (PostgreSQL; SQLite's writers queue already). Take it before any row lock: the sweep
    takes its lock first too."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock_shared(%s)", [SWEEP_LOCK])


def owed_at_end_of(bill: Bill, day: dt.date) -> Decimal:
    """What the bill owed at the end of ``day`` for §118-53: its total less the payments naming it posted on
    or before ``day``, net of their reversals (I-98, the sweep's rule)."""
    paid = LedgerEntry.objects.filter(bill=bill, kind__in=PAID_KINDS, posted_on__lte=day).aggregate(
        t=MoneySum("amount")
    )["t"]
    return Decimal(bill.total) + Decimal(paid)


def topic_facts(bill: Bill, *, until: dt.date, entries: Iterable[LedgerEntry] | None = None) -> dict[str, Any]:
    """The facts of the topic ``late-penalty`` for a posted bill, from the ledger: its amount (its total) and
    its payments posted by ``until``, each day's payments net of their reversals (a reversal is dated as
    the payment it reverses), so that the topic counts as paid what the sweep does (I-98). ``entries``: all
    the bill's ledger entries when already read (the bill page), summed here instead of in SQL."""
    if entries is None:
        by_day = list(
            LedgerEntry.objects.filter(bill=bill, kind__in=PAID_KINDS, posted_on__lte=until)
            .values("posted_on")
            .annotate(net=MoneySum("amount"))
            .order_by("posted_on")
        )
    else:
        nets: dict[dt.date, Decimal] = {}
        for e in entries:
            if e.kind in PAID_KINDS and e.posted_on <= until:
                nets[e.posted_on] = nets.get(e.posted_on, Decimal("0.00")) + e.amount
        by_day = [{"posted_on": day, "net": nets[day]} for day in sorted(nets)]
    rebill = rebill_of(bill)
    return {
        "bill_date": (rebill.bill_date if rebill else bill.period.bill_date).isoformat(),
        "due_date": bill.period.due_date.isoformat(),
        "amount": format(bill.total, "f"),
        "payments": [
            {"paid_on": row["posted_on"].isoformat(), "amount": format(-row["net"], "f")}
            for row in by_day
            if row["net"] < 0
        ],
    }


def rebill_of(bill: Bill) -> Rebill | None:
    """The rebilling that posted ``bill`` (None for a bill of the run): the row read with the bill when it was
    read with ``select_related("rebilling")`` (the bill page), else read now."""
    if Bill.rebilling.is_cached(bill):  # type: ignore[attr-defined]
        return getattr(bill, "rebilling", None)
    return Rebill.objects.filter(bill=bill).first()


def bill_penalty_date(bill: Bill) -> dt.date | None:
    """The bill's penalty date, or None when no penalty terms were in force on its bill date."""
    rebill = rebill_of(bill)
    if rebill is not None:
        return rebill.penalty_date  # I-110
    try:
        return terms_of(bill.period).penalty_date
    except (NotInForce, ParameterError, ValueError):
        return None


def figures() -> dict[str, Any]:
    """The dashboard's figures, each one SQL query: posted bills that still owe (how many, how much) and
    bills with a late penalty (how many, the penalties' total)."""
    per_bill = LedgerEntry.objects.filter(bill__isnull=False, bill__status=BillStatus.POSTED).values("bill")
    unpaid = per_bill.annotate(owed=MoneySum("amount")).filter(owed__gt=0)
    owing = unpaid.aggregate(count=Count("bill"), dollars=MoneySum("owed"))
    standing = LedgerEntry.objects.filter(kind=LedgerKind.PENALTY).values("bill").annotate(net=MoneySum("amount"))
    penalised = standing.filter(net__gt=0).aggregate(count=Count("bill"), dollars=MoneySum("net"))
    return {
        "unpaid_count": owing["count"],
        "unpaid_dollars": owing["dollars"],
        "penalised_count": penalised["count"],
        "penalty_dollars": penalised["dollars"],
    }
