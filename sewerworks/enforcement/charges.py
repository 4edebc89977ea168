"""How billing posts enforcement's pending charges (``core.charges``): the §118-5 fine once posted and the
Town's §118-47 expenses charged to a violator are owed with the account's next semiannual bill (§118-49;
the fine statement says so, ``documents.billing_note``)."""

from sewerworks.core.charges import register_charge_kind

register_charge_kind(
    "abandonment_fine", ledger_kind="pending_charge", section="118-5", rides_on_next_bill=True,
    label="Fine for failing to abandon a private system in time",
)  # fmt: skip
register_charge_kind(
    "violator_charge", ledger_kind="pending_charge", section="118-47", rides_on_next_bill=True,
    label="Expense charged to a violator",
)  # fmt: skip
