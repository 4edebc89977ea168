"""What billing adds to the navigation (registered at start-up): the periods and their bills, the
payment counter, the clerk's cash (deposits, the month's turnover, corrections) and the Board's review."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(
    NavEntry("Billing", "billing:home", "billing.view_billing", order=30),
    NavEntry("Counter", "billing:counter", "billing.take_payment", order=31),
    NavEntry("Cash", "billing:deposits", "billing.view_billing", order=32),
    NavEntry("Board review", "billing:revenue", "billing.view_billing", order=33),
)
