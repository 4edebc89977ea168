"""Every change of state of an inspection: atomic, role-checked, audited (views and the API call these)."""

from sewerworks.inspections.actions.appointments import do_record_appointment
from sewerworks.inspections.actions.photos import do_add_photo
from sewerworks.inspections.actions.requests import do_request_inspection, do_schedule_inspection
from sewerworks.inspections.actions.results import do_record_result

__all__ = [
    "do_add_photo",
    "do_record_appointment",
    "do_record_result",
    "do_request_inspection",
    "do_schedule_inspection",
]
