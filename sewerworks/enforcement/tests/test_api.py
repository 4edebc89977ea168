"""The enforcement API: deadlines every program can read, violations and notices moved only through the
enforcement actions, the connection call the Permits program makes, the daily sweep, and the §118-47
charges the Billing program reads; with a clear refusal (401/403/404/422), never a 500, for anything else."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sewerworks.core.models import ApiToken, AuditEvent, PendingCharge
from sewerworks.enforcement.models import AbandonmentFine, Deadline, Notice, Violation, ViolatorCharge
from sewerworks.registry.models import PrivateSystem, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db

D = dt.date
JSON = "application/json"


@pytest.fixture
def town() -> dict[str, Any]:
    """12 Main St: owned by John Smith, an unsewered house on a septic tank, one sewer account.
    14 Main St: connected since 2001."""
    marl = f.area()
    p1 = f.parcel("108.12-3-45", improvement_area=marl)
    p2 = f.parcel("108.12-3-46", street_number="14", improvement_area=marl, dx=300)
    owner = f.owned(p1, "SMITH JOHN")
    house = f.building(p1, connected_on=None)
    septic = PrivateSystem.objects.create(parcel=p1, building=house, kind="septic_tank")
    SewerAccount.objects.create(account_number="MAR-000045", parcel=p1)
    f.building(p2)
    return {"parcel": p1, "other": p2, "owner": owner, "house": house, "septic": septic}


def signed_in(make_user: Any, role: str) -> Client:
    client = Client()
    client.force_login(make_user(role))
    return client


def post(client: Client, path: str, body: Any, **extra: Any) -> Any:
    return client.post(path, body if isinstance(body, str) else json.dumps(body), content_type=JSON, **extra)


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.content
    return response.json()


def refused(response: Any, status: int = 422) -> list[Any]:
    assert response.status_code == status, response.content
    detail = response.json()["detail"]
    return [e["loc"][-1] for e in detail] if isinstance(detail, list) else [detail]


def notice_to_connect(client: Client, parcel: Any, issued_on: str = "2025-12-15") -> dict[str, Any]:
    body = {"kind": "notice_to_connect", "parcel_id": parcel.pk, "issued_on": issued_on,
            "facts": "The house at 12 Main St is not connected; the public sewer is in Main St."}
    return ok(post(client, "/api/notices", body), 201)


def serve(client: Client, notice_id: int, served_on: str, headers: dict | None = None, **extra: Any) -> Any:
    body = {"method": "certified_mail", "served_on": served_on, "served_by_name": "J. Doe", **extra}
    return post(client, f"/api/notices/{notice_id}/service", body, **(headers or {}))


def open_violation(client: Client, parcel: Any, **extra: Any) -> dict[str, Any]:
    body = {"parcel_id": parcel.pk, "section": "118-10", "discovered_on": "2026-02-03",
            "description": "Roof leaders connected to the building sewer.", **extra}
    return ok(post(client, "/api/violations", body), 201)


# --- Who may call it ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("method", "path"), [
    ("get", "/api/deadlines"), ("get", "/api/violations"), ("get", "/api/notices"),
    ("get", "/api/violator-charges?pending=true"), ("post", "/api/violations"), ("post", "/api/sweeps"),
    ("post", "/api/connections"),
])
def test_anonymous_callers_get_401(client: Client, town: dict, method: str, path: str) -> None:
    response = getattr(client, method)(path, "{}", content_type=JSON) if method == "post" else client.get(path)
    assert response.status_code == 401
    assert client.get("/api/deadlines", HTTP_AUTHORIZATION="Bearer sw_not-a-token").status_code == 401


def test_a_user_without_a_role_reads_nothing(client_as: Any, town: dict) -> None:
    assert "enforcement.view_enforcement" in refused(client_as().get("/api/deadlines"), 403)[0]


def test_a_board_member_reads_everything_and_changes_nothing(make_user: Any, town: dict) -> None:
    clerk = signed_in(make_user, "clerk")
    notice = notice_to_connect(clerk, town["parcel"])
    violation = open_violation(signed_in(make_user, "inspector"), town["parcel"])
    board = signed_in(make_user, "board member")
    for path in ("/api/deadlines", "/api/violations", "/api/notices", "/api/violator-charges"):
        assert board.get(path).status_code == 200, path
    attempts = [
        ("/api/violations", {"parcel_id": town["parcel"].pk, "section": "118-10", "discovered_on": "2026-02-03",
                             "description": "x"}),
        (f"/api/violations/{violation['id']}/moves", {"to": "closed", "why": "No violation after all."}),
        (f"/api/violations/{violation['id']}/correction", {"corrected_on": "2026-03-01"}),
        (f"/api/violations/{violation['id']}/court-fines", {"imposed_on": "2026-05-01", "amount": "250.00"}),
        (f"/api/violations/{violation['id']}/charges", {"description": "Jetting", "amount": "400.00",
                                                         "incurred_on": "2026-02-04"}),
        ("/api/notices", {"kind": "notice_to_connect", "parcel_id": town["parcel"].pk, "facts": "Not connected."}),
        (f"/api/notices/{notice['id']}/service", {"method": "posting", "served_on": "2026-01-02",
                                                  "served_by_name": "Board"}),
        ("/api/connections", {"building_id": town["house"].pk, "connected_on": "2026-03-01"}),
        (f"/api/private-systems/{town['septic'].pk}/abandonment", {"abandoned_on": "2026-03-01"}),
        ("/api/sweeps", {}),
    ]
    for path, body in attempts:
        assert post(board, path, body).status_code == 403, path
    assert Violation.objects.get().status == "open" and not Notice.objects.get().served
    assert not Deadline.objects.exists() and not ViolatorCharge.objects.exists()


def test_an_inspector_does_not_issue_notices_and_a_clerk_does_not_sweep(make_user: Any, town: dict) -> None:
    body = {"kind": "notice_to_connect", "parcel_id": town["parcel"].pk, "facts": "Not connected."}
    assert "enforcement.issue_notice" in refused(post(signed_in(make_user, "inspector"), "/api/notices", body), 403)[0]
    assert "enforcement.run_sweep" in refused(post(signed_in(make_user, "clerk"), "/api/sweeps", {}), 403)[0]
    assert not Notice.objects.exists() and not AuditEvent.objects.filter(action="sweep").exists()


def test_only_the_building_inspector_issues_an_appearance_ticket(make_user: Any, town: dict) -> None:
    violation = open_violation(signed_in(make_user, "inspector"), town["parcel"], section="118-38")
    body = {"kind": "appearance_ticket", "violation_id": violation["id"], "facts": "Interceptor not pumped."}
    assert post(signed_in(make_user, "clerk"), "/api/notices", body).status_code == 403
    ticket = ok(post(signed_in(make_user, "building inspector"), "/api/notices", body), 201)
    assert ticket["number"].startswith("AT-") and ticket["parcel_id"] == town["parcel"].pk
    assert ticket["section"] == "118-38" and ticket["violation_id"] == violation["id"]


# --- The Notice to Connect and its 180 days (§118-5, I-20) ----------------------------------------------

def _csrf_client(user: Any) -> tuple[Client, str]:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get("/login/")
    return client, client.cookies["csrftoken"].value


def test_a_notice_to_connect_served_on_new_years_day_is_due_june_30(make_user: Any, town: dict) -> None:
    clerk = make_user("clerk")
    client, token = _csrf_client(clerk)
    body = {"kind": "notice_to_connect", "parcel_id": town["parcel"].pk, "issued_on": "2025-12-15",
            "facts": "The house at 12 Main St is not connected; the public sewer is in Main St."}
    assert post(client, "/api/notices", body).status_code == 403  # no CSRF token
    notice = ok(post(client, "/api/notices", body, HTTP_X_CSRFTOKEN=token), 201)
    assert notice["number"] == "NTC-2025-0001" and notice["served"] is False and notice["deadlines"] == []
    assert notice["addressee_block"].startswith("SMITH JOHN") and notice["issued_by"] == clerk.username
    served = ok(serve(client, notice["id"], "2026-01-01", {"HTTP_X_CSRFTOKEN": token}))
    assert served["served"] is True and served["served_method"] == "certified_mail"
    [deadline] = served["deadlines"]
    assert (deadline["kind"], deadline["due_on"], deadline["section"]) == ("connect", "2026-06-30", "118-5")
    listed = ok(client.get(f"/api/deadlines?parcel={town['parcel'].pk}&kind=connect"))
    assert [(d["id"], d["due_on"], d["notice_number"]) for d in listed["items"]] == [
        (deadline["id"], "2026-06-30", "NTC-2025-0001")]
    detail = ok(client.get(f"/api/deadlines/{deadline['id']}"))
    decision = detail["decision"]
    assert (decision["topic"], decision["outcome"], decision["as_of"]) == (
        "connection-deadlines", "awaiting-connection", "2026-01-01")
    assert [(d["due"], d["section"]) for d in decision["deadlines"]] == [("2026-06-30", "118-5")]
    assert isinstance(decision["findings"], list)  # nothing to find yet: the 180 days are running
    assert "118-5" in [c["section"] for c in decision["citations"]] and "I-20" in decision["interpretations"]
    assert [c["title"] for c in decision["citations"] if c["section"] == "118-5"][0].startswith("Connection")


def test_a_served_notice_cannot_be_served_again(client_as: Any, town: dict) -> None:
    client = client_as("clerk")
    notice = notice_to_connect(client, town["parcel"])
    ok(serve(client, notice["id"], "2026-01-01"))
    assert refused(serve(client, notice["id"], "2026-01-05")) == ["served_on"]
    assert Deadline.objects.count() == 1


@pytest.mark.parametrize(("extra", "field"), [
    ({"served_on": "2025-12-14"}, "served_on"),  # the day before it was issued
    ({"served_at": "2026-01-01T10:00:00"}, "served_at"),  # no time zone
    ({"served_at": "2026-01-02T09:00:00-05:00"}, "served_at"),  # not on the day served
    ({"served_on": "2999-01-04"}, "served_on"),  # a day still to come
    ({"method": "carrier_pigeon"}, "method"),
    ({"served_by_name": ""}, "served_by_name"),
    ({"served_on": "2026-02-30"}, "served_on"),
    ({"served_on": "9999-12-31"}, "served_on"),
])
def test_bad_service_is_a_422_and_starts_no_clock(client_as: Any, town: dict, extra: dict, field: str) -> None:
    client = client_as("clerk")
    notice = notice_to_connect(client, town["parcel"])
    body = {"method": "certified_mail", "served_on": "2026-01-01", "served_by_name": "J. Doe", **extra}
    assert field in refused(post(client, f"/api/notices/{notice['id']}/service", body))
    assert not Notice.objects.get().served and not Deadline.objects.exists()


def test_service_on_the_day_of_issue_with_a_zoned_time_is_accepted(client_as: Any, town: dict) -> None:
    client = client_as("clerk")
    notice = notice_to_connect(client, town["parcel"], issued_on="2026-01-01")
    served = ok(serve(client, notice["id"], "2026-01-01", served_at="2026-01-01T23:30:00-05:00"))
    assert served["served_at"].startswith("2026-01-02T04:30:00")  # kept in UTC; still January 1 in Marlborough
    assert served["deadlines"][0]["due_on"] == "2026-06-30"


@pytest.mark.parametrize(("body", "field"), [
    ({"kind": "summons"}, "kind"),
    ({"section": "118-99"}, "section"),
    ({"parcel_id": 999999}, "parcel_id"),
    ({"parcel_id": None}, "parcel_id"),
    ({"violation_id": 999999}, "violation_id"),
    ({"facts": ""}, "facts"),
    ({"facts": "NUL\u0000here"}, "facts"),
    ({"kind": "notice_of_violation"}, "violation_id"),  # names no violation
    ({"correction_days": 0}, "correction_days"),
    ({"issued_on": "2026-13-01"}, "issued_on"),
])
def test_bad_notices_are_422_naming_the_field(client_as: Any, town: dict, body: dict, field: str) -> None:
    notice = {"kind": "notice_to_connect", "parcel_id": town["parcel"].pk, "facts": "Not connected.", **body}
    assert field in refused(post(client_as("superintendent"), "/api/notices", notice))
    assert not Notice.objects.exists()


# --- Connection and abandonment: the Permits program's call (§118-5) ------------------------------------

def test_the_permits_program_records_a_connection_by_token_and_the_90_day_clock_starts(
    make_user: Any, town: dict
) -> None:
    superintendent = make_user("superintendent")
    _, raw = ApiToken.issue(superintendent, "permits program")
    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Bearer {raw}"}
    client = Client()
    ntc = ok(post(client, "/api/notices", {"kind": "notice_to_connect", "parcel_id": town["parcel"].pk,
                                           "issued_on": "2025-12-15", "facts": "Not connected."}, **auth), 201)
    ok(serve(client, ntc["id"], "2026-01-01", auth))
    body = {"building_id": town["house"].pk, "connected_on": "2026-03-02", "building_sewer_diameter_in": 4}
    connected = ok(post(client, "/api/connections", body, **auth), 201)
    assert connected["status"] == "connected" and connected["connected_on"] == "2026-03-02"
    by_kind = {d["kind"]: d for d in connected["deadlines"]}
    assert (by_kind["connect"]["status"], by_kind["connect"]["met_on"]) == ("met", "2026-03-02")
    abandon = by_kind["abandon"]
    assert abandon["private_system_id"] == town["septic"].pk and abandon["status"] == "open"
    assert abandon["due_on"] >= "2026-05-31"  # 90 days after the connection, off a weekend or holiday (I-20)
    assert AuditEvent.objects.get(action="do_record_connection").actor == superintendent
    findings = ok(client.get(f"/api/deadlines/{abandon['id']}", **auth))["decision"]["findings"]
    assert [(x["requirement"], x["severity"], x["section"]) for x in findings] == [
        ("connect-to-public-sewer", "complies", "118-5")]
    assert refused(post(client, "/api/connections", body, **auth)) == ["connected_on"]  # already connected
    inspector = signed_in(make_user, "inspector")
    done = ok(post(inspector, f"/api/private-systems/{town['septic'].pk}/abandonment", {"abandoned_on": "2026-04-20"}))
    assert done["deadlines"][0]["status"] == "met" and done["deadlines"][0]["met_on"] == "2026-04-20"
    again = post(inspector, f"/api/private-systems/{town['septic'].pk}/abandonment", {"abandoned_on": "2026-04-21"})
    assert refused(again) == ["abandoned_on"]


@pytest.mark.parametrize(("body", "field"), [
    ({"building_id": 999999, "connected_on": "2026-03-02"}, "building_id"),
    ({"building_id": "house", "connected_on": "2026-03-02"}, "building_id"),
    ({"building_id": None}, "building_id"),
    ({"connected_on": "2999-01-01"}, "connected_on"),  # a day still to come
    ({"connected_on": "yesterday"}, "connected_on"),
    ({"building_sewer_diameter_in": 3}, "building_sewer_diameter_in"),
])
def test_a_bad_connection_is_a_422(client_as: Any, town: dict, body: dict, field: str) -> None:
    payload = {"building_id": town["house"].pk, "connected_on": "2026-03-02", **body}
    assert field in refused(post(client_as("inspector"), "/api/connections", payload))
    assert town["house"].connection.status == "unsewered" and not Deadline.objects.exists()


# --- Violations: open, notice, escalate, refer, correct (§118-47) ---------------------------------------

def test_a_violation_from_inspection_to_court(make_user: Any, town: dict) -> None:
    inspector, clerk = signed_in(make_user, "inspector"), signed_in(make_user, "clerk")
    superintendent = signed_in(make_user, "superintendent")
    violation = open_violation(inspector, town["parcel"])
    assert violation["status"] == "open" and violation["responsible_name"] == "SMITH JOHN"
    assert [c["to_status"] for c in violation["status_changes"]] == ["open"]
    nov = ok(post(clerk, "/api/notices", {"kind": "notice_of_violation", "violation_id": violation["id"],
                                          "issued_on": "2026-02-04", "correction_days": 30,
                                          "facts": "Roof leaders connected to the building sewer."}), 201)
    assert nov["section"] == "118-10" and nov["parcel_id"] == town["parcel"].pk
    ok(serve(inspector, nov["id"], "2026-02-05"))
    detail = ok(clerk.get(f"/api/violations/{violation['id']}"))
    assert detail["status"] == "noticed" and [n["number"] for n in detail["notices"]] == [nov["number"]]
    [deadline] = detail["deadlines"]
    assert deadline["kind"] == "correct" and deadline["notice_id"] == nov["id"]
    path = f"/api/violations/{violation['id']}/moves"
    assert refused(post(superintendent, path, {"to": "referred", "why": "Ignored the notice."})) == ["to"]
    assert refused(post(superintendent, path, {"to": "sideways", "why": "x"})) == ["to"]
    assert refused(post(superintendent, path, {"to": "escalated", "why": ""})) == ["why"]
    assert post(clerk, path, {"to": "escalated", "why": "Time limit passed."}).status_code == 403
    ok(post(superintendent, path, {"to": "escalated", "why": "Time limit passed."}))
    moved = ok(post(superintendent, path, {"to": "referred", "why": "Ignored the notice."}))
    assert moved["status"] == "referred"
    assert [(c["to_status"], c["why"]) for c in moved["status_changes"]][-1] == ("referred", "Ignored the notice.")
    fine = ok(post(clerk, f"/api/violations/{violation['id']}/court-fines",
                   {"imposed_on": "2026-05-12", "amount": "250.00", "docket": "26-0112"}), 201)
    assert fine["amount"] == "250.00" and fine["court"] == "Town of Marlborough Justice Court"
    fixed = ok(post(inspector, f"/api/violations/{violation['id']}/correction",
                    {"corrected_on": "2026-05-20", "why": "Leaders disconnected; seen on reinspection."}))
    assert fixed["status"] == "corrected" and fixed["corrected_on"] == "2026-05-20"
    assert fixed["deadlines"][0]["status"] == "met" and fixed["court_fines"][0]["docket"] == "26-0112"
    assert Violation.objects.get().history.first().history_user.username.startswith("inspector")


@pytest.mark.parametrize(("body", "field"), [
    ({"section": "118-99"}, "section"),  # Chapter 118 has no such section
    ({"section": ""}, "section"),
    ({"parcel_id": 999999}, "parcel_id"),
    ({"parcel_id": 10**30}, "parcel_id"),
    ({"responsible_owner_id": 999999}, "responsible_owner_id"),
    ({"how_discovered": "rumour"}, "how_discovered"),
    ({"program": "tax"}, "program"),
    ({"discovered_on": "2026-02-30"}, "discovered_on"),
    ({"description": ""}, "description"),
    ({"discovered_on": "2999-01-04"}, "discovered_on"),  # a day still to come
])
def test_bad_violations_are_422_naming_the_field(client_as: Any, town: dict, body: dict, field: str) -> None:
    payload = {"parcel_id": town["parcel"].pk, "section": "118-10", "discovered_on": "2026-02-03",
               "description": "Roof leaders.", **body}
    assert field in refused(post(client_as("inspector"), "/api/violations", payload))
    assert not Violation.objects.exists()


def test_violations_are_filtered(make_user: Any, town: dict) -> None:
    inspector = signed_in(make_user, "inspector")
    first = open_violation(inspector, town["parcel"])
    open_violation(inspector, town["other"], section="§118-38", program="grease")
    board = signed_in(make_user, "board member")
    sections = lambda q: [v["section"] for v in ok(board.get(f"/api/violations?{q}"))["items"]]  # noqa: E731
    assert sections("") == ["118-10", "118-38"] or sections("") == ["118-38", "118-10"]
    assert sections("program=grease") == ["118-38"] and sections("section=118-10") == ["118-10"]
    assert sections(f"parcel={town['parcel'].pk}") == ["118-10"] and sections("status=closed") == []
    assert ok(board.get(f"/api/violations/{first['id']}"))["fine_to_date"] is None
    assert refused(board.get("/api/violations?status=maybe")) == ["status"]


# --- Money: Decimal through its text; never NaN, infinity, negative or fractions of a cent ---------------

@pytest.mark.parametrize("amount", ["-5.00", "1e400", "12.345", "NaN", "Infinity", "abc", "0", "", True, None,
                                    "10000000000.00"])
def test_a_bad_amount_is_a_422(client_as: Any, town: dict, amount: Any) -> None:
    violation = open_violation(client_as("inspector"), town["parcel"])
    body = {"description": "Jetting the main", "amount": amount, "incurred_on": "2026-02-04"}
    assert refused(post(client_as("clerk"), f"/api/violations/{violation['id']}/charges", body)) == ["amount"]
    assert not ViolatorCharge.objects.exists()


@pytest.mark.parametrize("raw", ["1e400", "-1e400", "NaN", "Infinity", "-0.01", "0.001"])
def test_a_bad_json_number_is_a_422(client_as: Any, town: dict, raw: str) -> None:
    violation = open_violation(client_as("inspector"), town["parcel"])
    body = '{"description": "Jetting", "incurred_on": "2026-02-04", "amount": ' + raw + "}"
    response = post(client_as("clerk"), f"/api/violations/{violation['id']}/charges", body)
    assert response.status_code in (400, 422) and not ViolatorCharge.objects.exists()


@pytest.mark.parametrize(("sent", "stored"), [("400", "400.00"), ("0.01", "0.01"), ("9999999999.99", "9999999999.99"),
                                              ("12.50", "12.50")])
def test_amounts_are_kept_to_the_cent(client_as: Any, town: dict, sent: str, stored: str) -> None:
    violation = open_violation(client_as("inspector"), town["parcel"])
    body = '{"description": "Jetting", "incurred_on": "2026-02-04", "amount": ' + sent + "}"  # a JSON number
    charge = ok(post(client_as("superintendent"), f"/api/violations/{violation['id']}/charges", body), 201)
    assert charge["amount"] == stored and ViolatorCharge.objects.get().amount == Decimal(stored)


def test_a_court_fine_of_nothing_is_recorded_but_not_a_negative_one(client_as: Any, town: dict) -> None:
    violation = open_violation(client_as("inspector"), town["parcel"])
    path = f"/api/violations/{violation['id']}/court-fines"
    client = client_as("clerk")
    assert ok(post(client, path, {"imposed_on": "2026-05-12", "amount": "0.00"}), 201)["amount"] == "0.00"
    assert refused(post(client, path, {"imposed_on": "2026-05-12", "amount": "-0.01"})) == ["amount"]


# --- The charges the Billing program reads --------------------------------------------------------------

def test_billing_reads_the_pending_charges_with_the_parcel_and_its_accounts(make_user: Any, town: dict) -> None:
    violation = open_violation(signed_in(make_user, "inspector"), town["parcel"])
    clerk = signed_in(make_user, "clerk")
    for description, amount in (("Jetting the main", "400.00"), ("Replacing the cleanout cap", "85.50")):
        body = {"description": description, "amount": amount, "incurred_on": "2026-02-04"}
        ok(post(clerk, f"/api/violations/{violation['id']}/charges", body), 201)
    replacing = ViolatorCharge.objects.get(description__startswith="Replacing").pending_charge
    billed = post(clerk, f"/api/pending-charges/{replacing.pk}/billing",
                  {"billed_on": "2026-07-01", "billing_reference": "BILL-2026-1-000045"})
    assert ok(billed)["billed_on"] == "2026-07-01"
    pending = ok(clerk.get("/api/violator-charges?pending=true"))
    assert pending["count"] == 1
    [charge] = pending["items"]
    assert (charge["description"], charge["amount"], charge["section"]) == ("Jetting the main", "400.00", "118-10")
    assert (charge["tax_map_number"], charge["address"]) == ("108.12-3-45", "12 Main St")
    assert [a["account_number"] for a in charge["accounts"]] == ["MAR-000045"]
    assert charge["responsible_name"] == "SMITH JOHN" and charge["billed_on"] is None
    billed = ok(clerk.get("/api/violator-charges?pending=false"))["items"]
    assert [(c["amount"], c["billed_on"], c["billing_reference"]) for c in billed] == [
        ("85.50", "2026-07-01", "BILL-2026-1-000045")]
    assert charge["pending_charge_id"] == PendingCharge.objects.get(amount=Decimal("400.00")).pk
    assert ok(clerk.get("/api/violator-charges"))["count"] == 2
    assert refused(clerk.get("/api/violator-charges?pending=perhaps")) == ["pending"]


# --- The daily sweep ------------------------------------------------------------------------------------

def test_a_sweep_through_the_api_is_idempotent(make_user: Any, town: dict) -> None:
    clerk = signed_in(make_user, "clerk")
    ok(serve(clerk, notice_to_connect(clerk, town["parcel"])["id"], "2026-01-01"))
    superintendent = signed_in(make_user, "superintendent")
    on_time = ok(post(superintendent, "/api/sweeps", {"as_of": "2026-06-30"}), 201)
    assert on_time["as_of"] == "2026-06-30" and on_time["changes"] == {}  # due by the end of June 30 (I-20)
    first = ok(post(superintendent, "/api/sweeps", {"as_of": "2026-07-01"}), 201)
    assert first["changes"] == {"deadlines_overdue": 1, "violations_opened": 1, "follow_ups_raised": 1}
    second = ok(post(superintendent, "/api/sweeps", {"as_of": "2026-07-01"}), 201)
    assert second["changes"] == {} and second["id"] != first["id"]
    [deadline] = ok(clerk.get("/api/deadlines?overdue=true"))["items"]
    assert (deadline["status"], deadline["overdue_since"]) == ("overdue", "2026-07-01")
    assert deadline["follow_ups"][0]["kind"] == "serve_notice_of_violation"
    [violation] = ok(clerk.get("/api/violations?status=open"))["items"]
    assert violation["how_discovered"] == "missed_deadline" and violation["source_deadline_id"] == deadline["id"]
    assert AuditEvent.objects.filter(action="sweep").count() == 3


def test_a_sweep_runs_today_by_default_and_never_as_of_a_day_to_come(client_as: Any, town: dict) -> None:
    from django.utils import timezone

    client = client_as("superintendent")
    today = timezone.localdate()
    assert ok(post(client, "/api/sweeps", {}), 201)["as_of"] == today.isoformat()
    tomorrow = (today + dt.timedelta(days=1)).isoformat()
    assert refused(post(client, "/api/sweeps", {"as_of": tomorrow})) == ["as_of"]
    assert refused(post(client, "/api/sweeps", {"as_of": "July 1"})) == ["as_of"]


def test_the_abandonment_fine_to_date_is_shown_with_the_violation(make_user: Any, town: dict) -> None:
    """Connected March 2; the tank not abandoned within 90 days; notified of the violation; corrected 44 days
    later: 30 × $10 + 14 × $25 = $650 (§118-5, I-21)."""
    superintendent = signed_in(make_user, "superintendent")
    connected = ok(post(superintendent, "/api/connections",
                        {"building_id": town["house"].pk, "connected_on": "2026-03-02"}), 201)
    due = D.fromisoformat([d for d in connected["deadlines"] if d["kind"] == "abandon"][0]["due_on"])
    swept = ok(post(superintendent, "/api/sweeps", {"as_of": (due + dt.timedelta(days=1)).isoformat()}), 201)
    assert swept["changes"]["violations_opened"] == 1
    violation = Violation.objects.get()
    body = {"kind": "notice_of_violation", "violation_id": violation.pk, "issued_on": "2026-06-15",
            "facts": "Septic tank still in use."}
    nov = ok(post(superintendent, "/api/notices", body), 201)
    ok(serve(superintendent, nov["id"], "2026-06-15"))
    accruing = ok(superintendent.get(f"/api/violations/{violation.pk}"))["fine_to_date"]
    assert accruing["notified_on"] == "2026-06-15" and accruing["corrected_on"] is None
    assert Decimal(accruing["amount"]) == 300 + 25 * (accruing["days"] - 30) and accruing["days"] > 30
    ok(post(superintendent, f"/api/private-systems/{town['septic'].pk}/abandonment", {"abandoned_on": "2026-07-29"}))
    final = ok(superintendent.get(f"/api/violations/{violation.pk}"))
    assert final["status"] == "corrected"
    fine = AbandonmentFine.objects.get()
    assert final["fine_to_date"] == {"notified_on": "2026-06-15", "corrected_on": "2026-07-29",
                                     "as_of": "2026-07-29", "days": 44, "amount": "650.00",
                                     "posted_on": "2026-07-29", "pending_charge_id": fine.pending_charge_id}
    assert fine.amount == Decimal("650.00")
    # Corrected, the fine is posted (I-21): billing finds it among the pending charges.
    [pending] = ok(superintendent.get("/api/pending-charges?pending=true"))["items"]
    assert (pending["amount"], pending["section"], pending["kind"]) == ("650.00", "118-5", "abandonment_fine")


# --- Deadline lists -------------------------------------------------------------------------------------

def test_deadlines_are_filtered_by_program_kind_officer_dates_and_status(make_user: Any, town: dict) -> None:
    clerk_user = make_user("clerk")
    clerk = Client()
    clerk.force_login(clerk_user)
    ok(serve(clerk, notice_to_connect(clerk, town["parcel"])["id"], "2026-01-01"))  # due 2026-06-30
    inspector = signed_in(make_user, "inspector")
    violation = open_violation(inspector, town["other"])
    nov = ok(post(clerk, "/api/notices", {"kind": "notice_of_violation", "violation_id": violation["id"],
                                          "correction_days": 30, "facts": "Roof leaders.",
                                          "issued_on": "2026-11-20"}), 201)
    ok(serve(inspector, nov["id"], "2026-11-20"))

    def kinds(query: str) -> list[str]:
        return [d["kind"] for d in ok(clerk.get(f"/api/deadlines?{query}"))["items"]]

    assert kinds("") == ["connect", "correct"]  # soonest first
    assert kinds("program=connection") == ["connect"] and kinds("kind=correct") == ["correct"]
    assert kinds(f"officer={clerk_user.pk}") == ["connect"] and kinds("status=open") == ["connect", "correct"]
    assert kinds("due_from=2026-06-30&due_to=2026-06-30") == ["connect"] and kinds("due_to=2026-06-29") == []
    assert kinds("overdue=true") == ["connect"] and kinds("overdue=false") == ["correct"]  # open but passed
    assert kinds(f"parcel={town['other'].pk}") == ["correct"] and kinds("status=met") == []
    page = ok(clerk.get("/api/deadlines?limit=1&offset=1"))
    assert page["count"] == 2 and [d["kind"] for d in page["items"]] == ["correct"]


@pytest.mark.parametrize("query", ["status=late", "program=tax", "kind=pay", "officer=abc", "officer=0",
                                   "due_from=2026-13-01", "overdue=perhaps", "parcel=99999999999999999999999",
                                   "limit=501", "offset=-1"])
def test_a_bad_deadline_filter_is_a_422_naming_it(client_as: Any, town: dict, query: str) -> None:
    assert refused(client_as("clerk").get(f"/api/deadlines?{query}")) == [query.split("=")[0]]


@pytest.mark.parametrize(("method", "path", "body"), [
    ("get", "/api/deadlines/999999", None),
    ("get", "/api/deadlines/99999999999999999999999999", None),
    ("get", "/api/violations/0", None),
    ("get", "/api/notices/424242", None),
    ("post", "/api/notices/424242/service", {"method": "posting", "served_on": "2026-01-02", "served_by_name": "x"}),
    ("post", "/api/violations/424242/moves", {"to": "closed", "why": "Withdrawn."}),
    ("post", "/api/violations/424242/correction", {"corrected_on": "2026-01-02"}),
    ("post", "/api/violations/424242/court-fines", {"imposed_on": "2026-01-02", "amount": "5.00"}),
    ("post", "/api/violations/424242/charges", {"description": "x", "amount": "5.00", "incurred_on": "2026-01-02"}),
    ("post", "/api/private-systems/424242/abandonment", {"abandoned_on": "2026-01-02"}),
])
def test_an_unknown_id_is_a_404(client_as: Any, town: dict, method: str, path: str, body: Any) -> None:
    client = client_as("superintendent")
    response = client.get(path) if method == "get" else post(client, path, body)
    assert response.status_code == 404, response.content
    assert response.json()["detail"].startswith("No ")


def test_the_openapi_document_describes_enforcement(client_as: Any) -> None:
    doc = client_as("clerk").get("/api/openapi.json").json()
    parameters = {p["name"] for p in doc["paths"]["/api/deadlines"]["get"]["parameters"]}
    assert {"status", "program", "kind", "officer", "due_from", "due_to", "overdue", "parcel", "limit"} <= parameters
    for path in ("/api/connections", "/api/sweeps", "/api/notices/{notice_id}/service"):
        assert "post" in doc["paths"][path]
    assert "pending" in {p["name"] for p in doc["paths"]["/api/violator-charges"]["get"]["parameters"]}


# --- No input makes a 500 -------------------------------------------------------------------------------

VALUES = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**40), max_value=10**40),
                   st.text(max_size=30), st.floats(), st.sampled_from(["2026-01-01", "1e400", "118-5", "NaN", "0.10",
                                                                       "2026-01-01T09:00:00", "9999-12-31"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(["kind", "parcel_id", "violation_id", "facts", "correction_days",
                                             "correction_hours", "issued_on", "section", "bogus"]), VALUES))
def test_no_notice_body_makes_a_500(client_as: Any, town: dict, body: dict) -> None:
    response = post(client_as("superintendent"), "/api/notices", json.dumps(body, allow_nan=True))
    assert response.status_code in (201, 400, 422), (body, response.content)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(["description", "amount", "incurred_on", "imposed_on", "docket"]), VALUES),
       where=st.sampled_from(["charges", "court-fines", "correction", "moves"]))
def test_no_violation_step_makes_a_500(client_as: Any, town: dict, body: dict, where: str) -> None:
    violation = Violation.objects.first() or Violation.objects.create(
        parcel=town["parcel"], section="118-10", discovered_on=D(2026, 2, 3), how_discovered="inspection",
        description="Roof leaders.")
    client = client_as("superintendent")
    response = post(client, f"/api/violations/{violation.pk}/{where}", json.dumps(body, allow_nan=True))
    assert response.status_code in (200, 201, 400, 422), (body, response.content)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(["method", "served_on", "served_by_name", "served_at"]), VALUES))
def test_no_service_body_makes_a_500(client_as: Any, town: dict, body: dict) -> None:
    notice = Notice.objects.filter(served_on__isnull=True).first()
    client = client_as("clerk")
    if notice is None:
        notice_id = notice_to_connect(client, town["parcel"], issued_on="2025-01-01")["id"]
    else:
        notice_id = notice.pk
    response = post(client, f"/api/notices/{notice_id}/service", json.dumps(body, allow_nan=True))
    assert response.status_code in (200, 400, 422), (body, response.content)


@pytest.mark.parametrize("day", ["1900-01-01", "1965-06-30", "2999-12-31", "0001-01-01", "10000-01-01"])
def test_dates_at_the_ends_of_the_calendar_are_answered_not_crashed_on(make_user: Any, town: dict, day: str) -> None:
    superintendent = signed_in(make_user, "superintendent")
    notice = notice_to_connect(superintendent, town["parcel"], issued_on="1900-01-01")
    violation = open_violation(superintendent, town["parcel"], discovered_on="1900-01-01")
    steps = [
        ("/api/sweeps", {"as_of": day}),
        (f"/api/notices/{notice['id']}/service", {"method": "posting", "served_on": day, "served_by_name": "x"}),
        ("/api/connections", {"building_id": town["house"].pk, "connected_on": day}),
        (f"/api/private-systems/{town['septic'].pk}/abandonment", {"abandoned_on": day}),
        (f"/api/violations/{violation['id']}/correction", {"corrected_on": day}),
        ("/api/violations", {"parcel_id": town["parcel"].pk, "section": "118-5", "discovered_on": day,
                             "description": "x"}),
    ]
    for path, body in steps:
        response = post(superintendent, path, body)
        assert response.status_code in (200, 201, 422), (path, response.content)
    for query in (f"due_from={day}", f"due_to={day}"):
        assert superintendent.get(f"/api/deadlines?{query}").status_code in (200, 422)


@pytest.mark.parametrize(("where", "body"), [
    ("correction", {"corrected_on": "2999-01-04"}),
    ("court-fines", {"imposed_on": "2999-01-04", "amount": "250.00"}),
    ("charges", {"incurred_on": "2999-01-04", "amount": "250.00", "description": "Jetting"}),
])
def test_what_has_not_happened_yet_is_not_recorded(client_as: Any, town: dict, where: str, body: dict) -> None:
    violation = open_violation(client_as("inspector"), town["parcel"])
    response = post(client_as("superintendent"), f"/api/violations/{violation['id']}/{where}", body)
    assert refused(response) == [next(k for k in body if k.endswith("_on"))]
    assert Violation.objects.get().status == "open" and not ViolatorCharge.objects.exists()
    tank = f"/api/private-systems/{town['septic'].pk}/abandonment"
    assert refused(post(client_as("inspector"), tank, {"abandoned_on": "2999-01-04"})) == ["abandoned_on"]


def test_notices_are_listed_by_kind_parcel_violation_and_service(make_user: Any, town: dict) -> None:
    clerk = signed_in(make_user, "clerk")
    first = notice_to_connect(clerk, town["parcel"])
    ok(serve(clerk, first["id"], "2026-01-01"))
    violation = open_violation(signed_in(make_user, "inspector"), town["other"])
    nov = ok(post(clerk, "/api/notices", {"kind": "notice_of_violation", "violation_id": violation["id"],
                                          "facts": "Roof leaders.", "issued_on": "2026-02-04"}), 201)
    board = signed_in(make_user, "board member")

    def numbers(query: str) -> list[str]:
        return [n["number"] for n in ok(board.get(f"/api/notices?{query}"))["items"]]

    assert numbers("") == ["NOV-2026-0001", "NTC-2025-0001"]  # latest issued first
    assert numbers("served=true") == ["NTC-2025-0001"] and numbers("served=false") == ["NOV-2026-0001"]
    assert numbers("kind=notice_of_violation") == ["NOV-2026-0001"]
    assert numbers(f"parcel={town['parcel'].pk}") == ["NTC-2025-0001"]
    assert numbers(f"violation={violation['id']}") == ["NOV-2026-0001"]
    detail = ok(board.get(f"/api/notices/{nov['id']}"))
    assert detail["addressee_block"] and detail["served_on"] is None and detail["deadlines"] == []
    assert refused(board.get("/api/notices?kind=summons")) == ["kind"]
