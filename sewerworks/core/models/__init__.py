from sewerworks.core.models.audit import AuditEvent
from sewerworks.core.models.charges import PendingCharge
from sewerworks.core.models.decisions import StoredDecision
from sewerworks.core.models.generation import TableGeneration
from sewerworks.core.models.heartbeat import WorkerHeartbeat
from sewerworks.core.models.imports import ImportBatch, StagedRows
from sewerworks.core.models.jobs import Job
from sewerworks.core.models.mail import OutgoingMail
from sewerworks.core.models.resolutions import BoardResolution, ParameterOverride
from sewerworks.core.models.tokens import ApiToken

__all__ = [
    "ApiToken", "AuditEvent", "BoardResolution", "ImportBatch", "Job", "OutgoingMail", "ParameterOverride",
    "PendingCharge", "StagedRows", "StoredDecision", "TableGeneration", "WorkerHeartbeat",
]
