"""Billing's records: periods, bills and line items, the ledger, strength records."""

from sewerworks.billing.models.batches import BillBatch, MailingOrder
from sewerworks.billing.models.bills import Bill, BillLine
from sewerworks.billing.models.ledger import LedgerEntry
from sewerworks.billing.models.payments import Payment
from sewerworks.billing.models.periods import BillingPeriod, PeriodStatusChange
from sewerworks.billing.models.strength import StrengthRecord

__all__ = [
    "Bill",
    "BillBatch",
    "BillLine",
    "BillingPeriod",
    "LedgerEntry",
    "MailingOrder",
    "Payment",
    "PeriodStatusChange",
    "StrengthRecord",
]
