"""Every change of state in enforcement: atomic, role-checked, audited (views, API and CLI call these)."""

from sewerworks.enforcement.actions.connection import do_record_abandonment, do_record_connection
from sewerworks.enforcement.actions.deadlines import do_meet_deadline, do_open_deadline
from sewerworks.enforcement.actions.evidence import do_add_evidence
from sewerworks.enforcement.actions.fines import do_post_fine
from sewerworks.enforcement.actions.followups import do_complete_follow_up
from sewerworks.enforcement.actions.many import do_open_deadlines, do_open_violations
from sewerworks.enforcement.actions.notices import do_issue_notice, do_record_service
from sewerworks.enforcement.actions.sweep import do_sweep
from sewerworks.enforcement.actions.violations import (
    do_move_violation,
    do_open_violation,
    do_record_charge,
    do_record_correction,
    do_record_court_fine,
)

__all__ = [
    "do_add_evidence",
    "do_complete_follow_up",
    "do_issue_notice",
    "do_meet_deadline",
    "do_move_violation",
    "do_open_deadline",
    "do_open_deadlines",
    "do_open_violation",
    "do_open_violations",
    "do_post_fine",
    "do_record_abandonment",
    "do_record_charge",
    "do_record_connection",
    "do_record_correction",
    "do_record_court_fine",
    "do_record_service",
    "do_sweep",
]
