"""Who may do what with sewer extensions (§118-29..33).

Everyone with a role reads them. The clerk's office, the Superintendent and the Town Engineer open a
project and receive its design revisions (an import of the design file, reviewed at once). Only the Town
Engineer approves a design for the town and reviews the drainage area's future flows (§118-29: "approval
obtained from the engineer"); the approvals of the State Department of Health and the Town Board are
letters and resolutions the Town Engineer, the Superintendent or the clerk records as received. A board
member changes nothing.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import CLERK, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_staff_member

rules.add_perm("engineering.view_engineering", is_staff_member)
rules.add_perm("engineering.open_project", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("engineering.import_design", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("engineering.approve_design", has_role(TOWN_ENGINEER))
rules.add_perm("engineering.record_outside_approval", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
