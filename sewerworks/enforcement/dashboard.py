"""Enforcement's dashboard: the figures (deadlines overdue, due today and this week; open follow-up tasks)
for everyone who reads the programs, and each role's own work: the follow-up tasks addressed to them,
the Superintendent's Notices to Connect owed (I-92), and the deadlines of the programs they work in
(I-113)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.access.roles import (
    BUILDING_INSPECTOR,
    CLERK,
    INSPECTOR,
    SUPERINTENDENT,
    TOWN_ENGINEER,
    WATER_SUPERINTENDENT,
)
from sewerworks.core.web.dashboard import (
    Panel,
    WorkItem,
    acting_roles,
    addressed_to,
    dashboard_panel,
    my_work,
    role_may,
    week_end,
)
from sewerworks.enforcement.actions.followups import permission_for
from sewerworks.enforcement.choices import DeadlineKind, DeadlineStatus, NoticeKind, Program
from sewerworks.enforcement.deadline_kinds import kind_rule
from sewerworks.enforcement.models import Deadline, FollowUp, NoticeToConnectTask, SweepRun
from sewerworks.enforcement.views.board import ACTIVE, WEEK, group_counts

# I-113: the roles that follow a program's deadlines (the public's and the Town's own): the Superintendent
# runs connection, grease and general enforcement (§118-46), the inspector works connections, grease and
# building sewers in the field, the Town Engineer extensions and industrial discharge, the clerk the sewer
# charges. A kind can belong to a role outside its program: a water meter (§118-52) to the Water
# Superintendent, a new grease interceptor (§118-38) to the Building Inspector.
PROGRAM_ROLES: dict[str, frozenset[str]] = {
    Program.CONNECTION: frozenset({SUPERINTENDENT, INSPECTOR}),
    Program.GREASE: frozenset({SUPERINTENDENT, INSPECTOR}),
    Program.PERMITS: frozenset({INSPECTOR}),
    Program.PRETREATMENT: frozenset({TOWN_ENGINEER, SUPERINTENDENT}),
    Program.BILLING: frozenset({CLERK, SUPERINTENDENT}),
    Program.ENGINEERING: frozenset({TOWN_ENGINEER}),
    Program.GENERAL: frozenset({SUPERINTENDENT}),
}
KIND_ROLES: dict[str, frozenset[str]] = {
    DeadlineKind.INSTALL_METER: frozenset({WATER_SUPERINTENDENT}),
    DeadlineKind.INSTALL_INTERCEPTOR: frozenset({BUILDING_INSPECTOR}),
}
DEADLINE_ROLES = frozenset().union(*PROGRAM_ROLES.values(), *KIND_ROLES.values())
TASK_ROLES = frozenset({CLERK, SUPERINTENDENT, INSPECTOR, BUILDING_INSPECTOR, TOWN_ENGINEER})


def deadlines_of(roles: frozenset[str]) -> Q:
    """The deadlines the roles follow: by kind where a kind has its own role, else by program (I-113)."""
    kinds = [k for k, who in KIND_ROLES.items() if who & roles]
    programs = [p for p, who in PROGRAM_ROLES.items() if who & roles]
    return Q(kind__in=kinds) | (Q(program__in=programs) & ~Q(kind__in=list(KIND_ROLES)))


@dashboard_panel
def deadlines_panel(request: HttpRequest) -> Panel | None:
    """The figures: how many deadlines of every program are overdue, due today and this week."""
    if not request.user.has_perm("enforcement.view_enforcement"):
        return None
    on = timezone.localdate()
    found = group_counts(Deadline.objects.all(), on)
    rows = [
        {"key": key, "label": label, "count": found[key]}
        for key, label in (("overdue", "Overdue"), ("today", "Due today"), ("week", "Due this week"))
    ]
    last = SweepRun.objects.order_by("-started_at", "-id").first()
    context = {
        "groups": rows,
        "on": on,
        "week_end": on + dt.timedelta(days=WEEK),
        "last_sweep": last,
        # what the last sweep's reconciliation found untracked (enforcement.duties), and all time
        "duties_opened": (last.changes or {}).get("duties_opened", 0) if last else None,
        "duties_tracked": Deadline.objects.exclude(duty="").count(),
        "open_tasks": FollowUp.objects.filter(done_on__isnull=True).count(),
        "connect_owed": NoticeToConnectTask.objects.filter(done_on__isnull=True).count(),
    }
    return Panel("Enforcement deadlines", "enforcement/_dashboard_deadlines.html", context, order=20)


def _violation_of(deadline: Deadline) -> Any:
    from sewerworks.enforcement.models import Violation

    found = getattr(deadline, "violation", None)  # the violation that is this deadline's miss
    if found is None and deadline.notice is not None:
        found = deadline.notice.violation
    about_violation = deadline.subject_type_id == ContentType.objects.get_for_model(Violation).pk  # cached
    if found is None and deadline.subject_id is not None and about_violation:
        found = deadline.subject  # a deadline opened about a violation (pretreatment's §118-47 notice)
    return found


def task_link(task: FollowUp) -> tuple[str, str]:
    """The one click that does what a follow-up asks: the notice form filled in, or the record to act on."""
    d = task.deadline
    violation = _violation_of(d)
    if task.kind in ("serve_notice_of_violation", "appearance_ticket") and d.parcel_id and violation is not None:
        kind = NoticeKind.APPEARANCE_TICKET if task.kind == "appearance_ticket" else NoticeKind.NOTICE_OF_VIOLATION
        url = reverse("enforcement:issue_notice", args=[d.parcel_id]) + f"?kind={kind}&violation={violation.pk}"
        return url, f"Issue the {NoticeKind(kind).label.split(' (')[0].lower()}"
    if task.kind == "consider_court_referral" and violation is not None:
        return reverse("enforcement:violation_detail", args=[violation.pk]) + "#status-h", "Decide the referral"
    return reverse("enforcement:deadline_detail", args=[d.pk]) + "#tasks-h", "Open the task"


@my_work(roles=TASK_ROLES)
def follow_up_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Follow-up tasks assigned to the user, or to nobody and of a kind the user's role does. A task
    assigned to someone who may not do it (an appearance ticket on the Superintendent) is the role's."""
    tasks = FollowUp.objects.filter(done_on__isnull=True).select_related(
        "assigned_to", "deadline", "deadline__parcel", "deadline__notice__violation", "deadline__violation"
    )
    may: dict[tuple[int, str], bool] = {}  # (assignee, permission) -> may do it
    people: dict[int, Any] = {}  # one object per assignee: their roles are read once (core.access.roles)
    for task in tasks.order_by("raised_on", "id"):
        perm = permission_for(task)
        assignee = task.assigned_to_id
        if assignee is not None:
            if (assignee, perm) not in may:
                person = people.setdefault(assignee, task.assigned_to)
                may[assignee, perm] = bool(person and person.has_perm(perm))
            assignee = assignee if may[assignee, perm] else None
        if not addressed_to(user, assigned_to_id=assignee, perm=perm):
            continue
        url, action = task_link(task)
        d = task.deadline
        own = assignee == user.pk or bool(task_roles(d.program, d.kind, perm) & acting_roles(user))
        yield WorkItem(
            title=task.title, subject=d.subject_label, url=url, action=action, program=d.get_program_display(),
            due_on=task.raised_on, section=d.section, note=f"Raised {task.raised_on:%b %-d} by the daily sweep",
            own=own,
        )  # fmt: skip


