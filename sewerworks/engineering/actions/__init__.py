from sewerworks.engineering.actions.construction import (
    do_link_board_resolution,
    do_record_security,
    do_start_construction,
)
from sewerworks.engineering.actions.designs import DesignUnreadable, do_import_design, review_of
from sewerworks.engineering.actions.inspection_bills import do_bill_inspection_month
from sewerworks.engineering.actions.petitions import do_record_signature, do_record_warrant
from sewerworks.engineering.actions.projects import do_open_project, do_record_approval, do_review_future_flows
from sewerworks.engineering.actions.reports import (
    do_attach_report_photo,
    do_file_daily_report,
    do_lift_stop_work,
    do_reject_material,
    do_stop_work,
)
from sewerworks.engineering.actions.testing import do_plan_tests, do_record_exfiltration_test, do_record_repair

__all__ = [
    "DesignUnreadable",
    "do_attach_report_photo",
    "do_bill_inspection_month",
    "do_file_daily_report",
    "do_import_design",
    "do_lift_stop_work",
    "do_link_board_resolution",
    "do_open_project",
    "do_plan_tests",
    "do_record_approval",
    "do_record_exfiltration_test",
    "do_record_repair",
    "do_record_security",
    "do_record_signature",
    "do_record_warrant",
    "do_reject_material",
    "do_review_future_flows",
    "do_start_construction",
    "do_stop_work",
    "review_of",
]
