"""Who may do what with sewer extensions (§118-29..33).

Everyone with a role reads them. The clerk's office, the Superintendent and the Town Engineer open a
project and receive its design revisions (an import of the design file, reviewed at once). Only the Town
Engineer approves a design for the town and reviews the drainage area's future flows (§118-29: "approval
obtained from the engineer"); the approvals of the State Department of Health and the Town Board are
letters and resolutions the Town Engineer, the Superintendent or the clerk records as received. A board
member changes nothing.

Construction (§118-30, 31, 34, 35): the clerk's office, the Superintendent and the Town Engineer record what
the town receives (the Board's resolution linked, the guaranty security, the contractor and the start, the
owners' petition signatures and the Board's decision on it); the clerk's office and the Superintendent bill a
month of inspection. The Town Engineer and the Sewer Department's inspectors file the daily reports and record
the exfiltration tests and repairs; only the Town Engineer plans the tests, stops the work, rejects material
and lifts a stop-work order (§118-31: "The Town Engineer's decision shall be final in matters of quality and
methods of construction").
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import CLERK, INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_staff_member

rules.add_perm("engineering.view_engineering", is_staff_member)
rules.add_perm("engineering.open_project", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("engineering.import_design", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("engineering.approve_design", has_role(TOWN_ENGINEER))
rules.add_perm("engineering.record_outside_approval", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("engineering.record_construction", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("engineering.bill_inspection", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("engineering.inspect_construction", has_role(TOWN_ENGINEER, INSPECTOR))
rules.add_perm("engineering.decide_construction", has_role(TOWN_ENGINEER))
