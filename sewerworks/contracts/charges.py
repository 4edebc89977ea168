"""How billing posts a contract user's pending charges (``core.charges``): the Town's legal fees for the
agreement and the user's share of the construction assessment (§118-29.1) are owed when the Board approves
the agreement, so billing posts them to the account at once, not with a semiannual bill (I-111)."""

from sewerworks.core.charges import register_charge_kind

for kind, label in (
    ("legal_fees", "Town's legal fees for a contract-user agreement"),
    ("assessment_share", "Share of the construction assessment (contract user)"),
):
    register_charge_kind(kind, ledger_kind="pending_charge", section="118-29.1", rides_on_next_bill=False, label=label)
