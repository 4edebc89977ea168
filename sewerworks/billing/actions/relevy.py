"""The year end of unpaid sewer rents (§118-53): file the Town Clerk's statement, record the Board's adoption (the
relevy), take a parcel off the roll before it is certified.

- ``do_file_statement``: the clerk files the statement of a day (on or before today, not before the last one
  filed): the late penalties brought up to that day first (the sweep's own step, which adds only what a daily
  sweep would) and the statement begun (``filing``: on no screen as filed, no notice, no adoption), then the
  lines in chunks of bills, each its own transaction, and last the credited accounts' and the connection
  charges' lines, the totals and the status ``filed`` in one (I-108's way): killed midway, filing the same day
  again completes it (a line is never written twice: one per source); a filed statement for the same roll not
  yet adopted is superseded by it. The PDF for the Board and the CSV are written after, and kept with it.
- ``do_adopt_statement``: the Board adopted the filed statement by a recorded resolution, after the counter's
  cut-off and by the roll's certification: the credits on its accounts are applied first (I-118), then every
  amount still unpaid at the end of the cut-off moves to the tax roll (``taxroll.relevy``) in chunks of bills,
  each its own transaction, and the statement's status moves last, in the transaction that writes what rides on
  every chunk (the connection charges, the relevy charge), as the bill run posts (I-108): killed between chunks,
  the statement is still filed and the rerun completes it (the entries' unique keys: each amount moves once);
  adopted again once relevied, refused.
- ``do_remove_from_roll``: before certification, a parcel's transfers are reversed by counter-entries.

Each holds the daily sweep's lock on PostgreSQL (payments, credits and reversals wait for it, as for a sweep);
SQLite's writers queue anyway. Each writes one audit record.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Count
from django.utils import timezone

from sewerworks.billing.actions.credits import apply_credits
from sewerworks.billing.engine.run import _sqlite_run_settings as sqlite_run_settings
from sewerworks.billing.models import RollRemoval, StatementLine, UnpaidStatement
from sewerworks.billing.models.relevy import FILED, FILING, RELEVIED, SUPERSEDED
from sewerworks.billing.taxroll import relevy as moves
from sewerworks.billing.taxroll import statement_docs
from sewerworks.billing.taxroll.statement import (
    bill_chunks,
    bring_penalties_up_to,
    die_after,
    file_bill_lines,
    file_other_lines,
)
from sewerworks.billing.taxroll.sums import period_penalty_dates
from sewerworks.billing.taxroll.terms import terms_for
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent, BoardResolution
from sewerworks.core.money import MoneySum
from sewerworks.core.records import events
from sewerworks.core.records.pipelines import move
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.sweep import SWEEP_LOCK
from sewerworks.registry.models import Parcel, SewerAccount

CLERK = "the Town Clerk's office"


def _lock() -> None:
    """The daily sweep's lock, held to the end of the transaction: payments and sweeps wait (PostgreSQL)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SWEEP_LOCK])


def _not_future(day: dt.date, field: str, what: str) -> None:
    if day > timezone.localdate():
        raise ValidationError({field: f"{day} is after today: {what} is never dated in the future (I-50)."})


def do_file_statement(statement_date: dt.date, *, acting_user: Any, documents: bool = True,
                      filed_on: dt.date | None = None) -> UnpaidStatement:  # fmt: skip
    """File the statement of unpaid sewer rents of ``statement_date`` (see the module), ``filed_on`` a day (today)."""
    require(acting_user, "billing.file_statement", "file the statement of unpaid sewer rents", who_may=CLERK)
    _not_future(statement_date, "statement_date", "a statement")
    filed_on = filed_on or timezone.localdate()
    _not_future(filed_on, "filed_on", "a filing")
    if filed_on < statement_date:
        raise ValidationError({"filed_on": f"A statement of {statement_date} is filed on or after that day."})
    terms = terms_for(statement_date)
    now = events.now()
    run = f"statement-{statement_date.isoformat()}"
    with sqlite_run_settings():  # the bill run's page cache and one checkpoint
        with transaction.atomic():  # the checks, the penalties brought up to the day, the statement begun
            statement, penalties = _begin_filing(statement_date, terms, filed_on, now, run, acting_user)
        dates = period_penalty_dates()
        written = 0
        for number, bills in enumerate(bill_chunks(), start=1):  # each its own transaction (I-108's way)
            with transaction.atomic():
                _lock()
                written += file_bill_lines(statement.pk, terms, dates, bills)
            die_after(number)
        with transaction.atomic():  # the last: the credited accounts' and connection charges' lines, the status
            _lock()
            statement = UnpaidStatement.objects.select_for_update().get(pk=statement.pk)
            if statement.status != FILING:
                raise ValidationError({"statement_date": f"The statement of {statement_date} was filed meanwhile."})
            written += file_other_lines(statement.pk, terms, dates)
            totals = StatementLine.objects.filter(statement=statement).aggregate(
                bills=Count("id"), parcels=Count("parcel_id", distinct=True), charge=MoneySum("charge"),
                penalty=MoneySum("penalty"), interest=MoneySum("interest"), total=MoneySum("total"),
            )  # fmt: skip
            for name, value in totals.items():  # saved with the move, so the statement's history has its totals
                setattr(statement, name, value)
            move(statement, FILED, why="Its lines written", acting_user=acting_user, also=tuple(totals))
            prior = statement.supersedes
            if prior is not None:
                move(prior, SUPERSEDED, why=f"Superseded by the statement of {statement_date}", acting_user=acting_user)
            AuditEvent.objects.create(
                actor=acting_user, action="do_file_statement", run=run, subject=str(statement)[:200], rows=written,
                detail={"statement": statement.pk, "lines": totals["bills"], "penalties_added": penalties,
                        "total": format(totals["total"], "f"), "supersedes": prior.pk if prior else None},
            )  # fmt: skip
    statement.refresh_from_db()
    if documents:
        statement_docs.attach(statement)  # after the lines commit: the PDF of a big town takes a while
    return statement


