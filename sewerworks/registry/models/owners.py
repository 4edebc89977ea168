from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import StagedRows
from sewerworks.registry.models.parcels import Parcel, normalise_search


class Owner(StagedRows):
    """A person (§118-1: an individual, firm, company, association, society, corporation or group) who
    owns property: the one notices are served on and bills are sent to."""

    name = models.CharField("name", max_length=200)
    name_search = models.CharField("name (search form)", max_length=200, editable=False, db_index=True)
    mailing_address = models.CharField("mailing address", max_length=200, blank=True)
    city = models.CharField("city or town", max_length=80, blank=True)
    state = models.CharField("state", max_length=2, blank=True, default="NY")
    postal_code = models.CharField("ZIP code", max_length=10, blank=True)
    parcels: models.ManyToManyField[Parcel, Ownership] = models.ManyToManyField(
        Parcel, through="Ownership", related_name="owners", verbose_name="parcels"
    )
    history = HistoricalRecords(excluded_fields=["name_search"])

    class Meta:
        verbose_name = "owner"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: object, **kwargs: object) -> None:
        self.name_search = normalise_search(self.name)
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @property
    def mailing_block(self) -> str:
        line2 = " ".join(x for x in (f"{self.city}," if self.city else "", self.state, self.postal_code) if x)
        return "\n".join(x for x in (self.name, self.mailing_address, line2) if x)


class Ownership(StagedRows):
    """That an owner held a parcel from one date to another (open-ended while they still do)."""

    parcel = models.ForeignKey(Parcel, verbose_name="parcel", on_delete=models.PROTECT, related_name="ownerships")
    owner = models.ForeignKey(Owner, verbose_name="owner", on_delete=models.PROTECT, related_name="ownerships")
    start = models.DateField("owner from", null=True, blank=True)
    end = models.DateField("owner until", null=True, blank=True, help_text="Empty while they still own it.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "ownership"
        ordering = ["parcel", "-start"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end__isnull=True)
                | models.Q(start__isnull=True)
                | models.Q(end__gte=models.F("start")),
                name="registry_ownership_end_after_start",
            )
        ]

    def __str__(self) -> str:
        return f"{self.owner} owns {self.parcel.tax_map_number}"
