"""The §118-54 connection charge on the Town Clerk's statement and in the relevy (I-117, I-123).

§118-54: "connection charges, interest and penalties shall be a lien upon the real property which is connecting
to the public sewer and shall be levied on the property if not paid at the time the bill for connection charges
is offered". When ``relevy.relevied_charge_kinds`` names ``connection_charge`` (the packaged reading), each
connection charge posted to an account, past its due date (unpaid at the end of that day, as a sewer bill past
its penalty date, I-25) and with something unpaid at the end of the statement date is a line of the statement:
source ``connection:<id>``, no sewer bill, its due date in the penalty-date column, its unpaid charge and late
penalty (what was paid toward it by name settles the penalty first, then the charge, as a sewer bill's payment
does, I-63) and the I-119 interest on the unpaid charge from its due date.

Left out, each with its reason: a charge not past its due date, and one still waiting for an account on the
parcel (I-91: its pending charge is not on the ledger yet). A credit on the account never pays it (I-123).

On adoption each line moves like a bill's: ``relevy_transfer`` entries of minus min(the statement's part, unpaid
at the counter's cut-off), keyed ``relevy:<statement>:connection:<id>:penalty|charge``, and the interest with its
transfer (``interest:<statement>:connection:<id>``, ``…:interest``); a removal from the roll reverses them by the
same prefixes. Connection charges are a handful a year: these lines are read and written row by row.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.utils import timezone

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.ledger.connection_charges import KIND, bill_of
from sewerworks.billing.models import ConnectionCharge, LedgerEntry, StatementLine, UnpaidStatement
from sewerworks.billing.taxroll.terms import StatementTerms, terms_for
from sewerworks.ordinance.s118_53_relevy import interest
from sewerworks.registry.models import Owner

ZERO = Decimal("0.00")
SOURCE = "connection:"


def relevied(terms: StatementTerms) -> bool:
    """Whether the Board's reading relevies unpaid connection charges (``relevy.relevied_charge_kinds``)."""
    return KIND in terms.relevied_kinds


def source(charge: ConnectionCharge) -> str:
    return f"{SOURCE}{charge.pk}"


def unpaid_parts(charge: ConnectionCharge, on: dt.date) -> tuple[Decimal, Decimal]:
    """(penalty, charge) left unpaid at the end of ``on``: paid by name and relevied, the penalty first (I-63)."""
    owed = bill_of(charge, on=on)
    settled = owed.paid + owed.relevied
    on_penalty = min(max(settled, ZERO), owed.penalty)
    on_charge = settled - on_penalty
    return owed.penalty - on_penalty, charge.amount - on_charge


def _posted_accounts(charges: list[ConnectionCharge]) -> dict[str, int]:
    """The account each charge's pending charge was posted to (``pending:<id>``), by that key."""
    keys = [f"pending:{c.pending_charge_id}" for c in charges]
    rows = LedgerEntry.objects.filter(source_key__in=keys, account__isnull=False).values_list("source_key",
                                                                                               "account_id")
    return dict(rows)


