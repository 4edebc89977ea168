"""Where permits stand, for the queue, the dashboard and the parcel page."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from sewerworks.core.access.roles import CLERK, INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER, user_roles
from sewerworks.permits.models import Permit
from sewerworks.permits.pipelines import FEE_REQUIRED

QUEUES: dict[str, str] = {
    "": "All permits",
    "fee": "Awaiting the §118-15 fee",
    "review": "Under review",
    "construction": "Approved or in construction",
    "county": "County inspection not recorded within 48 hours",
    "open": "Open (not closed, denied or withdrawn)",
}
FINAL = ("closed", "denied", "withdrawn")


def permits() -> QuerySet[Permit]:
    return Permit.objects.select_related("parcel", "fee", "resolution")


def queue(name: str, qs: QuerySet[Permit] | None = None) -> QuerySet[Permit]:
    qs = permits() if qs is None else qs
    if name == "fee":
        return qs.filter(status="submitted", kind__in=FEE_REQUIRED, fee__isnull=True)
    if name == "review":
        return qs.filter(status="under_review")
    if name == "construction":
        return qs.filter(status__in=("approved", "in_construction", "inspected"))
    if name == "county":
        return qs.filter(pk__in=[p.pk for p in qs.filter(status="county_notified") if p.county_inspection_overdue()])
    if name == "open":
        return qs.exclude(status__in=FINAL)
    return qs


def default_queue(user: Any) -> str:
    """The queue a role starts on: the clerk the fees, the reviewers the reviews, inspectors construction."""
    roles = user_roles(user)
    if roles & {TOWN_ENGINEER, SUPERINTENDENT}:
        return "review"
    if CLERK in roles:
        return "fee"
    if INSPECTOR in roles:
        return "construction"
    return "open"
