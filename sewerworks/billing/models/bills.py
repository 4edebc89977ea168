from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from sewerworks.billing.choices import Basis, BillStatus
from sewerworks.billing.models.periods import BillingPeriod
from sewerworks.core.models.public_ids import public_id_field
from sewerworks.core.money import MoneyField


class Bill(models.Model):
    """A sewer account's semiannual bill for one period (§118-52): the water used, its line items and
    total. Written in bulk by the bill run: a draft is recomputed by each run and is not on the ledger;
    posting puts its total on the ledger once. One live (not void) bill per account per period.

    ``facts`` are the facts of the determination topic (``topic``) that the bill page recomputes, so
    the bill and the ordinance's per-account rule can be compared at any time.
    """

    account = models.ForeignKey(
        "registry.SewerAccount", verbose_name="sewer account", on_delete=models.PROTECT, related_name="bills"
    )
    parcel = models.ForeignKey(
        "registry.Parcel",
        verbose_name="parcel",
        on_delete=models.PROTECT,
        related_name="bills",
        help_text="Unpaid charges run with the property (§118-53).",
    )
    period = models.ForeignKey(
        BillingPeriod, verbose_name="billing period", on_delete=models.PROTECT, related_name="bills"
    )
    status = models.CharField("status", max_length=8, choices=BillStatus.choices, default=BillStatus.DRAFT)
    live = models.BooleanField(
        "live",
        default=True,
        db_default=True,
        help_text="Not void: set false with the status void, and only then. Posting leaves it alone, so the "
        "one-live-bill constraint's index is not rewritten when a draft is posted.",
    )
    basis = models.CharField("water used from", max_length=10, choices=Basis.choices)
    flags = models.CharField(
        "exceptions", max_length=120, blank=True, help_text="Comma-separated: what the review shows first."
    )
    gallons = models.DecimalField(
        "gallons billed", max_digits=18, decimal_places=5, null=True, blank=True, help_text="After wash water (I-44)."
    )
    total = MoneyField("total ($)", default=0, help_text="The sum of the line items; whole cents in SQL.")
    topic = models.CharField("determination topic", max_length=40, help_text="e.g. user-charge.")
    facts = models.JSONField(
        "facts",
        default=dict,
        help_text="The topic's facts, to recompute the Decision, but for the period's dates and the reads, which "
        "the columns keep (see topic_facts).",
    )
    # A bill on one meter's two reads keeps them as numbers, not as JSON text (fewer bytes written per bill).
    reads_start = models.BigIntegerField(
        "start read", null=True, blank=True, help_text="The register's reading at the start of the period."
    )
    reads_end = models.BigIntegerField(
        "end read", null=True, blank=True, help_text="The register's reading at the end of the period."
    )
    reads_unit = models.CharField(
        "register unit", max_length=3, blank=True, db_default="", help_text="What the register counts: gal or ft3."
    )
    reads_dials = models.PositiveSmallIntegerField(
        "register dials", null=True, blank=True, help_text="Digits on the register; it rolls over at 10^dials."
    )
    note = models.CharField("note", max_length=300, blank=True, help_text="Why a bill is held, in plain words.")
    decision = models.ForeignKey(
        "core.StoredDecision",
        verbose_name="stored decision",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="A Decision kept with the bill when a person recorded one (the bill page recomputes it).",
    )
    run = models.CharField("run", max_length=64, help_text="The bill run that wrote it.")
    created_at = models.DateTimeField("computed at")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="run by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    posted_at = models.DateTimeField("posted at", null=True, blank=True)
    public_id = public_id_field()  # the owner's pages name the bill by it (sewerworks.public, issue 37)
    emailed_at = models.DateTimeField(
        "sent by e-mail at",
        null=True,
        blank=True,
        help_text="Paperless: when posting sent the owner a link to it instead of a paper bill (I-163).",
    )

    class Meta:
        verbose_name = "bill"
        ordering = ["period", "account"]
        constraints = [
            # On ``live``, not the status: posting changes every bill's status, and SQLite rewrites the
            # entries of a partial index whose condition reads a column the UPDATE sets.
            models.UniqueConstraint(
                fields=["account", "period"],
                condition=models.Q(live=True),
                name="billing_one_live_bill_per_account_period",
            ),
            models.CheckConstraint(
                condition=models.Q(live=True, status__in=["draft", "posted"]) | models.Q(live=False, status="void"),
                name="billing_bill_live_unless_void",
                violation_error_message="A bill is live unless it is void.",
            ),
        ]
        indexes = [
            # With the account: a bill run replaces and reads a chunk's drafts by a range of account ids. Not
            # the status: posting changes every bill's status, and each index holding it is rewritten then.
            models.Index(fields=["period", "account"], name="billing_bill_period_acct"),
            models.Index(fields=["parcel"], name="billing_bill_parcel"),
        ]

    def __str__(self) -> str:
        return f"Bill {self.pk}: {self.account_id} {self.period.end} ${self.total:,}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """``live`` follows the status (the engine's raw inserts write live drafts; ``do_void_bill`` updates
        both)."""
        self.live = self.status != BillStatus.VOID
        if kwargs.get("update_fields") is not None and "status" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "live"}
        super().save(*args, **kwargs)

    @property
    def topic_facts(self) -> dict[str, Any]:
        """The facts of the bill's topic, as the bill page, the API and the reference check read them: the kept
        facts with the period's dates and the reads put back ({} for a held bill)."""
        if not self.facts and self.reads_start is None:
            return {}
        facts: dict[str, Any] = {
            "period_start": self.period.start.isoformat(),
            "period_end": self.period.end.isoformat(),
        }
        facts.update(self.facts)
        if self.reads_start is not None:
            facts["reads"] = {
                "start": self.reads_start,
                "end": self.reads_end,
                "unit": self.reads_unit,
                "dials": self.reads_dials,
            }
        return facts

    @property
    def flag_list(self) -> list[str]:
        return [f for f in self.flags.split(",") if f]


