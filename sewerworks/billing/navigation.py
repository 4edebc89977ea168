"""What billing adds to the navigation (registered at start-up): the periods and their bills, the
payment counter, the capital charge, the clerk's cash (deposits, the month's turnover, corrections), the Board's
review and the year end (§118-53: the statement of unpaid sewer rents and the relevy); and to the parcel page: the
search letter, a connection charge, a sale."""

from __future__ import annotations

from sewerworks.core.web.navigation import NavEntry, RecordAction, register_nav, register_record_action

register_nav(
    NavEntry("Billing", "billing:home", "billing.view_billing", order=30),
    NavEntry("Counter", "billing:counter", "billing.take_payment", order=31),
    NavEntry("Capital charge", "billing:capital", "billing.view_billing", order=32),
    NavEntry("Cash", "billing:deposits", "billing.view_billing", order=33),
    NavEntry("Board review", "billing:revenue", "billing.view_billing", order=34),
    NavEntry("Year end", "billing:relevy", "billing.view_billing", order=35),
)
# The charges that run with the property, from the parcel's page (§118-53, §118-54).
register_record_action(
    RecordAction("registry.parcel", "Search letter", "billing:search_letter", ("billing.view_billing",), order=40),
    RecordAction("registry.parcel", "Bill a connection charge", "billing:connection_new",
                 ("billing.post_connection_charge",), order=41),
    RecordAction("registry.parcel", "Record a sale", "billing:record_sale", ("billing.record_sale",), order=42),
)  # fmt: skip
