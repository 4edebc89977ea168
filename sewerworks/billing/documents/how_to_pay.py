"""How to pay a sewer bill, as the bill prints it: the Town's own words from the settings.

``SEWERWORKS_TOWN["bill_how_to_pay"]`` (paragraphs separated by a blank line) replaces the whole text,
and ``SEWERWORKS_TOWN["bill_payable_to"]`` names the payee. The default below is ILLUSTRATIVE: written
from §118-51 and §118-53 and the Town Hall's address and hours in ``core.documents.town``, not the
Town's own text, which the Town Clerk should supply before the first mailing (docs/billing.md).
"""

from __future__ import annotations

from sewerworks.core.documents.town import town

DEFAULT_PAYABLE_TO = "Town of Marlborough"


def payable_to() -> str:
    """Whom checks are made payable to (``SEWERWORKS_TOWN["bill_payable_to"]``)."""
    return town().get("bill_payable_to") or DEFAULT_PAYABLE_TO


def how_to_pay() -> list[str]:
    """The paragraphs of "How to pay" (the Town's text when configured; else the illustrative default)."""
    t = town()
    configured = t.get("bill_how_to_pay", "").strip()
    if configured:
        return [" ".join(p.split()) for p in configured.split("\n\n") if p.strip()]
    payee = payable_to()
    return [
        f"By mail: a check or money order payable to “{payee}”, with the stub below, to the Town Clerk, "
        f"{t['street']}, {t['city_line']}. Write the account number on the check. A payment is made on "
        "the day the Town Clerk receives it.",
        f"In person: at the Town Clerk's office, {t['street']}, {t['office_hours']}, by cash, check or "
        "money order; a receipt is given for every payment.",
        f"Questions about this bill: the {t['department']}, telephone {t['phone']}. Unpaid sewer charges "
        "run with the property (§118-53).",
    ]
