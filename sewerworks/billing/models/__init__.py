"""Billing's records: periods, bills and line items, the ledger, strength records; the clerk's deposits and the
month's turnover, returned checks, adjustments and refunds; the Board's budgets and rate reviews."""

from sewerworks.billing.models.batches import BillBatch, MailingOrder
from sewerworks.billing.models.bills import Bill, BillLine
from sewerworks.billing.models.capital import CapitalCharge, CapitalChargeIssue, CapitalChargeRun
from sewerworks.billing.models.cash import Deposit, DepositItem, DepositItemKind, MonthlyTurnover, TurnoverLine
from sewerworks.billing.models.corrections import (
    AccountNote,
    Adjustment,
    AdjustmentReason,
    AdjustmentStatus,
    Refund,
    RefundStatus,
    ReturnedCheck,
)
from sewerworks.billing.models.ledger import LedgerEntry
from sewerworks.billing.models.payments import Payment
from sewerworks.billing.models.periods import BillingPeriod, PeriodStatusChange
from sewerworks.billing.models.property import ConnectionCharge, Sale, SearchLetter
from sewerworks.billing.models.relevy import NoticeBatch, RollRemoval, StatementLine, UnpaidStatement
from sewerworks.billing.models.review import AreaBudget, RateCandidate, RateReview, ReviewStatus
from sewerworks.billing.models.strength import StrengthRecord
from sewerworks.billing.models.taxroll import CountySettlement, ExportLayout, SettlementLine, TaxRollExport
from sewerworks.billing.models.voids import BillVoid, Rebill

__all__ = [
    "AccountNote",
    "Adjustment",
    "AdjustmentReason",
    "AdjustmentStatus",
    "AreaBudget",
    "Deposit",
    "DepositItem",
    "DepositItemKind",
    "MonthlyTurnover",
    "RateCandidate",
    "RateReview",
    "Refund",
    "RefundStatus",
    "ReturnedCheck",
    "ReviewStatus",
    "TurnoverLine",
    "Bill",
    "BillBatch",
    "BillLine",
    "BillVoid",
    "BillingPeriod",
    "CountySettlement",
    "ExportLayout",
    "CapitalCharge",
    "CapitalChargeIssue",
    "CapitalChargeRun",
    "ConnectionCharge",
    "LedgerEntry",
    "MailingOrder",
    "NoticeBatch",
    "Payment",
    "PeriodStatusChange",
    "Rebill",
    "RollRemoval",
    "SettlementLine",
    "StatementLine",
    "Sale",
    "SearchLetter",
    "StrengthRecord",
    "TaxRollExport",
    "UnpaidStatement",
]
