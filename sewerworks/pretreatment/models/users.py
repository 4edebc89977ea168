"""Industrial users, where their wastes are sampled, and the special agreements the Board approved."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords

from sewerworks.core.models import BoardResolution
from sewerworks.pretreatment.choices import PARAMETER_CHOICES, PointKind
from sewerworks.registry.models import Building, SewerAccount


class IndustrialUser(models.Model):
    """An establishment producing industrial wastes (§118-1, "liquid wastes from industrial processes as
    distinct from sanitary sewage"), one per building. Its Class 2 building sewer permit (I-01) is linked by
    the permits program to this record (I-172)."""

    building = models.OneToOneField(
        Building, verbose_name="building", on_delete=models.PROTECT, related_name="industrial_user"
    )
    account = models.ForeignKey(
        SewerAccount, verbose_name="sewer account", on_delete=models.PROTECT, null=True, blank=True,
        related_name="industrial_users", help_text="The account whose bills carry the §118-52 strength surcharge.",
    )  # fmt: skip
    activity = models.CharField(
        "type of activity", max_length=200, help_text="What the plant does, as a Class 2 application describes it."
    )
    average_daily_flow = models.DecimalField(
        "average daily flow (gal/day)", max_digits=12, decimal_places=1, null=True, blank=True,
        help_text="For the §118-39 comparison with 2% of the town's average daily sewage flow (I-32).",
    )  # fmt: skip
    registered_on = models.DateField("registered on")
    registered_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registered by",
                                      on_delete=models.PROTECT, related_name="+")  # fmt: skip
    history = HistoricalRecords()

    class Meta:
        verbose_name = "industrial user"
        ordering = ["building__name", "id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("pretreatment:user_detail", args=[self.pk])

    @property
    def name(self) -> str:
        return self.building.name or str(self.building)

    def agreements_on(self, day: dt.date) -> list[SpecialAgreement]:
        """The §118-43 special agreements in force on ``day`` (I-71)."""
        return [a for a in self.agreements.select_related("resolution") if a.in_force_on(day)]


class SamplingPoint(models.Model):
    """Where the user's wastes are sampled (§118-42): the control manhole the Town Engineer required
    (§118-41) or, where none was required, the nearest downstream manhole of the public sewer."""

    user = models.ForeignKey(IndustrialUser, verbose_name="industrial user", on_delete=models.PROTECT,
                             related_name="points")  # fmt: skip
    code = models.CharField("code", max_length=30, unique=True, help_text="As the lab's files name it, e.g. CM-1.")
    kind = models.CharField("kind", max_length=20, choices=PointKind.choices)
    location = models.CharField("location", max_length=200, help_text="Where it is, accessibly and safely located.")
    required_on = models.DateField(
        "required by the Town Engineer on", null=True, blank=True, help_text="Control manhole only (§118-41)."
    )
    plans_approved_on = models.DateField("plans approved on", null=True, blank=True, help_text="Control manhole only.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "sampling point"
        ordering = ["code"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind="control_manhole") | models.Q(required_on__isnull=True),
                name="pretreatment_point_required_only_control_manhole",
            )
        ]

    def __str__(self) -> str:
        return f"{self.code} ({self.kind.replace('_', ' ')})"


class SpecialAgreement(models.Model):
    """A §118-43 special agreement: an industrial waste of unusual strength accepted for treatment, subject to
    payment, approved by a Board resolution and applied for its dates (I-71)."""

    user = models.ForeignKey(IndustrialUser, verbose_name="industrial user", on_delete=models.PROTECT,
                             related_name="agreements")  # fmt: skip
    resolution = models.ForeignKey(BoardResolution, verbose_name="approved by", on_delete=models.PROTECT,
                                   related_name="+")  # fmt: skip
    parameter = models.CharField("parameter", max_length=30, choices=PARAMETER_CHOICES)
    limit = models.DecimalField("accepted strength", max_digits=12, decimal_places=3,
                                help_text="In the limit's unit (mg/L for concentrations).")  # fmt: skip
    starts_on = models.DateField("from")
    ends_on = models.DateField("until", null=True, blank=True, help_text="Empty: until the Board ends it.")
    terms = models.TextField("terms", blank=True, help_text="The payment and other terms of the agreement.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "special agreement"
        ordering = ["-starts_on", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(limit__gt=0), name="pretreatment_agreement_limit_positive"),
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=True) | models.Q(ends_on__gte=models.F("starts_on")),
                name="pretreatment_agreement_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_parameter_display()} up to {self.limit.normalize():f} ({self.resolution.instrument})"

    def in_force_on(self, day: dt.date) -> bool:
        return self.starts_on <= day and (self.ends_on is None or day <= self.ends_on)

    def as_facts(self) -> dict[str, str]:
        return {"parameter": self.parameter, "limit": format(self.limit.normalize(), "f"),
                "resolution": self.resolution.instrument}  # fmt: skip
