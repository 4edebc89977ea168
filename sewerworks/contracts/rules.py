"""Who may do what with contract users (§118-29.1).

Everyone with a role reads the screen and the agreements. The clerk, the Superintendent and the Town
Engineer run the screen. The clerk's office and the Superintendent record an owner's petition and the Town
Board's decision on it (the Board decides by resolution; a board member records nothing here).
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import CLERK, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_staff_member

rules.add_perm("contracts.view_contracts", is_staff_member)
rules.add_perm("contracts.run_screen", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("contracts.record_petition", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("contracts.record_board_decision", has_role(CLERK, SUPERINTENDENT))
