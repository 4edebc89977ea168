from sewerworks.engineering.actions.designs import DesignUnreadable, do_import_design, review_of
from sewerworks.engineering.actions.projects import do_open_project, do_record_approval, do_review_future_flows

__all__ = [
    "DesignUnreadable",
    "do_import_design",
    "do_open_project",
    "do_record_approval",
    "do_review_future_flows",
    "review_of",
]
