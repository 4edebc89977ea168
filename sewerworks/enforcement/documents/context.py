"""What each notice prints: the values its template is filled with, taken from the records and the law.

The deadline comes from the Deadline created when the notice was served (the ordinance determination
that set it is kept with it, and its interpretation ids are printed in small print); a notice not yet
served states its time limit as "within N days after service of this notice".
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from sewerworks.core.documents.town import town
from sewerworks.core.documents.wording import (
    cited_sections,
    decision_interpretations,
    interpretation_lines,
    money,
    person,
    spoken_date,
    spoken_day,
    spoken_moment,
)
from sewerworks.core.parameters import current_parameters
from sewerworks.enforcement.choices import DeadlineKind, NoticeKind
from sewerworks.enforcement.models import Deadline, Notice, Violation

TEMPLATES = {
    NoticeKind.NOTICE_TO_CONNECT: "enforcement/documents/notice_to_connect.html",
    NoticeKind.NOTICE_OF_VIOLATION: "enforcement/documents/notice_of_violation.html",
    NoticeKind.PUMP_OUT_ORDER: "enforcement/documents/pump_out_order.html",
    NoticeKind.APPEARANCE_TICKET: "enforcement/documents/appearance_ticket.html",
    NoticeKind.DAMAGE_REPORT: "enforcement/documents/damage_report.html",
    NoticeKind.REEXCAVATION_ORDER: "enforcement/documents/reexcavation_order.html",
}

# "Appear on: 2026-05-12 17:00" (or "Court date: ...") written in the facts of an appearance ticket.
_APPEAR_LINE = re.compile(
    r"^\s*(?:appear(?:ance)?(?:\s+(?:on|date))?|court\s+date)\s*:\s*(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}:\d{2}))?",
    re.IGNORECASE | re.MULTILINE,
)


def appearance_from_facts(facts: str) -> dt.datetime | dt.date | None:
    """The court date written in an appearance ticket's facts ("Appear on: 2026-05-12 17:00"), if any."""
    match = _APPEAR_LINE.search(facts or "")
    if not match:
        return None
    try:
        day = dt.date.fromisoformat(match.group(1))
        if match.group(2):
            return dt.datetime.combine(day, dt.time.fromisoformat(match.group(2).zfill(5)))
    except ValueError:
        return None
    return day


def spoken_appearance(when: dt.datetime | dt.date | None) -> str:
    """ "Tuesday, May 12, 2026." or "Tuesday, May 12, 2026 at 5:00 p.m." (a sentence's end, its period included)."""
    if when is None:
        return ""
    if isinstance(when, dt.datetime):
        hour = when.hour % 12 or 12
        return f"{spoken_day(when.date())} at {hour}:{when.minute:02d} {'a.m.' if when.hour < 12 else 'p.m.'}"
    return f"{spoken_day(when)}."


def notice_deadline(notice: Notice) -> Deadline | None:
    """The deadline set when this notice was served (the first, for a notice that set more than one)."""
    return notice.deadlines.select_related("decision").order_by("id").first()


def _time_limit(notice: Notice, view: Any) -> tuple[int | None, str]:
    """(days or hours, unit) the notice gives, as the law or the notice states it."""
    if notice.kind == NoticeKind.NOTICE_TO_CONNECT:
        return int(view.number("connection.days_after_notice")), "days"
    if notice.kind == NoticeKind.PUMP_OUT_ORDER:
        return notice.correction_hours or int(view.number("grease.pump_out_order_hours")), "hours"
    if notice.correction_hours:  # a limit in hours (a 72-hour maintenance notice, I-36) is printed in hours
        return notice.correction_hours, "hours"
    if notice.kind == NoticeKind.NOTICE_OF_VIOLATION:
        return notice.correction_days or int(view.number("enforcement.default_correction_days")), "days"
    if notice.correction_hours:
        return notice.correction_hours, "hours"
    return notice.correction_days, "days"


def deadline_wording(notice: Notice, deadline: Deadline | None, limit: int | None, unit: str) -> str:
    """ "by the end of Tuesday, June 30, 2026", or "within 180 days after service of this notice"."""
    if deadline is not None:
        if deadline.due_at is not None:
            return f"by {spoken_moment(deadline.due_at)}"
        return f"by the end of {spoken_day(deadline.due_on)}"
    if limit:
        return f"within {limit} {unit if limit != 1 else unit[:-1]} after service of this notice"
    return ""


def is_abandonment_violation(violation: Violation | None) -> bool:
    """A failure to clean, abandon and fill a private system in time (§118-5): the daily fine applies (I-21)."""
    if violation is None:
        return False
    source = violation.source_deadline
    return (source is not None and source.kind == DeadlineKind.ABANDON) or hasattr(violation, "abandonment_fine")


def _sections_for(notice: Notice) -> tuple[str, ...]:
    if notice.kind == NoticeKind.NOTICE_OF_VIOLATION:
        return (notice.section, "118-5" if is_abandonment_violation(notice.violation) else "", "118-47")
    if notice.kind == NoticeKind.APPEARANCE_TICKET:
        return (notice.section, "118-47")
    if notice.kind == NoticeKind.DAMAGE_REPORT:
        return (notice.section, "118-47")
    return (notice.section,)


def notice_context(notice: Notice, *, appear_on: dt.datetime | dt.date | None = None) -> dict[str, Any]:
    """Everything a notice's template prints."""
    view = current_parameters().at(notice.served_on or notice.issued_on)
    deadline = notice_deadline(notice)
    limit, unit = _time_limit(notice, view)
    ids = decision_interpretations(deadline.decision.decision if deadline else None)
    if deadline is None and limit:
        ids.append("I-20")  # the time limit, once served, is counted by I-20
    violation = notice.violation
    abandonment = is_abandonment_violation(violation)
    if notice.kind in (NoticeKind.NOTICE_OF_VIOLATION, NoticeKind.APPEARANCE_TICKET):
        ids.append("I-22")
    if abandonment:
        ids.append("I-21")
    appearance = appear_on or appearance_from_facts(notice.facts)
    parcel = notice.parcel
    context: dict[str, Any] = {
        "town": town(),
        "notice": notice,
        "title": notice.get_kind_display().split(" (")[0],
        "number": notice.number,
        "issued_on": spoken_date(notice.issued_on),
        "issued_by": person(notice.issued_by),
        "served_on": spoken_date(notice.served_on) if notice.served_on else "",
        "served_method": notice.get_served_method_display() if notice.served_method else "",
        "addressee_lines": [line for line in notice.addressee_block.splitlines() if line.strip()],
        "tax_map_number": parcel.tax_map_number,
        "property_address": parcel.address,
        "facts": notice.facts,
        "violation": violation,
        "nature": violation.description if violation else "",
        "deadline": deadline,
        "deadline_wording": deadline_wording(notice, deadline, limit, unit),
        "limit": limit,
        "limit_unit": unit,
        "sections": cited_sections(*_sections_for(notice)),
        "section_violated": cited_sections(notice.section)[0],
        "interpretations": interpretation_lines(ids),
        "abandonment": abandonment,
        "abandonment_days": int(view.number("connection.abandonment_days_after_connection")),
        "fine_first_days": int(view.number("connection.abandonment_fine.first_period_days")),
        "fine_first_rate": money(view.number("connection.abandonment_fine.first_period_rate")),
        "fine_later_rate": money(view.number("connection.abandonment_fine.later_rate")),
        "max_court_fine": money(view.number("penalties.max_fine_per_violation")),
        "appear_on": spoken_appearance(appearance),
    }
    return context
