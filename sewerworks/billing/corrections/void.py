"""Void a posted bill found wrong, and bill the account again for the period (§118-52, §118-53).

A clerk finds a posted bill wrong (a misread meter, a wrong class). ``do_void_bill`` makes it void and
corrects the ledger by new entries only, never by editing or deleting one:

- ``void:<bill id>`` takes the bill's total off the balance (kind ``adjustment``, minus the total);
- each charge from another program that rode on the bill (``pending:<charge>:bill:<id>``) is taken off
  with it (``void:<bill id>:<entry id>``) and rides on the bill that replaces it; an adjustment of its
  charge (``adjustment:<id>:bill:<id>:charge``, I-128) is taken off the same way and stays with the void bill;
- a late penalty standing on the bill (net of its adjustments) is withdrawn as a payment in time
  withdraws one (I-97): an entry of kind ``penalty`` for minus what stands,
  ``penalty-withdrawn:bill:<id>:<n>``, dated the day of the void (the bill's history up to that day
  stays as it was);
- payments stay where they are: what each receipt paid toward the bill becomes that receipt's credit,
  by a pair of entries summing to zero keyed under the receipt (as ``penalties`` does for a withdrawn
  penalty), so that a reversal of the receipt reverses them too. An overpayment is a credit balance.

``do_rebill_account`` then computes the account's bill for the period with the bill run's own code
(``engine.gather`` and ``engine.compute``, the same rules, read with the corrected reads), posts it on its
own bill date (``bill:<id>``), puts back the charges that rode on the voided bill, applies the account's
credit to it (``actions.credits``), and records its penalty date (I-110, ``penalties``).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from sewerworks.billing.choices import Basis, BillStatus, LedgerKind
from sewerworks.billing.engine.compute import BillRow, PeriodRates, compute_bill
from sewerworks.billing.engine.gather import gather
from sewerworks.billing.ledger.owed import PAID
from sewerworks.billing.ledger.receipt_entries import receipt_of
from sewerworks.billing.ledger.tax_roll import on_roll
from sewerworks.billing.models import Bill, BillingPeriod, BillLine, BillVoid, LedgerEntry, Rebill
from sewerworks.billing.models.bills import kept_facts
from sewerworks.billing.penalties.sweep import hold_off_sweep, rebill_penalty_date
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent
from sewerworks.core.money import MoneySum
from sewerworks.core.parameters import current_parameters
from sewerworks.core.text import check_text
from sewerworks.ordinance.parameters.model import NotInForce, ParameterError
from sewerworks.registry.models import SewerAccount

WHO = "the Clerk's office or the Superintendent"


def void_key(bill_id: int) -> str:
    """The ledger key of the entry that takes a voided bill's total off the balance."""
    return f"void:{bill_id}"


def _entry(bill: Bill, *, kind: str, amount: Decimal, on: dt.date, key: str, what: str, run: str, by: Any,
           section: str = "118-52", with_bill: bool = True) -> LedgerEntry:  # fmt: skip
    return LedgerEntry(
        parcel_id=bill.parcel_id,
        account_id=bill.account_id,
        kind=kind,
        amount=amount,
        posted_on=on,
        source_key=key,
        description=what[:200],
        section=section,
        period_id=bill.period_id if with_bill else None,
        bill=bill if with_bill else None,
        run=run[:64],
        created_at=timezone.now(),
        created_by=by,
    )


def _payments_to_credit(bill: Bill, on: dt.date, run: str, by: Any) -> list[LedgerEntry]:
    """What each receipt paid toward the voided bill, part by part, back to that receipt's credit."""
    net: dict[tuple[str, str, str], Decimal] = defaultdict(Decimal)
    for key, amount in LedgerEntry.objects.filter(bill=bill, kind__in=PAID).values_list("source_key", "amount"):
        kind, receipt = receipt_of(key)
        net[(kind, receipt, key.rsplit(":", 1)[-1])] += amount
    rows = []
    for (kind, receipt, part), paid in sorted(net.items()):
        if paid >= 0:
            continue
        prefix = f"{kind}:{receipt}:void-{bill.pk}"
        # one credit entry per part: a receipt that paid the penalty and the charge moves both back
        credit = f"{prefix}:{part}:credit" if kind == "payment" else f"{prefix}:{part}:applied"
        what = f"Paid toward voided bill {bill.pk}: back to receipt {receipt}'s credit"
        rows.append(_entry(bill, kind=LedgerKind.PAYMENT, amount=-paid, on=on, key=f"{prefix}:bill:{bill.pk}:{part}",
                           what=what, run=run, by=by, section="118-53"))  # fmt: skip
        rows.append(_entry(bill, kind=LedgerKind.PAYMENT, amount=paid, on=on, key=credit, what=what, run=run, by=by,
                           section="118-53", with_bill=False))  # fmt: skip
    return rows


