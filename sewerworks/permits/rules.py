"""Who may do what in the permits program (§§118-7..18).

Everyone with a role reads permits. The clerk's office, the Superintendent and the Town Engineer enter
applications and attach their plans; the fee is paid to the Town Clerk (§118-15), so only the clerk's office
records it. The Superintendent and the Town Engineer review and approve building sewer permits; each official
decides only the discretion findings that name him (the Town Engineer; the Sewer Department through the
Superintendent; the inspector for bearing walls), and the county's decisions are recorded by the clerk's office
or the Superintendent, as is the county's permit, notice and final inspection. The Town Board grants opening
permits (§118-14): the clerk records its resolution. Inspectors and the Superintendent record construction.
The Town Engineer examines old building sewers (§118-18). A board member changes nothing.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import CLERK, INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_staff_member

rules.add_perm("permits.view_permits", is_staff_member)
rules.add_perm("permits.enter_application", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("permits.record_fee", has_role(CLERK))
rules.add_perm("permits.review_permit", has_role(SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("permits.decide_as_town_engineer", has_role(TOWN_ENGINEER))
rules.add_perm("permits.decide_as_sewer_department", has_role(SUPERINTENDENT))
rules.add_perm("permits.decide_as_inspector", has_role(INSPECTOR, SUPERINTENDENT))
rules.add_perm("permits.record_county", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("permits.grant_opening", has_role(CLERK))
rules.add_perm("permits.record_construction", has_role(INSPECTOR, SUPERINTENDENT))
rules.add_perm("permits.examine_old_sewer", has_role(TOWN_ENGINEER))
