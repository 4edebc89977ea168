from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords


class BoardResolution(models.Model):
    """A resolution or local law of the Town Board recorded after installation.

    Chapter 118 leaves rates and fees to resolution (§118-15, §118-52, §118-54). When the Board adopts
    one, the clerk records it here with the parameter values it sets; from their effective date those
    values override the packaged ones, with no new release of the software.
    """

    instrument = models.CharField(
        "resolution or local law", max_length=120, help_text="As cited, e.g. 'Resolution 2027-14' or 'L.L. No. 1-2027'."
    )
    kind = models.CharField(
        "kind",
        max_length=20,
        choices=[("resolution", "Town Board resolution"), ("local_law", "Local law")],
        default="resolution",
    )
    adopted_on = models.DateField("adopted on")
    effective_on = models.DateField(
        "effective from",
        null=True,
        blank=True,
        help_text=(
            "The day its values take effect unless a value states its own "
            "(empty only on resolutions recorded before the date was kept)."
        ),
    )
    title = models.CharField("title", max_length=200)
    notes = models.TextField("notes", blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "Town Board resolution"
        ordering = ["-adopted_on", "instrument"]
        constraints = [models.UniqueConstraint(fields=["instrument"], name="core_resolution_unique_instrument")]

    def __str__(self) -> str:
        return f"{self.instrument} ({self.adopted_on:%Y-%m-%d})"


class ParameterOverride(models.Model):
    """One dated parameter value set by a recorded Board resolution.

    ``value`` is JSON exactly as in the packaged YAML (money as a quoted string). The ordinance
    loader validates it against the parameter's unit before it is used.
    """

    resolution = models.ForeignKey(
        BoardResolution, verbose_name="resolution", on_delete=models.PROTECT, related_name="values"
    )
    key = models.CharField("parameter", max_length=120, help_text="e.g. 'billing.rate_per_gallon'.")
    effective = models.DateField("effective from")
    value = models.JSONField("value")
    section = models.CharField("section", max_length=20, blank=True, help_text="Section of Chapter 118, e.g. 118-52.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "parameter value set by resolution"
        ordering = ["key", "effective"]
        constraints = [models.UniqueConstraint(fields=["key", "effective"], name="core_override_unique_key_effective")]

    def __str__(self) -> str:
        return f"{self.key} = {self.value!r} from {self.effective:%Y-%m-%d}"
