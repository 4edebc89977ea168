"""Permissions of the core app (autodiscovered by ``rules``)."""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import (
    CLERK,
    SUPERINTENDENT,
    TOWN_ENGINEER,
    has_role,
    is_administrator,
    is_staff_member,
)

rules.add_perm("core.view_site", is_staff_member)
rules.add_perm("core.run_determination", is_staff_member)
rules.add_perm("core.view_job", is_staff_member)
rules.add_perm("core.start_job", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("core.view_resolution", is_staff_member)
rules.add_perm("core.record_resolution", has_role(CLERK))
rules.add_perm("core.rerun_job", has_role(CLERK, SUPERINTENDENT, TOWN_ENGINEER))
# The Superintendent keeps the one worker's queue: a queued job is cancelled from the jobs page (issue 30).
rules.add_perm("core.cancel_job", has_role(SUPERINTENDENT))
rules.add_perm("core.manage_users", is_administrator)
# Pending charges: every role may read them; the clerk and the Superintendent add one by hand (programs
# add theirs through their own actions); billing (the clerk's office) marks them billed.
rules.add_perm("core.view_pending_charge", is_staff_member)
rules.add_perm("core.add_pending_charge", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("core.bill_pending_charge", has_role(CLERK))
# API tokens act as a user with that user's roles: only the administrator issues and revokes them.
rules.add_perm("core.manage_api_tokens", is_administrator)
