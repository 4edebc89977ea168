"""How a receipt's money is keyed and written on the ledger (§118-53): the receipt an entry belongs to, the
fields an action's money entries share, and a part moved back to the receipt's credit.

Keys: a payment's parts ``payment:<receipt>:bill:<id>:penalty|charge`` and its excess
``payment:<receipt>:credit``; a credit applied ``credit:<receipt>:<n>:bill:<id>:<part>`` and
``credit:<receipt>:<n>:applied`` (``actions.credits``); a reversal repeats the key after ``reversal:``
(``reversal:<receipt>:…``, ``reversal:credit:<receipt>:…``). Whatever is written under a receipt is
reversed with it.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sewerworks.billing.choices import LedgerKind
from sewerworks.billing.models import LedgerEntry

SECTION = "118-53"


def receipt_of(key: str) -> tuple[str, str]:
    """("payment" or "credit", receipt) of an entry under a receipt, its reversal included."""
    parts = key.split(":")
    if parts[0] == "reversal":
        return ("credit", parts[2]) if parts[1] == "credit" else ("payment", parts[1])
    return parts[0], parts[1]


def payment_fields(account_id: int | None, *, on: dt.date, run: str, now: dt.datetime, user: Any) -> dict[str, Any]:
    """The fields an action's money entries share (a payment's parts and credit, a credit applied, a part
    moved back to credit): kind ``payment`` under §118-53, on the account, posted ``on``, by ``user``."""
    return {
        "account_id": account_id,
        "kind": LedgerKind.PAYMENT,
        "posted_on": on,
        "section": SECTION,
        "run": run[:64],
        "created_at": now,
        "created_by": user,
    }


def back_to_credit(
    prefix: str,
    paid: Decimal,
    *,
    bill_id: int,
    part: str,
    parcel_id: int,
    period_id: int | None,
    description: str,
    fields: dict[str, Any],
    credit_parcel_id: int | None = None,
) -> list[LedgerEntry]:
    """What a receipt paid toward a bill part (``paid``, negative as the ledger has it) moved back to the
    receipt's credit: a pair of entries summing to zero under ``prefix`` (``<kind>:<receipt>:<tag>``), the
    bill part then the credit (``…:credit`` for a payment, ``…:applied`` for a credit applied)."""
    credit = f"{prefix}:credit" if prefix.startswith("payment:") else f"{prefix}:applied"
    text = description[:200]
    return [
        LedgerEntry(
            parcel_id=parcel_id,
            amount=-paid,
            source_key=f"{prefix}:bill:{bill_id}:{part}",
            description=text,
            period_id=period_id,
            bill_id=bill_id,
            **fields,
        ),
        LedgerEntry(
            parcel_id=credit_parcel_id or parcel_id, amount=paid, source_key=credit, description=text, **fields
        ),
    ]
