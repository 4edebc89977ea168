"""The owners' petition proposing an extension the town builds (§118-30): "signed by a majority of the
benefiting property owners, and filing it with the Town Board"."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.core.records import events


class PetitionSignature(models.Model):
    """One signature on the petition, for one benefiting parcel, matched to an owner of record of the parcel
    where the name is one (an unmatched signature is listed and not counted, I-142)."""

    project = models.ForeignKey(
        "engineering.ExtensionProject", verbose_name="project", on_delete=models.PROTECT, related_name="signatures"
    )
    parcel = models.ForeignKey("registry.Parcel", verbose_name="parcel", on_delete=models.PROTECT, related_name="+")
    signer = models.CharField("signed by", max_length=200)
    signed_on = models.DateField("signed on")
    owner = models.ForeignKey(
        "registry.Owner", verbose_name="owner of record", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", help_text="The owner of record the signer is; empty when the name matches none.",
    )  # fmt: skip
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField("recorded at", default=events.now)

    class Meta:
        verbose_name = "petition signature"
        ordering = ["project", "signed_on", "id"]
        constraints = [
            models.UniqueConstraint(fields=["project", "parcel", "signer"], name="engineering_one_signature_each"),
        ]

    def __str__(self) -> str:
        return f"{self.signer} for {self.parcel.tax_map_number}"