def do_void_bill(bill: Bill, *, by: Any, reason: str, on: dt.date | None = None) -> BillVoid:
    """Void a posted bill (see the module): the reversal, the penalty withdrawn, what was paid toward it
    made credit, one audit record. A void bill is refused naming its state, as is a draft."""
    require(by, "billing.void_bill", "void a bill", who_may=WHO)
    why = check_text("reason", (reason or "").strip(), max_length=300)
    if not why:
        raise ValidationError({"reason": "Say why the bill is wrong (e.g. the meter was misread)."})
    day = on or timezone.localdate()
    with transaction.atomic():
        hold_off_sweep()
        SewerAccount.objects.select_for_update().get(pk=bill.account_id)  # payments on the account wait
        locked = Bill.objects.select_for_update().select_related("period").get(pk=bill.pk)
        if locked.status == BillStatus.VOID:
            done = BillVoid.objects.filter(bill=locked).first()
            when = f" on {done.voided_on} ({done.reason})" if done else ""
            raise ValidationError({"bill": f"Bill {locked.pk} is already void{when}: nothing to void."})
        if locked.status != BillStatus.POSTED:
            raise ValidationError(
                {"bill": f"Bill {locked.pk} is a {locked.get_status_display().lower()}: only a posted bill is "
                 "voided; a draft is computed again by the period's bill run."}
            )  # fmt: skip
        roll = on_roll([locked.pk]).get(locked.pk)
        if roll is not None:  # §118-53, I-120: its amount is on the tax roll, not on the account
            raise ValidationError(
                {"bill": f"Bill {locked.pk} was {roll.label} on {roll.relevied_on}: remove it from the roll before "
                 "voiding it."}
            )  # fmt: skip
        if not locked.period.bill_date <= day <= timezone.localdate():
            raise ValidationError(
                {"on": f"A bill is voided between its bill date ({locked.period.bill_date}) and today, not {day}."}
            )
        run = f"void:{locked.pk}"
        rows = [_entry(locked, kind=LedgerKind.ADJUSTMENT, amount=-locked.total, on=day, key=void_key(locked.pk),
                       what=f"Bill {locked.pk} voided: {why}", run=run, by=by)]  # fmt: skip
        for e in LedgerEntry.objects.filter(bill=locked, kind=LedgerKind.PENDING_CHARGE).order_by("id"):
            rows.append(_entry(locked, kind=LedgerKind.PENDING_CHARGE, amount=-e.amount, on=day, run=run, by=by,
                               key=f"{run}:{e.pk}", what=f"Voided with bill {locked.pk}: {e.description}",
                               section=e.section))  # fmt: skip
        # an adjustment of the bill's charge (I-128) goes with it; one of its penalty counts in what stands
        adjusted = LedgerEntry.objects.filter(
            bill=locked, kind=LedgerKind.ADJUSTMENT, source_key__startswith="adjustment:"
        )
        for e in adjusted.exclude(source_key__endswith=":penalty").order_by("id"):
            rows.append(_entry(locked, kind=LedgerKind.ADJUSTMENT, amount=-e.amount, on=day, run=run, by=by,
                               key=f"{run}:{e.pk}", what=f"Voided with bill {locked.pk}: {e.description}"))  # fmt: skip
        penalties = LedgerEntry.objects.filter(bill=locked, kind=LedgerKind.PENALTY)
        standing = Decimal(penalties.aggregate(t=MoneySum("amount"))["t"])
        standing += Decimal(adjusted.filter(source_key__endswith=":penalty").aggregate(t=MoneySum("amount"))["t"])
        if standing > 0:
            n = penalties.filter(source_key__startswith="penalty-withdrawn:").count() + 1
            rows.append(_entry(locked, kind=LedgerKind.PENALTY, amount=-standing, on=day, run=run, by=by,
                               key=f"penalty-withdrawn:bill:{locked.pk}:{n}", section="118-53",
                               what=f"Late penalty withdrawn: bill {locked.pk} voided (I-97)"))  # fmt: skip
        LedgerEntry.objects.bulk_create(rows)
        moved = _payments_to_credit(locked, day, run, by)
        LedgerEntry.objects.bulk_create(moved)
        Bill.objects.filter(pk=locked.pk).update(status=BillStatus.VOID, live=False)
        voided = BillVoid.objects.create(bill=locked, reason=why, voided_on=day, voided_at=timezone.now(), voided_by=by)
        AuditEvent.objects.create(
            actor=by,
            action="do_void_bill",
            run=run,
            subject=f"bill {locked.pk} of {locked.period.name}"[:200],
            rows=len(rows) + len(moved) + 2,
            detail={"bill": locked.pk, "total": format(locked.total, "f"), "penalty_withdrawn": format(standing, "f"),
                    "credited": format(sum((e.amount for e in moved if e.bill_id), Decimal(0)), "f"), "reason": why},
        )  # fmt: skip
    return voided


