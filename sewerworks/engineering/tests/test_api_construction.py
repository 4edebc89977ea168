"""Construction over the API: resolution, security and start; reports and stop-work; the month billed; the plan,
a failure, repair and retest; the petition. Each refusal a 422 naming the field, nothing written."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.engineering.tests.conftest import D, parcel, resolution
from sewerworks.registry.models import Owner

pytestmark = pytest.mark.django_db


def _post(client: Any, url: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/engineering/{url}", body, content_type="application/json")


def test_resolution_security_start_reports_and_the_month_billed(client_as: Any, approved: Any) -> None:
    clerk, p = client_as("clerk"), approved.pk
    refused = _post(clerk, f"projects/{p}/construction", {"contractor": "Kiernan", "started_on": "2026-10-12"})
    assert refused.status_code == 422 and refused.json()["detail"].startswith("resolution: Link the Town Board")
    assert _post(clerk, f"projects/{p}/board-resolution", {"resolution_id": resolution().pk,
                                                           "security_demanded": True}).status_code == 200  # fmt: skip
    refused = _post(clerk, f"projects/{p}/construction", {"contractor": "Kiernan", "started_on": "2026-10-12"})
    assert refused.status_code == 422 and "security: The Board's resolution demands" in refused.json()["detail"]
    bond = {"kind": "completion_bond", "amount": "150000.00", "issuer": "Hudson Surety", "number": "CB-1",
            "received_on": "2026-10-09", "expires_on": "2027-10-09"}  # fmt: skip
    assert _post(clerk, f"projects/{p}/securities", bond).status_code == 201
    started = _post(clerk, f"projects/{p}/construction", {"contractor": "Kiernan", "started_on": "2026-10-12"})
    assert started.status_code == 200 and started.json()["status"] == "under_construction"
    engineer = client_as("town engineer")
    day = {"report_date": "2026-10-13", "weather": "Rain", "crew": "4", "hours": "7.5", "pipe": "C1",
           "station_from_ft": "0", "station_to_ft": "60"}  # fmt: skip
    made = _post(engineer, f"projects/{p}/daily-reports", day)
    assert made.status_code == 201 and made.json()["pipe_laid_ft"] == "60"
    for changes, field in (({"hours": "-1"}, "hours"), ({"hours": "24.5"}, "hours"), ({}, "report_date"),
                           ({"report_date": "2026-10-04"}, "report_date")):  # fmt: skip
        answer = _post(engineer, f"projects/{p}/daily-reports", {**day, **changes})
        assert answer.status_code == 422 and answer.json()["detail"].startswith(f"{field}:"), answer.json()
    stopped = _post(engineer, f"daily-reports/{made.json()['id']}/stop-work", {"reason": "No trench box"})
    assert stopped.status_code == 201 and stopped.json()["section"] == "118-31"
    blocked = _post(engineer, f"projects/{p}/daily-reports", {**day, "report_date": "2026-10-14",
                                                              "station_from_ft": "60", "station_to_ft": "90"})
    assert blocked.status_code == 422 and blocked.json()["detail"].startswith("pipe: Work is stopped")
    assert _post(engineer, f"stop-work/{stopped.json()['id']}/lift", {"lifted_on": "2026-10-14",
                                                                      "note": "Boxes on site"}).status_code == 200
    assert _post(engineer, f"daily-reports/{made.json()['id']}/rejections", {"material": "Stone",
                                                                              "reason": "Not 1A"}).status_code == 201
    assert _post(engineer, f"projects/{p}/inspection-bills", {"month": "2026-10"}).status_code == 403
    clerk = client_as("clerk")  # one test client: signed in again, as the clerk
    billed = _post(clerk, f"projects/{p}/inspection-bills", {"month": "2026-10"})
    assert billed.status_code == 201 and billed.json()["amount"] == "712.50"
    assert _post(clerk, f"projects/{p}/inspection-bills", {"month": "2026-13"}).status_code == 422
    construction = clerk.get(f"/api/engineering/projects/{p}/construction").json()
    assert construction["resolution"] == "Resolution 2026-77" and construction["securities"][0]["number"] == "CB-1"


def test_the_plan_a_failure_a_repair_and_the_retest(client_as: Any, building: Any) -> None:
    engineer, p = client_as("town engineer"), building.pk
    assert _post(engineer, f"projects/{p}/test-plan", {"steep": [{"run": "C1", "max_section_ft": "120",
                                                                  "reason": "steep"}]}).status_code == 422  # fmt: skip
    planned = _post(engineer, f"projects/{p}/test-plan", {})
    assert planned.status_code == 201 and len(planned.json()) == 12
    first = planned.json()[0]["id"]
    test = {"tested_on": "2026-11-10", "filled_hours": "24", "head_ft_above_crown": "5", "test_hours": "2",
            "water_added_gal": "2"}  # fmt: skip
    for changes, field in (({"filled_hours": "23"}, "filled_hours"), ({"test_hours": "1.5"}, "test_hours"),
                           ({"head_ft_above_crown": "4"}, "head_ft_above_crown")):  # fmt: skip
        answer = _post(engineer, f"sections/{first}/exfiltration-tests", {**test, **changes})
        assert answer.status_code == 422 and answer.json()["detail"].startswith(f"{field}:")
    assert _post(engineer, "sections/999999/exfiltration-tests", test).json()["detail"] == "No planned section 999999."
    assert _post(engineer, f"sections/{first}/exfiltration-tests", test).json()["result"] == "failed"
    retest = {**test, "tested_on": "2026-11-12", "water_added_gal": "1.5"}
    assert _post(engineer, f"sections/{first}/exfiltration-tests", retest).json()["detail"].startswith("repair:")
    assert _post(engineer, f"sections/{first}/repairs", {"repaired_on": "2026-11-11",
                                                          "description": "Joint resealed"}).status_code == 201
    assert _post(engineer, f"sections/{first}/exfiltration-tests", retest).json()["result"] == "passed"
    plan = engineer.get(f"/api/engineering/projects/{p}/test-plan").json()
    assert [x["result"] for x in plan][:2] == ["passed", "untested"]


def test_the_petition_over_the_api(client_as: Any, staff: Any) -> None:
    from sewerworks.engineering.actions import do_import_design, do_open_project
    from sewerworks.engineering.tests.conftest import design_bytes

    town = do_open_project(name="Lattintown Road", builder="town", acting_user=staff.clerk)
    do_import_design(data=design_bytes("corrected.inp"), file_name="l.inp", project=town, acting_user=staff.clerk)
    parcel("108.2-1-1", 630100, 1020050, Owner.objects.create(name="Anna Ames"))
    parcel("108.2-1-5", 630900, 1020101, Owner.objects.create(name="Eve Egan"))
    clerk = client_as("clerk")
    far = _post(clerk, f"projects/{town.pk}/petition-signatures", {"tax_map_number": "108.2-1-5",
                                                                   "signer": "Eve Egan", "signed_on": "2026-11-15"})
    assert far.status_code == 422 and far.json()["detail"].startswith("parcel: 108.2-1-5 does not benefit")
    signed = _post(clerk, f"projects/{town.pk}/petition-signatures", {"tax_map_number": "108.2-1-1",
                                                                      "signer": "Anna Ames", "signed_on": "2026-11-15"})
    assert signed.status_code == 201 and signed.json()["owner"] == "Anna Ames"
    tally = clerk.get(f"/api/engineering/projects/{town.pk}/petition-signatures").json()
    assert (tally["signed"], tally["total"], tally["majority"]) == (1, 1, True)
    adopted = resolution("Resolution 2026-95", adopted=D(2026, 11, 24))
    warranted = _post(clerk, f"projects/{town.pk}/warrant", {"resolution_id": adopted.pk, "decided_on": "2026-11-24"})
    assert warranted.status_code == 200 and warranted.json()["resolution"] == "Resolution 2026-95"
