"""The Board's review of the user charges (§118-50, I-129): its cost figures, the year's review with its
candidate rates, and the Board's decision on it.

- ``do_enter_budget``: the Town Clerk enters an area's operation and maintenance cost for a fiscal year against
  the Board's resolution that adopted it.
- ``do_open_review``: a posted period chosen for the year's review (a period not posted is refused).
- ``do_add_candidate``: a set of rates to compare (never negative; whole cents; the minimum covers some gallons).
- ``do_decide_review``: the Board's resolution recorded (``core.resolutions``, every value through the parameter
  loader): adopting a candidate sets the rates it changes from its effective date, the bills of periods ending
  on or after it are rated at them (I-43); keeping the rates records the resolution alone. Either meets the
  year's reminder. Until then nothing the review computes is written anywhere.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from sewerworks.billing import pipeline
from sewerworks.billing.models import AreaBudget, BillingPeriod, RateCandidate, RateReview, ReviewStatus
from sewerworks.billing.review.reminder import ensure_review, meet_review_deadline
from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent, BoardResolution
from sewerworks.core.money import dollars
from sewerworks.core.parameters import current_parameters
from sewerworks.core.records.events import now as event_now
from sewerworks.core.resolutions.actions import ProposedValue, do_record_resolution
from sewerworks.core.text import check_text
from sewerworks.ordinance.s118_52_charges import CONSTITUENTS

DRAFTERS = "the Clerk's office or the Superintendent"


def _year(value: Any) -> int:
    try:
        year = int(value)
    except (TypeError, ValueError):
        raise ValidationError({"fiscal_year": f"{value!r} is not a year."}) from None
    if not 1900 <= year <= 2999:
        raise ValidationError({"fiscal_year": f"{year} is not a fiscal year of the Town (1900 to 2999)."})
    return year


def _money(field: str, value: Any, *, positive: bool = False) -> Decimal:
    try:
        amount = dollars(value, allow_negative=False)
    except ValidationError as exc:
        raise ValidationError({field: exc.messages}) from exc
    if amount is None or (positive and amount <= 0):
        raise ValidationError({field: "An amount of dollars and cents" + (" above zero." if positive else ".")})
    return amount


def _audit(action: str, subject: str, user: Any, detail: dict[str, Any]) -> None:
    AuditEvent.objects.create(actor=user, action=action, subject=subject[:200], rows=1, detail=detail)


def do_enter_budget(
    *, area: Any, fiscal_year: Any, amount: Any, resolution: BoardResolution, acting_user: Any
) -> AreaBudget:
    """Enter the area's operation and maintenance cost for the fiscal year, as the Board adopted it."""
    require(acting_user, "billing.enter_budget", "enter a budget figure", who_may="the Town Clerk")
    year, cost = _year(fiscal_year), _money("amount", amount, positive=True)
    if resolution is None or resolution.pk is None:
        raise ValidationError({"resolution": "Name the recorded Board resolution that adopted the budget."})
    budget = AreaBudget.objects.create(
        area=area, fiscal_year=year, amount=cost, resolution=resolution, entered_at=event_now(), entered_by=acting_user
    )
    _audit(
        "do_enter_budget",
        f"{area} {year}",
        acting_user,
        {"budget": budget.pk, "amount": format(cost, "f"), "resolution": resolution.instrument},
    )
    return budget


def do_open_review(
    *, fiscal_year: Any, period: BillingPeriod, acting_user: Any, on: dt.date | None = None
) -> RateReview:
    """The year's review (opened with its reminder if need be) re-rates ``period``, which must be posted."""
    require(acting_user, "billing.draft_rate_review", "draft a rate review", who_may=DRAFTERS)
    year = _year(fiscal_year)
    period = BillingPeriod.objects.get(pk=period.pk)  # as it stands, not as the caller last read it
    if period.status != pipeline.POSTED:
        raise ValidationError(
            {
                "period": f"{period.name} is {period.get_status_display().lower()}: a review re-rates "
                "the bills of a posted period (I-129)."
            }
        )
    with transaction.atomic():
        review, _ = ensure_review(year, as_of=min(on or timezone.localdate(), timezone.localdate()))
        review = RateReview.objects.select_for_update().get(pk=review.pk)
        if review.status in (ReviewStatus.ADOPTED, ReviewStatus.KEPT):
            raise ValidationError(
                {"fiscal_year": f"The review of {year} was decided ({review.decision}): it is closed."}
            )
        review.period, review.status = period, ReviewStatus.DRAFT
        review._history_user = acting_user  # type: ignore[attr-defined]
        review.save(update_fields=["period", "status"])
        _audit("do_open_review", str(review), acting_user, {"review": review.pk, "period": period.pk})
    return review


def _rate(value: Any) -> Decimal:
    try:
        rate = Decimal(str(value).strip().lstrip("$"))
    except (InvalidOperation, ValueError):
        raise ValidationError({"rate_per_gallon": f"{value!r} is not a rate in dollars per gallon."}) from None
    if not rate.is_finite() or rate < 0:
        raise ValidationError({"rate_per_gallon": "A rate per gallon is never negative."})
    if rate.as_tuple().exponent < -6 or rate >= 1000:  # type: ignore[operator]
        raise ValidationError({"rate_per_gallon": "At most six decimal places, below $1,000 a gallon."})
    return rate


