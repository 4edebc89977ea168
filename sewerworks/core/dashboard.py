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