def statement_lines(terms: StatementTerms, owner_of: Any) -> tuple[list[dict[str, Any]], list[tuple[str, Any]]]:
    """The statement's connection-charge lines (the ``COLUMNS`` of ``taxroll.statement``) and what is left out,
    as (reason, (account id, parcel id, amount)). ``owner_of(parcel, day)`` is the owner of record."""
    if not relevied(terms):
        return [], []
    on = terms.statement_date
    charges = list(ConnectionCharge.objects.filter(offered_on__lte=on).select_related("parcel")
                   .order_by("parcel__tax_map_number", "pk"))  # fmt: skip
    accounts = _posted_accounts(charges)
    lines: list[dict[str, Any]] = []
    excluded: list[tuple[str, Any]] = []
    for charge in charges:
        penalty, left = unpaid_parts(charge, on)
        if penalty + left <= 0:
            continue
        account_id = accounts.get(f"pending:{charge.pending_charge_id}")
        if account_id is None:
            excluded.append((f"connection charge {charge.number} waits for an account on the parcel (I-91): not "
                             "on the ledger, not relevied", (None, charge.parcel_id, penalty + left)))  # fmt: skip
            continue
        if charge.due_on >= on:
            excluded.append((f"connection charge {charge.number} not past its due date, {charge.due_on} (I-123)",
                             (account_id, charge.parcel_id, penalty + left)))  # fmt: skip
            continue
        owed_interest, _ = interest(left, charge.due_on, on, terms.interest_rate)
        parcel = charge.parcel
        owner: Owner | None = owner_of(parcel, on)
        lines.append({"source": source(charge), "parcel_id": parcel.pk, "account_id": account_id, "bill_id": None,
                      "penalty_date": charge.due_on, "owner_id": owner.pk if owner else None,
                      "owner_name": owner.name if owner else "", "tax_map_number": parcel.tax_map_number,
                      "address": parcel.address, "area_id": parcel.improvement_area_id, "charge": left,
                      "penalty": penalty, "interest": owed_interest,
                      "total": left + penalty + owed_interest})  # fmt: skip
    return lines, excluded


def _entry(line: StatementLine, statement: UnpaidStatement, kind: str, amount: Decimal, key: str, on: dt.date,
           description: str, user_id: int | None) -> LedgerEntry:  # fmt: skip
    return LedgerEntry(parcel_id=line.parcel_id, account_id=line.account_id, kind=kind, amount=amount, posted_on=on,
                       source_key=key, description=description[:200], section="118-53", run=f"relevy:{statement.pk}",
                       created_at=timezone.now(), created_by_id=user_id)  # fmt: skip


def move_to_roll(statement: UnpaidStatement, on: dt.date, *, user_id: int | None, description: str) -> int:
    """Inside the adoption's transaction: each connection-charge line's transfers (see the module). Returns the
    entries written (none written twice: the keys are unique and a second run finds them)."""
    lines = list(StatementLine.objects.filter(statement=statement, bill__isnull=True,
                                              source__startswith=SOURCE))  # fmt: skip
    if not lines:
        return 0
    charges = ConnectionCharge.objects.in_bulk([int(line.source.removeprefix(SOURCE)) for line in lines])
    rate = terms_for(statement.statement_date).interest_rate
    head = f"relevy:{statement.pk}:{SOURCE}"
    rows: list[LedgerEntry] = []
    for line in lines:
        charge = charges[int(line.source.removeprefix(SOURCE))]
        penalty, left = unpaid_parts(charge, statement.counter_cutoff)
        moved = {"penalty": min(penalty, line.penalty), "charge": min(left, line.charge)}
        for part, amount in moved.items():
            if amount > 0:
                rows.append(_entry(line, statement, LedgerKind.RELEVY_TRANSFER, -amount,
                                   f"{head}{charge.pk}:{part}", on, description, user_id))  # fmt: skip
        owed_interest, _ = interest(moved["charge"], charge.due_on, statement.statement_date, rate)
        if owed_interest > 0:
            rows.append(_entry(line, statement, LedgerKind.INTEREST, owed_interest,
                               f"interest:{statement.pk}:{SOURCE}{charge.pk}", on,
                               f"Interest (I-119), {statement}", user_id))  # fmt: skip
            rows.append(_entry(line, statement, LedgerKind.RELEVY_TRANSFER, -owed_interest,
                               f"{head}{charge.pk}:interest", on, description, user_id))  # fmt: skip
    done = set(LedgerEntry.objects.filter(source_key__in=[r.source_key for r in rows])
               .values_list("source_key", flat=True))  # fmt: skip
    fresh = [r for r in rows if r.source_key not in done]
    LedgerEntry.objects.bulk_create(fresh)
    return len(fresh)
