"""How billing posts its own pending charge, the returned-check fee (I-128): a charge on the account that rides
on the account's next bill (``core.charges``), owed and paid with it in the order of I-63."""

from sewerworks.core.charges import register_charge_kind

RETURNED_CHECK_FEE = "returned_check_fee"

register_charge_kind(
    RETURNED_CHECK_FEE,
    ledger_kind="pending_charge",
    section="118-53",
    rides_on_next_bill=True,
    label="Returned-check fee",
)
