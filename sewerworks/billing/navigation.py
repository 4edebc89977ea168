"""What billing adds to the navigation (registered at start-up): the periods and their bills."""

from __future__ import annotations

from sewerworks.core.navigation import NavEntry, register_nav

register_nav(NavEntry("Billing", "billing:home", "billing.view_billing", order=30))
