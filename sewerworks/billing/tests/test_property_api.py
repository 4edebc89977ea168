"""The charges that run with the property over the API, worked to the cent: the capital charge with a half cent
rounded up and a contract user charged like a parcel inside; a connection charge billed, refused under four
inches, paid by name; a search letter; a sale; refusals as 422 naming the field, 403 for the wrong role."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.registry.models import AssessedValue, Lateral, MeterRead, Owner, Ownership, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def town(area: Any) -> Any:
    milton = f.area("milton", "Hamlet of Milton")
    inside = f.parcel("110.1-1-1", improvement_area=area)
    AssessedValue.objects.create(parcel=inside, roll_year=2026, value=Decimal("1000"), taxable_value=Decimal("1000"))
    contract = f.parcel("110.1-1-2", dx=400)
    AssessedValue.objects.create(
        parcel=contract, roll_year=2026, value=Decimal("50000"), taxable_value=Decimal("50000")
    )
    SewerAccount.objects.create(account_number="MIL-000001", parcel=contract, contract_user=True)
    Lateral.objects.create(parcel=contract, main=f.main(milton))
    account = SewerAccount.objects.create(account_number="MAR-000111", parcel=inside)
    meter = WaterMeter.objects.create(serial="WM-111", account=account, dials=6, installed_on=dt.date(2015, 1, 1))
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 9, 30), reading=40_000)
    Ownership.objects.create(parcel=inside, owner=Owner.objects.create(name="SMITH JOHN"), start=dt.date(2001, 1, 1))
    return inside


def test_the_capital_charge_through_the_api_to_the_cent(town: Any, client_as: Any) -> None:
    api = client_as("clerk")
    run = api.post("/api/billing/capital/2027/runs")
    assert run.status_code == 201, run.content
    body = run.json()
    assert (body["charged"], body["roll_year"]) == (2, 2026)
    areas = {a["area"]: (a["parcels"], Decimal(a["amount"])) for a in body["areas"]}
    # $1,000.00 × $2.345 per $1,000 = $2.345, half up to $2.35; the contract user $50,000 × $3.125 = $156.25 (Milton)
    assert areas == {"marlborough": (1, Decimal("2.35")), "milton": (1, Decimal("156.25"))}
    assert Decimal(api.get("/api/billing/capital/2027").json()["total"]) == Decimal("158.60")
    assert api.post("/api/billing/capital/2027/runs").json()["charged"] == 0
    assert api.get("/api/billing/capital/1234567").status_code == 422


def test_a_connection_charge_through_the_api(town: Any, client_as: Any) -> None:
    api = client_as("clerk")
    url = f"/api/billing/parcels/{town.pk}/connection-charges"
    small = api.post(url, {"diameter_in": "3", "offered_on": "2026-11-20"}, content_type="application/json")
    assert small.status_code == 422 and "diameter_in" in small.json()["detail"] and "§118-54" in small.json()["detail"]
    made = api.post(url, {"diameter_in": "6", "offered_on": "2026-11-20"}, content_type="application/json")
    assert made.status_code == 201
    charge = made.json()
    assert (Decimal(charge["amount"]), charge["due_on"], charge["on_ledger"]) == (
        Decimal("2250.00"),
        "2026-12-20",
        True,
    )
    paid = api.post(
        f"/api/billing/connection-charges/{charge['id']}/payments",
        {"amount": "250.00", "method": "check", "reference": "4411"},
        content_type="application/json",
    )
    assert paid.status_code == 201 and Decimal(paid.json()["balance"]) == Decimal("2000.00")
    too_much = api.post(
        f"/api/billing/connection-charges/{charge['id']}/payments",
        {"amount": "2000.01", "method": "cash"},
        content_type="application/json",
    )
    assert too_much.status_code == 422 and "amount" in too_much.json()["detail"]


def test_a_search_letter_and_a_sale_through_the_api(town: Any, client_as: Any) -> None:
    api = client_as("clerk")
    letter = api.post(
        f"/api/billing/parcels/{town.pk}/search-letters",
        {"as_of": "2026-12-01", "requested_by": "Hudson & Vale LLP"},
        content_type="application/json",
    )
    assert letter.status_code == 201 and letter.json()["number"] == "SL-2026-0001"
    assert api.get(letter.json()["pdf"]).status_code == 200
    buyer = Owner.objects.create(name="DOE ALEX")
    sale = api.post(
        f"/api/billing/parcels/{town.pk}/sales",
        {"buyer_owner_id": buyer.pk, "sold_on": "2026-11-16", "final_reading": 46_000},
        content_type="application/json",
    )
    assert sale.status_code == 201, sale.content
    assert (sale.json()["seller"], sale.json()["buyer"], Decimal(sale.json()["gallons"])) == (
        "SMITH JOHN",
        "DOE ALEX",
        Decimal("6000"),
    )


def test_an_inspector_is_refused_every_change(town: Any, client_as: Any) -> None:
    api = client_as("inspector")
    assert api.post("/api/billing/capital/2027/runs").status_code == 403
    url = f"/api/billing/parcels/{town.pk}/connection-charges"
    assert (
        api.post(url, {"diameter_in": "4", "offered_on": "2026-11-20"}, content_type="application/json").status_code
        == 403
    )