def _begin_filing(statement_date: dt.date, terms: Any, filed_on: dt.date, now: Any, run: str,
                  acting_user: Any) -> tuple[UnpaidStatement, int]:  # fmt: skip
    """Inside the filing's first transaction: a filing of ``statement_date`` interrupted is taken up again (a
    filing of another day interrupted: refused until it is completed); else the checks, the late penalties brought
    up to the day (I-25) and the statement begun (``filing``). Returns it and the penalties added."""
    _lock()
    interrupted = UnpaidStatement.objects.select_for_update().filter(status=FILING).first()
    if interrupted is not None:
        if interrupted.statement_date != statement_date:
            raise ValidationError({"statement_date": f"The filing of the statement of {interrupted.statement_date} "
                                   "was interrupted: file that day again to complete it first."})  # fmt: skip
        return interrupted, 0
    last = UnpaidStatement.objects.exclude(status=SUPERSEDED).order_by("-statement_date", "-pk").first()
    if last is not None and statement_date < last.statement_date:
        raise ValidationError(
            {"statement_date": f"The statement of {last.statement_date} is filed: a statement is never dated "
             f"before the last one filed (§118-53)."}
        )  # fmt: skip
    done = UnpaidStatement.objects.filter(roll_year=terms.roll_year, status=RELEVIED).first()
    if done is not None:
        raise ValidationError(
            {"statement_date": f"The statement for the {terms.roll_year} tax roll ({done.statement_date}) was "
             f"adopted and relevied on {done.adopted_on}: the next one is for the {terms.roll_year + 1} roll."}
        )  # fmt: skip
    prior = UnpaidStatement.objects.filter(roll_year=terms.roll_year, status=FILED).first()
    penalties = bring_penalties_up_to(statement_date, run=run, user_id=acting_user.pk)  # I-25
    statement = UnpaidStatement(
        statement_date=statement_date, roll_year=terms.roll_year, counter_cutoff=terms.counter_cutoff,
        certification_cutoff=terms.certification_cutoff, supersedes=prior, filed_on=filed_on, filed_at=now,
        filed_by=acting_user, status=FILING,
    )  # fmt: skip
    statement._history_user = acting_user  # type: ignore[attr-defined]
    statement.save()
    return statement, penalties


def do_write_statement_documents(statement: UnpaidStatement, *, acting_user: Any) -> UnpaidStatement:
    """Write a filed statement's PDF and CSV again (after a filing whose documents did not finish)."""
    require(acting_user, "billing.file_statement", "write the statement's documents", who_may=CLERK)
    statement_docs.attach(statement)
    statement.refresh_from_db()
    return statement


def do_adopt_statement(
    statement: UnpaidStatement, *, resolution: BoardResolution, adopted_on: dt.date, acting_user: Any
) -> UnpaidStatement:
    """Record the Board's adoption of ``statement`` by ``resolution`` and relevy it (see the module)."""
    require(acting_user, "billing.record_relevy", "record the Board's adoption and the relevy", who_may=CLERK)
    _not_future(adopted_on, "adopted_on", "an adoption")
    with transaction.atomic():  # the checks, then the credits applied first (I-118)
        locked = _adoptable(statement, resolution, adopted_on)
        credited = 0
        for account_id in moves.accounts_with_credit(locked):
            account = SewerAccount.objects.select_for_update().select_related("parcel").get(pk=account_id)
            credited += apply_credits(account, locked.counter_cutoff, acting_user)
    done: dict[str, int] = {}
    with sqlite_run_settings():
        for number, bills in enumerate(moves.chunks(locked), start=1):  # each its own transaction (I-108's way)
            with transaction.atomic():
                _lock()
                for part, count in moves.move_bills(locked, adopted_on, bills, user_id=acting_user.pk).items():
                    done[part] = done.get(part, 0) + count
            moves.die_after(number)
    with transaction.atomic():  # the last: what rides on every chunk, and the statement's status moved
        locked = _adoptable(statement, resolution, adopted_on)
        done.update(moves.finish(locked, adopted_on, user_id=acting_user.pk))
        locked.resolution, locked.adopted_on = resolution, adopted_on
        locked.relevied_total, locked.relevied_at = moves.relevied_total(locked), events.now()
        move(locked, RELEVIED, why=f"Adopted by {resolution.instrument}", acting_user=acting_user,
             also=("resolution", "adopted_on", "relevied_total", "relevied_at"), occurred_at=adopted_on)  # fmt: skip
        AuditEvent.objects.create(
            actor=acting_user, action="do_adopt_statement", run=f"relevy:{locked.pk}", subject=str(locked)[:200],
            rows=sum(done.values()) + credited,
            detail={"statement": locked.pk, "resolution": resolution.pk, "adopted_on": adopted_on.isoformat(),
                    "relevied": format(locked.relevied_total, "f"), "entries": done, "credit_entries": credited},
        )  # fmt: skip
    return locked


