"""The grease topics (§118-38) and the contract-user topic (§118-29.1) through the CLI and the API: the
worked examples of I-35, I-36 and I-10, and the law not in force before it was enacted (422, exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

RESTAURANT_151 = {"premises": "restaurant", "seats": 151, "established_on": "2005-03-01"}
FULL_NOT_PERFORMING = {
    "inspected_at": "2026-03-06T10:00:00-05:00",
    "interceptor": "exterior",
    "working_depth_in": 48,
    "grease_depth_in": 20,
    "solids_depth_in": 28,
    "adequately_performing": False,
}
DISCHARGE_300 = {"inside_area": False, "boundary_gap_ft": "0.8", "discharge_distance_ft": 300}


def _run(topic: str, facts: dict[str, Any], as_of: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sewerworks.cli", "determine", topic, "--facts", "-", "--as-of", as_of],
        input=json.dumps(facts),
        capture_output=True,
        text=True,
        check=False,
    )


def _cli(topic: str, facts: dict[str, Any], as_of: str) -> dict[str, Any]:
    out = _run(topic, facts, as_of)
    assert out.returncode == 0, out.stderr
    decision: dict[str, Any] = json.loads(out.stdout)
    return decision


def _post(client: Any, topic: str, facts: dict[str, Any], as_of: str) -> Any:
    return client.post(f"/api/determinations/{topic}?as_of={as_of}", json.dumps(facts), content_type="application/json")


def test_the_cli_lists_the_new_topics_with_their_sections() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "sewerworks.cli", "determine", "--list"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    for name, number in (
        ("grease-interceptor-requirement", "118-38"),
        ("grease-inspection", "118-38"),
        ("grease-pump-out-prediction", "118-38"),
        ("grease-recordkeeping", "118-38"),
        ("contract-user-eligibility", "118-29.1"),
    ):
        assert any(line.startswith(name) and number in line for line in out.stdout.splitlines()), name


def test_the_cli_says_a_151_seat_restaurant_needs_2000_gallons_and_150_seats_1000() -> None:
    big = _cli("grease-interceptor-requirement", RESTAURANT_151, "2026-05-01")
    assert big["outcome"] == "install"
    assert big["amounts"][0] == {
        "key": "interceptor_capacity", "name": "interceptor capacity", "value": "2000", "unit": "gal",
        "section": "118-38", "breakdown": []
    }  # fmt: skip
    small = _cli("grease-interceptor-requirement", {**RESTAURANT_151, "seats": 150}, "2026-05-01")
    assert small["amounts"][0]["value"] == "1000"


def test_the_cli_gives_the_72_hour_order_across_the_daylight_saving_change() -> None:
    decision = _cli("grease-inspection", FULL_NOT_PERFORMING, "2026-03-06")
    assert decision["outcome"] == "pump-out-order"
    assert decision["deadlines"][0]["due_at"] == "2026-03-09T11:00:00-04:00"
    assert {"I-20", "I-36", "I-68"} <= set(decision["interpretations"])


def test_the_cli_screens_a_300_ft_discharge_by_the_law_in_force_and_refuses_before_1996() -> None:
    assert _cli("contract-user-eligibility", DISCHARGE_300, "2026-05-01")["outcome"] == "eligible-under-118-29.1"
    assert _cli("contract-user-eligibility", DISCHARGE_300, "2000-07-23")["outcome"] == "too-far"
    before = _run("contract-user-eligibility", DISCHARGE_300, "1996-04-21")
    assert before.returncode == 2 and "not in force" in before.stderr


def test_the_cli_predicts_the_next_pump_out_as_advice_not_a_deadline() -> None:
    history = {
        "last_pump_out_on": "2026-01-05",
        "inspections": [
            {"inspected_on": "2026-02-04", "fill_percent": 20},
            {"inspected_on": "2026-03-06", "fill_percent": 41},
            {"inspected_on": "2026-04-05", "fill_percent": 59},
        ],
    }
    decision = _cli("grease-pump-out-prediction", history, "2026-04-10")
    assert decision["outcome"] == "predicted" and decision["deadlines"] == []
    assert decision["findings"][0]["compared"]["predicted_on"] == "2026-05-07"
    assert "I-67" in decision["interpretations"]


@pytest.mark.django_db
def test_the_api_answers_the_three_topics(client_as: Any) -> None:
    client = client_as("clerk")
    grease = _post(
        client, "grease-interceptor-requirement", {**RESTAURANT_151, "premises": "dwelling_unit"}, "2026-05-01"
    )
    assert grease.status_code == 200 and grease.json()["outcome"] == "exempt"
    inspection = _post(
        client, "grease-inspection", {**FULL_NOT_PERFORMING, "adequately_performing": True}, "2026-05-01"
    )
    assert inspection.status_code == 200 and inspection.json()["outcome"] == "pump-out-due"
    contract = _post(
        client, "contract-user-eligibility", {**DISCHARGE_300, "discharge_distance_ft": "400.01"}, "2026-05-01"
    )
    assert contract.status_code == 200 and contract.json()["outcome"] == "too-far"
    board = _post(client, "contract-user-eligibility", DISCHARGE_300, "2026-05-01").json()
    assert board["findings"][-1]["decided_by"] == "Town Board"


@pytest.mark.django_db
def test_the_api_names_the_log_entry_without_a_receipt(client_as: Any) -> None:
    entry = {"pumped_on": "2026-01-05", "receipt": True, "receipt_service_date": "2026-01-05",
             "receipt_volume_gal": 850, "nysdec_approved_disposal": True}  # fmt: skip
    response = _post(
        client_as("clerk"), "grease-recordkeeping", {"log": [entry, {**entry, "receipt": False}]}, "2026-05-01"
    )
    assert response.status_code == 200
    assert response.json()["outcome"] == "incomplete"
    assert "entry 2: no receipt" in response.json()["summary"]


@pytest.mark.django_db
def test_the_api_answers_422_before_each_law_and_for_bad_facts(client_as: Any) -> None:
    client = client_as("clerk")
    contract = _post(client, "contract-user-eligibility", DISCHARGE_300, "1996-04-21")
    assert contract.status_code == 422 and "not in force" in contract.json()["detail"]
    grease = _post(client, "grease-interceptor-requirement", RESTAURANT_151, "2000-07-23")
    assert grease.status_code == 422 and "not in force" in grease.json()["detail"]
    naive = _post(
        client, "grease-inspection", {**FULL_NOT_PERFORMING, "inspected_at": "2026-03-06T10:00:00"}, "2026-05-01"
    )
    assert naive.status_code == 422 and "time zone" in naive.content.decode()
