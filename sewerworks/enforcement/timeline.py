"""What enforcement adds to a parcel's timeline: notices issued and served, deadlines set and met,
violations recorded and moved, fines."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse
from django.utils import timezone

from sewerworks.core.records.sections import present, record_probe
from sewerworks.core.records.timeline import TimelineEvent, timeline_source
from sewerworks.enforcement import pipeline
from sewerworks.enforcement.models import AbandonmentFine, CourtFine, Deadline, Notice, StatusChange, Violation
from sewerworks.registry.models import Parcel

LIMIT = 100


def _notice_events(parcel: Parcel) -> Iterable[TimelineEvent]:
    for n in Notice.objects.filter(parcel=parcel).order_by("-issued_on")[:LIMIT]:
        url = reverse("enforcement:notice_detail", args=[n.pk])
        yield TimelineEvent(
            n.issued_on, "notice", f"{n.get_kind_display()} {n.number} issued", section=n.section, url=url
        )
        if n.served_on:
            how = n.get_served_method_display().lower()
            yield TimelineEvent(
                n.served_at or n.served_on, "service", f"{n.number} served by {how}", n.served_by_name, n.section, url
            )


def _deadline_events(parcel: Parcel) -> Iterable[TimelineEvent]:
    deadlines = Deadline.objects.filter(parcel=parcel).select_related("decision__made_by").order_by("-due_on")
    for d in deadlines[:LIMIT]:
        url = reverse("enforcement:notice_detail", args=[d.notice_id]) if d.notice_id else ""
        detail = f"Due {d.due_on:%A, %B} {d.due_on.day}, {d.due_on.year}"
        if d.decision_id:  # set on the day of the act its decision applied the law to (I-114)
            made = d.decision.made_at
            set_on = min(d.decision.as_of, timezone.localdate(made))
            by = d.decision.made_by.get_username() if d.decision.made_by else ""
            yield TimelineEvent(set_on, "deadline", f"Deadline set: {d.title}", detail, d.section, url, made, by)
        else:
            yield TimelineEvent(d.due_on, "deadline", f"Deadline set: {d.title}", detail, d.section, url)
        if d.met_on:
            yield TimelineEvent(d.met_on, "deadline", f"Deadline met: {d.title}", section=d.section, url=url)
        if d.overdue_since:
            yield TimelineEvent(d.overdue_since, "deadline", f"Deadline missed: {d.title}", detail, d.section, url)


def _violation_events(parcel: Parcel) -> Iterable[TimelineEvent]:
    changes = StatusChange.objects.filter(violation__parcel=parcel).select_related("violation", "by")
    changes = changes.order_by("-occurred_at", "-id")
    for c in changes[:LIMIT]:
        v = c.violation
        url = reverse("enforcement:violation_detail", args=[v.pk])
        who = c.by.username if c.by else "the daily sweep"
        if not c.from_status:
            title = f"Violation of §{v.section} recorded"
        else:
            title = f"Violation of §{v.section}: {pipeline.STATUSES.get(c.to_status, c.to_status).lower()}"
        by = c.by.username if c.by else ""
        yield TimelineEvent(c.event_at, "violation", title, f"{c.why} ({who})", v.section, url, c.at, by)


def _fine_events(parcel: Parcel) -> Iterable[TimelineEvent]:
    for f in AbandonmentFine.objects.filter(violation__parcel=parcel).select_related("violation"):
        url = reverse("enforcement:violation_detail", args=[f.violation_id])
        yield TimelineEvent(f.notified_on, "fine", "§118-5 daily fine starts to accrue", section="118-5", url=url)
        if f.posted_on:
            yield TimelineEvent(
                f.posted_on, "fine", f"§118-5 fine of ${f.amount:,} posted, for billing", section="118-5", url=url
            )
    for c in CourtFine.objects.filter(violation__parcel=parcel).select_related("violation"):
        url = reverse("enforcement:violation_detail", args=[c.violation_id])
        yield TimelineEvent(
            c.imposed_on, "fine", f"Court fine of ${c.amount:,} imposed", c.court, c.violation.section, url
        )


record_probe("enforcement_notices", lambda pk: Notice.objects.filter(parcel_id=pk))
record_probe("enforcement_deadlines", lambda pk: Deadline.objects.filter(parcel_id=pk))
record_probe("enforcement_violations", lambda pk: Violation.objects.filter(parcel_id=pk))


@timeline_source
def enforcement_events(subject: Any) -> Iterable[TimelineEvent]:
    """Notices, service, deadlines, violations and fines on a parcel (each kind read only when the parcel's
    probes, if it was read with them, say it has some)."""
    if not isinstance(subject, Parcel):
        return
    if present(subject, "enforcement_notices"):
        yield from _notice_events(subject)
    if present(subject, "enforcement_deadlines"):
        yield from _deadline_events(subject)
    if present(subject, "enforcement_violations"):  # status changes and fines are of a violation
        yield from _violation_events(subject)
        yield from _fine_events(subject)


__all__ = ["enforcement_events"]
