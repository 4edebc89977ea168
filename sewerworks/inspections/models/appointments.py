"""The Town Board's appointees: "such other person appointed by the Town Board" (§118-25)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import BoardResolution


class Appointment(models.Model):
    """A person the Town Board appointed, by a recorded resolution, to supervise connections to the public sewer
    (§118-25: "under the supervision of the Sewer Department or such other person appointed by the Town Board"),
    from a day and, if the resolution says, until one."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="appointee",
        on_delete=models.PROTECT,
        related_name="inspection_appointments",
    )
    resolution = models.ForeignKey(
        BoardResolution, verbose_name="Town Board resolution", on_delete=models.PROTECT, related_name="+"
    )
    starts_on = models.DateField("from")
    ends_on = models.DateField("until", null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "appointment to supervise connections"
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=True) | models.Q(ends_on__gte=models.F("starts_on")),
                name="inspections_appointment_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} appointed by {self.resolution.instrument}"
