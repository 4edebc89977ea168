"""What the user builds and holds: preliminary treatment (§118-40), SPDES cooling-water permits (§118-28),
and the visits of those §118-45 lets enter."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.pretreatment.choices import Agency
from sewerworks.pretreatment.models.users import IndustrialUser


class PreliminaryTreatment(models.Model):
    """Preliminary treatment facilities (§118-40): plans approved in writing by the Town Engineer, the Water
    Resources Commission and NYSDEC before any construction; then maintained in effective operation."""

    user = models.ForeignKey(IndustrialUser, verbose_name="industrial user", on_delete=models.PROTECT,
                             related_name="treatments")  # fmt: skip
    description = models.CharField("facility", max_length=200, help_text="e.g. pH neutralization, equalization tank.")
    plans_submitted_on = models.DateField("plans submitted on")
    town_engineer_approved_on = models.DateField("approved by the Town Engineer on", null=True, blank=True)
    state_approved_on = models.DateField(
        "approved by the Water Resources Commission and NYSDEC on", null=True, blank=True
    )
    construction_started_on = models.DateField("construction started on", null=True, blank=True)
    in_operation_on = models.DateField("in operation from", null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "preliminary treatment facility"
        ordering = ["-plans_submitted_on", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(construction_started_on__isnull=True)
                | models.Q(
                    town_engineer_approved_on__lte=models.F("construction_started_on"),
                    state_approved_on__lte=models.F("construction_started_on"),
                ),
                name="pretreatment_no_construction_before_approval",
            )
        ]

    def __str__(self) -> str:
        return self.description

    @property
    def approved(self) -> bool:
        return self.town_engineer_approved_on is not None and self.state_approved_on is not None


class CoolingWaterPermit(models.Model):
    """Industrial cooling water or unpolluted process water discharged to natural drainage (§118-28): approved by
    the Town Engineer and NYSDEC, under a SPDES permit."""

    user = models.ForeignKey(IndustrialUser, verbose_name="industrial user", on_delete=models.PROTECT,
                             related_name="spdes_permits")  # fmt: skip
    spdes_number = models.CharField("SPDES permit no.", max_length=30, unique=True)
    town_engineer_approved_on = models.DateField("approved by the Town Engineer on")
    issued_on = models.DateField("issued by NYSDEC on")
    expires_on = models.DateField("expires on")
    outfall = models.CharField("natural drainage it discharges to", max_length=200)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "SPDES cooling-water permit"
        ordering = ["-issued_on"]
        constraints = [
            models.CheckConstraint(condition=models.Q(expires_on__gt=models.F("issued_on")),
                                   name="pretreatment_spdes_expires_after_issue")  # fmt: skip
        ]

    def __str__(self) -> str:
        return f"SPDES {self.spdes_number}"


class InspectionVisit(models.Model):
    """An entry for inspection, observation, measurement, sampling and testing (§118-45) by someone bearing
    proper credentials and having a reason, with the §118-37 narrative prohibitions (and §118-2, 3) checked."""

    user = models.ForeignKey(IndustrialUser, verbose_name="industrial user", on_delete=models.PROTECT,
                             related_name="visits")  # fmt: skip
    visited_on = models.DateField("visited on")
    visitor = models.CharField("visitor", max_length=120)
    agency = models.CharField("agency", max_length=20, choices=Agency.choices)
    credentials = models.CharField("credentials shown", max_length=120,
                                   help_text="The identification the visitor bore (§118-45).")  # fmt: skip
    reason = models.CharField("reason for inspection", max_length=200)
    checklist = models.JSONField("checklist", default=dict, help_text="Each §118-37 prohibition: seen, not seen.")
    notes = models.TextField("notes", blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT,
                                    related_name="+")  # fmt: skip
    history = HistoricalRecords()

    class Meta:
        verbose_name = "inspection visit"
        ordering = ["-visited_on", "-id"]

    def __str__(self) -> str:
        return f"{self.get_agency_display()} visit on {self.visited_on}"

    @property
    def seen(self) -> list[str]:
        return [key for key, value in self.checklist.items() if value == "seen"]
