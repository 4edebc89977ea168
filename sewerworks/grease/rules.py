"""Who may do what in the grease program (§118-38).

Everyone with a role reads it. Inspectors, the Building Inspector and the Superintendent record
inspections (the written notice or the 72-hour order is served as the inspection is recorded). The
clerk's office registers establishments, keeps the haulers and enters pump-outs from the log and the
haulers' manifests; the inspectors and the Superintendent may enter pump-outs too. Interceptors are
recorded by the Building Inspector, the Superintendent and inspectors. Plans are approved by the
Building Inspector and by the Superintendent, each for their own approval (§118-38): never by the clerk.
A board member changes nothing.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import BUILDING_INSPECTOR, CLERK, INSPECTOR, SUPERINTENDENT, has_role, is_staff_member

rules.add_perm("grease.view_grease", is_staff_member)
rules.add_perm("grease.register_establishment", has_role(CLERK, SUPERINTENDENT, BUILDING_INSPECTOR))
rules.add_perm("grease.record_interceptor", has_role(SUPERINTENDENT, BUILDING_INSPECTOR, INSPECTOR))
rules.add_perm("grease.approve_plan_as_building_inspector", has_role(BUILDING_INSPECTOR))
rules.add_perm("grease.approve_plan_as_superintendent", has_role(SUPERINTENDENT))
rules.add_perm("grease.record_inspection", has_role(INSPECTOR, BUILDING_INSPECTOR, SUPERINTENDENT))
rules.add_perm("grease.record_pump_out", has_role(CLERK, SUPERINTENDENT, INSPECTOR, BUILDING_INSPECTOR))
rules.add_perm("grease.manage_haulers", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("grease.import_manifests", has_role(CLERK, SUPERINTENDENT))
