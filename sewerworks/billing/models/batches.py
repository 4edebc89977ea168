from __future__ import annotations

from django.conf import settings
from django.db import models

from sewerworks.billing.models.periods import BillingPeriod
from sewerworks.core.attachments.files import PDF, stored_name


class MailingOrder(models.TextChoices):
    """How a period's bills are sorted for the mailing."""

    ROUTE = "route", "By mailing route, then street and number"
    ADDRESS = "address", "By service address (street, then number)"


def batch_file_name(batch: BillBatch, _given: str) -> str:
    """``bill-batches/<period>/<random>.pdf``: nothing of a user's choosing reaches the disk."""
    return stored_name(f"bill-batches/{batch.period_id}", PDF.content_type)


class BillBatch(models.Model):
    """A period's bills printed as one PDF for the mailing (§118-51, §118-53), in mailing order.

    Typeset by a background job (its progress on the period's screen and on the command line); the
    finished file is stored here and served only through the permission-checked download
    (``/files/bill-batch/<pk>/``, ``billing.print_bills``). Held bills are not mailed and not printed.
    """

    period = models.ForeignKey(
        BillingPeriod, verbose_name="billing period", on_delete=models.PROTECT, related_name="batches"
    )
    order = models.CharField("mailing order", max_length=8, choices=MailingOrder.choices, default=MailingOrder.ROUTE)
    job = models.OneToOneField(
        "core.Job",
        verbose_name="background job",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="bill_batch",
        help_text="The job that typesets it (progress, errors, rerun).",
    )
    file = models.FileField("PDF", upload_to=batch_file_name, blank=True, max_length=200)
    bills = models.PositiveIntegerField("bills", default=0)
    pages = models.PositiveIntegerField("pages", default=0)
    size = models.PositiveBigIntegerField("size (bytes)", default=0)
    seconds = models.DecimalField("seconds to typeset", max_digits=9, decimal_places=2, null=True, blank=True)
    created_at = models.DateTimeField("requested at", auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="requested by", on_delete=models.PROTECT, related_name="+"
    )
    finished_at = models.DateTimeField("finished at", null=True, blank=True)

    class Meta:
        verbose_name = "batch of bills for mailing"
        verbose_name_plural = "batches of bills for mailing"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Bills of {self.period} ({self.get_order_display()}): {self.bills} bills, {self.pages} pages"

    @property
    def download_name(self) -> str:
        return f"bills-{self.period.slug.replace(':', '-')}-{self.order}-{self.pk}.pdf"
