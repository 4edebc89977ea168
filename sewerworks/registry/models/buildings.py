from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.records.events import EventHistory
from sewerworks.core.records.pipelines import TracksPipeline
from sewerworks.registry.choices import BuildingUse, ConnectionStatus, PrivateSystemKind, PrivateSystemStatus
from sewerworks.registry.models.parcels import Parcel
from sewerworks.registry.pipeline import CONNECTION


class Building(models.Model):
    """A building on a parcel (§118-17: every building has its own building sewer). Its use decides which
    programs apply: food service for interceptors (§118-38), car wash (§118-6), industrial (§118-37..43)."""

    parcel = models.ForeignKey(Parcel, verbose_name="parcel", on_delete=models.PROTECT, related_name="buildings")
    name = models.CharField("name", max_length=120, blank=True, help_text="Business name or description.")
    use = models.CharField("use", max_length=20, choices=BuildingUse.choices, default=BuildingUse.RESIDENTIAL)
    dwelling_units = models.PositiveSmallIntegerField("dwelling units", default=0)
    seats = models.PositiveSmallIntegerField(
        "seats", null=True, blank=True, help_text="Seating capacity of a food service facility (§118-38)."
    )
    established_on = models.DateField(
        "established on",
        null=True,
        blank=True,
        help_text="When the use was established (new food service after 2000-07-24 is 'hereafter established', I-35).",
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "building"
        ordering = ["parcel", "name"]

    def __str__(self) -> str:
        return self.name or f"{self.get_use_display()} building on {self.parcel.tax_map_number}"


class Connection(TracksPipeline):
    """The building's connection to the public sewer (§118-5): unsewered, notified to connect, connected."""

    building = models.OneToOneField(
        Building, verbose_name="building", on_delete=models.PROTECT, related_name="connection"
    )
    pipeline = CONNECTION
    status = models.CharField(
        "status", max_length=12, choices=ConnectionStatus.choices, default=ConnectionStatus.UNSEWERED
    )
    notified_on = models.DateField("official notice to connect served on", null=True, blank=True)
    connected_on = models.DateField("connected on", null=True, blank=True)
    building_sewer_diameter_in = models.PositiveSmallIntegerField(
        "building sewer diameter (in)", null=True, blank=True, help_text="At least 4 inches (§118-20)."
    )
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "connection"
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(status="connected") | models.Q(connected_on__isnull=False),
                name="registry_connected_has_date",
            )
        ]

    def __str__(self) -> str:
        return f"{self.building}: {self.get_status_display()}"


class PrivateSystem(models.Model):
    """A private sewage disposal system (§118-7..12): septic tank, cesspool or privy, in use or cleaned,
    abandoned and filled (§118-5, within 90 days after connection)."""

    parcel = models.ForeignKey(Parcel, verbose_name="parcel", on_delete=models.PROTECT, related_name="private_systems")
    building = models.ForeignKey(
        Building,
        verbose_name="building",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="private_systems",
    )
    kind = models.CharField("kind", max_length=12, choices=PrivateSystemKind.choices)
    status = models.CharField(
        "status", max_length=10, choices=PrivateSystemStatus.choices, default=PrivateSystemStatus.IN_USE
    )
    abandoned_on = models.DateField("abandoned and filled on", null=True, blank=True)
    vehicle_wash_only = models.BooleanField(
        "vehicle-wash water only",
        default=False,
        help_text="A car wash keeps it for wash water alone, separately plumbed and metered (§118-6, I-44).",
    )
    county_permit = models.CharField("Ulster County permit", max_length=60, blank=True, help_text="§118-8.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "private sewage disposal system"
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(status="abandoned") | models.Q(abandoned_on__isnull=False),
                name="registry_abandoned_has_date",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} on {self.parcel.tax_map_number} ({self.get_status_display()})"