def _compute(period: BillingPeriod, account: SewerAccount) -> BillRow:
    """The account's bill for the period through the bill run's own gather and compute (no second copy)."""
    try:
        rates = PeriodRates.on_last_day(current_parameters().at(period.end))
    except (NotInForce, ParameterError, KeyError) as exc:
        raise ValidationError({"period": f"The rates in force on {period.end} cannot be read: {exc}"}) from exc
    data = gather(period, account.pk - 1, account.pk, only=[account.pk])
    if not data:
        raise ValidationError(
            {
                "account": f"Account {account.account_number} is not billed in {period.name} "
                "(closed, or outside its area)."
            }
        )
    row = compute_bill(data[0], period, rates)
    if row.basis == Basis.HELD:
        raise ValidationError({"account": f"Account {account.account_number} is still held: {row.note}"})
    return row


def do_rebill_account(period: BillingPeriod, account: Any, *, by: Any, on: dt.date | None = None) -> Rebill:
    """Bill the account again for the period after its bill was voided (see the module); refused while the
    period has a live bill for it, naming that bill, or when it has no voided bill to replace."""
    require(by, "billing.rebill_account", "bill an account again", who_may=WHO)
    day = on or timezone.localdate()
    with transaction.atomic():
        hold_off_sweep()
        account = SewerAccount.objects.select_for_update().select_related("parcel").get(pk=account.pk)
        live = Bill.objects.filter(account=account, period=period).exclude(status=BillStatus.VOID).first()
        if live is not None:
            raise ValidationError(
                {"bill": f"Bill {live.pk} ({live.get_status_display().lower()}) is the live bill of "
                 f"{account.account_number} for {period.name}: void it before billing again."}
            )  # fmt: skip
        voided = Bill.objects.filter(account=account, period=period, status=BillStatus.VOID).order_by("-pk").first()
        if voided is None:
            raise ValidationError(
                {"bill": f"{account.account_number} has no voided bill for {period.name}: the bill run bills it."}
            )
        void_on = BillVoid.objects.get(bill=voided).voided_on
        if not void_on <= day <= timezone.localdate():
            raise ValidationError({"on": f"A new bill is posted between the void ({void_on}) and today, not {day}."})
        try:
            due, runs_from = rebill_penalty_date(period, day)
        except (NotInForce, ParameterError, ValueError) as exc:
            raise ValidationError({"on": f"No §118-53 penalty terms can be read for {day}: {exc}"}) from exc
        row = _compute(period, account)
        return _post(period, account, row, voided, day=day, due=due, runs_from=runs_from, by=by)


def _post(period: BillingPeriod, account: SewerAccount, row: BillRow, voided: Bill, *, day: dt.date, due: dt.date,
          runs_from: str, by: Any) -> Rebill:  # fmt: skip
    now = timezone.now()
    run = f"rebill:{voided.pk}"
    facts, (start, end, unit, dials) = kept_facts(row.facts, period)
    bill = Bill.objects.create(
        account=account, parcel_id=row.parcel_id, period=period, status=BillStatus.POSTED, basis=row.basis,
        flags=",".join(row.flags), gallons=row.gallons, total=Decimal(row.total_cents).scaleb(-2), topic=row.topic,
        facts=facts, reads_start=start, reads_end=end, reads_unit=unit, reads_dials=dials,
        note=f"Replaces voided bill {voided.pk}", run=run, created_at=now, created_by=by, posted_at=now,
    )  # fmt: skip
    BillLine.objects.bulk_create(
        BillLine(bill=bill, position=i, kind=kind, description=desc[:200], working=working[:300], quantity=qty,
                 rate=rate, amount=Decimal(cents).scaleb(-2), section=section, interpretations=refs)
        for i, (kind, desc, working, qty, rate, cents, section, refs) in enumerate(row.lines)
    )  # fmt: skip
    what = f"Sewer user charge {period.start.isoformat()} – {period.end.isoformat()}, replacing bill {voided.pk}"
    rows = [_entry(bill, kind=LedgerKind.CHARGE, amount=bill.total, on=day, key=f"bill:{bill.pk}", what=what,
                   run=run, by=by)]  # fmt: skip
    rode = LedgerEntry.objects.filter(bill=voided, kind=LedgerKind.PENDING_CHARGE, amount__gt=0)
    for e in rode.order_by("id"):
        charge = e.source_key.split(":")[1]  # pending:<charge id>:bill:<bill id>
        rows.append(_entry(bill, kind=LedgerKind.PENDING_CHARGE, amount=e.amount, on=day, run=run, by=by,
                           key=f"pending:{charge}:bill:{bill.pk}", what=e.description, section=e.section))  # fmt: skip
    LedgerEntry.objects.bulk_create(rows)
    rebill = Rebill.objects.create(
        bill=bill, replaces=voided, bill_date=day, penalty_date=due, runs_from=runs_from, created_at=now, created_by=by
    )
    AuditEvent.objects.create(
        actor=by,
        action="do_rebill_account",
        run=run,
        subject=f"{account.account_number} {period.name}"[:200],
        rows=len(rows) + 2,
        detail={"bill": bill.pk, "replaces": voided.pk, "total": format(bill.total, "f"), "penalty_date": str(due)},
    )
    from sewerworks.billing.actions.credits import do_apply_credit

    do_apply_credit(account, acting_user=by, on=day)  # what was paid toward the voided bill pays this one
    return rebill
