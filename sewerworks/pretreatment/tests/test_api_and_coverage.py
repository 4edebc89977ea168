"""The pretreatment API (users, samples, findings) and the sections the program declares implemented."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.core.ordinance_browser import coverage as cov
from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.tests.conftest import composite

pytestmark = pytest.mark.django_db


def test_users_samples_and_findings_over_the_api(client_as: Any, shop: Any, manhole: Any, staff: Any) -> None:
    do_record_results([composite(manhole, dt.date(2026, 3, 2), "copper", "1710", "ug/L")], acting_user=staff.clerk)
    client = client_as("board member")
    users = client.get("/api/pretreatment/users").json()
    assert users["items"][0]["points"][0]["code"] == "CM-1" and users["items"][0]["open_review"] is True
    samples = client.get(f"/api/pretreatment/users/{shop.pk}/samples").json()["items"]
    assert samples[0]["results"][0] == {"parameter": "copper", "reported": "1710 ug/L", "value": "1.71",
                                        "unit": "mg/L", "non_detect": False, "method": "EPA 200.7"}  # fmt: skip
    findings = client.get(f"/api/pretreatment/findings?user_id={shop.pk}").json()["items"]
    day = next(f for f in findings if f["basis"] == "24_hour")
    assert (day["row"], day["limit"], day["value"], day["section"]) == ("Copper", "1.6", "1.71", "118-37")
    assert client.get("/api/pretreatment/users/999999").status_code == 404
    huge = client.get("/api/pretreatment/findings?user_id=99999999999999999999999")
    assert huge.status_code in (200, 422) and not huge.json().get("items")


def test_the_program_carries_its_sections_out_completely_but_cooling_water() -> None:
    for number in ("118-37", "118-39", "118-40", "118-41", "118-42", "118-43", "118-45"):
        entry = cov.section_coverage(number)
        assert entry.grade is cov.Grade.COMPLETE and {r.app for r in entry.requirements} == {"pretreatment"}, number
    assert cov.section_coverage("118-28").grade is cov.Grade.PARTIAL
