"""Strength records, entered by hand until the pretreatment program records samples (I-03)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from sewerworks.billing import pipeline
from sewerworks.billing.actions.periods import require
from sewerworks.billing.models import BillingPeriod, StrengthRecord

FIELDS = ("bod", "suspended_solids", "chlorine_demand")


def do_record_strength(
    account: Any, period: BillingPeriod, *, acting_user: Any, source: str, **measured: Decimal | None
) -> StrengthRecord:
    """Record (or correct) an account's measured strength for a period, before the period is posted."""
    require(acting_user, "billing.record_strength", "record a strength measurement")
    unknown = set(measured) - set(FIELDS)
    if unknown:
        raise ValidationError({sorted(unknown)[0]: "Not a constituent: BOD, suspended solids or chlorine demand."})
    for key, value in measured.items():
        if value is not None and (not isinstance(value, Decimal) or value < 0 or not value.is_finite()):
            raise ValidationError({key: "A strength is a number of mg/L, 0 or more."})
    if not any(v is not None for v in measured.values()):
        raise ValidationError({"bod": "Give at least one measured constituent."})
    if not source.strip():
        raise ValidationError({"source": "Say what the measurement comes from (e.g. the lab report)."})
    if period.status in (pipeline.POSTED, pipeline.POSTING):  # posting: its bills are going to the ledger (I-108)
        raise ValidationError({"period": f"The period is {period.status}: its bills do not change."})
    with transaction.atomic():
        record, _ = StrengthRecord.objects.update_or_create(
            account=account,
            period=period,
            defaults={
                **{k: measured.get(k) for k in FIELDS},
                "source": source.strip()[:200],
                "entered_by": acting_user,
            },
        )
    return record
