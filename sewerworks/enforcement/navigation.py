"""What enforcement adds to the navigation and to the registry's parcel page (registered at start-up).

The registry's parcel template shows whatever actions are registered for ``registry.parcel``; it never
names enforcement's URLs.
"""

from __future__ import annotations

from typing import Any

from sewerworks.core.web.navigation import NavEntry, RecordAction, register_nav, register_record_action

register_nav(NavEntry("Enforcement", "enforcement:deadline_board", "enforcement.view_enforcement", order=20))
register_record_action(
    RecordAction(
        "registry.parcel",
        "Issue a Notice to Connect",
        "enforcement:issue_notice",
        ("enforcement.issue_notice",),
        order=10,
        query="?kind=notice_to_connect",
        style="btn-primary",
        warning=lambda parcel: _connected_warning(parcel),
    ),
    RecordAction(
        "registry.parcel",
        "Record a violation",
        "enforcement:new_violation",
        ("enforcement.issue_notice", "enforcement.open_violation"),
        order=20,
        style="btn-outline-danger",
    ),
)


def _connected_warning(parcel: Any) -> str:
    from sewerworks.enforcement.connected import already_connected_warning  # models are ready by then

    return already_connected_warning(parcel)
