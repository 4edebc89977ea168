"""The exfiltration test of every section of an extension before it is used (§118-31, §118-34): the plan's
sections (the ``test-plan`` topic, I-140), each test decided by the ``exfiltration-test`` topic (I-41), and
the repair a failed section needs before it is tested again. Append-only: a test or a repair is never
edited; a retest is a new test."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.core.records import events
from sewerworks.engineering.choices import SectionResult


class PlannedSection(models.Model):
    """One section of the test plan: part of a run of pipe between two manholes, at most 100 ft, with the
    manholes tested with it (I-140)."""

    project = models.ForeignKey(
        "engineering.ExtensionProject", verbose_name="project", on_delete=models.PROTECT, related_name="sections"
    )
    revision = models.ForeignKey(
        "engineering.DesignRevision", verbose_name="design revision", on_delete=models.PROTECT, related_name="+"
    )
    run = models.CharField("run", max_length=100, help_text="The pipe (or pipes) between two manholes, by name.")
    number = models.PositiveIntegerField("section", help_text="1 at the upstream manhole, then 2, 3 ...")
    upstream_manhole = models.CharField("upstream manhole", max_length=100)
    downstream_manhole = models.CharField("downstream manhole", max_length=100)
    pipe_diameter_in = models.DecimalField("pipe diameter (in)", max_digits=7, decimal_places=2)
    from_ft = models.DecimalField("from (ft)", max_digits=10, decimal_places=2)
    to_ft = models.DecimalField("to (ft)", max_digits=10, decimal_places=2)
    length_ft = models.DecimalField("length (ft)", max_digits=9, decimal_places=2)
    manholes = models.CharField("manholes", max_length=210, blank=True, help_text="Tested with this section.")
    plan = models.ForeignKey(
        "core.StoredDecision", verbose_name="test plan", on_delete=models.PROTECT, related_name="+",
        help_text="The test-plan decision of the run (I-140).",
    )  # fmt: skip
    planned_on = models.DateField("planned on")
    planned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="planned by", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "planned test section"
        ordering = ["project", "run", "number"]
        constraints = [
            models.UniqueConstraint(fields=["project", "run", "number"], name="engineering_one_section_number"),
        ]

    def __str__(self) -> str:
        return f"{self.run} section {self.number}"

    @property
    def manhole_list(self) -> list[str]:
        return [m for m in self.manholes.split(",") if m]

    def latest_test(self) -> ExfiltrationTest | None:
        return self.tests.order_by("-tested_on", "-id").first()

    def result(self) -> str:
        """passed, failed or untested: the latest test's result."""
        latest = self.latest_test()
        return latest.result if latest is not None else "untested"


class SectionRepair(models.Model):
    """The repairs or replacements made after a section failed (§118-34: "the necessary repairs or
    replacements required shall be made to permanently reduce the leakage [...] and the tests shall be
    repeated"). A retest needs one."""

    section = models.ForeignKey(PlannedSection, verbose_name="section", on_delete=models.PROTECT,
                                related_name="repairs")  # fmt: skip
    repaired_on = models.DateField("repaired on")
    description = models.TextField("what was repaired or replaced")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField("recorded at", default=events.now)

    class Meta:
        verbose_name = "section repair"
        ordering = ["section", "repaired_on", "id"]

    def __str__(self) -> str:
        return f"{self.section}: repaired {self.repaired_on}"


class ExfiltrationTest(models.Model):
    """One exfiltration test of a planned section (§118-34, I-41), as the ``exfiltration-test`` topic decided
    it: valid tests only (a test that is not valid is refused), passed or failed."""

    section = models.ForeignKey(PlannedSection, verbose_name="section", on_delete=models.PROTECT,
                                related_name="tests")  # fmt: skip
    tested_on = models.DateField("tested on")
    filled_hours = models.DecimalField("filled before measuring (h)", max_digits=6, decimal_places=2)
    head_ft_above_crown = models.DecimalField("head above the crown (ft)", max_digits=6, decimal_places=2)
    groundwater_ft_above_crown = models.DecimalField("groundwater above the crown (ft)", max_digits=6,
                                                     decimal_places=2, null=True, blank=True)  # fmt: skip
    test_hours = models.DecimalField("test period (h)", max_digits=6, decimal_places=2)
    water_added_gal = models.DecimalField("water added (gal)", max_digits=9, decimal_places=3)
    allowed_gal = models.DecimalField("allowed leakage (gal)", max_digits=9, decimal_places=3)
    result = models.CharField("result", max_length=8, choices=SectionResult.choices)
    decision = models.ForeignKey("core.StoredDecision", verbose_name="decision", on_delete=models.PROTECT,
                                 related_name="+")  # fmt: skip
    after_repair = models.OneToOneField(
        SectionRepair, verbose_name="after repair", on_delete=models.PROTECT, null=True, blank=True,
        related_name="retest", help_text="The repair a retest follows.",
    )  # fmt: skip
    inspection = models.OneToOneField(
        "inspections.Inspection", verbose_name="inspection", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", help_text="The inspection in the field whose result recorded it, if one did.",
    )  # fmt: skip
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="recorded by", on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField("recorded at", default=events.now)

    class Meta:
        verbose_name = "exfiltration test"
        ordering = ["section", "tested_on", "id"]

    def __str__(self) -> str:
        return f"{self.section}: {self.get_result_display().lower()} {self.tested_on}"
