"""The full-time inspection of an extension under construction (§118-31): the inspector's daily reports and
their photographs, and the Town Engineer's stop-work orders and material rejections, final in matters of
quality and methods of construction.

A report is refused, naming the field, when it is dated before the Board's resolution or the start of
construction, in the future, or a second time for one day; when its hours are negative or over 24; when it
records pipe laid on a day the work was stopped (an order issued before that day and not lifted by it); and
when its month's inspection is already billed (I-141).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.attachments.files import JPEG, PNG, check_upload, stored_name
from sewerworks.core.models import AuditEvent
from sewerworks.core.records import events
from sewerworks.core.text import check_text
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.engineering.actions.construction import _text, board_resolution
from sewerworks.engineering.actions.projects import _save
from sewerworks.engineering.choices import ElementKind, ProjectStatus
from sewerworks.engineering.models import (
    DailyReport,
    ExtensionProject,
    InspectionMonth,
    MaterialRejection,
    ReportPhoto,
    StopWorkOrder,
)

__all__ = ["do_attach_report_photo", "do_file_daily_report", "do_lift_stop_work", "do_reject_material",
           "do_stop_work", "measure"]  # fmt: skip

INSPECTORS = "the Town Engineer or a Sewer Department inspector"


def measure(field: str, value: Any, what: str, *, low: Decimal = Decimal(0), high: Decimal | None = None,
            places: int = 2) -> Decimal | None:  # fmt: skip
    """A measurement typed or sent (a number or its text), checked against its range; None when not given."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValidationError({field: f"{what} must be a number."})
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        raise ValidationError({field: f"{what} must be a number, not {str(value)[:30]!r}."}) from None
    if not number.is_finite() or number.as_tuple().exponent < -places:  # type: ignore[operator]
        raise ValidationError({field: f"{what} is a number with at most {places} decimal places."})
    if number < low or (high is not None and number > high):
        top = f" and at most {high}" if high is not None else ""
        raise ValidationError({field: f"{what} must be at least {low}{top}, not {number}."})
    return number


def _pipes(project: ExtensionProject) -> set[str]:
    revision = project.approved_revision() or project.latest_revision()
    if revision is None:
        return set()
    return set(revision.elements.filter(kind=ElementKind.PIPE).values_list("name", flat=True))


def _check_day(project: ExtensionProject, day: dt.date) -> None:
    not_in_future("report_date", day, "A daily report")
    resolution, _ = board_resolution(project)
    if resolution is not None and day < resolution.adopted_on:
        raise ValidationError({"report_date": f"{day} is before the Board's {resolution} (adopted "
                               f"{resolution.adopted_on}): no inspection is billed before it."})  # fmt: skip
    if project.status != ProjectStatus.UNDER_CONSTRUCTION or project.construction_started_on is None:
        raise ValidationError({"report_date": "Construction has not started: record its start first."})
    if day < project.construction_started_on:
        raise ValidationError({"report_date": f"{day} is before construction started "
                               f"({project.construction_started_on})."})  # fmt: skip
    if project.daily_reports.filter(report_date=day).exists():
        raise ValidationError({"report_date": f"A report for {day} is already filed: one report a day."})
    billed = InspectionMonth.objects.filter(project=project, month=day.replace(day=1)).first()
    if billed is not None:
        raise ValidationError({"report_date": f"The inspection of {day:%B %Y} was billed on {billed.billed_on}; "
                               "a day of a billed month cannot be added (I-141)."})  # fmt: skip


def _laid(project: ExtensionProject, day: dt.date, pipe: str, start: Decimal | None, end: Decimal | None) -> None:
    if start is None and end is None and not pipe:
        return
    if start is None or end is None or not pipe:
        raise ValidationError({"pipe": "Pipe laid is the pipe and the stations it was laid from and to."})
    if end <= start:
        raise ValidationError({"station_to_ft": f"Station {end} is not past station {start}."})
    if pipe not in _pipes(project):
        raise ValidationError({"pipe": f"{pipe!r} is not a pipe of the approved design."})
    stopped = next((o for o in project.stop_work.all() if o.covers(day)), None)
    if stopped is not None:
        raise ValidationError({"pipe": f"Work is stopped on {day} by the Town Engineer's order of {stopped.issued_on} "
                               "(§118-31): no pipe is laid until he lifts it."})  # fmt: skip


