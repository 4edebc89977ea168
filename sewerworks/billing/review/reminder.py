"""The annual reminder of §118-50 (I-129): each fiscal year has one rate review, and a deadline of the Town's own
(``enforcement``'s ``review`` kind) on it, due by ``billing.rate_review_due`` as the topic ``rate-review`` dates
it. The daily sweep opens them once the Town bills (a period posted); recording the Board's decision on the
review meets the deadline (``billing.actions.review``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import transaction

from sewerworks.billing.models import RateReview
from sewerworks.core.records.events import now as event_now
from sewerworks.enforcement.actions.common import decide
from sewerworks.enforcement.actions.deadlines import do_meet_deadline, do_open_deadline
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, Program
from sewerworks.enforcement.models import Deadline

DUTY = "rate-review"


def deadline_of(review: RateReview) -> Deadline | None:
    ct = ContentType.objects.get_for_model(RateReview)
    return Deadline.objects.filter(subject_type=ct, subject_id=review.pk, kind=DeadlineKind.REVIEW).first()


def ensure_review(fiscal_year: int, *, as_of: dt.date, acting_user: Any = None) -> tuple[RateReview, bool]:
    """The fiscal year's review, with its deadline; (review, whether anything was opened now)."""
    with transaction.atomic():
        review, created = RateReview.objects.get_or_create(
            fiscal_year=fiscal_year, defaults={"created_at": event_now()}
        )
        if deadline_of(review) is not None:
            return review, created
        decision, stored = decide(
            "rate-review", {"fiscal_year": fiscal_year}, as_of=as_of, subject=review, acting_user=acting_user
        )
        due = decision.deadline_for("rate_review")
        do_open_deadline(
            program=Program.BILLING,
            kind=DeadlineKind.REVIEW,
            subject=review,
            decision=stored,
            section="118-50",
            title=f"The Town Board reviews the user charges for {fiscal_year} (§118-50)",
            due_on=due.due,
            acting_user=acting_user,
            duty=DUTY,
            why="§118-50: the annual review of the user charges (I-129)",
        )
    return review, True


def meet_review_deadline(review: RateReview, *, on: dt.date, why: str) -> None:
    """The Board decided: the year's reminder is met (by the system, after the clerk's role-checked action)."""
    deadline = deadline_of(review)
    if deadline is not None and deadline.status not in (DeadlineStatus.MET, DeadlineStatus.CANCELLED):
        do_meet_deadline(deadline, met_on=on, acting_user=None, why=why)
