"""Billing's step of the daily sweep for §118-50 (I-129): once the Town bills (a period posted), each fiscal year
has its rate review and the deadline that reminds the Board of it."""

from __future__ import annotations

import logging

from sewerworks.billing import pipeline
from sewerworks.billing.models import BillingPeriod
from sewerworks.billing.review.reminder import ensure_review
from sewerworks.enforcement.sweep import SweepContext, sweep_step

log = logging.getLogger(__name__)


@sweep_step("rate-review-reminder", order=120)
def rate_review_reminder(ctx: SweepContext) -> None:
    """The year's review of the user charges and its deadline, opened once (I-129)."""
    if not BillingPeriod.objects.filter(status=pipeline.POSTED).exists():
        return
    review, opened = ensure_review(ctx.as_of.year, as_of=ctx.as_of)
    if opened:  # logged, not counted: the sweep's tally is the records' changes (penalties, violations ...)
        log.debug("the %s review of the user charges (§118-50) and its reminder opened", review.fiscal_year)
