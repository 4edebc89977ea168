"""The billing interface: a period's flow-weighted strength per account, written where billing reads it.

For the §118-52 surcharge, a period's strength is the flow-weighted mean of its composite samples (I-31):
Σ(concentration × gallons) ÷ Σ gallons, for BOD, suspended solids and chlorine demand, over the 24-hour
composites that end within the period at the sampling points of the account's industrial users. A
composite without a recorded flow weighs as the mean of those with one; where none has one, they weigh
equally (I-75). Non-detects count as zero (I-31). The record is written through billing's own
``do_record_strength``, so its checks (a posted period does not change) and its role apply; billing's
engine reads it as it reads a strength entered by hand.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from sewerworks.billing.actions.strength import do_record_strength
from sewerworks.billing.models import BillingPeriod, StrengthRecord
from sewerworks.core.access.permissions import require
from sewerworks.pretreatment.models import IndustrialUser, Result

CONSTITUENTS = ("bod", "suspended_solids", "chlorine_demand")
PLACES = Decimal("0.01")  # StrengthRecord keeps mg/L to two places


def weighted(pairs: list[tuple[Decimal, Decimal | None]]) -> Decimal:
    """The flow-weighted mean of (value, gallons) pairs (I-31, I-75)."""
    known = [g for _, g in pairs if g is not None and g > 0]
    stand_in = sum(known, Decimal(0)) / len(known) if known else Decimal(1)
    weights = [(v, g if g is not None and g > 0 else stand_in) for v, g in pairs]
    total = sum((w for _, w in weights), Decimal(0))
    return sum((v * w for v, w in weights), Decimal(0)) / total


def period_strengths(period: BillingPeriod) -> dict[int, dict[str, Decimal]]:
    """Account id → constituent → the period's flow-weighted strength (mg/L, to two places)."""
    results = Result.objects.filter(
        parameter__in=CONSTITUENTS, sample__kind="composite", sample__day__gte=period.start,
        sample__day__lte=period.end, sample__point__user__account__isnull=False,
    ).select_related("sample__point__user")  # fmt: skip
    pairs: dict[tuple[int, str], list[tuple[Decimal, Decimal | None]]] = defaultdict(list)
    for r in results:
        account_id = r.sample.point.user.account_id
        assert account_id is not None
        pairs[(account_id, r.parameter)].append((r.value, r.sample.flow_gallons))
    out: dict[int, dict[str, Decimal]] = defaultdict(dict)
    for (account_id, parameter), values in pairs.items():
        out[account_id][parameter] = weighted(values).quantize(PLACES)
    return dict(out)


def do_write_period_strengths(period: BillingPeriod, *, acting_user: Any) -> list[StrengthRecord]:
    """Write each account's measured strength for ``period`` through billing's action (its role check, asked
    first so that a period with nothing to write refuses the same people)."""
    require(acting_user, "billing.record_strength", "record a strength measurement")
    written = []
    users = {u.account_id: u for u in IndustrialUser.objects.filter(account__isnull=False).select_related("account")}
    for account_id, measured in sorted(period_strengths(period).items()):
        user = users[account_id]
        source = f"Flow-weighted mean of the composites at {user}'s sampling points, {period.start} to {period.end}"
        written.append(do_record_strength(user.account, period, acting_user=acting_user, source=source[:200],
                                          **measured))  # fmt: skip
    return written
