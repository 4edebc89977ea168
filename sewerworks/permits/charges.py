"""How billing posts the permits' pending charges (``core.charges``): the §118-15 permit and inspection fee
is paid to the Town Clerk when the application is filed (I-88), so billing posts it with its payment the
same day: on the property's ledger, owed by no one (I-111)."""

from sewerworks.core.charges import register_charge_kind

register_charge_kind(
    "permit_fee", ledger_kind="pending_charge", section="118-15", rides_on_next_bill=False,
    paid_when_incurred=True, label="Permit and inspection fee, paid at filing",
)  # fmt: skip
