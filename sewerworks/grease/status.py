"""Where each establishment stands, for the list, the dashboard and the API: its interceptor, the last fill
found, the open violation and its notice or 72-hour order, the record-keeping check and the prediction."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet

from sewerworks.core.parameters import parameters_read_once
from sewerworks.enforcement.choices import DeadlineStatus, NoticeKind, Program
from sewerworks.enforcement.models import Deadline, Notice, Violation
from sewerworks.grease.actions.correction import NOTICE_KINDS, OPEN_STATUSES, governing_notice, open_violation
from sewerworks.grease.models import FoodServiceEstablishment, GreaseInspection, Interceptor, PumpOut
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
    """:func:`standing` of every establishment (of ``queryset``), its records read for all of them at once:
    a few queries in all instead of a dozen per establishment (issue 19: the dashboard's grease panel was
    two-thirds of the dashboard). :func:`standing` stays the reference; the tests compare the two."""
    rows = list(queryset if queryset is not None else establishments())
    if not rows:
        return []
    records = _Records.read(rows)
    with parameters_read_once():
        return [_standing(e, as_of, records) for e in rows]


def _standing(e: FoodServiceEstablishment, as_of: dt.date, records: _Records) -> Standing:
    """:func:`standing` from records already read."""
    interceptor = records.interceptor.get(e.pk)
    inspections = records.inspections.get(interceptor.pk, []) if interceptor else []
    pump_outs = records.pump_outs.get(interceptor.pk, []) if interceptor else []
    violation = records.violation.get(e.pk)
    notice = records.notice.get(violation.pk) if violation else None
    log = recordkeeping(interceptor, as_of, entries=pump_outs) if interceptor else None
    found = prediction(interceptor, as_of, pump_outs=pump_outs, inspections=inspections) if interceptor else None
    return Standing(
        establishment=e,
        interceptor=interceptor,
        last=inspections[-1] if inspections else None,
        violation=violation,
        notice=notice,
        deadline=records.deadline.get(notice.pk) if notice else None,
        log_outcome=log.outcome if log else "no-interceptor",
        log_summary=log.summary if log else "No interceptor on record.",
        predicted=predicted_window(found) if interceptor else None,
    )


@dataclass
class _Records:
    """What :func:`standing` reads for one establishment, read for many with one query per kind of record."""

    interceptor: dict[int, Interceptor]  # establishment -> its current interceptor
    inspections: dict[int, list[GreaseInspection]]  # interceptor -> its inspections, oldest first
    pump_outs: dict[int, list[PumpOut]]  # interceptor -> its pump-out log (log_entries' order)
    violation: dict[int, Violation]  # establishment -> its open violation (open_violation's choice)
    notice: dict[int, Notice]  # violation -> its governing notice
    deadline: dict[int, Deadline]  # notice -> its first deadline

    @classmethod
    def read(cls, rows: list[FoodServiceEstablishment]) -> _Records:
        ids = [e.pk for e in rows]
        interceptor: dict[int, Interceptor] = {}
        current = Interceptor.objects.filter(establishment_id__in=ids, removed_on__isnull=True)
        for i in current.order_by("establishment_id", "-installed_on", "-id"):
            interceptor.setdefault(i.establishment_id, i)
        traps = [i.pk for i in interceptor.values()]
        inspections: dict[int, list[GreaseInspection]] = defaultdict(list)
        for x in GreaseInspection.objects.filter(interceptor_id__in=traps).order_by("inspected_at", "id"):
            inspections[x.interceptor_id].append(x)
        pump_outs: dict[int, list[PumpOut]] = defaultdict(list)
        for p in PumpOut.objects.filter(interceptor_id__in=traps).select_related("hauler").order_by("pumped_on", "id"):
            pump_outs[p.interceptor_id].append(p)
        violation = _open_violations(rows)
        notice: dict[int, Notice] = {}
        served = Notice.objects.filter(
            violation_id__in=[v.pk for v in violation.values()], kind__in=NOTICE_KINDS, served_at__isnull=False
        )
        for n in served.order_by("violation_id", "served_at", "id"):
            notice.setdefault(n.violation_id, n)  # type: ignore[arg-type]
        for v in violation.values():
            if v.pk not in notice and v.source_deadline_id is not None:  # the sweep's case of a missed order
                found = governing_notice(v)
                if found is not None:
                    notice[v.pk] = found
        deadline: dict[int, Deadline] = {}
        for d in Deadline.objects.filter(notice_id__in=[n.pk for n in notice.values()]).order_by("notice_id", "due_on"):
            deadline.setdefault(d.notice_id, d)  # type: ignore[arg-type]
        return cls(interceptor, inspections, pump_outs, violation, notice, deadline)


def _open_violations(rows: list[FoodServiceEstablishment]) -> dict[int, Violation]:
    """:func:`open_violation` for each establishment: one found at an inspection of any of its interceptors,
    or a grease violation of §118-38 on its parcel; the first discovered."""
    mine: dict[int, set[int]] = defaultdict(set)
    found = Violation.objects.filter(
        status__in=OPEN_STATUSES, grease_inspections__interceptor__establishment_id__in=[e.pk for e in rows]
    )
    for establishment_id, violation_id in found.values_list("grease_inspections__interceptor__establishment_id", "id"):
        mine[establishment_id].add(violation_id)
    on_parcel: dict[int, set[int]] = defaultdict(set)
    recorded = Violation.objects.filter(
        status__in=OPEN_STATUSES,
        program=Program.GREASE,
        section="118-38",
        parcel_id__in={e.building.parcel_id for e in rows},
    )
    for parcel_id, violation_id in recorded.values_list("parcel_id", "id"):
        on_parcel[parcel_id].add(violation_id)
    every = set().union(*mine.values(), *on_parcel.values())
    violations = Violation.objects.select_related("source_deadline").in_bulk(every) if every else {}
    chosen: dict[int, Violation] = {}
    for e in rows:
        candidates = [violations[v] for v in mine[e.pk] | on_parcel[e.building.parcel_id]]
        if candidates:
            chosen[e.pk] = min(candidates, key=lambda v: (v.discovered_on, v.pk))
    return chosen
