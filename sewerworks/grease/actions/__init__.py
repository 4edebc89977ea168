"""Every change of state in the grease program: atomic, role-checked, audited (views and the API call these)."""

from sewerworks.grease.actions.establishments import (
    do_approve_plan,
    do_record_interceptor,
    do_record_opinion,
    do_register_establishment,
)
from sewerworks.grease.actions.inspections import do_record_inspection
from sewerworks.grease.actions.pumpouts import do_add_hauler, do_attach_receipt, do_record_pump_out

__all__ = [
    "do_add_hauler",
    "do_approve_plan",
    "do_attach_receipt",
    "do_record_inspection",
    "do_record_interceptor",
    "do_record_opinion",
    "do_record_pump_out",
    "do_register_establishment",
]
