"""What is unpaid of a §118-54 connection charge on a day (I-123), read from the ledger: the charge and its
penalty, less what was paid toward it by name (``payment:<receipt>:item:pending-<id>``, net of reversals) and what
the §118-53 relevy moved to the tax roll (``relevy:<statement>:connection:<id>:<part>``, net of removals). Here, in
the ledger's package, so that the counter (``billing.property``) and the Town Clerk's statement
(``billing.taxroll``) read it alike."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.owed import ZERO
from sewerworks.billing.models import ConnectionCharge, LedgerEntry

KIND = "connection_charge"  # its pending charges' kind (billing.property.connection registers it)


@dataclass(frozen=True)
class ConnectionBill:
    """A connection charge as the counter and the search letter show it on a day."""

    charge: ConnectionCharge
    penalty: Decimal
    paid: Decimal
    on_ledger: bool
    relevied: Decimal = ZERO  # moved to the tax roll by the §118-53 relevy, net of removals (I-123)

    @property
    def balance(self) -> Decimal:
        """What the counter is owed: the charge and its penalty, less what was paid and what the roll took."""
        return self.charge.amount + self.penalty - self.paid - self.relevied


def _paid_toward(charge: ConnectionCharge, on: dt.date | None) -> tuple[Decimal, Decimal, bool, Decimal]:
    """(penalty, paid net of reversals, on the ledger, relevied net of removals) of ``charge`` by ``on``."""
    item = f":item:{charge.item_key}"
    moved = f":connection:{charge.pk}:"  # relevy:<statement>:connection:<id>:<part> (billing.taxroll.connection_lines)
    entries = LedgerEntry.objects.filter(
        Q(source_key=f"pending:{charge.pending_charge_id}")
        | Q(source_key=f"penalty:connection-{charge.pk}")
        | Q(source_key__endswith=item, kind__in=(LedgerKind.PAYMENT, LedgerKind.REVERSAL))
        | (Q(kind=LedgerKind.RELEVY_TRANSFER, source_key__contains=moved)
           & (Q(source_key__endswith=":penalty") | Q(source_key__endswith=":charge")))
    )
    if on is not None:
        entries = entries.filter(posted_on__lte=on)
    penalty = paid = relevied = ZERO
    on_ledger = False
    for e in entries:
        if e.source_key.startswith("pending:"):
            on_ledger = True
        elif e.source_key.startswith("penalty:"):
            penalty += e.amount
        elif e.kind == LedgerKind.RELEVY_TRANSFER:
            relevied -= e.amount
        else:
            paid -= e.amount
    return penalty, paid, on_ledger, relevied


def bill_of(charge: ConnectionCharge, *, on: dt.date | None = None) -> ConnectionBill:
    """The connection charge as owed on ``on`` (today when omitted)."""
    penalty, paid, on_ledger, relevied = _paid_toward(charge, on)
    return ConnectionBill(charge, penalty, paid, on_ledger, relevied)


def unpaid(charge: ConnectionCharge, *, on: dt.date | None = None) -> Decimal:
    """What is left to pay of ``charge`` (and its penalty) on ``on``."""
    return bill_of(charge, on=on).balance


