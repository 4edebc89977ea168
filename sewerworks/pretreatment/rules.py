"""Who may do what in the pretreatment program (§§118-37 – 118-45).

Everyone with a role reads it. The Superintendent and the Town Engineer register industrial users and their
sampling points, and record preliminary treatment and SPDES cooling-water permits (the Town Engineer's
approvals, §118-28, §118-40); the clerk's office and the Superintendent import lab results; the Town
Engineer, the Superintendent and inspectors record inspection visits (§118-45); only the Town Engineer
decides a §118-39 review; the Superintendent and the Town Engineer evaluate a period's results at once (issue
36: it opens violations); special agreements are recorded by the Superintendent from the Board's resolution
(§118-43). A board member changes nothing.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import CLERK, INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_staff_member

rules.add_perm("pretreatment.view_pretreatment", is_staff_member)
rules.add_perm("pretreatment.register_user", has_role(SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("pretreatment.record_facility", has_role(SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("pretreatment.record_agreement", has_role(SUPERINTENDENT))
rules.add_perm("pretreatment.import_results", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("pretreatment.record_visit", has_role(TOWN_ENGINEER, SUPERINTENDENT, INSPECTOR))
rules.add_perm("pretreatment.decide_review", has_role(TOWN_ENGINEER))
rules.add_perm("pretreatment.evaluate_period", has_role(SUPERINTENDENT, TOWN_ENGINEER))
