"""Billing's ``do_*`` actions: every change of state goes through one of these."""

from sewerworks.billing.actions.adjustments import do_approve_adjustment, do_make_adjustment, do_refuse_adjustment
from sewerworks.billing.actions.cash import do_close_deposit, do_close_month
from sewerworks.billing.actions.credits import do_apply_credit
from sewerworks.billing.actions.payments import do_reverse_payment, do_take_payment
from sewerworks.billing.actions.periods import (
    do_open_period,
    do_post_period,
    do_review_period,
    do_start_bill_run,
)
from sewerworks.billing.actions.printing import do_start_bill_batch
from sewerworks.billing.actions.refunds import (
    do_authorise_refund,
    do_cancel_refund,
    do_record_refund_audit,
    do_record_refund_paid,
)
from sewerworks.billing.actions.returned import BankReturn
from sewerworks.billing.actions.review import do_add_candidate, do_decide_review, do_enter_budget, do_open_review
from sewerworks.billing.actions.strength import do_record_strength

__all__ = [
    "BankReturn",
    "do_add_candidate",
    "do_apply_credit",
    "do_approve_adjustment",
    "do_authorise_refund",
    "do_cancel_refund",
    "do_close_deposit",
    "do_close_month",
    "do_decide_review",
    "do_enter_budget",
    "do_make_adjustment",
    "do_open_period",
    "do_open_review",
    "do_post_period",
    "do_record_refund_audit",
    "do_record_refund_paid",
    "do_record_strength",
    "do_refuse_adjustment",
    "do_reverse_payment",
    "do_review_period",
    "do_start_bill_batch",
    "do_start_bill_run",
    "do_take_payment",
]
