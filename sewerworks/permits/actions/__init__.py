"""Every change of state in the permits program: atomic, role-checked, audited (views and the API call these)."""

from sewerworks.permits.actions.applications import (
    do_attach_document,
    do_file_application,
    do_record_fee,
    do_update_design,
)
from sewerworks.permits.actions.county import (
    do_record_county_inspection,
    do_record_county_notice,
    do_record_county_permit,
    do_record_private_system,
)
from sewerworks.permits.actions.industrial import do_link_industrial_user
from sewerworks.permits.actions.moves import do_move_permit, do_record_discretion
from sewerworks.permits.actions.opening import do_grant_opening_permit
from sewerworks.permits.actions.restoration import do_record_restoration
from sewerworks.permits.actions.reuse import do_record_examination

__all__ = [
    "do_attach_document",
    "do_file_application",
    "do_grant_opening_permit",
    "do_link_industrial_user",
    "do_move_permit",
    "do_record_county_inspection",
    "do_record_county_notice",
    "do_record_county_permit",
    "do_record_discretion",
    "do_record_examination",
    "do_record_fee",
    "do_record_private_system",
    "do_record_restoration",
    "do_update_design",
]
