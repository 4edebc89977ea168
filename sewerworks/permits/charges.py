"""How billing posts the permits' pending charges (``core.charges``): the §118-15 permit and inspection fee
is paid to the Town Clerk when the application is filed (I-88), so billing posts it with its payment the
same day: on the property's ledger, owed by no one (I-111). The §118-24 rock and curb cut fees, posted when the
lateral's inspection passes, are a charge of their own, billed at once, not carried to the semiannual bill
(I-133)."""

from sewerworks.core.charges import register_charge_kind

register_charge_kind(
    "permit_fee", ledger_kind="pending_charge", section="118-15", rides_on_next_bill=False,
    paid_when_incurred=True, label="Permit and inspection fee, paid at filing",
)  # fmt: skip
register_charge_kind(
    "lateral_cut_fee", ledger_kind="pending_charge", section="118-24", rides_on_next_bill=False,
    label="Rock cut and curb cut fees (§118-24)",
)  # fmt: skip
