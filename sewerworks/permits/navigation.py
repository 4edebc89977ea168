"""What the permits program adds to the navigation (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(NavEntry("Permits", "permits:home", "permits.view_permits", order=35))
