from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import StoredDecision
from sewerworks.core.records.events import EventHistory
from sewerworks.core.records.pipelines import TracksPipeline
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, Program
from sewerworks.enforcement.models.sections import validate_section
from sewerworks.enforcement.pipeline import DEADLINE
from sewerworks.registry.models import Parcel, PrivateSystem


class Deadline(TracksPipeline):
    """A date by which something must be done, from any program. It names the decision that set it and the
    section it rests on; the daily sweep marks it overdue, raises follow-ups and escalates.

    Its subject is a property (``parcel``) or another record (an extension project's developer, a sewer
    account, a building): ``subject`` is set for any record, and ``parcel`` too whenever there is one."""

    program = models.CharField("program", max_length=14, choices=Program.choices)
    kind = models.CharField("kind", max_length=20, choices=DeadlineKind.choices)
    title = models.CharField("what must be done", max_length=200)
    section = models.CharField("section", max_length=12, validators=[validate_section])
    parcel = models.ForeignKey(
        Parcel,
        verbose_name="property",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="deadlines",
        help_text="The property the deadline is about, when there is one.",
    )
    subject_type = models.ForeignKey(
        ContentType,
        verbose_name="subject type",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The kind of record the deadline is about, when it is not only a property.",
    )
    subject_id = models.PositiveBigIntegerField("subject id", null=True, blank=True)
    subject = GenericForeignKey("subject_type", "subject_id")
    notice = models.ForeignKey(
        "enforcement.Notice",
        verbose_name="notice",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="deadlines",
    )
    private_system = models.ForeignKey(
        PrivateSystem,
        verbose_name="private system",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="deadlines",
    )
    duty = models.CharField(
        "duty rule",
        max_length=60,
        blank=True,
        help_text="The duty rule whose records imply this deadline (enforcement.duties); empty when an act opened it.",
    )
    decision = models.ForeignKey(
        StoredDecision,
        verbose_name="source decision",
        on_delete=models.PROTECT,
        related_name="deadlines",
        help_text="The determination that set this date.",
    )
    due_on = models.DateField("due on", db_index=True, help_text="End of this day, America/New_York (I-20).")
    due_at = models.DateTimeField("due at", null=True, blank=True, help_text="For limits in hours (72 hours).")
    officer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="officer",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    pipeline = DEADLINE
    status = models.CharField("status", max_length=10, choices=DeadlineStatus.choices, default=DeadlineStatus.OPEN)
    met_on = models.DateField("met on", null=True, blank=True)
    overdue_since = models.DateField("overdue since", null=True, blank=True)
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "deadline"
        ordering = ["due_on", "id"]
        indexes = [
            models.Index(fields=["status", "due_on"], name="enf_deadline_status_due"),
            models.Index(fields=["subject_type", "subject_id", "kind"], name="enf_deadline_subject"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(parcel__isnull=False)
                | models.Q(subject_type__isnull=False, subject_id__isnull=False),
                name="enf_deadline_has_subject",
            ),
            models.UniqueConstraint(
                fields=["duty", "subject_type", "subject_id"],
                condition=~models.Q(duty=""),
                name="enf_deadline_duty_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} by {self.due_on:%Y-%m-%d}"

    @property
    def subject_label(self) -> str:
        """What the deadline is about, for a screen: the property's number, else the record's own name."""
        if self.parcel is not None:
            return str(self.parcel.tax_map_number)
        return str(self.subject) if self.subject is not None else "(record removed)"


class FollowUp(models.Model):
    """A task the sweep raises when a deadline passes (serve the notice of violation, consider a court
    referral). One per deadline and kind: a second sweep raises nothing new."""

    deadline = models.ForeignKey(Deadline, verbose_name="deadline", on_delete=models.CASCADE, related_name="follow_ups")
    kind = models.CharField("kind", max_length=40)
    title = models.CharField("task", max_length=200)
    raised_on = models.DateField("raised on")
    done_on = models.DateField("done on", null=True, blank=True)
    assigned_to = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="assigned to",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name = "follow-up task"
        ordering = ["raised_on", "id"]
        constraints = [models.UniqueConstraint(fields=["deadline", "kind"], name="enf_followup_once")]

    def __str__(self) -> str:
        return self.title


class SweepRun(models.Model):
    """One run of ``sewerworks sweep``: what it changed. Its AuditEvent names the run."""

    as_of = models.DateField("as of")
    started_at = models.DateTimeField("started", auto_now_add=True)
    finished_at = models.DateTimeField("finished", null=True, blank=True)
    changes = models.JSONField("changes", default=dict)

    class Meta:
        verbose_name = "sweep run"
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"sweep as of {self.as_of}"
