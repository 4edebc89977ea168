from sewerworks.enforcement.models.connect_tasks import NoticeToConnectTask
from sewerworks.enforcement.models.deadlines import Deadline, FollowUp, SweepRun
from sewerworks.enforcement.models.fines import AbandonmentFine, CourtFine, ViolatorCharge
from sewerworks.enforcement.models.notices import Notice
from sewerworks.enforcement.models.violations import Evidence, StatusChange, Violation

__all__ = [
    "AbandonmentFine",
    "CourtFine",
    "Deadline",
    "Evidence",
    "FollowUp",
    "Notice",
    "NoticeToConnectTask",
    "StatusChange",
    "SweepRun",
    "Violation",
    "ViolatorCharge",
]
