"""Every change of the pretreatment program's records, each a ``do_*`` action with its role check."""

from sewerworks.pretreatment.actions.facilities import (
    do_record_cooling_water_permit,
    do_record_preliminary_treatment,
    do_record_visit,
)
from sewerworks.pretreatment.actions.results import LabRow, Outcome, do_record_results
from sewerworks.pretreatment.actions.reviews import do_decide_review
from sewerworks.pretreatment.actions.users import (
    do_add_sampling_point,
    do_record_special_agreement,
    do_register_industrial_user,
)

__all__ = [
    "LabRow",
    "Outcome",
    "do_add_sampling_point",
    "do_decide_review",
    "do_record_cooling_water_permit",
    "do_record_preliminary_treatment",
    "do_record_results",
    "do_record_special_agreement",
    "do_record_visit",
    "do_register_industrial_user",
]
