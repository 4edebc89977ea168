"""What contract users add to the parcel page: the screen's answer for a parcel outside the areas, its
agreements, and a button to record a petition when it is eligible."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from sewerworks.contracts.models import Candidate, ContractAgreement
from sewerworks.core.records.sections import RecordSection, present, record_probe, record_section
from sewerworks.registry.models import Parcel

record_probe("contracts_candidate", lambda pk: Candidate.objects.filter(parcel_id=pk))
record_probe("contracts_agreements", lambda pk: ContractAgreement.objects.filter(parcel_id=pk))


@record_section
def parcel_contract(request: HttpRequest, subject: Any) -> RecordSection | None:
    if not isinstance(subject, Parcel) or not request.user.has_perm("contracts.view_contracts"):
        return None
    if not present(subject, "contracts_candidate") and not present(subject, "contracts_agreements"):
        return None
    candidate = Candidate.objects.filter(parcel=subject).first()
    agreements = list(ContractAgreement.objects.filter(parcel=subject).select_related("resolution"))
    if candidate is None and not agreements:
        return None
    context = {"candidate": candidate, "agreements": agreements, "parcel": subject}
    return RecordSection("Contract user (§118-29.1)", "contracts/_parcel_section.html", context, order=45)
