from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from sewerworks.grease.choices import InterceptorKind, Premises
from sewerworks.registry.models import Building, Parcel


class FoodServiceEstablishment(models.Model):
    """A commercial kitchen or restaurant (§118-1) in a building of the registry, which must have a grease and
    oil interceptor (§118-38). Its seats and the date it was established are the building's."""

    building = models.OneToOneField(
        Building, verbose_name="building", on_delete=models.PROTECT, related_name="food_service"
    )
    premises = models.CharField("premises", max_length=20, choices=Premises.choices, default=Premises.RESTAURANT)
    exterior_space_available = models.BooleanField(
        "space for an exterior interceptor",
        null=True,
        blank=True,
        help_text="Whether the premises have space for a 1,000-gallon exterior interceptor (empty: not known).",
    )
    found_incapable = models.BooleanField(
        "existing installation found incapable",
        null=True,
        blank=True,
        help_text="The Building Inspector's opinion that the existing installation is incapable of handling "
        "liquid waste (empty: not given).",
    )
    compliance_note = models.TextField(
        "NYSDEC and county compliance",
        blank=True,
        help_text="How the installation complies with NYSDEC, Ulster County Health Department and local laws.",
    )
    registered_on = models.DateField("registered on", default=timezone.localdate)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "food service establishment"
        ordering = ["building__name", "id"]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.building.name or f"Food service at {self.parcel.address or self.parcel}"

    @property
    def parcel(self) -> Parcel:
        return self.building.parcel

    @property
    def seats(self) -> int:
        return self.building.seats or 0

    @property
    def connected_on(self) -> dt.date | None:
        connection = getattr(self.building, "connection", None)
        return connection.connected_on if connection is not None and connection.status == "connected" else None

    def current_interceptor(self) -> Interceptor | None:
        return self.interceptors.filter(removed_on__isnull=True).order_by("-installed_on", "-id").first()


class Interceptor(models.Model):
    """A grease and oil interceptor at an establishment (§118-38): an exterior precast concrete interceptor
    rated in gallons with its working liquid depth, or an interior grease trap rated in pounds (I-36)."""

    establishment = models.ForeignKey(
        FoodServiceEstablishment, verbose_name="establishment", on_delete=models.PROTECT, related_name="interceptors"
    )
    kind = models.CharField("kind", max_length=10, choices=InterceptorKind.choices)
    rated_gallons = models.DecimalField(
        "rated capacity (gal)", max_digits=7, decimal_places=0, null=True, blank=True, help_text="Exterior only."
    )
    working_depth_in = models.DecimalField(
        "working liquid depth (in)",
        max_digits=5,
        decimal_places=1,
        null=True,
        blank=True,
        help_text="Exterior only: the depth against which grease and solids are measured (I-36).",
    )
    rated_pounds = models.DecimalField(
        "rated capacity (lb)", max_digits=5, decimal_places=0, null=True, blank=True, help_text="Interior only."
    )
    installed_on = models.DateField("installed on")
    location = models.CharField(
        "location", max_length=200, blank=True, help_text="Where it is, readily accessible for cleaning and inspection."
    )
    approved_by_building_inspector_on = models.DateField(
        "plan approved by the Building Inspector on", null=True, blank=True
    )
    approved_by_superintendent_on = models.DateField("plan approved by the Superintendent on", null=True, blank=True)
    removed_on = models.DateField("removed on", null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, null=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "grease interceptor"
        ordering = ["-installed_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(kind="exterior")
                | models.Q(rated_gallons__gt=0, working_depth_in__gt=0, rated_pounds__isnull=True),
                name="grease_exterior_rated_in_gallons",
            ),
            models.CheckConstraint(
                condition=~models.Q(kind="interior")
                | models.Q(rated_pounds__gt=0, rated_gallons__isnull=True, working_depth_in__isnull=True),
                name="grease_interior_rated_in_pounds",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rating} {self.get_kind_display().split(' (')[0].lower()}"

    @property
    def rating(self) -> str:
        if self.kind == InterceptorKind.EXTERIOR:
            return f"{Decimal(self.rated_gallons or 0):,.0f}-gallon"
        return f"{Decimal(self.rated_pounds or 0):,.0f}-pound"

    @property
    def plans_approved(self) -> bool:
        return bool(self.approved_by_building_inspector_on and self.approved_by_superintendent_on)
