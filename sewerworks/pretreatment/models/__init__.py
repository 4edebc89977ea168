from sewerworks.pretreatment.models.facilities import CoolingWaterPermit, InspectionVisit, PreliminaryTreatment
from sewerworks.pretreatment.models.reviews import REVIEW_PIPELINE, EngineerReview
from sewerworks.pretreatment.models.samples import Exceedance, Result, Sample
from sewerworks.pretreatment.models.users import IndustrialUser, SamplingPoint, SpecialAgreement

__all__ = [
    "REVIEW_PIPELINE",
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
