"""What is kept with a permit: the fee paid at filing, the plans attached, and each discretion decided."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from sewerworks.core.money import MoneyField
from sewerworks.permits.choices import AttachmentKind, DiscretionVerdict, Official, PaymentMethod
from sewerworks.permits.models.permits import Permit


class FeePayment(models.Model):
    """The permit and inspection fee paid to the Town Clerk when the application was filed (§118-15, I-88)."""

    permit = models.OneToOneField(Permit, verbose_name="permit", on_delete=models.PROTECT, related_name="fee")
    amount = MoneyField("amount ($)", help_text="The fee in force on the filing date for the permit's class.")
    receipt_number = models.CharField("receipt number", max_length=40)
    method = models.CharField("method", max_length=20, choices=PaymentMethod.choices)
    paid_on = models.DateField("paid on")
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="received by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "permit fee payment"
        constraints = [models.UniqueConstraint(fields=["receipt_number"], name="permits_fee_unique_receipt")]

    def __str__(self) -> str:
        return f"Receipt {self.receipt_number}: ${self.amount}"


class PermitAttachment(models.Model):
    """A plan, specification or county permit filed with an application (type judged by content)."""

    permit = models.ForeignKey(Permit, verbose_name="permit", on_delete=models.PROTECT, related_name="attachments")
    kind = models.CharField("kind", max_length=20, choices=AttachmentKind.choices)
    file = models.FileField("file", upload_to="permits/")
    content_type = models.CharField("content type", max_length=60, editable=False)
    size = models.PositiveIntegerField("size (bytes)", editable=False)
    given_name = models.CharField("name as uploaded", max_length=200, editable=False)
    uploaded_at = models.DateTimeField("uploaded at", default=timezone.now)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="uploaded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "permit attachment"
        ordering = ["uploaded_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.given_name}"


class DiscretionDecision(models.Model):
    """An official's decision on one discretion finding of the review (the Town Engineer on a material, the
    Sewer Department on a slope): approval needs one accepting each discretion finding (I-90)."""

    permit = models.ForeignKey(Permit, verbose_name="permit", on_delete=models.PROTECT, related_name="discretions")
    topic = models.CharField("topic", max_length=40)
    requirement = models.CharField("requirement", max_length=60)
    compared = models.JSONField(
        "values decided on",
        default=dict,
        blank=True,
        help_text="The finding's compared values when decided: a changed design needs a new decision.",
    )
    official = models.CharField("official", max_length=40, choices=Official.choices)
    verdict = models.CharField("decision", max_length=10, choices=DiscretionVerdict.choices)
    reason = models.TextField("reason")
    decided_at = models.DateTimeField("decided at", default=timezone.now)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="decided by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "discretion decision"
        ordering = ["decided_at", "id"]

    def __str__(self) -> str:
        return f"{self.official}: {self.topic}/{self.requirement} {self.verdict}"
