from __future__ import annotations

import re

from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import StagedRows
from sewerworks.core.models.public_ids import public_id_field
from sewerworks.registry.models.areas import ImprovementArea
from sewerworks.registry.models.fields import WKTField


def normalise_search(text: str) -> str:
    """The form searched: lower case, single spaces, no punctuation but '-' and '.'."""
    kept = "".join(ch if ch.isalnum() or ch in "-. " else " " for ch in text.lower())
    return " ".join(kept.split())


DIGITS = re.compile(r"\d+")


def tax_map_sort_key(tax_map_number: str) -> str:
    """The tax map number as it sorts: each run of digits zero-padded to 8 places, so that 103.11-5-11 comes
    before 103.11-10-6 (numeric parts in numeric order) with a plain string comparison on every database."""
    return DIGITS.sub(lambda m: m.group().zfill(8), tax_map_number.strip().lower())


class Parcel(StagedRows):
    """A tax parcel on the assessor's roll: the property Chapter 118 binds (its owner connects, pays and
    is liable). Identified by its tax map number (section.block-lot)."""

    tax_map_number = models.CharField(
        "tax map number", max_length=40, unique=True, help_text="Section-block-lot, e.g. '108.12-3-45'."
    )
    tax_map_sort = models.CharField(
        "tax map number (sort form)",
        max_length=160,
        editable=False,
        db_index=True,
        db_default="",
        help_text="The tax map number with its numeric parts zero-padded, so lists sort 5 before 10.",
    )
    street_number = models.CharField("street number", max_length=20, blank=True)
    street_name = models.CharField("street", max_length=120, blank=True)
    address_search = models.CharField("address (search form)", max_length=160, editable=False, db_index=True)
    street_search = models.CharField("street (search form)", max_length=160, editable=False, db_index=True)
    improvement_area = models.ForeignKey(
        ImprovementArea,
        verbose_name="Sewer Improvement Area",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="parcels",
        help_text="Empty when the parcel lies outside both improvement areas.",
    )
    land_use_class = models.CharField(
        "land-use class", max_length=3, blank=True, help_text="New York property class code, e.g. 210 (one-family)."
    )
    polygon = WKTField("parcel polygon", geom_type="Polygon", blank=True, help_text="WKT in EPSG:2260 (ft).")
    discharge_point = WKTField(
        "discharge point",
        geom_type="Point",
        blank=True,
        help_text="Where the property's sewage leaves it (or would): WKT point in EPSG:2260 (ft).",
    )
    centroid_x = models.FloatField("centroid easting (ft)", null=True, blank=True, editable=False)
    centroid_y = models.FloatField("centroid northing (ft)", null=True, blank=True, editable=False)
    public_id = public_id_field()  # the owner's pages name the parcel by it (sewerworks.public, issue 37)
    history = HistoricalRecords(
        excluded_fields=["address_search", "street_search", "centroid_x", "centroid_y", "tax_map_sort", "public_id"]
    )

    class Meta:
        verbose_name = "parcel"
        ordering = ["tax_map_sort", "tax_map_number"]

    def __str__(self) -> str:
        return f"{self.tax_map_number} {self.address}".strip()

    def save(self, *args: object, **kwargs: object) -> None:
        self.refresh_derived()
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @property
    def land_use_class_name(self) -> str:
        """The New York property class of ``land_use_class`` by name ("One family year-round residence")."""
        from sewerworks.registry.property_classes import property_class_name

        return property_class_name(self.land_use_class)

    @property
    def address(self) -> str:
        return f"{self.street_number} {self.street_name}".strip()

    def refresh_derived(self) -> None:
        """Recompute the sort form of the tax map number, the search form of the address and the centroid
        (called before save)."""
        self.tax_map_sort = tax_map_sort_key(self.tax_map_number)
        self.address_search = normalise_search(self.address)
        self.street_search = normalise_search(self.street_name)
        if self.polygon:
            from shapely import wkt

            c = wkt.loads(self.polygon).centroid
            self.centroid_x, self.centroid_y = c.x, c.y
        else:
            self.centroid_x = self.centroid_y = None


class AssessedValue(StagedRows):
    """The parcel's assessed valuation on one roll year: the total, and the taxable value for general town and
    county tax purposes, the base of the capital cost amortization charge (§118-52, I-28, I-122)."""

    parcel = models.ForeignKey(Parcel, verbose_name="parcel", on_delete=models.CASCADE, related_name="assessments")
    roll_year = models.PositiveSmallIntegerField("roll year")
    value = models.DecimalField("assessed value ($)", max_digits=14, decimal_places=2)
    taxable_value = models.DecimalField(
        "taxable value ($)",
        max_digits=14,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="The roll's taxable value for general town and county tax purposes (after exemptions): the base "
        "of the capital charge (§118-52, I-122). Empty when the roll gave none.",
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "assessed value"
        ordering = ["parcel", "-roll_year"]
        constraints = [
            models.UniqueConstraint(fields=["parcel", "roll_year"], name="registry_assessment_one_per_year"),
            models.CheckConstraint(condition=models.Q(value__gte=0), name="registry_assessment_not_negative"),
            models.CheckConstraint(
                condition=models.Q(taxable_value__isnull=True)
                | models.Q(taxable_value__gte=0, taxable_value__lte=models.F("value")),
                name="registry_taxable_value_within_assessment",
            ),
        ]
        indexes = [  # the few a roll leaves without a taxable value: the capital charge names them (billing.capital)
            models.Index(fields=["roll_year", "parcel"], condition=models.Q(taxable_value__isnull=True),
                         name="registry_roll_no_taxable"),
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"{self.parcel.tax_map_number} {self.roll_year}: ${self.value:,}"