def _adoptable(statement: UnpaidStatement, resolution: BoardResolution, adopted_on: dt.date) -> UnpaidStatement:
    """Inside a transaction: the sweep's lock taken, ``statement`` locked and read again, refused with the rule
    unless the Board may adopt it by ``resolution`` on ``adopted_on`` (a filed statement, after the counter's cut-off,
    by the roll's certification). Checked before the first chunk and again in the last transaction."""
    _lock()
    locked = UnpaidStatement.objects.select_for_update().get(pk=statement.pk)
    if locked.status == FILING:
        raise ValidationError({"statement": f"The statement of {locked.statement_date} is not filed yet (its filing "
                               "was interrupted): file that day again to complete it."})  # fmt: skip
    if locked.status == SUPERSEDED:
        later = UnpaidStatement.objects.filter(supersedes=locked).first()
        raise ValidationError({"statement": f"The statement of {locked.statement_date} was superseded by that of "
                               f"{later.statement_date if later else 'a later day'}: the Board adopts that one."})
    if locked.status == RELEVIED:
        raise ValidationError({"statement": f"The statement of {locked.statement_date} was adopted by "
                               f"{locked.resolution} and relevied on {locked.adopted_on}: each amount moves once."})
    if adopted_on <= locked.counter_cutoff:
        raise ValidationError({"adopted_on": f"The counter takes payments toward these bills through "
                               f"{locked.counter_cutoff}: the relevy is recorded after that day (I-120)."})
    if adopted_on > locked.certification_cutoff:
        raise ValidationError({"adopted_on": f"The {locked.roll_year} roll is certified after "
                               f"{locked.certification_cutoff}: too late to relevy on it (I-120)."})  # fmt: skip
    if resolution.adopted_on > adopted_on:
        raise ValidationError({"resolution": f"{resolution} was adopted after {adopted_on}."})
    return locked


def do_remove_from_roll(
    statement: UnpaidStatement, parcel: Parcel, *, reason: str, acting_user: Any, removed_on: dt.date | None = None
) -> RollRemoval:
    """Take ``parcel`` off the roll ``statement`` relevied it on, before certification: counter-entries only."""
    require(acting_user, "billing.record_relevy", "remove a parcel from the tax roll", who_may=CLERK)
    why = check_text("reason", (reason or "").strip(), max_length=300)
    if not why:
        raise ValidationError({"reason": "Say why the parcel comes off the roll (e.g. paid the Town on 11-20)."})
    day = removed_on or timezone.localdate()
    with transaction.atomic():
        _lock()
        locked = UnpaidStatement.objects.select_for_update().get(pk=statement.pk)
        if locked.status != RELEVIED:
            raise ValidationError({"statement": f"The statement of {locked.statement_date} is not relevied: "
                                   "nothing of it is on a roll."})  # fmt: skip
        if day > locked.certification_cutoff:
            raise ValidationError({"removed_on": f"The {locked.roll_year} roll was certified after "
                                   f"{locked.certification_cutoff}: a removal is recorded by then (I-120)."})
        _not_future(day, "removed_on", "a removal")
        if locked.adopted_on and day < locked.adopted_on:
            raise ValidationError({"removed_on": f"Before the relevy of {locked.adopted_on}."})
        if RollRemoval.objects.filter(statement=locked, parcel=parcel).exists():
            raise ValidationError({"parcel": f"{parcel.tax_map_number} was already removed from this roll."})
        if not moves.parcel_entries(locked, parcel.pk):
            raise ValidationError({"parcel": f"Nothing of {parcel.tax_map_number} was relevied by this statement."})
        back = moves.remove_from_roll(locked, parcel.pk, day, reason=why, user=acting_user)
        removal = RollRemoval.objects.create(statement=locked, parcel=parcel, removed_on=day, reason=why, amount=back,
                                             created_at=events.now(), created_by=acting_user)  # fmt: skip
        locked.relevied_total = moves.relevied_total(locked)
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked.save(update_fields=["relevied_total"])
        AuditEvent.objects.create(
            actor=acting_user, action="do_remove_from_roll", run=f"relevy-removed:{locked.pk}",
            subject=f"{parcel.tax_map_number} off the {locked.roll_year} roll"[:200], rows=1,
            detail={"statement": locked.pk, "parcel": parcel.pk, "amount": format(back, "f"), "reason": why},
        )  # fmt: skip
    return removal
