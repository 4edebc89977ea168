"""A contract user's petition and the Town Board's decision on it (§118-1, §118-29.1).

``do_petition`` records the owner's petition with the eligibility decision of the day (refused unless the
topic finds the property eligible, under both texts or under §118-29.1 only, I-10). ``do_decide_agreement``
records the Board's resolution: on approval the account becomes a contract user, billed as a user inside
the area whose main the lateral joins (its revenue area), and the town's legal fees and the property's share
of the construction assessment become pending charges for billing (``core.charges``).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.contracts.choices import ELIGIBLE_OUTCOMES, AgreementStatus
from sewerworks.contracts.models import ContractAgreement
from sewerworks.contracts.screen.reference import decide_parcel
from sewerworks.contracts.screen.run import limits_on
from sewerworks.core.access.permissions import require
from sewerworks.core.charges import add_pending_charge
from sewerworks.core.determinations.run import store_decision
from sewerworks.core.models import BoardResolution
from sewerworks.core.records import events
from sewerworks.core.text import has_nul
from sewerworks.registry.models import ImprovementArea, Lateral, Parcel, SewerAccount

SECTION = "118-29.1"
PROGRAM = "contracts"


def revenue_area(parcel: Parcel) -> ImprovementArea | None:
    """The area of the main the parcel's lateral joins (its first lateral, when it has several; I-106)."""
    lateral = Lateral.objects.filter(parcel=parcel).select_related("main__improvement_area").order_by("pk").first()
    return None if lateral is None else lateral.main.improvement_area


def do_petition(
    *, parcel: Parcel, account: SewerAccount, petitioner: str, petitioned_on: dt.date, acting_user: Any, notes: str = ""
) -> ContractAgreement:
    """Record an owner's petition to become a contract user, with the eligibility decision as of that day."""
    require(acting_user, "contracts.record_petition", "record a contract-user petition")
    name = (petitioner or "").strip()
    if not name or len(name) > 120 or has_nul(name):
        raise ValidationError({"petitioner": "Name the owner who petitions (at most 120 characters)."})
    if account.parcel_id != parcel.pk:
        raise ValidationError({"account": f"Account {account} is not on parcel {parcel.tax_map_number}."})
    if parcel.improvement_area_id is not None:
        raise ValidationError({"parcel": "The parcel lies inside a Sewer Improvement Area: it is served as inside."})
    if not parcel.polygon:
        raise ValidationError({"parcel": "The parcel has no polygon: its distance to the boundary cannot be measured."})
    view, limits = limits_on(petitioned_on)
    decision = decide_parcel(parcel, view, limits)
    if decision.outcome not in ELIGIBLE_OUTCOMES:
        raise ValidationError({"parcel": f"Not eligible as of {petitioned_on} (§118-29.1): {decision.summary}"})
    with transaction.atomic():
        if ContractAgreement.objects.filter(parcel=parcel, status__in=["petitioned", "approved"]).exists():
            raise ValidationError({"parcel": "The parcel already has a petition or an approved agreement."})
        agreement = ContractAgreement(
            parcel=parcel,
            account=account,
            petitioner=name,
            petitioned_on=petitioned_on,
            eligibility=store_decision(decision, subject=parcel, acting_user=acting_user),
            notes=notes,
        )
        agreement._history_user = acting_user  # type: ignore[attr-defined]
        agreement.save()
        return agreement


def _amount(value: Any, name: str) -> Decimal:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError) as exc:
        raise ValidationError({name: "An amount in dollars, e.g. 1250.00."}) from exc
    if not amount.is_finite() or amount < 0 or amount != amount.quantize(Decimal("0.01")):
        raise ValidationError({name: "An amount in dollars and whole cents, not negative."})
    return amount


def do_decide_agreement(
    agreement: ContractAgreement,
    *,
    approve: bool,
    resolution: BoardResolution,
    decided_on: dt.date,
    acting_user: Any,
    legal_fees: Any = None,
    assessment_share: Any = None,
) -> ContractAgreement:
    """Record the Town Board's decision, by ``resolution``, on the petition (see the module)."""
    require(acting_user, "contracts.record_board_decision", "record the Town Board's decision on a contract")
    with transaction.atomic():
        locked = ContractAgreement.objects.select_for_update().get(pk=agreement.pk)
        if locked.status != AgreementStatus.PETITIONED:
            raise ValidationError({"status": f"The Board has already decided: {locked.get_status_display()}."})
        if decided_on < locked.petitioned_on:
            raise ValidationError({"decided_on": f"Before the petition ({locked.petitioned_on})."})
        if resolution.adopted_on > decided_on:  # adopted on or before the decision (I-107)
            raise ValidationError({"resolution": f"{resolution} was adopted after {decided_on}."})
        locked.resolution, locked.decided_on = resolution, decided_on
        # the Board decided that day (I-114)
        locked._occurred_at = events.as_moment(decided_on)  # type: ignore[attr-defined]
        if not approve:
            locked.status = AgreementStatus.REFUSED
            return _save(locked, acting_user, f"Refused by {resolution.instrument}")
        fees, share = _amount(legal_fees, "legal_fees"), _amount(assessment_share, "assessment_share")
        area = revenue_area(locked.parcel)
        if area is None:
            raise ValidationError(
                {"revenue_area": "Record the lateral from the parcel to a public main first: its main's area is "
                 "the area the account is billed in."}
            )  # fmt: skip
        locked.status, locked.legal_fees, locked.assessment_share, locked.revenue_area = "approved", fees, share, area
        _save(locked, acting_user, f"Approved by {resolution.instrument}")
        account = SewerAccount.objects.select_for_update().get(pk=locked.account_id)
        account.contract_user = True
        account._history_user = acting_user  # type: ignore[attr-defined]
        account._change_reason = f"Contract user by {resolution.instrument} (§118-29.1)"  # type: ignore[attr-defined]
        account.save(update_fields=["contract_user"])
        for kind, amount, what in (
            ("legal_fees", fees, "Town's legal fees for the contract-user agreement"),
            ("assessment_share", share, "Share of the construction assessment (contract user)"),
        ):
            if amount > 0:
                add_pending_charge(
                    source_key=f"contracts.{kind}:{locked.pk}",
                    parcel=locked.parcel,
                    account=account,
                    amount=amount,
                    section=SECTION,
                    description=f"{what}, {resolution.instrument}",
                    program=PROGRAM,
                    kind=kind,
                    incurred_on=decided_on,
                    acting_user=acting_user,
                )
        return locked


def _save(agreement: ContractAgreement, acting_user: Any, reason: str) -> ContractAgreement:
    agreement._history_user = acting_user  # type: ignore[attr-defined]
    agreement._change_reason = reason  # type: ignore[attr-defined]
    agreement.save()
    return agreement
