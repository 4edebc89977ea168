"""The Town Engineer's review under §118-39: open until the Engineer decides (I-74)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.core.models import StoredDecision
from sewerworks.core.records.events import EventHistory
from sewerworks.core.records.pipelines import Pipeline, TracksPipeline
from sewerworks.pretreatment.choices import ReviewStatus
from sewerworks.pretreatment.models.users import IndustrialUser

REVIEW_PIPELINE = Pipeline(
    noun="an engineer review",
    statuses=dict(ReviewStatus.choices),
    transitions={
        ReviewStatus.OPEN: {
            ReviewStatus.APPROVED: "The Town Engineer approves the discharge as it is (§118-39).",
            ReviewStatus.PRELIMINARY_TREATMENT: "The owner must provide preliminary treatment (§118-39, §118-40).",
            ReviewStatus.SURCHARGE: "Accepted subject to the strength surcharge (§118-52).",
        },
        ReviewStatus.APPROVED: {},
        ReviewStatus.PRELIMINARY_TREATMENT: {},
        ReviewStatus.SURCHARGE: {},
    },
)


class EngineerReview(TracksPipeline):
    """A discharge subject to the review and approval of the Town Engineer (§118-39). One open review per
    user gathers every trigger found until the Engineer decides (I-74)."""

    pipeline = REVIEW_PIPELINE

    user = models.ForeignKey(IndustrialUser, verbose_name="industrial user", on_delete=models.PROTECT,
                             related_name="reviews")  # fmt: skip
    status = models.CharField("status", max_length=25, choices=ReviewStatus.choices, default=ReviewStatus.OPEN)
    opened_on = models.DateField("opened on")
    triggers = models.JSONField("triggers", default=list, help_text="Each trigger's day and sentence.")
    decision = models.ForeignKey(StoredDecision, verbose_name="decision", on_delete=models.PROTECT, related_name="+")
    decided_on = models.DateField("decided on", null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="decided by", on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="+")  # fmt: skip
    reasoning = models.TextField("the Town Engineer's reasons", blank=True)
    history = HistoricalRecords(bases=[EventHistory])

    class Meta:
        verbose_name = "Town Engineer review"
        ordering = ["-opened_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user"], condition=models.Q(status="open"),
                                    name="pretreatment_one_open_review_per_user"),  # fmt: skip
            models.CheckConstraint(condition=models.Q(status="open") | models.Q(decided_on__isnull=False),
                                   name="pretreatment_review_decided_has_date"),  # fmt: skip
        ]

    def __str__(self) -> str:
        return f"Town Engineer review of {self.user} opened {self.opened_on} ({self.get_status_display().lower()})"
