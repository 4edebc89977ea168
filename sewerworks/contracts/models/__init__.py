from sewerworks.contracts.models.agreements import ContractAgreement
from sewerworks.contracts.models.candidates import Candidate, ScreenRun

__all__ = ["Candidate", "ContractAgreement", "ScreenRun"]
