from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.registry.models.fields import WKTField


class ImprovementArea(models.Model):
    """A Sewer Improvement Area (§118-1): the Hamlet of Marlborough or the Hamlet of Milton.

    Inside its boundary, owners must connect to an available public sewer (§118-5) and every parcel
    pays the capital cost amortization charge (§118-49); payments are credited to the area (I-11).
    """

    code = models.SlugField("code", max_length=20, unique=True, help_text="Short code, e.g. 'marlborough'.")
    name = models.CharField("name", max_length=100, help_text="e.g. 'Hamlet of Marlborough'.")
    boundary = WKTField("boundary", geom_type="Polygon", help_text="Improvement boundaries, WKT in EPSG:2260 (ft).")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "Sewer Improvement Area"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
