"""Billing's ``do_*`` actions: every change of state goes through one of these."""

from sewerworks.billing.actions.periods import (
    do_open_period,
    do_post_period,
    do_review_period,
    do_start_bill_run,
)
from sewerworks.billing.actions.printing import do_start_bill_batch
from sewerworks.billing.actions.strength import do_record_strength

__all__ = [
    "do_open_period",
    "do_post_period",
    "do_record_strength",
    "do_review_period",
    "do_start_bill_batch",
    "do_start_bill_run",
]