def do_add_candidate(
    review: RateReview,
    *,
    label: str,
    rate_per_gallon: Any,
    minimum_charge: Any,
    minimum_gallons: Any,
    strength_rates: dict[str, Any] | None = None,
    acting_user: Any,
) -> RateCandidate:
    """A set of rates for the Board to compare (see the module)."""
    require(acting_user, "billing.draft_rate_review", "propose rates", who_may=DRAFTERS)
    name = check_text("label", (label or "").strip(), max_length=60)
    if not name:
        raise ValidationError({"label": "Name the candidate (e.g. 'Rate $0.0040')."})
    rate, minimum = _rate(rate_per_gallon), _money("minimum_charge", minimum_charge)
    try:
        gallons = int(minimum_gallons)
    except (TypeError, ValueError):
        raise ValidationError({"minimum_gallons": f"{minimum_gallons!r} is not a number of gallons."}) from None
    if not 1 <= gallons <= 10_000_000:
        raise ValidationError({"minimum_gallons": "The minimum covers 1 to 10,000,000 gallons."})
    per_pound = {}
    for key, value in (strength_rates or {}).items():
        if key not in CONSTITUENTS:
            raise ValidationError({"strength_rates": f"{key!r} is none of {', '.join(CONSTITUENTS)}."})
        if value not in (None, ""):
            per_pound[key] = format(_money("strength_rates", value), "f")
    with transaction.atomic():
        locked = RateReview.objects.select_for_update().get(pk=review.pk)
        if locked.status != ReviewStatus.DRAFT:
            raise ValidationError(
                {
                    "review": f"The review of {locked.fiscal_year} is {locked.get_status_display()}"
                    ": candidates are added to a draft."
                }
            )
        try:
            with transaction.atomic():
                candidate = RateCandidate.objects.create(
                    review=locked,
                    label=name,
                    rate_per_gallon=rate,
                    minimum_charge=minimum,
                    minimum_gallons=gallons,
                    strength_rates=per_pound,
                    created_at=event_now(),
                    created_by=acting_user,
                )
        except IntegrityError:
            raise ValidationError({"label": f"The review already has a candidate named {name!r}."}) from None
        _audit("do_add_candidate", str(locked), acting_user, {"candidate": candidate.pk, "rate": format(rate, "f")})
    return candidate


def changed_values(candidate: RateCandidate, effective_on: dt.date) -> list[ProposedValue]:
    """The parameters the candidate sets that differ from those in force on ``effective_on``."""
    view = current_parameters().at(effective_on)
    out = []
    if view.number("charges.rate_per_gallon") != candidate.rate_per_gallon:
        out.append(ProposedValue("charges.rate_per_gallon", format(candidate.rate_per_gallon.normalize(), "f")))
    if view.number("charges.minimum_charge") != candidate.minimum_charge:
        out.append(ProposedValue("charges.minimum_charge", format(candidate.minimum_charge, "f")))
    if view.number("charges.minimum_charge_gallons") != candidate.minimum_gallons:
        out.append(ProposedValue("charges.minimum_charge_gallons", candidate.minimum_gallons))
    rates = {k: Decimal(v) for k, v in view.table("charges.strength_rates").items()}
    wanted = {**rates, **{k: Decimal(v) for k, v in candidate.strength_rates.items()}}
    if wanted != rates:
        out.append(ProposedValue("charges.strength_rates", {k: format(v, "f") for k, v in wanted.items()}))
    return out


def do_decide_review(
    review: RateReview,
    *,
    instrument: str,
    adopted_on: dt.date,
    effective_on: dt.date,
    title: str,
    acting_user: Any,
    adopt: RateCandidate | None = None,
) -> RateReview:
    """Record the Board's resolution on the review: adopt ``adopt``'s rates, or keep those in force."""
    require(
        acting_user,
        "billing.decide_rate_review",
        "record the Board's decision on a rate review",
        who_may="the Town Clerk",
    )
    if adopted_on > timezone.localdate():
        raise ValidationError({"adopted_on": f"{adopted_on} is after today: record a resolution once adopted."})
    if effective_on < adopted_on:
        raise ValidationError({"effective_on": "A resolution takes effect on or after the day it is adopted."})
    with transaction.atomic():
        locked = RateReview.objects.select_for_update().get(pk=review.pk)
        if locked.status != ReviewStatus.DRAFT:
            raise ValidationError(
                {
                    "review": f"The review of {locked.fiscal_year} is "
                    f"{locked.get_status_display().lower()}: only a draft is decided."
                }
            )
        values: list[ProposedValue] = []
        if adopt is not None:
            if adopt.review_id != locked.pk:
                raise ValidationError({"adopt": "That candidate belongs to another review."})
            values = changed_values(adopt, effective_on)
            if not values:
                raise ValidationError(
                    {
                        "adopt": f"{adopt.label} sets the rates already in force on {effective_on}: "
                        "record that the Board keeps them."
                    }
                )
        resolution = do_record_resolution(
            instrument=instrument,
            adopted_on=adopted_on,
            effective_on=effective_on,
            title=title,
            values=values,
            acting_user=acting_user,
            notes=f"§118-50 review of {locked.fiscal_year}",
        )
        locked.status = ReviewStatus.ADOPTED if adopt is not None else ReviewStatus.KEPT
        locked.decision, locked.adopted, locked.decided_on = resolution, adopt, adopted_on
        locked._history_user = acting_user  # type: ignore[attr-defined]
        locked.save(update_fields=["status", "decision", "adopted", "decided_on"])
        meet_review_deadline(locked, on=adopted_on, why=f"The Board decided by {resolution.instrument} (§118-50)")
        _audit(
            "do_decide_review",
            str(locked),
            acting_user,
            {"review": locked.pk, "resolution": resolution.instrument, "values": [v.key for v in values]},
        )
    return locked
