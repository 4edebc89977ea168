"""Samples and their lab results, append-only; and the exceedances found in them.

A result keeps what the lab reported (value, unit, qualifier, detection limit, method) and, beside it, the
value converted exactly to the unit of its limit (I-31): µg/L × 0.001 to mg/L, °C × 9/5 + 32 to °F. A
correction is a new sample naming the one it corrects (I-153): its results replace that sample's for the
parameters it reports (:meth:`ResultQuerySet.counted`)."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models

from sewerworks.core.models import StoredDecision
from sewerworks.pretreatment.choices import PARAMETER_CHOICES, UNIT_CHOICES, Basis, Qualifier, SampleKind
from sewerworks.pretreatment.models.evaluations import EvaluationRun
from sewerworks.pretreatment.models.users import IndustrialUser, SamplingPoint


class Sample(models.Model):
    """A sample taken at a sampling point (§118-42): a grab, or a 24-hour composite whose result is that
    day's 24-hour average (I-31). Never edited; a correction is a new sample."""

    point = models.ForeignKey(SamplingPoint, verbose_name="sampling point", on_delete=models.PROTECT,
                              related_name="samples")  # fmt: skip
    lab_sample_id = models.CharField("lab sample id", max_length=60)
    lab = models.CharField("laboratory", max_length=120)
    kind = models.CharField("kind", max_length=10, choices=SampleKind.choices)
    started_at = models.DateTimeField("started at")
    ended_at = models.DateTimeField("ended at")
    day = models.DateField("day", help_text="The calendar day whose 24-hour average it counts in (its end).")
    flow_gallons = models.DecimalField(
        "flow over the sample (gal)", max_digits=12, decimal_places=1, null=True, blank=True,
        help_text="Weights the composite in the period's strength (I-31, I-75).",
    )  # fmt: skip
    import_run = models.CharField("import run", max_length=40, blank=True)
    corrects = models.ForeignKey(
        "self", verbose_name="corrects", on_delete=models.PROTECT, null=True, blank=True, related_name="corrections",
        help_text="The earlier sample this one corrects: its results replace that sample's for the parameters it "
        "reports (I-153).",
    )  # fmt: skip
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="entered by", on_delete=models.PROTECT,
                                   related_name="+")  # fmt: skip
    created_at = models.DateTimeField("entered at", auto_now_add=True)

    class Meta:
        verbose_name = "sample"
        ordering = ["-day", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["lab", "lab_sample_id"], name="pretreatment_sample_once_per_lab"),
            models.CheckConstraint(condition=models.Q(ended_at__gte=models.F("started_at")),
                                   name="pretreatment_sample_ends_after_start"),  # fmt: skip
        ]
        indexes = [models.Index(fields=["point", "day"], name="pretreat_sample_point_day")]

    def __str__(self) -> str:
        return f"{self.lab_sample_id} ({self.get_kind_display().lower()}, {self.day})"

    @property
    def minutes(self) -> int:
        return int((self.ended_at - self.started_at).total_seconds() // 60)


class ResultQuerySet(models.QuerySet["Result"]):
    def counted(self) -> ResultQuerySet:
        """The results that count: without those a later sample corrected for their parameter (I-153)."""
        corrected = Result.objects.filter(sample__corrects=models.OuterRef("sample"),
                                          parameter=models.OuterRef("parameter"))  # fmt: skip
        return self.exclude(models.Exists(corrected))


class Result(models.Model):
    """One parameter of a sample as the lab reported it, and in the unit of its limit."""

    sample = models.ForeignKey(Sample, verbose_name="sample", on_delete=models.PROTECT, related_name="results")
    parameter = models.CharField("parameter", max_length=30, choices=PARAMETER_CHOICES)
    reported_value = models.DecimalField("reported value", max_digits=20, decimal_places=9)
    reported_unit = models.CharField("reported unit", max_length=10, choices=UNIT_CHOICES)
    qualifier = models.CharField("qualifier", max_length=1, choices=Qualifier.choices, blank=True, default="")
    detection_limit = models.DecimalField("detection limit", null=True, blank=True, max_digits=20, decimal_places=9,
                                          help_text="In the reported unit.")  # fmt: skip
    value = models.DecimalField("value in the limit's unit", max_digits=20, decimal_places=9,
                                help_text="Exactly converted; a non-detect counts as zero (I-31).")  # fmt: skip
    unit = models.CharField("limit's unit", max_length=10, choices=UNIT_CHOICES)
    method = models.CharField("method", max_length=60, blank=True)

    objects = ResultQuerySet.as_manager()

    class Meta:
        verbose_name = "lab result"
        ordering = ["sample", "parameter"]
        constraints = [
            models.UniqueConstraint(fields=["sample", "parameter"], name="pretreatment_result_once_per_sample")
        ]

    def __str__(self) -> str:
        return f"{self.get_parameter_display()} {self.shown}"

    @property
    def non_detect(self) -> bool:
        return self.qualifier == Qualifier.BELOW

    @property
    def sample_day(self) -> dt.date:
        return self.sample.day

    @property
    def sample_kind(self) -> str:
        return self.sample.kind

    @property
    def shown(self) -> str:
        return f"{self.qualifier}{self.reported_value.normalize():f} {self.reported_unit}"

    def as_facts(self) -> dict[str, str]:
        facts = {"parameter": self.parameter, "value": format(self.reported_value.normalize(), "f"),
                 "unit": self.reported_unit, "qualifier": self.qualifier}  # fmt: skip
        if self.detection_limit is not None:
            facts["detection_limit"] = format(self.detection_limit.normalize(), "f")
        return facts


class Exceedance(models.Model):
    """A limit found exceeded on one day, at one sampling point, for one parameter and basis: the finding
    names the table row, the basis, the limit and the value in the limit's unit; the results are its evidence."""

    user = models.ForeignKey(IndustrialUser, verbose_name="industrial user", on_delete=models.PROTECT,
                             related_name="exceedances")  # fmt: skip
    point = models.ForeignKey(SamplingPoint, verbose_name="sampling point", on_delete=models.PROTECT,
                              related_name="exceedances")  # fmt: skip
    parameter = models.CharField("parameter", max_length=30, choices=PARAMETER_CHOICES)
    basis = models.CharField("basis", max_length=15, choices=Basis.choices)
    day = models.DateField("day evaluated")
    row = models.CharField("table row", max_length=80)
    section = models.CharField("section", max_length=10)
    value = models.DecimalField("value", max_digits=20, decimal_places=9)
    limit = models.DecimalField("limit", max_digits=20, decimal_places=9)
    unit = models.CharField("unit", max_length=10)
    sentence = models.CharField("finding", max_length=300)
    results = models.ManyToManyField(Result, verbose_name="results", related_name="exceedances")
    decision = models.ForeignKey(StoredDecision, verbose_name="decision", on_delete=models.PROTECT, related_name="+")
    violation = models.ForeignKey("enforcement.Violation", verbose_name="violation", on_delete=models.PROTECT,
                                  null=True, blank=True, related_name="+")  # fmt: skip
    found_at = models.DateTimeField("found at", auto_now_add=True)
    found_by = models.ForeignKey(EvaluationRun, verbose_name="found by the evaluation", on_delete=models.PROTECT,
                                 null=True, blank=True, related_name="+",
                                 help_text="Empty: found when its results were entered.")  # fmt: skip
    withdrawn_by = models.ForeignKey(
        EvaluationRun, verbose_name="withdrawn by the evaluation", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", help_text="It no longer holds (I-151): kept, with its violation for staff to decide.",
    )  # fmt: skip
    withdrawn_reason = models.CharField("why withdrawn", max_length=300, blank=True)

    class Meta:
        verbose_name = "exceedance"
        ordering = ["-day", "parameter"]
        constraints = [
            models.UniqueConstraint(fields=["point", "parameter", "basis", "day"], name="pretreatment_exceedance_once")
        ]

    def __str__(self) -> str:
        return self.sentence

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_by_id is not None
