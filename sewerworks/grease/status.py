"""Where each establishment stands, for the list, the dashboard and the API: its interceptor, the last fill
found, the open violation and its notice or 72-hour order, the record-keeping check and the prediction."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet

from sewerworks.enforcement.choices import DeadlineStatus, NoticeKind
from sewerworks.enforcement.models import Deadline, Notice, Violation
from sewerworks.grease.actions.correction import governing_notice, open_violation
from sewerworks.grease.models import FoodServiceEstablishment, GreaseInspection, Interceptor
from sewerworks.grease.readings import predicted_window, prediction, recordkeeping


@dataclass
class Standing:
    establishment: FoodServiceEstablishment
    interceptor: Interceptor | None
    last: GreaseInspection | None
    violation: Violation | None
    notice: Notice | None
    deadline: Deadline | None
    log_outcome: str
    log_summary: str
    predicted: tuple[dt.date, dt.date, dt.date] | None

    @property
    def fill(self) -> Decimal | None:
        return self.last.fill_percent if self.last else None

    @property
    def order_open(self) -> bool:
        return self.notice is not None and self.notice.kind == NoticeKind.PUMP_OUT_ORDER

    @property
    def overdue(self) -> bool:
        return self.deadline is not None and self.deadline.status == DeadlineStatus.OVERDUE

    @property
    def log_gap(self) -> bool:
        return self.log_outcome == "incomplete"

    def predicted_within(self, as_of: dt.date, days: int = 30) -> bool:
        return self.predicted is not None and self.predicted[1] <= as_of + dt.timedelta(days=days)


def standing(establishment: FoodServiceEstablishment, as_of: dt.date) -> Standing:
    interceptor = establishment.current_interceptor()
    last = interceptor.inspections.order_by("-inspected_at").first() if interceptor else None
    violation = open_violation(establishment)
    notice = governing_notice(violation) if violation else None
    deadline = Deadline.objects.filter(notice=notice).order_by("due_on").first() if notice else None
    log = recordkeeping(interceptor, as_of) if interceptor else None
    window = predicted_window(prediction(interceptor, as_of)) if interceptor else None
    return Standing(
        establishment=establishment,
        interceptor=interceptor,
        last=last,
        violation=violation,
        notice=notice,
        deadline=deadline,
        log_outcome=log.outcome if log else "no-interceptor",
        log_summary=log.summary if log else "No interceptor on record.",
        predicted=window,
    )


def establishments() -> QuerySet[FoodServiceEstablishment]:
    return FoodServiceEstablishment.objects.select_related(
        "building__parcel__improvement_area", "building__connection"
    ).order_by("building__name", "id")


def standings(as_of: dt.date, queryset: QuerySet[FoodServiceEstablishment] | None = None) -> list[Standing]:
    return [standing(e, as_of) for e in (queryset if queryset is not None else establishments())]
