"""Dashboard panels: each app adds what its users need to see first.

A panel is a function ``(request) -> Panel | None``; the dashboard shows those that return one, in
order. Enforcement adds open and overdue deadlines, billing the state of the bill run, and so on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest


@dataclass
class Panel:
    title: str
    template: str
    context: dict[str, Any] = field(default_factory=dict)
    order: int = 100


PanelFactory = Callable[[HttpRequest], "Panel | None"]
_PANELS: list[PanelFactory] = []


def dashboard_panel(func: PanelFactory) -> PanelFactory:
    """Decorator: register a dashboard panel."""
    _PANELS.append(func)
    return func


def panels_for(request: HttpRequest) -> list[Panel]:
    out = [p for p in (f(request) for f in _PANELS) if p is not None]
    return sorted(out, key=lambda p: p.order)


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
