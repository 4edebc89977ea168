from sewerworks.pretreatment.models.evaluations import ChangeKind, EvaluationRun, ExceedanceChange
from sewerworks.pretreatment.models.facilities import CoolingWaterPermit, InspectionVisit, PreliminaryTreatment
from sewerworks.pretreatment.models.reviews import REVIEW_PIPELINE, EngineerReview
from sewerworks.pretreatment.models.samples import Exceedance, Result, Sample
from sewerworks.pretreatment.models.users import IndustrialUser, SamplingPoint, SpecialAgreement

__all__ = [
    "REVIEW_PIPELINE",
    "ChangeKind",
    "EvaluationRun",
    "ExceedanceChange",
    "CoolingWaterPermit",
    "EngineerReview",
    "Exceedance",
    "IndustrialUser",
    "InspectionVisit",
    "PreliminaryTreatment",
    "Result",
    "Sample",
    "SamplingPoint",
    "SpecialAgreement",
]
