"""What the fine statement says will happen to the amounts it lists, and where (§§118-5, 118-47, 118-49).

The §118-5 fine (once posted) and the Town's §118-47 charges are pending charges of the property
(``core.PendingCharge``): billing posts each to a sewer account's ledger and it is owed with that account's
next semiannual bill (§118-49). The statement says which account, or, when the property has none or several
open, that the amounts stay pending on the property and how they will reach a bill. Court fines are never
billed by the Town. I-91: with no open sewer account, the Town's charges are not billed to anyone until one
is opened or billing names one; the statement says so instead of promising a bill.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sewerworks.enforcement.fines import billing_account
from sewerworks.enforcement.models import AbandonmentFine, Violation


def billing_note(violation: Violation, fine: AbandonmentFine | None, fine_total: Decimal) -> list[str]:
    """The paragraphs of "what happens next" for the fine (``fine_total`` as stated) and charges."""
    parcel = violation.parcel
    has_fine = fine is not None and fine_total > 0
    charges = list(violation.charges.all())
    lines: list[str] = []
    if fine is not None and fine.posted_on is None and has_fine:
        lines.append(
            "The § 118-5 fine is not yet a charge: its amount is fixed when the violation is corrected, or "
            "earlier if the Superintendent posts it (I-21), and it then becomes a pending charge of the property."
        )
    if has_fine or charges:
        lines.append(_where(parcel, [c for c in charges if c.billed_on is None]))
    lines.append("Fines imposed by a court are paid as the court directs; the Town does not bill them.")
    return lines


def _where(parcel: Any, unbilled: list[Any]) -> str:
    account = billing_account(parcel)
    open_accounts = parcel.accounts.filter(closed_on__isnull=True).count()
    if account is not None:
        return (
            f"The Town's amounts on this statement are pending charges of tax map {parcel.tax_map_number}. "
            f"The billing clerk posts each to sewer account {account.account_number}, and it is owed with "
            "that account's next semiannual sewer bill (§ 118-49); the Billed column shows those already posted."
        )
    if open_accounts > 1:
        return (
            f"The Town's amounts on this statement are pending charges of tax map {parcel.tax_map_number}, "
            f"which has {open_accounts} open sewer accounts: the billing clerk chooses the account, posts "
            "each charge to it, and it is owed with that account's next semiannual sewer bill (§ 118-49)."
        )
    return (
        f"Tax map {parcel.tax_map_number} has no open sewer account, so these amounts are on no sewer bill: "
        "they stay pending charges of the property until an account is opened for it, and are then posted to "
        "that account and owed with its first semiannual bill (§ 118-49, I-91). Until then, ask the Sewer "
        "Department how to pay them."
    )
