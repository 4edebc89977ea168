"""``make load``'s inspection entry (issue 33): the set-up gives each generator user a permit in construction with
its trench asked for; the entry posts a result and asks for the re-inspection, again and again, without an error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from benchmarks.load import inspection_result
from benchmarks.load_setup import inspection_targets
from sewerworks.core.models import ApiToken
from sewerworks.inspections.models import Inspection
from sewerworks.registry import demo as registry_demo

pytestmark = pytest.mark.django_db


class _ApiUser:
    """The generator's user, its requests answered by the test client."""

    def __init__(self, number: int) -> None:
        self.number, self.inspection, self.client = number, 0, Client()
        self.timed: list[tuple[str, float, int]] = []

    def request(self, method: str, path: str, *, api: Any = None, token: str = "") -> tuple[int, bytes]:
        response = self.client.generic(
            method, path, json.dumps(api), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
        )
        return response.status_code, response.content


def test_the_inspection_entry_records_results_and_reinspections_with_no_error() -> None:
    registry_demo.build(seed=118, parcels=300, write=lambda _: None)
    staff = {}
    for name, role in (("clerk", "clerk"), ("supt", "superintendent"), ("insp", "inspector")):
        staff[name] = User.objects.create_user(username=name)
        staff[name].groups.add(Group.objects.get_or_create(name=role)[0])
    found = inspection_targets(2, staff["clerk"], staff["supt"], staff["insp"])
    assert len(found) == 2
    token = ApiToken.issue(user=staff["insp"], name="load", created_by=staff["clerk"])[1]
    targets = {"inspections": found, "inspector_token": token}
    users = [_ApiUser(0), _ApiUser(1)]
    for _ in range(3):
        for user in users:
            status, body = inspection_result(user, targets)  # type: ignore[arg-type]
            assert status == 201, body
    assert Inspection.objects.filter(result="failed").count() == 6 and Inspection.objects.filter(result="").count() == 2
    # each of the entry's two requests is timed as one of the mix, under its own kind
    assert [(kind, status) for kind, _, status in users[0].timed] == [
        ("inspection result", 200), ("re-inspection asked", 201), ("inspection result", 200),
        ("re-inspection asked", 201), ("inspection result", 200), ("re-inspection asked", 201),
    ]  # fmt: skip
