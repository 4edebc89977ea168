from sewerworks.core.models.audit import AuditEvent
from sewerworks.core.models.charges import PendingCharge
from sewerworks.core.models.decisions import StoredDecision
from sewerworks.core.models.generation import DataGeneration
from sewerworks.core.models.heartbeat import WorkerHeartbeat
from sewerworks.core.models.imports import ImportBatch, StagedRows
from sewerworks.core.models.jobs import Job
from sewerworks.core.models.mail import OutgoingMail
from sewerworks.core.models.resolutions import BoardResolution, ParameterOverride
from sewerworks.core.models.tokens import ApiToken

__all__ = [
    "ApiToken", "AuditEvent", "BoardResolution", "DataGeneration", "ImportBatch", "Job", "ParameterOverride",
    "OutgoingMail", "PendingCharge", "StagedRows", "StoredDecision", "WorkerHeartbeat",
]
