"""The bill for a §118-54 connection charge as a PDF on the Town's letterhead (I-123)."""

from __future__ import annotations

from typing import Any

from sewerworks.billing.ledger.connection_charges import bill_of
from sewerworks.billing.models import ConnectionCharge
from sewerworks.core.documents.render import render_document
from sewerworks.core.documents.town import town
from sewerworks.registry.models import Ownership

TEMPLATE = "billing/documents/connection_charge.html"


def connection_bill_context(charge: ConnectionCharge) -> dict[str, Any]:
    owners = [
        o.owner
        for o in Ownership.objects.filter(parcel=charge.parcel, start__lte=charge.offered_on)
        .exclude(end__lt=charge.offered_on)
        .select_related("owner")
    ]
    return {
        "town": town(),
        "number": charge.number,
        "title": "Bill for a connection charge",
        "charge": charge,
        "bill": bill_of(charge),
        "owners": owners,
        "breakdown": next(
            (
                a.get("breakdown", [])
                for a in charge.decision.decision.get("amounts", [])
                if a.get("key") == "connection_charge"
            ),
            [],
        ),
    }


def connection_bill_pdf(charge: ConnectionCharge) -> bytes:
    return bytes(render_document(TEMPLATE, connection_bill_context(charge)).write_pdf())
