from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.billing.models.periods import BillingPeriod


class StrengthRecord(models.Model):
    """The strength of an account's discharge in a period, as measured by the district (§118-52, I-03),
    entered by hand until the pretreatment program records samples: BOD, suspended solids, chlorine demand.
    Above normal sanitary sewage strength (§118-37 C) each adds a surcharge to the period's bill."""

    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="strengths"
    )
    period = models.ForeignKey(
        BillingPeriod, verbose_name="billing period", on_delete=models.PROTECT, related_name="strengths"
    )
    bod = models.DecimalField(
        "BOD (mg/L)", max_digits=10, decimal_places=2, null=True, blank=True, help_text="Five-day BOD (I-31)."
    )
    suspended_solids = models.DecimalField(
        "suspended solids (mg/L)", max_digits=10, decimal_places=2, null=True, blank=True
    )
    chlorine_demand = models.DecimalField(
        "chlorine demand (mg/L)", max_digits=10, decimal_places=2, null=True, blank=True
    )
    source = models.CharField("from what", max_length=200, help_text="e.g. the district's lab report no. 2026-114.")
    entered_at = models.DateTimeField("entered at", auto_now_add=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="entered by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "strength record"
        constraints = [
            models.UniqueConstraint(fields=["account", "period"], name="billing_strength_once_per_period"),
            models.CheckConstraint(
                condition=(models.Q(bod__isnull=True) | models.Q(bod__gte=0))
                & (models.Q(suspended_solids__isnull=True) | models.Q(suspended_solids__gte=0))
                & (models.Q(chlorine_demand__isnull=True) | models.Q(chlorine_demand__gte=0)),
                name="billing_strength_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.account_id} {self.period}: BOD {self.bod}, SS {self.suspended_solids}"

    def as_facts(self) -> dict[str, str]:
        """The strength as the ``user-charge`` topic's facts take it (only what was measured)."""
        out = {}
        for key in ("bod", "suspended_solids", "chlorine_demand"):
            value = getattr(self, key)
            if value is not None:
                out[key] = format(value.normalize(), "f")
        return out
