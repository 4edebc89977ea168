"""Inspections over the API: the plumber's notice on the permit, the schedule, a trench filled first, its
re-inspection passed; the applicant's notice refused before it, the connection refused without a certified meter
(§118-25, I-49), then passed. Refusals are 403 for the wrong role, 404 for an unknown id, 422 naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from sewerworks.permits.tests.inspecting import PLUMBER, D, all_yes
from sewerworks.registry.actions import do_certify_meter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
JSON = "application/json"


def _as(make_user: Any, role: str) -> Client:
    client = Client()
    client.force_login(make_user(role))
    return client


def _answers(body: dict[str, Any], **changes: str) -> dict[str, Any]:
    found = {i["key"]: {"answer": "yes"} for i in body["checklist"] if not i.get("follows")}
    return {**found, **{k: {"answer": v} for k, v in changes.items()}}


def test_a_permit_inspected_through_the_api(make_user: Any, permit: Any, staff: Any) -> None:
    clerk, inspector = _as(make_user, "clerk"), _as(make_user, "inspector")
    notice = {"kind": "trench", "requested_on": "2026-04-06", **PLUMBER}
    made = clerk.post(f"/api/permits/{permit.pk}/inspection-requests", notice, content_type=JSON)
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["checklist"][0]["key"] == "trench-open" and body["subject_kind"] == "permit"
    pk = body["id"]
    scheduled = clerk.post(f"/api/inspections/{pk}/schedule", {"scheduled_for": "2026-04-07"}, content_type=JSON)
    assert scheduled.status_code == 200 and scheduled.json()["scheduled_for"] == "2026-04-07"
    filled = {"result": "failed", "inspected_on": "2026-04-07", "answers": {"trench-open": {"answer": "no"}}}
    failed = inspector.post(f"/api/inspections/{pk}/result", filled, content_type=JSON)
    assert failed.status_code == 200 and "re-excavate by 2026-04-14" in failed.json()["summary"]

    early = clerk.post(
        f"/api/permits/{permit.pk}/inspection-requests",
        {"kind": "connection", "requested_on": "2026-04-08", "requested_by": "Ana Rivera"},
        content_type=JSON,
    )
    assert early.status_code == 422 and "kind" in early.json()["detail"] and "§118-25" in early.json()["detail"]

    again = clerk.post(
        f"/api/permits/{permit.pk}/inspection-requests", {**notice, "requested_on": "2026-04-09"}, content_type=JSON
    ).json()
    assert again["repeats_id"] == pk
    passed = inspector.post(
        f"/api/inspections/{again['id']}/result",
        {"result": "passed", "inspected_on": "2026-04-10", "answers": _answers(again)},
        content_type=JSON,
    )
    assert passed.status_code == 200 and passed.json()["result"] == "passed"
    asked = clerk.post(
        f"/api/permits/{permit.pk}/inspection-requests",
        {"kind": "connection", "requested_on": "2026-04-13", "requested_by": "Ana Rivera"},
        content_type=JSON,
    ).json()
    meter = f.account_with_meter(permit.parcel)
    result = {
        "result": "passed",
        "inspected_on": "2026-04-14",
        "answers": _answers(asked),
        "building_name": "Rivera house",
        "building_use": "residential",
    }
    refused = inspector.post(f"/api/inspections/{asked['id']}/result", result, content_type=JSON)
    assert refused.status_code == 422 and "I-49" in refused.json()["detail"] and "result" in refused.json()["detail"]
    do_certify_meter(meter, D(2026, 4, 13), acting_user=staff.water)
    done = inspector.post(f"/api/inspections/{asked['id']}/result", result, content_type=JSON)
    assert done.status_code == 200, done.content
    assert "Rivera house created on the parcel (I-132)" in done.json()["summary"]
    assert clerk.get(f"/api/permits/{permit.pk}").json()["status"] == "connected"
    listed = clerk.get(f"/api/inspections?parcel_id={permit.parcel_id}").json()
    assert listed["count"] == 3


def test_refusals(make_user: Any, trench: Any) -> None:
    board, clerk = _as(make_user, "board member"), _as(make_user, "clerk")
    answers = {"result": "passed", "inspected_on": "2026-04-07", "answers": all_yes(trench)}
    assert board.post(f"/api/inspections/{trench.pk}/result", answers, content_type=JSON).status_code == 403
    assert clerk.post(f"/api/inspections/{trench.pk}/result", answers, content_type=JSON).status_code == 403
    assert clerk.get("/api/inspections/99999999").status_code == 404
    future = clerk.post(f"/api/inspections/{trench.pk}/schedule", {"scheduled_for": "2026-04-01"}, content_type=JSON)
    assert future.status_code == 422 and "scheduled_for" in future.json()["detail"]
    wrong = clerk.post(f"/api/inspections/{trench.pk}/result", {**answers, "result": "maybe"}, content_type=JSON)
    assert wrong.status_code == 422 and "result" in wrong.json()["detail"]
    bad_date = clerk.post(
        f"/api/inspections/{trench.pk}/result", {**answers, "inspected_on": 20260407}, content_type=JSON
    )
    assert bad_date.status_code == 422
    assert clerk.get("/api/inspections?colour=red").status_code == 400
