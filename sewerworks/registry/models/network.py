from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.registry.choices import PipeMaterial, ReceivingWater
from sewerworks.registry.models.areas import ImprovementArea
from sewerworks.registry.models.fields import WKTField
from sewerworks.registry.models.parcels import Parcel


class TreatmentPlant(models.Model):
    """The sewage treatment plant of an improvement area (§118-1). Its average daily flow is the base of
    the §118-39 2% trigger (I-32); its receiving water selects the fluoride limit (I-33)."""

    improvement_area = models.ForeignKey(
        ImprovementArea, verbose_name="Sewer Improvement Area", on_delete=models.PROTECT, related_name="plants"
    )
    name = models.CharField("name", max_length=120)
    average_daily_flow_gpd = models.PositiveIntegerField("average daily flow (gal/day)")
    receiving_water = models.CharField(
        "receiving water", max_length=6, choices=ReceivingWater.choices, default=ReceivingWater.FRESH
    )
    location = WKTField("location", geom_type="Point", blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "sewage treatment plant"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Manhole(models.Model):
    """A manhole of the public sewer (§118-33). The nearest one downstream of a building sewer's connection
    is its control manhole unless one was required (§118-42)."""

    identifier = models.CharField("manhole no.", max_length=30, unique=True)
    improvement_area = models.ForeignKey(
        ImprovementArea, verbose_name="Sewer Improvement Area", on_delete=models.PROTECT, related_name="manholes"
    )
    location = WKTField("location", geom_type="Point")
    diameter_in = models.PositiveSmallIntegerField("barrel diameter (in)", default=48)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "manhole"
        ordering = ["identifier"]

    def __str__(self) -> str:
        return self.identifier


class SewerMain(models.Model):
    """A public sewer main (§118-1): a pipe controlled by public authority. Its line runs in the direction of
    flow, from the upstream to the downstream manhole."""

    identifier = models.CharField("main no.", max_length=30, unique=True)
    improvement_area = models.ForeignKey(
        ImprovementArea, verbose_name="Sewer Improvement Area", on_delete=models.PROTECT, related_name="mains"
    )
    diameter_in = models.PositiveSmallIntegerField("diameter (in)")
    material = models.CharField("material", max_length=20, choices=PipeMaterial.choices, default=PipeMaterial.PVC)
    installed_on = models.DateField("installed on", null=True, blank=True)
    path = WKTField("path", geom_type="LineString", help_text="WKT line in EPSG:2260, drawn in the direction of flow.")
    upstream_manhole = models.ForeignKey(
        Manhole, verbose_name="upstream manhole", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    downstream_manhole = models.ForeignKey(
        Manhole, verbose_name="downstream manhole", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "sewer main"
        ordering = ["identifier"]

    def __str__(self) -> str:
        return f"{self.identifier} ({self.diameter_in}-inch)"


class Lateral(models.Model):
    """The lateral from the public sewer to the property line (§118-24, §118-54: built by the town)."""

    parcel = models.ForeignKey(Parcel, verbose_name="parcel", on_delete=models.PROTECT, related_name="laterals")
    main = models.ForeignKey(SewerMain, verbose_name="main", on_delete=models.PROTECT, related_name="laterals")
    diameter_in = models.PositiveSmallIntegerField("diameter (in)", default=4)
    installed_on = models.DateField("installed on", null=True, blank=True)
    path = WKTField("path", geom_type="LineString", blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "lateral"

    def __str__(self) -> str:
        return f"Lateral to {self.parcel.tax_map_number}"