def do_file_daily_report(
    *, project: ExtensionProject, report_date: dt.date, weather: str, crew: str, hours: Any, acting_user: Any,
    pipe: str = "", station_from_ft: Any = None, station_to_ft: Any = None, trench_width_in: Any = None,
    bedding_in: Any = None, notes: str = "",
) -> DailyReport:  # fmt: skip
    """File the inspector's report of one day of construction (§118-31), with his hours (I-141)."""
    require(acting_user, "engineering.inspect_construction", "file a daily inspection report", who_may=INSPECTORS)
    spent = measure("hours", hours, "Hours", high=Decimal(24))
    if spent is None:
        raise ValidationError({"hours": "Give the hours of inspection that day (0 to 24)."})
    start = measure("station_from_ft", station_from_ft, "The station laid from", high=Decimal(100_000))
    end = measure("station_to_ft", station_to_ft, "The station laid to", high=Decimal(100_000))
    trench = measure("trench_width_in", trench_width_in, "The trench width", high=Decimal(1000))
    bedding = measure("bedding_in", bedding_in, "The bedding", high=Decimal(100))
    pipe = check_text("pipe", pipe or "", max_length=100).strip()
    report = DailyReport(
        project=project, report_date=report_date, inspector=acting_user, recorded_by=acting_user,
        weather=_text("weather", weather, 120, "the weather"), crew=_text("crew", crew, 200, "the crew on site"),
        pipe=pipe, station_from_ft=start, station_to_ft=end, trench_width_in=trench, bedding_in=bedding,
        hours=spent, notes=check_text("notes", notes or "", max_length=5000),
    )  # fmt: skip
    with transaction.atomic():
        locked = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        _check_day(locked, report_date)
        _laid(locked, report_date, pipe, start, end)
        try:
            with transaction.atomic():
                return _save(report, acting_user, f"Report of {report_date}")  # type: ignore[no-any-return]
        except IntegrityError:
            raise ValidationError({"report_date": f"A report for {report_date} is already filed."}) from None


def do_attach_report_photo(*, report: DailyReport, file: Any, acting_user: Any, caption: str = "") -> ReportPhoto:
    """A photograph of the day (JPEG or PNG, judged by its content, size limited)."""
    require(acting_user, "engineering.inspect_construction", "attach a photograph to a report", who_may=INSPECTORS)
    checked = check_upload(file, allowed=(JPEG, PNG), use="inspection photographs")
    photo = ReportPhoto(report=report, content_type=checked.content_type, size=checked.size,
                        given_name=checked.given_name, uploaded_by=acting_user,
                        caption=check_text("caption", caption or "", max_length=200).strip())  # fmt: skip
    with transaction.atomic():
        photo.file.save(stored_name(f"engineering/{report.project_id}", checked.content_type), file, save=False)
        photo.save()
        AuditEvent.objects.create(actor=acting_user, action="do_attach_report_photo", subject=str(report)[:200],
                                  rows=1, detail={"photo": photo.pk, "size": checked.size})  # fmt: skip
        return photo


def do_stop_work(*, report: DailyReport, reason: str, acting_user: Any) -> StopWorkOrder:
    """The Town Engineer stops the work, on the day's report (§118-31). One order is open at a time."""
    require(acting_user, "engineering.decide_construction", "stop the work", who_may="the Town Engineer")
    why = _text("reason", reason, 5000, "the reason the work is stopped")
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=report.project_id)
        open_order = project.stop_work.filter(lifted_on__isnull=True).first()
        if open_order is not None:
            raise ValidationError({"reason": f"The stop-work order of {open_order.issued_on} is still open."})
        order = StopWorkOrder(project=project, report=report, issued_on=report.report_date, reason=why,
                              issued_by=acting_user)  # fmt: skip
        return _save(order, acting_user, "Work stopped (§118-31: the Town Engineer's decision is final)")  # type: ignore[no-any-return]


def do_lift_stop_work(*, order: StopWorkOrder, lifted_on: dt.date, note: str, acting_user: Any) -> StopWorkOrder:
    """The Town Engineer lifts his stop-work order: from that day reports may record pipe laid again."""
    require(acting_user, "engineering.decide_construction", "lift a stop-work order", who_may="the Town Engineer")
    not_in_future("lifted_on", lifted_on, "Lifting a stop-work order")
    why = _text("note", note, 5000, "why the work may go on")
    with transaction.atomic():
        order = StopWorkOrder.objects.select_for_update().get(pk=order.pk)
        if order.lifted_on is not None:
            raise ValidationError({"lifted_on": f"The order was lifted on {order.lifted_on}."})
        if lifted_on < order.issued_on:
            raise ValidationError({"lifted_on": f"The order was issued on {order.issued_on}."})
        stopped = order.project.daily_reports.filter(report_date__gt=order.issued_on, report_date__lt=lifted_on)
        laid = stopped.exclude(station_from_ft=None).first()
        if laid is not None:
            raise ValidationError({"lifted_on": f"The report of {laid.report_date} records no pipe laid while work "
                                   "was stopped; a lift cannot go back past it."})  # fmt: skip
        order.lifted_on, order.lifted_by, order.lift_note = lifted_on, acting_user, why
        order._occurred_at = events.as_moment(lifted_on)  # type: ignore[attr-defined]  # lifted that day (I-114)
        return _save(order, acting_user, "Stop-work order lifted")  # type: ignore[no-any-return]


def do_reject_material(*, report: DailyReport, material: str, reason: str, acting_user: Any) -> MaterialRejection:
    """The Town Engineer rejects material on site, on the day's report (§118-31)."""
    require(acting_user, "engineering.decide_construction", "reject material", who_may="the Town Engineer")
    rejection = MaterialRejection(report=report, material=_text("material", material, 200, "the material rejected"),
                                  reason=_text("reason", reason, 5000, "why it is rejected"),
                                  rejected_by=acting_user)  # fmt: skip
    with transaction.atomic():
        rejection.save()
        AuditEvent.objects.create(actor=acting_user, action="do_reject_material", subject=str(report)[:200], rows=1,
                                  detail={"material": rejection.material[:100], "section": "118-31"})  # fmt: skip
        return rejection
