"""Who may do what, role by role: the registry's permissions as one table (core's are in
``core/tests/test_roles.py``).

The table is written out here, independently of ``registry/rules.py``: the clerk
and the Sewer Superintendent keep parcels, owners, buildings and accounts; the Water Superintendent (with
the clerk and the Superintendent) keeps meters and reads; the Town Engineer and the Superintendent keep
the public sewer network; a board member and an inspector read; the administrator does everything; a
user with no role does nothing. A permission added to the rules without a line here fails the test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from rules.permissions import permissions as registered

from sewerworks.core.access.roles import ROLES
from sewerworks.registry.models import MeterRead
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db

CLERK, SUPT, ENGINEER, INSPECTOR = "clerk", "superintendent", "town engineer", "inspector"
BUILDING_INSPECTOR, WATER_SUPT, BOARD, ADMIN = "building inspector", "water superintendent", "board member", \
    "administrator"
EVERYONE = frozenset(ROLES)
KEEPERS = frozenset({CLERK, SUPT, ADMIN})
METER_KEEPERS = frozenset({WATER_SUPT, CLERK, SUPT, ADMIN})
NETWORK_KEEPERS = frozenset({ENGINEER, SUPT, ADMIN})

RECORDS = ("parcel", "assessedvalue", "owner", "ownership", "building", "connection", "privatesystem",
           "seweraccount", "improvementarea")
METERS = ("watermeter", "meterread")
NETWORK = ("treatmentplant", "sewermain", "manhole", "lateral")

EXPECTED: dict[str, frozenset[str]] = {"registry.view_registry": EVERYONE}
for _models, _keepers in ((RECORDS, KEEPERS), (METERS, METER_KEEPERS), (NETWORK, NETWORK_KEEPERS)):
    for _m in _models:
        EXPECTED[f"registry.view_{_m}"] = EVERYONE
        EXPECTED[f"registry.add_{_m}"] = _keepers
        EXPECTED[f"registry.change_{_m}"] = _keepers
EXPECTED.update({
    "registry.replace_watermeter": METER_KEEPERS,
    "registry.import_roll": frozenset({CLERK, ADMIN}),
    "registry.build_demo": frozenset({ADMIN}),
})


def _mismatches(user: Any, roles: frozenset[str]) -> list[str]:
    wrong = []
    for perm, allowed in sorted(EXPECTED.items()):
        should = bool(roles & allowed)
        if user.has_perm(perm) != should:
            wrong.append(f"{perm}: {'refused' if should else 'allowed'}")
    return wrong


def test_the_table_names_every_role() -> None:
    assert {CLERK, SUPT, ENGINEER, INSPECTOR, BUILDING_INSPECTOR, WATER_SUPT, BOARD, ADMIN} == EVERYONE


def test_every_registry_permission_is_in_the_table() -> None:
    ours = {p for p in registered if p.startswith("registry.")}
    assert ours - set(EXPECTED) == set(), "a new permission needs its line in this table"
    assert set(EXPECTED) - ours == set(), "the table names a permission the rules no longer define"


@pytest.mark.parametrize("role", sorted(ROLES))
def test_each_role_holds_exactly_its_permissions(make_user: Any, role: str) -> None:
    assert _mismatches(make_user(role), frozenset({role})) == []


def test_a_user_with_no_role_holds_nothing(make_user: Any) -> None:
    assert _mismatches(make_user(), frozenset()) == []


def test_an_inactive_clerk_holds_nothing(make_user: Any) -> None:
    clerk = make_user(CLERK)
    clerk.is_active = False
    clerk.save()
    assert _mismatches(clerk, frozenset()) == []


def test_a_superuser_is_an_administrator(make_user: Any) -> None:
    root = make_user()
    root.is_superuser = True
    root.save()
    assert _mismatches(root, frozenset({ADMIN})) == []


def test_two_roles_hold_the_union(make_user: Any) -> None:
    assert _mismatches(make_user(INSPECTOR, WATER_SUPT), frozenset({INSPECTOR, WATER_SUPT})) == []


def test_the_inspector_reads_the_registry_and_changes_nothing_in_it(make_user: Any) -> None:
    inspector = make_user(INSPECTOR)
    registry = [p for p in EXPECTED if p.startswith("registry.")]
    assert all(inspector.has_perm(p) == (".view_" in p) for p in registry)


# --- The same boundaries over HTTP ----------------------------------------------------------------------

def test_a_board_member_reads_but_gets_403_on_a_post_or_patch(client_as: Any) -> None:
    parcel = f.parcel()
    client = client_as(BOARD)
    assert client.get(f"/api/parcels/{parcel.pk}").status_code == 200
    created = client.post("/api/parcels", json.dumps({"tax_map_number": "1-1-1"}), content_type="application/json")
    assert created.status_code == 403 and "registry.add_parcel" in created.json()["detail"]
    changed = client.patch(f"/api/parcels/{parcel.pk}", json.dumps({"street_number": "99"}),
                           content_type="application/json")
    assert changed.status_code == 403
    parcel.refresh_from_db()
    assert parcel.street_number == "12" and parcel.history.count() == 1


def test_an_inspector_cannot_record_or_change_a_meter_read(client_as: Any) -> None:
    meter = f.account_with_meter(f.parcel())
    read = MeterRead.objects.create(meter=meter, read_on="2026-01-05", reading=1000)
    client = client_as(INSPECTOR)
    assert client.get(f"/api/meter-reads/{read.pk}").json()["reading"] == 1000
    batch = {"reads": [{"meter": meter.serial, "read_on": "2026-07-06", "reading": 2000}]}
    recorded = client.post("/api/meter-reads", json.dumps(batch), content_type="application/json")
    assert recorded.status_code == 403 and "registry.add_meterread" in recorded.json()["detail"]
    # Reads are append-only: there is no way to edit one, for any role.
    edited = client.patch(f"/api/meter-reads/{read.pk}", json.dumps({"reading": 1}), content_type="application/json")
    assert edited.status_code == 405
    assert list(MeterRead.objects.values_list("reading", flat=True)) == [1000]


def test_the_town_engineer_keeps_the_network_not_the_parcels(client_as: Any) -> None:
    client = client_as(ENGINEER)
    response = client.post("/api/parcels", json.dumps({"tax_map_number": "1-1-1"}), content_type="application/json")
    assert response.status_code == 403
    assert client.user.has_perm("registry.change_sewermain") and not client.user.has_perm("registry.change_parcel")


def test_the_water_superintendent_keeps_meters_not_accounts(client_as: Any) -> None:
    parcel = f.parcel()
    client = client_as(WATER_SUPT)
    account = client.post("/api/sewer-accounts", json.dumps({"account_number": "MAR-1", "parcel_id": parcel.pk}),
                          content_type="application/json")
    assert account.status_code == 403
    meter = f.account_with_meter(parcel)
    patched = client.patch(f"/api/water-meters/{meter.pk}", json.dumps({"dials": 5}), content_type="application/json")
    assert patched.status_code == 200 and patched.json()["dials"] == 5
