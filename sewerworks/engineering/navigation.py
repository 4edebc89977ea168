"""What engineering adds to the navigation (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(NavEntry("Engineering", "engineering:home", "engineering.view_engineering", order=50))
