from sewerworks.engineering.models.construction import GuarantySecurity, InspectionMonth
from sewerworks.engineering.models.designs import DesignElement, DesignFinding, DesignRevision
from sewerworks.engineering.models.petitions import PetitionSignature
from sewerworks.engineering.models.projects import Approval, ExtensionProject
from sewerworks.engineering.models.reports import DailyReport, MaterialRejection, ReportPhoto, StopWorkOrder
from sewerworks.engineering.models.testing import ExfiltrationTest, PlannedSection, SectionRepair

__all__ = [
    "Approval",
    "DailyReport",
    "DesignElement",
    "DesignFinding",
    "DesignRevision",
    "ExfiltrationTest",
    "ExtensionProject",
    "GuarantySecurity",
    "InspectionMonth",
    "MaterialRejection",
    "PetitionSignature",
    "PlannedSection",
    "ReportPhoto",
    "SectionRepair",
    "StopWorkOrder",
]
