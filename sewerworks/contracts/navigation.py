"""What contract users add to the navigation (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(NavEntry("Contract users", "contracts:home", "contracts.view_contracts", order=45))
