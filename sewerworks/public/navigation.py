"""What the public side adds to the staff's navigation (registered at start-up)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(NavEntry("Public accounts", "public_staff:links", "public.view_link", order=90))
