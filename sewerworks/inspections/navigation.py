"""What inspections add to the navigation (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(NavEntry("Inspections", "inspections:home", "inspections.view_inspections", order=36))
