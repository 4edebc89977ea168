"""What the grease program adds to the navigation (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(NavEntry("Grease", "grease:home", "grease.view_grease", order=40))
