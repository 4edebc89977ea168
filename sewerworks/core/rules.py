"""Permissions of the core app (autodiscovered by ``rules``)."""

from __future__ import annotations

import rules

from sewerworks.core.roles import CLERK, SUPERINTENDENT, TOWN_ENGINEER, has_role, is_administrator, is_staff_member

rules.add_perm("core.view_site", is_staff_member)
rules.add_perm("core.run_determination", is_staff_member)
rules.add_perm("core.view_job", is_staff_member)
rules.add_perm("core.start_job", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("core.view_resolution", is_staff_member)
rules.add_perm("core.record_resolution", has_role(CLERK))
rules.add_perm("core.rerun_job", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("core.manage_users", is_administrator)
