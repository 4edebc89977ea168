"""How billing posts engineering's pending charges (``core.charges``): a month of the Town Engineer's
full-time inspection of an extension (§118-31) is a bill of its own, posted at once to the account of the
project's parcel of record, not carried to a semiannual bill: who builds an extension often has no sewer
account, and pays it at the counter (I-141). Like ``permit_fee``, it does not ride on the next bill."""

from sewerworks.core.charges import register_charge_kind

register_charge_kind(
    "extension_inspection", ledger_kind="pending_charge", section="118-31", rides_on_next_bill=False,
    label="Town Engineer's inspection of a sewer extension",
)  # fmt: skip
