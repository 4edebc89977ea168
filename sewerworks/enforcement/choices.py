"""Choice lists of enforcement, in the ordinance's words."""

from django.db import models


class Program(models.TextChoices):
    CONNECTION = "connection", "Mandatory connection and abandonment (§118-5)"
    GREASE = "grease", "Grease interceptors (§118-38)"
    PERMITS = "permits", "Building sewers and permits (§§118-14 – 118-27)"
    PRETREATMENT = "pretreatment", "Industrial discharge (§§118-37 – 118-43)"
    BILLING = "billing", "Sewer charges (§§118-48 – 118-54)"
    ENGINEERING = "engineering", "Sewer extensions and design (§§118-29 – 118-35)"
    GENERAL = "general", "General (§118-47)"


class NoticeKind(models.TextChoices):
    NOTICE_TO_CONNECT = "notice_to_connect", "Notice to Connect (§118-5)"
    NOTICE_OF_VIOLATION = "notice_of_violation", "Notice of Violation (§118-47)"
    PUMP_OUT_ORDER = "pump_out_order", "72-hour pump-out order (§118-38)"
    APPEARANCE_TICKET = "appearance_ticket", "Appearance ticket (§118-38)"
    DAMAGE_REPORT = "damage_report", "Damage report (§118-44)"
    REEXCAVATION_ORDER = "reexcavation_order", "Order to re-excavate a trench for inspection (§118-26)"


class ServiceMethod(models.TextChoices):
    CERTIFIED_MAIL = "certified_mail", "Certified mail"
    PERSONAL_DELIVERY = "personal_delivery", "Personal delivery"
    POSTING = "posting", "Posting on the premises"


class Discovery(models.TextChoices):
    INSPECTION = "inspection", "Inspection"
    COMPLAINT = "complaint", "Complaint"
    MISSED_DEADLINE = "missed_deadline", "Missed deadline (found by the daily sweep)"
    REPORT = "report", "Report by staff or another agency"
    SAMPLING = "sampling", "Sampling result"


class DeadlineKind(models.TextChoices):
    CONNECT = "connect", "Connect to the public sewer (§118-5: 180 days after notice)"
    ABANDON = "abandon", "Clean, abandon and fill the private system (§118-5: 90 days after connection)"
    CORRECT = "correct", "Correct the violation (§118-47: time limit in the notice)"
    PUMP_OUT = "pump_out", "Pump out the interceptor (§118-38: 72 hours)"
    INSTALL_METER = "install_meter", "Install a water meter (§118-52)"
    INSTALL_INTERCEPTOR = "install_interceptor", "Install a grease interceptor (§118-38: 30 days after connection)"
    REEXCAVATE = "reexcavate", "Re-excavate a trench filled before its inspection (§118-26)"
    RESTORE = "restore", "Restore the public property the work disturbed (§118-27)"
    REVIEW = "review", "A duty of the Town's own (a review, a decision by staff)"
    OTHER = "other", "Other"


class DeadlineStatus(models.TextChoices):
    OPEN = "open", "Open"
    MET = "met", "Met"
    OVERDUE = "overdue", "Overdue"
    CANCELLED = "cancelled", "Cancelled"
