"""A period's lab results evaluated at once (issue 36), and what each evaluation changed in the findings.

The findings themselves are the program's one table of them, :class:`Exceedance`: an evaluation of a period
adds to it, changes the figures of an exceedance whose value or limit moved, and withdraws one that no longer
holds (never deletes it: it may carry a violation, I-151). Each of those is an :class:`ExceedanceChange` of
the run, with the figures before and after and the reason, so that a run's change list is a query."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.core.models import Job


class EvaluationRun(models.Model):
    """One evaluation of a period's results (§118-37, §118-39): the period asked and the period evaluated (cut to
    the data), the day it was evaluated as of, the version of the parameters it read, what it read and changed,
    and how long each step took."""

    class Status(models.TextChoices):
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        INTERRUPTED = "interrupted", "Interrupted (a rerun completes it)"
        FAILED = "failed", "Failed"

    requested_start = models.DateField("period asked from")
    requested_end = models.DateField("period asked until")
    start = models.DateField("evaluated from")
    end = models.DateField("evaluated until")
    as_of = models.DateField("as of", help_text="The day it was evaluated on: no later day is judged (I-50).")
    parameters_version = models.CharField(
        "parameters version", max_length=64, blank=True,
        help_text="A fingerprint of the limits in force over the period and of the special agreements (I-150).",
    )  # fmt: skip
    status = models.CharField("status", max_length=12, choices=Status.choices, default=Status.RUNNING)
    job = models.ForeignKey(Job, verbose_name="background job", on_delete=models.PROTECT, null=True, blank=True,
                            related_name="+")  # fmt: skip
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="started by", on_delete=models.PROTECT,
                                   related_name="+")  # fmt: skip
    started_at = models.DateTimeField("started at", auto_now_add=True)
    finished_at = models.DateTimeField("finished at", null=True, blank=True)
    full = models.BooleanField("every series", default=True,
                               help_text="False: only the series and days changed since the last run.")  # fmt: skip
    series = models.PositiveIntegerField("series evaluated", default=0,
                                         help_text="(sampling point, parameter) pairs evaluated.")  # fmt: skip
    results_read = models.PositiveIntegerField("results read", default=0)
    added = models.PositiveIntegerField("exceedances added", default=0)
    changed = models.PositiveIntegerField("exceedances whose figures changed", default=0)
    withdrawn = models.PositiveIntegerField("exceedances withdrawn", default=0)
    violations = models.PositiveIntegerField("violations opened", default=0)
    timings = models.JSONField("timings (s)", default=dict, blank=True)
    notes = models.TextField("notes", blank=True, help_text="What the run was told and did: a period cut, why a "
                             "series was evaluated again.")  # fmt: skip
    snapshot = models.JSONField(
        "what it read", default=dict, blank=True,
        help_text="The limits of each day and the agreements, and the last result read: what the next run compares.",
    )  # fmt: skip
    message = models.CharField("message", max_length=300, blank=True)

    class Meta:
        verbose_name = "period evaluation"
        ordering = ["-started_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(end__gte=models.F("start")) | models.Q(status="failed"),
                                   name="pretreatment_run_ends_after_start"),  # fmt: skip
        ]

    def __str__(self) -> str:
        return f"Evaluation of {self.start} to {self.end} as of {self.as_of} ({self.get_status_display().lower()})"

    @property
    def seconds(self) -> float | None:
        total = self.timings.get("total") if self.timings else None
        return float(total) if total is not None else None


class ChangeKind(models.TextChoices):
    ADDED = "added", "Added"
    CHANGED = "changed", "Figures changed"
    WITHDRAWN = "withdrawn", "Withdrawn: no longer holds"
    REINSTATED = "reinstated", "Holds again (was withdrawn)"


class ExceedanceChange(models.Model):
    """What one run did to one exceedance: added it, changed its figures, withdrew it or found it again (I-151),
    with the figures before and after and the reason."""

    run = models.ForeignKey(EvaluationRun, verbose_name="run", on_delete=models.PROTECT, related_name="changes")
    exceedance = models.ForeignKey("pretreatment.Exceedance", verbose_name="exceedance", on_delete=models.PROTECT,
                                   related_name="changes")  # fmt: skip
    kind = models.CharField("change", max_length=12, choices=ChangeKind.choices)
    value_before = models.DecimalField("value before", max_digits=20, decimal_places=9, null=True, blank=True)
    limit_before = models.DecimalField("limit before", max_digits=20, decimal_places=9, null=True, blank=True)
    value_after = models.DecimalField("value after", max_digits=20, decimal_places=9, null=True, blank=True)
    limit_after = models.DecimalField("limit after", max_digits=20, decimal_places=9, null=True, blank=True)
    reason = models.CharField("reason", max_length=300, blank=True)

    class Meta:
        verbose_name = "change to an exceedance"
        ordering = ["run", "kind", "id"]
        constraints = [
            models.UniqueConstraint(fields=["run", "exceedance"], name="pretreatment_change_once_per_run"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.exceedance}"
