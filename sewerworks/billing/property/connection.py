"""The §118-54 connection charge: billed when a connection is recorded, paid at the counter by name, a lien
relevied when unpaid (I-42, I-12, I-123).

- **Billing it.** :func:`post_connection_charge` (for a program's own action that has checked its role: a passed
  connection inspection) and :func:`do_post_connection_charge` (the clerk, ``billing.post_connection_charge``)
  decide the ``connection-charge`` topic on the day the bill is offered, keep the decision, write a pending charge
  of the kind ``connection_charge`` and post it to the parcel's account at once (``pending:<id>``): a bill of its
  own, not the semiannual bill. With no account on the parcel it waits, pending, until one is opened (I-91). The
  same source twice is the one charge. A refusal (under four inches, not in the schedule) names the field and
  §118-54 and writes nothing.
- **Paying it.** :func:`do_pay_connection_charge` takes a payment toward this bill by name: a receipt like any
  other (its deposit, its reversal if the check comes back), whose one ledger entry is keyed
  ``payment:<receipt>:item:pending-<id>``: it is no credit to apply to the sewer bills, and no sewer bill's
  payment settles this charge (I-123).
- **What is unpaid.** :func:`unpaid` is the charge (and its penalty, if the Board's reading gives it one) less
  what was paid toward it by name, net of reversals, and what the §118-53 relevy moved to the tax roll, on the
  ledger by a day (``billing.ledger.connection_charges``; ``billing.taxroll.connection_lines`` puts it on the
  statement and moves it).
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from sewerworks.billing.actions.payments import _clean, new_receipt_number
from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.connection_charges import KIND, bill_of, unpaid
from sewerworks.billing.ledger.owed import ZERO
from sewerworks.billing.ledger.receipt_entries import payment_fields
from sewerworks.billing.models import ConnectionCharge, LedgerEntry, Payment
from sewerworks.billing.pending.posting import post_one
from sewerworks.core.access.permissions import require
from sewerworks.core.charges import add_pending_charge, register_charge_kind
from sewerworks.core.determinations.run import store_decision
from sewerworks.core.models import AuditEvent
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.actions.deadlines import meet_all
from sewerworks.enforcement.models import Deadline
from sewerworks.ordinance.topics import FactsError, determine
from sewerworks.registry.models import SewerAccount

SECTION = "118-54"
TO_BILL = "connection-charge-to-bill"  # the duty of a tap the schedule could not price (``tap.open_billing_duty``)
WHO = "the Clerk's office or the Superintendent"
NOT_IN_KEY = re.compile(r"[^A-Za-z0-9_.\-/]")  # what a pending charge's source id may not hold
register_charge_kind(
    KIND,
    ledger_kind=LedgerKind.PENDING_CHARGE,
    section=SECTION,
    rides_on_next_bill=False,
    label="§118-54 connection charge",
)

__all__ = ["do_pay_connection_charge", "do_post_connection_charge", "post_connection_charge", "unpaid"]


def _number(day: dt.date) -> str:
    prefix = f"CC-{day:%Y}-"
    taken = ConnectionCharge.objects.filter(number__startswith=prefix).count()
    return f"{prefix}{taken + 1:04d}"


def post_connection_charge(
    *,
    parcel: Any,
    diameter_in: Decimal | str,
    offered_on: dt.date,
    source_key: str,
    acting_user: Any,
    account: Any = None,
    building: Any = None,
    installed_by_town_ft: Decimal | str | None = None,
) -> ConnectionCharge:
    """Bill the connection charge of ``source_key`` once, inside the caller's transaction (the caller has
    checked its own role). Refused: a ValidationError naming ``diameter_in`` (or the field at fault) and §118-54."""
    existing = ConnectionCharge.objects.filter(source_key=source_key).first()
    if existing is not None:
        return existing
    if offered_on > timezone.localdate():
        raise ValidationError({"offered_on": f"{offered_on} is after today: a bill is offered on or before today."})
    if account is not None and account.parcel_id != parcel.pk:
        raise ValidationError({"account": f"Account {account} is not on parcel {parcel.tax_map_number}."})
    facts: dict[str, Any] = {"diameter_in": str(diameter_in), "offered_on": offered_on.isoformat()}
    if installed_by_town_ft not in (None, ""):
        facts["installed_by_town_ft"] = str(installed_by_town_ft)
    try:
        decision = determine("connection-charge", facts, as_of=offered_on, params=current_parameters())
    except FactsError as exc:
        raise ValidationError({e.get("loc", ["diameter_in"])[-1]: e["msg"] for e in exc.errors}) from exc
    if decision.outcome != "charged":
        raise ValidationError({"diameter_in": f"{decision.summary} (§{SECTION})"})
    amount = next(a.value for a in decision.amounts if a.key == "connection_charge")
    due = decision.deadlines[0].due
    with transaction.atomic():
        stored = store_decision(decision, subject=parcel, acting_user=acting_user)
        pending = add_pending_charge(
            source_key=f"billing.{KIND}:{NOT_IN_KEY.sub('/', source_key)}"[:120],
            parcel=parcel,
            account=account,
            amount=amount,
            section=SECTION,
            description=f"§118-54 connection charge, {diameter_in}-inch building sewer",
            program="billing",
            kind=KIND,
            incurred_on=offered_on,
            acting_user=acting_user,
        )
        charge = ConnectionCharge.objects.create(
            number=_number(offered_on),
            source_key=source_key[:120],
            parcel=parcel,
            account=account,
            building=building,
            diameter_in=Decimal(str(diameter_in)),
            installed_by_town_ft=None if installed_by_town_ft in (None, "") else Decimal(str(installed_by_town_ft)),
            amount=amount,
            offered_on=offered_on,
            due_on=due,
            pending_charge=pending,
            decision=stored,
            created_by=acting_user,
        )
        posted = post_one(pending, on=offered_on, run=f"connection:{charge.number}", user=acting_user)
        AuditEvent.objects.create(
            actor=acting_user,
            action="post_connection_charge",
            subject=f"connection charge {charge.number}",
            rows=1,
            run=f"connection:{charge.number}",
            detail={"charge": charge.pk, "parcel": parcel.pk, "amount": format(amount, "f"), "posted": posted},
        )
        meet_billing_duties(charge)
    return charge


def meet_billing_duties(charge: ConnectionCharge) -> int:
    """Inside the billing's transaction: the parcel's open duties to bill a connection charge (a tap the schedule
    could not price, ``tap.open_billing_duty``) are met by this charge (I-123)."""
    duties = Deadline.objects.filter(parcel_id=charge.parcel_id, duty=TO_BILL)
    return meet_all(duties, met_on=charge.offered_on, acting_user=None,
                    why=f"Billed: connection charge {charge.number} (§118-54)")  # fmt: skip


def do_post_connection_charge(*, acting_user: Any, **fields: Any) -> ConnectionCharge:
    """The clerk bills a connection charge (see :func:`post_connection_charge`)."""
    require(acting_user, "billing.post_connection_charge", "bill a connection charge", who_may=WHO)
    if not fields.get("source_key"):
        fields["source_key"] = f"clerk:{fields['parcel'].pk}:{timezone.now():%Y%m%d%H%M%S%f}"
    return post_connection_charge(acting_user=acting_user, **fields)


def do_pay_connection_charge(
    charge: ConnectionCharge,
    *,
    amount: Any,
    method: str,
    acting_user: Any,
    receipt_number: str = "",
    reference: str = "",
    received_on: dt.date | None = None,
    payer: str = "",
) -> Payment:
    """Take a payment toward the connection charge's bill by name (I-123): at most what is left of it."""
    require(acting_user, "billing.take_payment", "take a payment", who_may=WHO)
    day = received_on or timezone.localdate()
    number = receipt_number or new_receipt_number(day)
    paid, method, ref, number = _clean(amount, method, reference, number, day, payer)
    if Payment.objects.filter(receipt_number=number).exists():
        raise ValidationError({"receipt_number": f"Receipt {number} was already used: use a new receipt number."})
    try:
        with transaction.atomic():
            locked = ConnectionCharge.objects.select_for_update().get(pk=charge.pk)
            bill = bill_of(locked)
            if not bill.on_ledger:
                raise ValidationError(
                    {
                        "amount": "The connection charge is not on a sewer account yet: open the parcel's account "
                        "first, and it is posted to it (I-91)."
                    }
                )
            if paid > bill.balance:
                raise ValidationError(
                    {
                        "amount": f"${paid:,} is more than the ${bill.balance:,} left to pay on connection charge "
                        f"{locked.number} (§118-54)."
                    }
                )
            posted = LedgerEntry.objects.get(source_key=f"pending:{locked.pending_charge_id}")
            accounts = SewerAccount.objects.select_for_update().select_related("parcel")
            account = accounts.get(pk=int(posted.account_id or 0))
            now = timezone.now()
            payment = Payment(
                receipt_number=number,
                account=account,
                parcel=account.parcel,
                method=method,
                reference=ref,
                payer=payer.strip(),
                amount=paid,
                received_on=day,
                received_by=acting_user,
                credit=ZERO,
            )
            payment._history_user = acting_user  # type: ignore[attr-defined]
            payment.save()
            LedgerEntry.objects.create(
                parcel=locked.parcel,
                amount=-paid,
                source_key=f"payment:{number}:item:{locked.item_key}",
                description=f"Payment, receipt {number}: connection charge {locked.number} (§118-54)",
                **payment_fields(account.pk, on=day, run=f"payment:{number}", now=now, user=acting_user),
            )
            AuditEvent.objects.create(
                actor=acting_user,
                action="do_pay_connection_charge",
                run=f"payment:{number}"[:64],
                rows=1,
                subject=f"receipt {number} toward connection charge {locked.number}"[:200],
                detail={"payment": payment.pk, "charge": locked.pk, "amount": format(paid, "f")},
            )
    except IntegrityError as exc:
        used = f"Receipt {number} was already used: use a new receipt number."
        raise ValidationError({"receipt_number": used}) from exc
    return payment
