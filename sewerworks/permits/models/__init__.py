from sewerworks.permits.models.permits import Permit
from sewerworks.permits.models.records import DiscretionDecision, FeePayment, PermitAttachment

__all__ = ["DiscretionDecision", "FeePayment", "Permit", "PermitAttachment"]