def task_roles(program: str, kind: str, perm: str) -> frozenset[str]:
    """Whose work a follow-up task is: the roles that follow its deadline (by kind, else by program, I-113) and
    may do the task; when none of them may (a notice for a missed meter, not the Water Superintendent's to
    serve), the program's roles that may; when none of those may either (an appearance ticket, the Building
    Inspector's alone), every role that may. Anyone else who may act on it sees it after their own work."""
    kind_roles = KIND_ROLES.get(kind, PROGRAM_ROLES.get(program, frozenset()))
    for roles in (kind_roles, PROGRAM_ROLES.get(program), TASK_ROLES):
        able = frozenset(r for r in roles or () if role_may(r, perm))
        if able:
            return able
    return frozenset()


@my_work(roles=[SUPERINTENDENT])
def notice_to_connect_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """The Superintendent's Notices to Connect owed (I-92): raised by the sweep, with why, one click to issue."""
    open_tasks = NoticeToConnectTask.objects.filter(done_on__isnull=True).select_related("parcel")
    for t in open_tasks.order_by("raised_on", "parcel__tax_map_sort"):
        yield WorkItem(
            title="Serve a Notice to Connect", subject=f"{t.parcel.tax_map_number} {t.parcel.address}",
            due_on=t.raised_on,
            url=reverse("enforcement:issue_notice", args=[t.parcel_id]) + "?kind=notice_to_connect",
            action="Issue a Notice to Connect", program=Program.CONNECTION.label, section="118-5", note=t.why,
        )  # fmt: skip


@my_work(roles=DEADLINE_ROLES)
def deadline_work(user: Any, today: dt.date) -> Iterator[WorkItem]:
    """Active deadlines of the user's programs missed or due by the week's end, that the user's role may
    mark met (I-113); the Town's own duties (``review``) with an officer named are that officer's alone."""
    mine = Q(officer__isnull=True) | Q(officer=user) | ~Q(kind=DeadlineKind.REVIEW)
    soon = Q(status=DeadlineStatus.OVERDUE) | Q(due_on__lte=week_end(today))
    active = Deadline.objects.filter(deadlines_of(acting_roles(user)), mine, soon, status__in=ACTIVE)
    roles, may = acting_roles(user), dict[str, bool]()
    for d in active.select_related("parcel", "subject_type").order_by("due_on", "id"):
        if d.kind not in may:
            may[d.kind] = any(role_may(role, kind_rule(d.kind).meet_permission) for role in roles)
        if not may[d.kind]:
            continue  # a deadline the user may not mark met is not their work (the clerk's billing ones)
        yield WorkItem(
                title=d.title, subject=d.subject_label, action="Record it met",
                url=reverse("enforcement:deadline_detail", args=[d.pk]) + "#meet-h",
                program=d.get_program_display(), due_on=d.due_on, due_at=d.due_at, section=d.section,
            )  # fmt: skip
