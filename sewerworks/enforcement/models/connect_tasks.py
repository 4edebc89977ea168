"""The Superintendent's task where a Notice to Connect is owed but was never served (§118-5, I-92)."""

from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from sewerworks.enforcement.models.notices import Notice


class NoticeToConnectTask(models.Model):
    """A public sewer is available to this parcel, a building on it is not connected, and no Notice to
    Connect was ever served: the Superintendent has a notice to have served. Not a deadline (I-92): the
    owner's 180 days run from service, and nothing has been served. The daily sweep raises it once per
    parcel, with why, and marks it done when a Notice to Connect is served there."""

    parcel = models.ForeignKey(
        "registry.Parcel",
        verbose_name="parcel",
        on_delete=models.PROTECT,
        related_name="notice_to_connect_tasks",
        help_text="The parcel a Notice to Connect is owed to.",
    )
    raised_on = models.DateField("raised on", help_text="The day the sweep found the notice owed.")
    why = models.CharField("why", max_length=400, help_text="The availability the sweep found (§118-5, §118-12).")
    done_on = models.DateField("done on", null=True, blank=True, help_text="The day a Notice to Connect was served.")
    notice = models.ForeignKey(
        Notice,
        verbose_name="notice served",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The Notice to Connect whose service ended the task.",
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = "Notice to Connect task"
        ordering = ["raised_on", "id"]
        constraints = [models.UniqueConstraint(fields=["parcel"], name="enf_connect_task_once_per_parcel")]

    def __str__(self) -> str:
        return f"Have a Notice to Connect served on {self.parcel.tax_map_number}"