def kept_facts(facts: dict[str, Any], period: BillingPeriod) -> tuple[dict[str, Any], tuple[Any, Any, str, Any]]:
    """A topic's facts split as a bill keeps them: (the facts without the period's dates and the reads;
    (start, end, unit, dials) of the reads, or Nones). ``Bill.topic_facts`` puts them back together."""
    kept = dict(facts)
    for key, day in (("period_start", period.start), ("period_end", period.end)):
        if kept.get(key) == day.isoformat():
            del kept[key]
    reads = kept.pop("reads", None)
    if reads is None:
        return kept, (None, None, "", None)
    return kept, (reads["start"], reads["end"], reads["unit"], reads["dials"])


class BillLine(models.Model):
    """One line item of a bill: what it charges for, its working, the section and interpretations."""

    bill = models.ForeignKey(Bill, verbose_name="bill", on_delete=models.CASCADE, related_name="lines")
    position = models.PositiveSmallIntegerField("position")
    kind = models.CharField("item", max_length=40, help_text="e.g. first-gallons, strength-bod.")
    description = models.CharField("description", max_length=200)
    working = models.CharField("working", max_length=300, blank=True)
    quantity = models.DecimalField("gallons", max_digits=18, decimal_places=5, null=True, blank=True)
    rate = models.DecimalField("rate", max_digits=12, decimal_places=6, null=True, blank=True)
    amount = MoneyField("amount ($)", default=0)
    section = models.CharField("section", max_length=12, help_text="Section of Chapter 118, e.g. 118-52.")
    interpretations = models.CharField("interpretations", max_length=80, blank=True, help_text="e.g. I-24, I-43.")

    class Meta:
        verbose_name = "bill line item"
        ordering = ["bill", "position"]
        constraints = [models.UniqueConstraint(fields=["bill", "position"], name="billing_line_position_once")]

    def __str__(self) -> str:
        return f"{self.description}: ${self.amount:,}"
