from sewerworks.engineering.models.designs import DesignElement, DesignFinding, DesignRevision
from sewerworks.engineering.models.projects import Approval, ExtensionProject

__all__ = ["Approval", "DesignElement", "DesignFinding", "DesignRevision", "ExtensionProject"]
