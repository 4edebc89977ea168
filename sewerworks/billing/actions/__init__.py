"""Billing's ``do_*`` actions: every change of state goes through one of these."""

from sewerworks.billing.actions.credits import do_apply_credit
from sewerworks.billing.actions.payments import do_reverse_payment, do_take_payment
from sewerworks.billing.actions.periods import (
    do_open_period,
    do_post_period,
    do_review_period,
    do_start_bill_run,
)
from sewerworks.billing.actions.printing import do_start_bill_batch
from sewerworks.billing.actions.strength import do_record_strength

__all__ = [
    "do_apply_credit",
    "do_open_period",
    "do_post_period",
    "do_record_strength",
    "do_reverse_payment",
    "do_review_period",
    "do_start_bill_batch",
    "do_start_bill_run",
    "do_take_payment",
]
