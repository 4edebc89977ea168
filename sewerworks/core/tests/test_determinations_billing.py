"""The billing topics through the CLI and the API: the worked examples of I-24, I-25, I-26, I-27, I-43
and I-44 checked to the cent, with a recorded Board resolution raising the rate (I-43)."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.core.models import BoardResolution, ParameterOverride

AUTUMN_2026 = {"period_start": "2026-04-01", "period_end": "2026-09-30"}
I25_BILL = {"bill_date": "2026-01-10", "due_date": "2026-01-31", "amount": "57.30"}


def _cli(topic: str, facts: dict[str, Any], as_of: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "sewerworks.cli", "determine", topic, "--facts", "-", "--as-of", as_of],
        input=json.dumps(facts),
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    decision: dict[str, Any] = json.loads(out.stdout)
    return decision


def _api(client: Any, topic: str, facts: dict[str, Any], as_of: str) -> dict[str, Any]:
    response = client.post(
        f"/api/determinations/{topic}?as_of={as_of}", json.dumps(facts), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    decision: dict[str, Any] = response.json()
    return decision


def _amount(decision: dict[str, Any], name: str) -> Decimal:
    return Decimal(next(a["value"] for a in decision["amounts"] if a["name"] == name))


def test_the_cli_lists_the_billing_topics_with_their_sections() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "sewerworks.cli", "determine", "--list"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    for name, number in (("user-charge", "118-52"), ("defective-meter-charge", "118-52"), ("late-penalty", "118-53")):
        assert any(line.startswith(name) and number in line for line in out.stdout.splitlines()), name


@pytest.mark.parametrize(
    ("topic", "facts", "as_of", "amount", "dollars"),
    [
        ("user-charge", {**AUTUMN_2026, "gallons": 8000}, "2026-12-01", "sewer user charge", "24.00"),
        ("user-charge", {**AUTUMN_2026, "gallons": 2000}, "2026-12-01", "sewer user charge", "10.00"),
        (
            "user-charge",
            {**AUTUMN_2026, "gallons": 60000, "wash_gallons": 45000},
            "2026-12-01",
            "sewer user charge",
            "45.00",
        ),
        (
            "defective-meter-charge",
            {**AUTUMN_2026, "previous_billings": [
                {"period_end": "2025-09-30", "charge": "36.20"}, {"period_end": "2026-03-31", "charge": "41.90"}]},
            "2026-12-01",
            "sewer user charge",
            "39.05",
        ),
        ("defective-meter-charge", {**AUTUMN_2026, "user_class": "commercial"}, "2026-12-01",
         "sewer user charge", "180.00"),
        ("late-penalty", I25_BILL, "2026-02-10", "late penalty", "5.73"),
    ],
)  # fmt: skip
def test_worked_examples_from_the_cli(topic: str, facts: dict[str, Any], as_of: str, amount: str, dollars: str) -> None:
    assert _amount(_cli(topic, facts, as_of), amount) == Decimal(dollars)


@pytest.mark.django_db
def test_the_user_charge_from_the_api_uses_a_recorded_rate_from_the_period_s_last_day(client_as: Any) -> None:
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2026-31", adopted_on=dt.date(2026, 6, 8), title="Sewer rate from July 2026"
    )
    ParameterOverride.objects.create(
        resolution=resolution, key="charges.rate_per_gallon", effective=dt.date(2026, 7, 1), value="0.0035"
    )
    client = client_as("clerk")
    autumn = _api(client, "user-charge", {**AUTUMN_2026, "gallons": 8000}, "2026-12-01")
    assert _amount(autumn, "sewer user charge") == Decimal("28.00")
    assert [r["amount"] for r in autumn["amounts"][0]["breakdown"]] == ["17.50", "10.50"]
    assert any(p["key"] == "charges.rate_per_gallon" and p["source"] == "site" for p in autumn["parameters"])
    spring = _api(
        client, "user-charge", {"period_start": "2026-01-01", "period_end": "2026-06-30", "gallons": 8000}, "2026-12-01"
    )
    assert _amount(spring, "sewer user charge") == Decimal("24.00")


@pytest.mark.django_db
def test_the_defective_meter_charge_from_the_api(client_as: Any) -> None:
    facts = {**AUTUMN_2026, "previous_billings": [{"period_end": "2026-03-31", "charge": "41.90"}]}
    decision = _api(client_as("clerk"), "defective-meter-charge", facts, "2026-12-01")
    assert decision["outcome"] == "estimate" and _amount(decision, "sewer user charge") == Decimal("90.00")
    assert {"I-26", "I-27"} <= set(decision["interpretations"])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payments", "as_of", "outcome", "penalty"),
    [
        ([], "2026-02-10", "penalty", "5.73"),
        ([{"paid_on": "2026-02-09", "amount": "57.30"}], "2026-03-01", "no-penalty", None),
        ([{"paid_on": "2026-02-10", "amount": "57.30"}], "2026-03-01", "penalty", "5.73"),
        ([{"paid_on": "2026-02-01", "amount": "30.00"}], "2026-03-01", "penalty", "5.73"),
    ],
)
def test_the_late_penalty_from_the_api(
    client_as: Any, payments: list[dict[str, str]], as_of: str, outcome: str, penalty: str | None
) -> None:
    decision = _api(client_as("clerk"), "late-penalty", {**I25_BILL, "payments": payments}, as_of)
    assert decision["outcome"] == outcome
    if penalty:
        assert _amount(decision, "late penalty") == Decimal(penalty)


@pytest.mark.django_db
def test_bad_billing_facts_get_422_naming_the_rule(client_as: Any) -> None:
    client = client_as("clerk")
    both = client.post(
        "/api/determinations/user-charge",
        json.dumps({**AUTUMN_2026, "gallons": 1, "reads": {"start": 0, "end": 1}}),
        content_type="application/json",
    )
    assert both.status_code == 422 and "exactly one" in both.content.decode()
    early = client.post(
        "/api/determinations/late-penalty",
        json.dumps({**I25_BILL, "due_date": "2026-01-01"}),
        content_type="application/json",
    )
    assert early.status_code == 422 and "due_date is before bill_date" in early.content.decode()
