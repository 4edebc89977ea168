from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.attachments.files import stored_name
from sewerworks.grease.models.establishments import Interceptor


class Hauler(models.Model):
    """A licensed contract hauler who pumps out interceptors and disposes of their contents (§118-38)."""

    name = models.CharField("name", max_length=120)
    license_number = models.CharField(
        "license no.", max_length=40, unique=True, help_text="NYSDEC waste transporter permit number."
    )
    license_expires_on = models.DateField("license expires on", null=True, blank=True)
    phone = models.CharField("phone", max_length=30, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "licensed hauler"
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.license_number})"


def receipt_path(instance: PumpOut, filename: str) -> str:
    """``grease-receipts/<interceptor>/<random>.<extension of the sniffed type>``."""
    return stored_name(f"grease-receipts/{instance.interceptor_id}", instance.receipt_content_type)


class PumpOut(models.Model):
    """One line of the pump-out log the owner keeps (§118-38 Recordkeeping): the date, the licensed hauler,
    the volume, the NYSDEC-approved disposal facility and the hauler's receipt."""

    interceptor = models.ForeignKey(
        Interceptor, verbose_name="interceptor", on_delete=models.PROTECT, related_name="pump_outs"
    )
    pumped_on = models.DateField("pumped out on")
    hauler = models.ForeignKey(
        Hauler, verbose_name="licensed hauler", on_delete=models.PROTECT, related_name="pump_outs"
    )
    volume_gal = models.DecimalField("volume (gal)", max_digits=7, decimal_places=0, help_text="Pumped out, gallons.")
    disposal_facility = models.CharField("disposal facility", max_length=160, blank=True)
    nysdec_approved_disposal = models.BooleanField(
        "NYSDEC-approved facility", null=True, blank=True, help_text="Empty: the log does not say."
    )
    manifest_number = models.CharField("manifest no.", max_length=40, blank=True)
    receipt = models.FileField("hauler's receipt", upload_to=receipt_path, blank=True)
    receipt_content_type = models.CharField("receipt type", max_length=80, blank=True)
    receipt_service_date = models.DateField("service date on the receipt", null=True, blank=True)
    receipt_volume_gal = models.DecimalField(
        "volume on the receipt (gal)", max_digits=7, decimal_places=0, null=True, blank=True
    )
    recorded_at = models.DateTimeField("recorded at", auto_now_add=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, null=True, related_name="+"
    )
    history = HistoricalRecords()
    # Not stored: False on the entry ``do_record_pump_out`` returns for an exact repeat of it (I-175).
    entered: bool = True

    class Meta:
        verbose_name = "pump-out"
        ordering = ["-pumped_on", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["hauler", "manifest_number"],
                condition=~models.Q(manifest_number=""),
                name="grease_manifest_once",
            ),
            models.CheckConstraint(condition=models.Q(volume_gal__gt=0), name="grease_pump_out_volume_positive"),
        ]

    def __str__(self) -> str:
        return f"Pumped {self.pumped_on:%Y-%m-%d} by {self.hauler.name}"

    @property
    def has_receipt(self) -> bool:
        return bool(self.receipt)
