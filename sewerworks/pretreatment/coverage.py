"""The sections of Chapter 118 the pretreatment program implements (ordinance browser coverage).

- §118-2, §118-3: on the §118-45 visit's checklist (objectionable waste deposited, discharge to a natural
  outlet without treatment).
- §118-28: SPDES permits for cooling water, with the Town Engineer's approval.
- §118-37: every row of the toxic table on 24-hour and 30-day averages, pH, heat, oil and grease, slug loads
  and 1,000 gpm (I-30 to I-34, I-70, I-72, I-73, I-76); exceedances open a violation; the narrative
  prohibitions on the visit's checklist.
- §118-39: the Town Engineer's review on each trigger (I-30, I-32, I-74); §118-40: no construction of
  preliminary treatment before its approvals; §118-41, §118-42: control manholes and the nearest public
  manhole as sampling points, results with their method and lab; §118-43: special agreements tied to the
  Board's resolution (I-71); §118-45: visits with the visitor's agency, credentials and reason.
"""

from __future__ import annotations

from sewerworks.core.ordinance_browser.coverage import declare_implemented

DECLARED: dict[str, str] = {
    "118-2": "pretreatment: the §118-45 visit's checklist records objectionable waste deposited",
    "118-3": "pretreatment: the visit's checklist records discharges to a natural outlet without treatment",
    "118-28": "pretreatment: SPDES cooling-water permits with the Town Engineer's approval",
    "118-37": "pretreatment: every toxic-table row on 24-hour and 30-day averages, pH, heat, oil and grease, slug "
    "loads, 1,000 gpm; lab results import and evaluation; exceedances open violations; narrative checklist",
    "118-39": "pretreatment: the Town Engineer's review on BOD, suspended solids, chlorine demand, substances "
    "over their limits and 2% of the town's flow; decided as approval, preliminary treatment or surcharge",
    "118-40": "pretreatment: preliminary treatment facilities, no construction before written approvals",
    "118-41": "pretreatment: control manholes the Town Engineer required, as sampling points",
    "118-42": "pretreatment: sampling points (the nearest downstream public manhole where none was required); "
    "results with their method and laboratory",
    "118-43": "pretreatment: special agreements tied to the approving Board resolution, applied for their dates",
    "118-45": "pretreatment: inspection visits with the visitor's agency, credentials and reason",
}


def declare() -> list[str]:
    for section, how in DECLARED.items():
        declare_implemented(section, by=how)
    return sorted(DECLARED)


declare()
