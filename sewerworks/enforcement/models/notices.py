from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models.public_ids import public_id_field
from sewerworks.enforcement.choices import NoticeKind, ServiceMethod
from sewerworks.enforcement.models.sections import validate_section
from sewerworks.enforcement.models.violations import Violation
from sewerworks.registry.models import Owner, Parcel


class Notice(models.Model):
    """A written notice the Town serves: to connect, of a violation, a 72-hour order, an appearance ticket,
    a damage report. Its correction clock starts when it is served (service is recorded with method,
    date and who served it)."""

    number = models.CharField("notice no.", max_length=20, unique=True, help_text="e.g. NTC-2026-0007.")
    kind = models.CharField("kind", max_length=20, choices=NoticeKind.choices)
    section = models.CharField("section", max_length=12, validators=[validate_section])
    parcel = models.ForeignKey(Parcel, verbose_name="property", on_delete=models.PROTECT, related_name="notices")
    violation = models.ForeignKey(
        Violation, verbose_name="violation", on_delete=models.PROTECT, null=True, blank=True, related_name="notices"
    )
    addressee = models.ForeignKey(
        Owner, verbose_name="addressed to", on_delete=models.PROTECT, null=True, blank=True, related_name="notices"
    )
    addressee_name = models.CharField(
        "addressed to (as named)",
        max_length=200,
        blank=True,
        help_text="Someone other than the owner of record: the plumber holding a permit, a developer, an "
        "industrial user's operator. Empty when the notice goes to the owner of record.",
    )
    addressee_block = models.TextField("name and mailing address", help_text="As printed on the notice.")
    facts = models.TextField("facts", help_text="What was found, in plain words.")
    correction_days = models.PositiveSmallIntegerField("time limit (days)", null=True, blank=True)
    correction_hours = models.PositiveSmallIntegerField("time limit (hours)", null=True, blank=True)
    issued_on = models.DateField("issued on")
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="issued by", on_delete=models.PROTECT, related_name="+"
    )
    served_method = models.CharField("served by", max_length=18, choices=ServiceMethod.choices, blank=True)
    served_on = models.DateField("served on", null=True, blank=True)
    served_at = models.DateTimeField("served at", null=True, blank=True, help_text="For clocks counted in hours.")
    served_by_name = models.CharField("served by (person)", max_length=120, blank=True)
    public_id = public_id_field()  # the owner's pages name the notice by it (sewerworks.public, issue 37)
    history = HistoricalRecords(excluded_fields=["public_id"])

    class Meta:
        verbose_name = "notice"
        ordering = ["-issued_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(served_on__isnull=True) | ~models.Q(served_method=""), name="enf_served_has_method"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.get_kind_display()}"

    @property
    def served(self) -> bool:
        return self.served_on is not None
