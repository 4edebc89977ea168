"""How billing posts a contract user's pending charges (``core.charges``): the Town's legal fees for the
agreement and the user's share of the construction assessment (§118-29.1) are owed when the Board approves
the agreement, so billing posts them to the account at once, not with a semiannual bill (I-111).

And the fund a contract user's money is credited to (I-11, I-126): the revenue area of its approved agreement,
its parcel lying in neither area (``billing.cash.funds``)."""

from typing import Any

from django.db.models import OuterRef, Subquery

from sewerworks.billing.cash.funds import register_fund_source
from sewerworks.core.charges import register_charge_kind

for kind, label in (
    ("legal_fees", "Town's legal fees for a contract-user agreement"),
    ("assessment_share", "Share of the construction assessment (contract user)"),
):
    register_charge_kind(kind, ledger_kind="pending_charge", section="118-29.1", rides_on_next_bill=False, label=label)


def agreement_area(account_id: str) -> Any:
    """The revenue area of the account's approved agreement (the latest decided), for ``account_id``'s path."""
    from sewerworks.contracts.models import ContractAgreement

    agreements = ContractAgreement.objects.filter(account_id=OuterRef(account_id), status="approved")
    return Subquery(agreements.order_by("-decided_on", "-pk").values("revenue_area_id")[:1])


register_fund_source(agreement_area)
