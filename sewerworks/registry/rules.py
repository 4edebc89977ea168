"""Who may read and change the registry.

Everyone with a role reads it. The clerk keeps parcels, owners, buildings and accounts (with the
Superintendent); the Water Superintendent keeps meters and their reads; the Town Engineer and the
Superintendent keep the public sewer network. A board member changes nothing.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.roles import (
    CLERK,
    SUPERINTENDENT,
    TOWN_ENGINEER,
    WATER_SUPERINTENDENT,
    has_role,
    is_staff_member,
)

keepers = has_role(CLERK, SUPERINTENDENT)
meter_keepers = has_role(WATER_SUPERINTENDENT, CLERK, SUPERINTENDENT)
network_keepers = has_role(TOWN_ENGINEER, SUPERINTENDENT)

rules.add_perm("registry.view_registry", is_staff_member)
for model in ("parcel", "assessedvalue", "owner", "ownership", "building", "connection", "privatesystem",
              "seweraccount", "improvementarea"):
    rules.add_perm(f"registry.view_{model}", is_staff_member)
    rules.add_perm(f"registry.add_{model}", keepers)
    rules.add_perm(f"registry.change_{model}", keepers)
for model in ("watermeter", "meterread"):
    rules.add_perm(f"registry.view_{model}", is_staff_member)
    rules.add_perm(f"registry.add_{model}", meter_keepers)
    rules.add_perm(f"registry.change_{model}", meter_keepers)
for model in ("treatmentplant", "sewermain", "manhole", "lateral"):
    rules.add_perm(f"registry.view_{model}", is_staff_member)
    rules.add_perm(f"registry.add_{model}", network_keepers)
    rules.add_perm(f"registry.change_{model}", network_keepers)
# A meter change (registry.meters.do_replace_meter): the final and initial reads, the old meter retired.
rules.add_perm("registry.replace_watermeter", meter_keepers)
rules.add_perm("registry.import_roll", has_role(CLERK))
rules.add_perm("registry.build_demo", has_role())  # administrators only
