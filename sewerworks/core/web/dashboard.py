"""Dashboard panels and "my work today": each app adds what its users need to see first.

A panel is a function ``(request) -> Panel | None``; the dashboard shows those that return one, in
order. ``@dashboard_panel(roles=...)`` declares the roles a panel is for: a user holding none of them
(an administrator aside) never sees it. The board member's panels are the programs' figures.

"My work" is the other contract: an app registers ``@my_work(roles=...)`` functions ``(user, today) ->
Iterable[WorkItem]``, each item one thing the user must do with the one link that does it. They are
asked only for a user holding one of their roles (never for a board member, who reads and never acts),
and the dashboard groups what they return into overdue, due today and due this week (I-113).

Each panel a user sees is computed and rendered once, then kept for ``KEPT_SECONDS`` (Django's cache, per
server process) under the generations of the tables it read (``core.records.generation``): a change to one of
them, committed anywhere or made by this process, has the next dashboard compute that panel afresh; the page
says when the figures it shows were computed ("as of").
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from types import SimpleNamespace
from typing import Any, overload

import rules
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString

from sewerworks.core.access.roles import ADMINISTRATOR, BOARD_MEMBER, user_roles
from sewerworks.core.records import generation
from sewerworks.ordinance.deadlines import is_business_day, local_date


@dataclass
class Panel:
    title: str
    template: str
    context: dict[str, Any] = field(default_factory=dict)
    order: int = 100


PanelFactory = Callable[[HttpRequest], "Panel | None"]
_PANELS: list[tuple[frozenset[str] | None, bool, PanelFactory]] = []


@overload
def dashboard_panel(func: PanelFactory, /) -> PanelFactory: ...
@overload
def dashboard_panel(
    *, roles: Iterable[str] | None = None, per_user: bool = False
) -> Callable[[PanelFactory], PanelFactory]: ...
def dashboard_panel(
    func: PanelFactory | None = None, /, *, roles: Iterable[str] | None = None, per_user: bool = False
) -> PanelFactory | Callable[[PanelFactory], PanelFactory]:
    """Decorator: register a dashboard panel, for everyone its permission lets in, or only for ``roles``.

    A panel shows the programs' figures, the same for everyone holding the same roles and permissions, and
    is computed once for all of them; one that reads the user's own records (their work) says
    ``per_user=True`` and is computed for each user."""
    wanted = frozenset(roles) if roles is not None else None

    def register(f: PanelFactory) -> PanelFactory:
        _PANELS.append((wanted, per_user, f))
        return f

    return register(func) if func is not None else register


def holds_any(user: Any, roles: frozenset[str] | None) -> bool:
    """True when ``roles`` is open (None), or the user holds one of them or is an administrator."""
    if roles is None:
        return True
    return bool(user_roles(user) & (roles | {ADMINISTRATOR}))


KEPT_SECONDS = generation.KEPT_SECONDS  # a panel's figures are kept this long at most, while nothing changes


@dataclass(frozen=True)
class ShownPanel:
    """A panel as the dashboard shows it: its title, place and rendered body."""

    title: str
    order: int
    html: SafeString


def permission_scope(user: Any) -> str:
    """What a figures panel can depend on: the user's roles (an administrator's included), the only source
    of permissions (core.access.authentication.PasswordBackend grants none of its own); users holding the same
    roles see the same figures."""
    return "|".join(sorted(user_roles(user)))


def _shown(f: PanelFactory, request: HttpRequest) -> tuple[ShownPanel | None, dt.datetime]:
    as_of = timezone.now()
    panel = f(request)
    if panel is None:
        return None, as_of
    return ShownPanel(panel.title, panel.order, render_to_string(panel.template, {"panel": panel})), as_of


def shown_panels(request: HttpRequest) -> tuple[list[ShownPanel], dt.datetime]:
    """The user's panels rendered, and when their figures were computed (the oldest of them): each panel kept
    on its own, the figures for everyone of the same ``permission_scope``, the user's own work per user, while
    none of the tables it read changes (the generations read before the figures, so a change during the
    computing is never hidden). A panel is computed again only when what it shows may have changed: an
    inspection's result recomputes the panels that read inspections, not the district's figures (issue 38)."""
    at, day = generation.current(), timezone.localdate()
    scope = hashlib.sha256(permission_scope(request.user).encode()).hexdigest()[:32]
    shown: list[ShownPanel] = []
    computed_at: list[tuple[bool, dt.datetime]] = []
    for roles, per_user, f in _PANELS:
        if not holds_any(request.user, roles):
            continue
        whose = f"user:{request.user.pk}:{scope}" if per_user else f"figures:{scope}"  # roles: read once a request
        name = f"dashboard:{whose}:{f.__module__}.{f.__qualname__}:{day}"
        panel, computed = generation.kept(name, partial(_shown, f, request), KEPT_SECONDS, at=at)
        computed_at.append((per_user, computed))
        if panel is not None:
            shown.append(panel)
    # "Figures as of": the oldest of the figures shared by the role (the user's own work is computed for them)
    shared = [t for mine, t in computed_at if not mine] or [t for _, t in computed_at]
    return sorted(shown, key=lambda p: p.order), min(shared, default=timezone.now())


# --- my work ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkItem:
    """One thing to do: what, about which record, by when, and the one link that opens the doing of it."""

    title: str
    subject: str
    url: str
    action: str
    program: str
    due_on: dt.date | None = None
    due_at: dt.datetime | None = None
    section: str = ""
    note: str = ""
    own: bool = True  # False: another role's task the user may act on, listed after the user's own


WorkSource = Callable[[Any, dt.date], Iterable[WorkItem]]
_WORK: list[tuple[frozenset[str], WorkSource]] = []


def my_work(*, roles: Iterable[str]) -> Callable[[WorkSource], WorkSource]:
    """Decorator: register a source of work items addressed to ``roles`` (never the board member's)."""
    wanted = frozenset(roles)
    if BOARD_MEMBER in wanted:
        raise ValueError("A board member reads and never acts: no work is addressed to the board (I-113).")

    def register(f: WorkSource) -> WorkSource:
        _WORK.append((wanted, f))
        return f

    return register


def acting_roles(user: Any) -> frozenset[str]:
    """The roles a user works in: an administrator's "every action" is not every role's work (I-113)."""
    return user_roles(user) - {ADMINISTRATOR, BOARD_MEMBER}


def role_may(role: str, perm: str) -> bool:
    """Whether holding ``role`` alone grants ``perm`` (asked of the rules, not of a table kept beside them)."""
    stand_in = SimpleNamespace(is_authenticated=True, is_active=True, is_superuser=False, _sewerworks_roles={role})
    return bool(rules.has_perm(perm, stand_in))


def addressed_to(user: Any, *, assigned_to_id: int | None, perm: str) -> bool:
    """A task is the user's when it is assigned to them, or to nobody and their role does it (``perm``)."""
    if assigned_to_id is not None:
        return bool(assigned_to_id == user.pk)
    return any(role_may(role, perm) for role in acting_roles(user))


def week_end(today: dt.date) -> dt.date:
    """The last day of "this week" (I-113): the fifth business day after today (NY holidays skipped)."""
    day, counted = today, 0
    while counted < 5:
        day += dt.timedelta(days=1)
        counted += is_business_day(day)
    return day


GROUPS = (
    ("overdue", "Overdue"),
    ("today", "Due today"),
    ("week", "Due this week"),
    ("waiting", "Waiting for you (no date set)"),
    ("others", "Others' tasks you may act on"),
)


def group_work(items: Iterable[WorkItem], now: dt.datetime) -> dict[str, list[WorkItem]]:
    """Items sorted by when they fall due, as of the moment ``now`` (its date in America/New_York, I-20):
    overdue (the day passed, or the hour of an hour-counted limit), due today, due by ``week_end``, and
    those with no date; then others' tasks the user may act on (``own`` false), last. Items due later are not
    today's work and are left out."""
    today = local_date(now)
    end = week_end(today)
    out: dict[str, list[WorkItem]] = {key: [] for key, _ in GROUPS}
    for item in items:
        if not item.own:
            out["others"].append(item)  # after the user's own work, whenever due
        elif item.due_at is not None and item.due_at <= now:
            out["overdue"].append(item)
        elif item.due_on is None:
            out["waiting"].append(item)
        elif item.due_on < today:
            out["overdue"].append(item)
        elif item.due_on == today:
            out["today"].append(item)
        elif item.due_on <= end:
            out["week"].append(item)
    far = dt.date.max
    for key in out:
        out[key].sort(key=lambda i: (i.due_on or far, i.program, i.subject))
    return out


def work_for(user: Any, now: dt.datetime | None = None) -> dict[str, list[WorkItem]] | None:
    """The user's work today, grouped; None for a user who works in no role (a board member)."""
    roles = acting_roles(user)
    if not roles:  # the board member's page is figures; the administrator's the jobs needing attention
        return None
    now = now or timezone.now()
    items: list[WorkItem] = []
    for wanted, source in _WORK:
        if roles & wanted:
            items.extend(source(user, local_date(now)))
    return group_work(items, now)


@dashboard_panel(per_user=True)
def my_work_panel(request: HttpRequest) -> Panel | None:
    """First on the page: what is the user's own to do, overdue first, each with its one click."""
    found = work_for(request.user)
    if found is None:
        return None
    groups = [{"key": key, "label": label, "items": found[key]} for key, label in GROUPS]
    context = {
        "groups": groups,
        "total": sum(len(g["items"]) for g in groups),
        "week_end": week_end(timezone.localdate()),
    }
    return Panel("My work today", "core/_panel_my_work.html", context, order=1)


@dashboard_panel
def needs_attention(request: HttpRequest) -> Panel | None:
    """Core's own panel: jobs whose worker stopped, and recorded resolution values set aside."""
    from sewerworks.core.models import Job
    from sewerworks.core.parameters import current_parameters

    user = request.user
    interrupted = Job.objects.filter(status=Job.Status.INTERRUPTED).count() if user.has_perm("core.view_job") else 0
    set_aside = len(current_parameters().problems) if user.has_perm("core.view_resolution") else 0
    if not interrupted and not set_aside:
        return None
    context = {"interrupted": interrupted, "set_aside": set_aside}
    return Panel("Needs attention", "core/_panel_attention.html", context, order=5)
