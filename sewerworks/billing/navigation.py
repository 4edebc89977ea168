"""What billing adds to the navigation (registered at start-up): the periods and their bills, the
payment counter, the year end (§118-53: the statement of unpaid sewer rents and the relevy)."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, register_nav

register_nav(
    NavEntry("Billing", "billing:home", "billing.view_billing", order=30),
    NavEntry("Counter", "billing:counter", "billing.take_payment", order=31),
    NavEntry("Year end", "billing:relevy", "billing.view_billing", order=32),
)
