"""Pending charges: any program writes one per source, once; billing marks it billed, once; every role
may read them over the API, only the clerk's office marks them billed."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client

from sewerworks.core.charges import add_pending_charge, do_add_pending_charge, do_mark_charge_billed
from sewerworks.core.models import PendingCharge

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def parcel() -> Any:
    return apps.get_model("registry", "Parcel").objects.create(
        tax_map_number="108.12-3-45", street_number="12", street_name="Main St"
    )


def permit_fee(parcel: Any, user: Any, **overrides: Any) -> PendingCharge:
    fields = {
        "source_key": "permits.permit_fee:17",
        "parcel": parcel,
        "amount": Decimal("75.00"),
        "section": "§118-15",
        "description": "Building sewer permit fee",
        "program": "permits",
        "kind": "permit_fee",
        "incurred_on": D(2026, 4, 1),
        **overrides,
    }
    return do_add_pending_charge(acting_user=user, **fields)


def test_a_program_adds_a_charge_once_by_its_source(parcel: Any, make_user: Any) -> None:
    clerk = make_user("clerk")
    first = permit_fee(parcel, clerk)
    assert (first.amount, first.section, first.pending) == (Decimal("75.00"), "118-15", True)
    again = permit_fee(parcel, clerk, amount=Decimal("80.00"), description="changed")
    assert again.pk == first.pk and PendingCharge.objects.get().amount == Decimal("75.00")
    assert PendingCharge.objects.get().history.count() == 1
    assert first.history.get().history_user == clerk


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("amount", Decimal("0.00"), "more than \\$0.00"),
        ("amount", Decimal("-5.00"), "negative"),
        ("amount", 75.0, "never a float"),
        ("section", "118-999", "no section"),
        ("source_key", "permit 17", "app.kind:id"),
        ("program", "Permits!", "Lower-case"),
        ("description", "", "blank"),
    ],
)
def test_a_bad_charge_is_refused_naming_the_field(
    parcel: Any, make_user: Any, field: str, value: Any, rule: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        permit_fee(parcel, make_user("clerk"), **{field: value})
    assert field in refused.value.message_dict
    assert rule.replace("\\", "") in " ".join(refused.value.message_dict[field]) or rule in str(refused.value)
    assert not PendingCharge.objects.exists()


def test_the_account_charged_is_on_the_parcel(parcel: Any, make_user: Any) -> None:
    Parcel = apps.get_model("registry", "Parcel")
    account = apps.get_model("registry", "SewerAccount").objects.create(
        account_number="MAR-000046", parcel=Parcel.objects.create(tax_map_number="108.12-3-46")
    )
    with pytest.raises(ValidationError, match="not on the parcel"):
        permit_fee(parcel, make_user("clerk"), account=account)


def test_only_the_clerk_and_the_superintendent_add_a_charge_by_hand(parcel: Any, make_user: Any) -> None:
    for role in ("inspector", "board member", "town engineer"):
        with pytest.raises(PermissionDenied):
            permit_fee(parcel, make_user(role))
    assert permit_fee(parcel, make_user("superintendent")).pk
    # A program's own action, having checked its own role, writes through add_pending_charge.
    inspector = make_user("inspector")
    other = add_pending_charge(
        source_key="grease.inspection_cost:3",
        parcel=parcel,
        amount=Decimal("120.00"),
        section="118-38",
        description="Reinspection",
        program="grease",
        kind="inspection_cost",
        incurred_on=D(2026, 5, 1),
        acting_user=inspector,
    )
    assert other.created_by == inspector


def test_billing_marks_a_charge_billed_once(parcel: Any, make_user: Any) -> None:
    clerk = make_user("clerk")
    fee = permit_fee(parcel, clerk)
    billed = do_mark_charge_billed(
        fee, billed_on=D(2026, 7, 1), billing_reference="BILL-2026-2-000045", acting_user=clerk
    )
    assert (billed.billed_on, billed.pending) == (D(2026, 7, 1), False)
    with pytest.raises(ValidationError, match="already billed on 2026-07-01 \\(BILL-2026-2-000045\\)"):
        do_mark_charge_billed(fee, billed_on=D(2026, 8, 1), billing_reference="BILL-X", acting_user=clerk)
    assert PendingCharge.objects.get().billing_reference == "BILL-2026-2-000045"
    assert billed.history.count() == 2


def test_a_charge_is_not_billed_before_it_was_incurred_nor_without_a_reference(parcel: Any, make_user: Any) -> None:
    clerk = make_user("clerk")
    fee = permit_fee(parcel, clerk)
    with pytest.raises(ValidationError, match="before it was incurred"):
        do_mark_charge_billed(fee, billed_on=D(2026, 3, 31), billing_reference="B-1", acting_user=clerk)
    with pytest.raises(ValidationError, match="Name the bill"):
        do_mark_charge_billed(fee, billed_on=D(2026, 4, 1), billing_reference=" ", acting_user=clerk)
    with pytest.raises(PermissionDenied):
        do_mark_charge_billed(
            fee, billed_on=D(2026, 4, 1), billing_reference="B-1", acting_user=make_user("superintendent")
        )
    assert PendingCharge.objects.get().pending


def test_the_api_lists_pending_charges_and_billing_marks_them(parcel: Any, make_user: Any) -> None:
    clerk_user = make_user("clerk")
    fee = permit_fee(parcel, clerk_user)
    permit_fee(parcel, clerk_user, source_key="permits.permit_fee:18", amount=Decimal("1234.56"))
    board = Client()
    board.force_login(make_user("board member"))
    listed = board.get("/api/pending-charges?pending=true").json()
    assert listed["count"] == 2
    first = listed["items"][0]
    assert (first["amount"], first["section"], first["tax_map_number"]) == ("75.00", "118-15", "108.12-3-45")
    assert first["address"] == "12 Main St" and first["billed_on"] is None
    body = json.dumps({"billed_on": "2026-07-01", "billing_reference": "BILL-1"})
    assert (
        board.post(f"/api/pending-charges/{fee.pk}/billing", body, content_type="application/json").status_code == 403
    )
    clerk = Client()
    clerk.force_login(clerk_user)
    done = clerk.post(f"/api/pending-charges/{fee.pk}/billing", body, content_type="application/json")
    assert done.status_code == 200 and done.json()["billed_on"] == "2026-07-01"
    again = clerk.post(f"/api/pending-charges/{fee.pk}/billing", body, content_type="application/json")
    assert again.status_code == 422 and again.json()["detail"][0]["loc"][-1] == "billed_on"
    assert [c["amount"] for c in clerk.get("/api/pending-charges?pending=true").json()["items"]] == ["1234.56"]
    assert clerk.get("/api/pending-charges?pending=false").json()["count"] == 1
    assert clerk.get("/api/pending-charges?program=grease").json()["count"] == 0
    assert clerk.get("/api/pending-charges?pending=perhaps").status_code == 422
    assert clerk.get("/api/pending-charges/999999").status_code == 404
    assert Client().get("/api/pending-charges").status_code == 401


def test_a_query_or_reference_the_database_could_not_take_is_a_4xx_not_a_500(parcel: Any, make_user: Any) -> None:
    clerk_user = make_user("clerk")
    fee = permit_fee(parcel, clerk_user)
    clerk = Client()
    clerk.force_login(clerk_user)
    query = clerk.get("/api/pending-charges?program=a%00b")
    assert query.status_code == 422 and query.json()["detail"][0]["loc"] == ["query", "program"]  # like the rest
    body = json.dumps({"billed_on": "2026-07-01", "billing_reference": "BILL\u0000-1"})
    refused = clerk.post(f"/api/pending-charges/{fee.pk}/billing", body, content_type="application/json")
    assert refused.status_code == 422 and refused.json()["detail"][0]["loc"][-1] == "billing_reference"
    assert PendingCharge.objects.get().pending
