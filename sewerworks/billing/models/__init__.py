"""Billing's records: periods, bills and line items, the ledger, strength records."""

from sewerworks.billing.models.batches import BillBatch, MailingOrder
from sewerworks.billing.models.bills import Bill, BillLine
from sewerworks.billing.models.ledger import LedgerEntry
from sewerworks.billing.models.payments import Payment
from sewerworks.billing.models.periods import BillingPeriod, PeriodStatusChange
from sewerworks.billing.models.relevy import NoticeBatch, RollRemoval, StatementLine, UnpaidStatement
from sewerworks.billing.models.strength import StrengthRecord
from sewerworks.billing.models.taxroll import CountySettlement, ExportLayout, SettlementLine, TaxRollExport
from sewerworks.billing.models.voids import BillVoid, Rebill

__all__ = [
    "Bill",
    "BillBatch",
    "BillLine",
    "BillVoid",
    "BillingPeriod",
    "CountySettlement",
    "ExportLayout",
    "LedgerEntry",
    "MailingOrder",
    "NoticeBatch",
    "Payment",
    "PeriodStatusChange",
    "Rebill",
    "RollRemoval",
    "SettlementLine",
    "StatementLine",
    "StrengthRecord",
    "TaxRollExport",
    "UnpaidStatement",
]
