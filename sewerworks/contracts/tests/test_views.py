"""The contract-user screens and API: the map's candidates in their outcome's style with the table beside
it, the list's filters, the petition and the Board's decision through the forms, and the API's answers
(422 before 1996-04-22, 403 for the wrong role)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.test import override_settings

from sewerworks.contracts.models import ContractAgreement, ScreenRun
from sewerworks.contracts.screen import engine
from sewerworks.contracts.screen.run import limits_on
from sewerworks.contracts.tests.conftest import AS_OF, IMMEDIATE
from sewerworks.core.models import BoardResolution, PendingCharge
from sewerworks.registry.models import Lateral, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def screened(lot: Any, area: Any) -> dict[str, Any]:
    lots = {
        "eligible": lot("109.1-1-1", gap=0.4, discharge=120),
        "board": lot("109.1-1-2", gap=0.8, discharge=350),
        "far": lot("109.1-1-3", gap=0.8, discharge=450),
        "apart": lot("109.1-1-4", gap=150, discharge=160),
        "unknown": lot("109.1-1-5", gap=0.5),
    }
    _, limits = limits_on(AS_OF)
    engine.screen(limits=limits, run="views")
    ScreenRun.objects.create(run="views", as_of=AS_OF, finished_at=dt.datetime(2026, 5, 1, tzinfo=dt.UTC))
    return lots


def test_the_map_page_lists_each_candidate_in_its_outcome_with_a_legend(client_as: Any, screened: Any) -> None:
    page = client_as("board member").get("/contracts/").content.decode()
    for tax_map, outcome in (
        ("109.1-1-1", "eligible"),
        ("109.1-1-2", "eligible-under-118-29.1"),
        ("109.1-1-3", "too-far"),
        ("109.1-1-4", "not-adjoining"),
        ("109.1-1-5", "cannot-judge"),
    ):
        assert f'data-tax-map="{tax_map}" data-outcome="{outcome}"' in page
        assert f'<li data-outcome="{outcome}">' in page  # the legend
    assert "Screen the parcel layer" not in page  # a board member starts no screen


def test_the_map_json_draws_areas_and_candidates_in_lon_lat(client_as: Any, screened: Any) -> None:
    data = client_as("clerk").get("/contracts/candidates/map.json?outcome=too-far").json()
    layers = [(f["properties"]["layer"], f["properties"].get("tax_map")) for f in data["features"]]
    assert layers == [("area", None), ("candidate", "109.1-1-3")]
    lon, lat = data["features"][1]["geometry"]["coordinates"][0][0]
    assert -75 < lon < -73 and 41 < lat < 42


def test_the_list_filters_by_outcome_and_searches_tax_map_numbers(client_as: Any, screened: Any) -> None:
    client = client_as("clerk")
    board = client.get("/contracts/candidates/?outcome=eligible-under-118-29.1").content.decode()
    assert "109.1-1-2" in board and "109.1-1-1" not in board
    found = client.get("/contracts/candidates/?q=1-1-4").content.decode()
    assert "109.1-1-4" in found and "109.1-1-5" not in found
    assert "Record a petition" in client.get("/contracts/candidates/?outcome=eligible").content.decode()


@override_settings(TASKS=IMMEDIATE)
def test_the_clerk_starts_a_screen_from_the_page_and_one_before_1996_is_refused(
    client_as: Any, screened: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = client_as("clerk")
    refused = client.post("/contracts/screen/", {"as_of": "1996-04-21"})
    assert refused.status_code == 422 and "no contract users on 1996-04-21" in refused.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/contracts/screen/", {"as_of": "2026-05-01"}).status_code == 302
    assert ScreenRun.objects.filter(scope="all", finished_at__isnull=False, started_by=client.user).exists()
    assert client_as("inspector").post("/contracts/screen/", {"as_of": "2026-05-01"}).status_code == 403


def test_petition_and_approval_through_the_forms(client_as: Any, screened: Any, area: Any) -> None:
    parcel = screened["eligible"]
    account = SewerAccount.objects.create(account_number="MAR-C9", parcel=parcel)
    Lateral.objects.create(parcel=parcel, main=f.main(area))
    resolution = BoardResolution.objects.create(instrument="Resolution 2026-50", adopted_on=dt.date(2026, 6, 8),
                                                effective_on=dt.date(2026, 6, 8), title="Contract user")  # fmt: skip
    client = client_as("clerk")
    petition = {"account": account.pk, "petitioner": "ANNE ORCHARD", "petitioned_on": "2026-05-04"}
    response = client.post(f"/contracts/parcels/{parcel.pk}/petition/", petition)
    agreement = ContractAgreement.objects.get()
    assert response.status_code == 302 and agreement.eligibility.outcome == "eligible"
    early = {"decision": "approve", "resolution": resolution.pk, "decided_on": "2026-06-01", "legal_fees": "900"}
    bad = client.post(f"/contracts/agreements/{agreement.pk}/", early)
    assert bad.status_code == 422 and "adopted after 2026-06-01" in bad.content.decode()
    ok = client.post(f"/contracts/agreements/{agreement.pk}/", {"decision": "approve", "resolution": resolution.pk,
                     "decided_on": "2026-06-08", "legal_fees": "900.00", "assessment_share": "5100.00"})  # fmt: skip
    assert ok.status_code == 302
    page = client.get(f"/contracts/agreements/{agreement.pk}/").content.decode()
    assert "Approved by the Town Board: Resolution 2026-50" in page and "$5,100.00" in page
    assert PendingCharge.objects.filter(program="contracts").count() == 2


def test_the_parcel_page_shows_the_screens_answer(client_as: Any, screened: Any) -> None:
    page = client_as("clerk").get(f"/registry/parcels/{screened['board'].pk}/").content.decode()
    assert 'data-outcome="eligible-under-118-29.1"' in page and "350.00 ft" in page


def test_the_dashboard_counts_the_candidates_by_outcome(client_as: Any, screened: Any) -> None:
    ScreenRun.objects.filter(run="views").update(counts={"eligible": 1, "too-far": 1}, candidates=5)
    page = client_as("clerk").get("/").content.decode()
    assert "Contract users (§118-29.1)" in page and "1 · Adjoining, discharge too far" in page


def _api(client: Any, method: str, path: str, body: Any = None) -> Any:
    call = getattr(client, method)
    return (
        call(f"/api{path}", json.dumps(body), content_type="application/json")
        if body is not None
        else call(f"/api{path}")
    )


def test_the_api_lists_candidates_by_outcome_and_refuses_a_screen_before_1996(client_as: Any, screened: Any) -> None:
    client = client_as("clerk")
    far = _api(client, "get", "/contracts/candidates?outcome=too-far").json()
    assert [c["tax_map_number"] for c in far["items"]] == ["109.1-1-3"]
    assert far["items"][0]["discharge_distance_ft"] == "450.00"
    early = _api(client, "post", "/contracts/screens", {"as_of": "1996-04-21"})
    assert early.status_code == 422 and "the law was not in force" in early.json()["detail"]
    assert _api(client_as("board member"), "post", "/contracts/screens", {}).status_code == 403
    assert _api(client, "get", "/contracts/screens/latest").json()["run"] == "views"


def test_the_api_records_a_petition_and_names_a_missing_parcel(client_as: Any, screened: Any) -> None:
    client = client_as("clerk")
    parcel = screened["eligible"]
    account = SewerAccount.objects.create(account_number="MAR-C8", parcel=parcel)
    body = {"parcel_id": parcel.pk, "account_id": account.pk, "petitioner": "A", "petitioned_on": "2026-05-04"}
    created = _api(client, "post", "/contracts/agreements", body)
    assert created.status_code == 201 and created.json()["eligibility_outcome"] == "eligible"
    assert _api(client, "post", "/contracts/agreements", {**body, "parcel_id": 999999}).status_code == 404
    far = _api(client, "post", "/contracts/agreements", {**body, "parcel_id": screened["apart"].pk})
    assert far.status_code == 422 and "account" in far.json()["detail"]
