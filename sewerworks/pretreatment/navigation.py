"""What the pretreatment program adds to the navigation (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(NavEntry("Pretreatment", "pretreatment:home", "pretreatment.view_pretreatment", order=45))
