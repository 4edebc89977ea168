"""Who may do what in enforcement.

Everyone with a role reads it. Inspectors open violations and record evidence and service; the clerk
and the Superintendent issue notices; only the Building Inspector issues an appearance ticket (§118-38);
the Superintendent moves a case to court, posts a fine and runs the sweep; the clerk records what a
court imposed. Working staff open deadlines; who marks one met follows its kind (``deadline_kinds``).
A board member changes nothing.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import (
    BUILDING_INSPECTOR,
    CLERK,
    INSPECTOR,
    SUPERINTENDENT,
    TOWN_ENGINEER,
    WATER_SUPERINTENDENT,
    has_role,
    is_staff_member,
)

rules.add_perm("enforcement.view_enforcement", is_staff_member)
rules.add_perm(
    "enforcement.open_violation", has_role(INSPECTOR, BUILDING_INSPECTOR, SUPERINTENDENT, CLERK, TOWN_ENGINEER)
)
rules.add_perm("enforcement.add_evidence", has_role(INSPECTOR, BUILDING_INSPECTOR, SUPERINTENDENT, TOWN_ENGINEER))
rules.add_perm("enforcement.issue_notice", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("enforcement.issue_appearance_ticket", has_role(BUILDING_INSPECTOR))
rules.add_perm("enforcement.record_service", has_role(CLERK, SUPERINTENDENT, INSPECTOR, BUILDING_INSPECTOR))
rules.add_perm("enforcement.record_connection", has_role(SUPERINTENDENT, INSPECTOR))
rules.add_perm("enforcement.record_abandonment", has_role(SUPERINTENDENT, INSPECTOR))
rules.add_perm("enforcement.move_violation", has_role(SUPERINTENDENT))
rules.add_perm("enforcement.record_correction", has_role(SUPERINTENDENT, INSPECTOR, BUILDING_INSPECTOR))
rules.add_perm("enforcement.record_court_fine", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("enforcement.record_charge", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("enforcement.post_fine", has_role(SUPERINTENDENT))
rules.add_perm("enforcement.run_sweep", has_role(SUPERINTENDENT))
# The deadline engine every program uses: staff who work a program open its deadlines; a deadline of a kind
# without a narrower permission (a meter installed, a review of the Town's own) is marked met by them too.
WORKING_STAFF = (CLERK, SUPERINTENDENT, TOWN_ENGINEER, INSPECTOR, BUILDING_INSPECTOR, WATER_SUPERINTENDENT)
rules.add_perm("enforcement.open_deadline", has_role(*WORKING_STAFF))
rules.add_perm(
    "enforcement.meet_deadline",
    has_role(SUPERINTENDENT, TOWN_ENGINEER, INSPECTOR, BUILDING_INSPECTOR, WATER_SUPERINTENDENT),
)
