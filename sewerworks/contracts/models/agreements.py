"""A contract user's agreement: the owner's petition and the Town Board's decision on it (§118-29.1)."""

from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.contracts.choices import AgreementStatus
from sewerworks.core.money import MoneyField
from sewerworks.core.records.events import EventHistory


class ContractAgreement(models.Model):
    """The owner of a property outside both Sewer Improvement Areas petitions the Town Board to become a
    contract user (§118-1); "by contract approved by the Town Board" (§118-29.1) the property is then served
    and billed as a user inside the area whose main its lateral joins. The Board's resolution fixes the
    town's legal fees and the property's share of the construction assessment, charged through billing."""

    parcel = models.ForeignKey(
        "registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="contract_agreements"
    )
    account = models.ForeignKey(
        "registry.SewerAccount",
        verbose_name="sewer account",
        on_delete=models.PROTECT,
        related_name="contract_agreements",
        help_text="The account billed as a user inside the area once the Board approves.",
    )
    petitioner = models.CharField("petitioner", max_length=120, help_text="The owner who petitions the Town Board.")
    petitioned_on = models.DateField("petitioned on")
    eligibility = models.ForeignKey(
        "core.StoredDecision",
        verbose_name="eligibility",
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The contract-user-eligibility decision as of the petition (§118-29.1, I-10).",
    )
    status = models.CharField(
        "status", max_length=12, choices=AgreementStatus.choices, default=AgreementStatus.PETITIONED
    )
    resolution = models.ForeignKey(
        "core.BoardResolution",
        verbose_name="Town Board resolution",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="contract_agreements",
        help_text="The resolution by which the Board approved or refused the contract.",
    )
    decided_on = models.DateField("decided on", null=True, blank=True)
    legal_fees = MoneyField(
        "town's legal fees ($)", null=True, blank=True, help_text="Charged to the owner as the Board resolved."
    )
    assessment_share = MoneyField(
        "share of the construction assessment ($)",
        null=True,
        blank=True,
        help_text="The property's share of the cost of the improvement, as the Board resolved.",
    )
    revenue_area = models.ForeignKey(
        "registry.ImprovementArea",
        verbose_name="revenue area",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="contract_agreements",
        help_text="The area whose main the lateral joins: the account is billed and credited there (I-11).",
    )
    notes = models.TextField("notes", blank=True)
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "contract-user agreement"
        ordering = ["-petitioned_on", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["parcel"],
                condition=models.Q(status__in=["petitioned", "approved"]),
                name="contracts_one_open_agreement_per_parcel",
            ),
            models.CheckConstraint(
                condition=models.Q(status="petitioned") | models.Q(resolution__isnull=False, decided_on__isnull=False),
                name="contracts_decision_names_its_resolution",
            ),
        ]

    def __str__(self) -> str:
        return f"Contract user agreement for {self.parcel}"
