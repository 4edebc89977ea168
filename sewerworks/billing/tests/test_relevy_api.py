"""The year end through the API to the cent (§118-53): the worked examples (a bill paid in part before the
statement; one paid after it, before the cut-off; a check returned after the penalty date; a parcel sold between
the statement and the relevy), the draft, filing, adoption, export, settlement; refusals named."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from sewerworks.billing.tests.relevy_scenario import paid_after_the_statement, year_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(client: Any, staff: Any) -> Any:
    client.force_login(staff.clerk)
    return client


def post(client: Any, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, body, content_type="application/json")


def test_the_worked_examples_through_the_api_to_the_cent(api: Any, staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    a, b, c, d = (scene.accounts[k] for k in "ABCD")
    decision = api.get(f"/api/billing/relevy/accounts/{a.pk}/decision", {"on": "2026-09-20"}).json()
    assert decision["outcome"] == "on-statement"
    assert {x["key"]: x["value"] for x in decision["amounts"]}["total"] == "43.03"  # paid $20.00 before it
    draft = api.get("/api/billing/relevy/draft", {"on": "2026-09-20"}).json()
    assert (draft["total"], draft["bills"], draft["parcels"], draft["roll_year"]) == ("243.12", 4, 4, 2027)
    by_account = {line["account_id"]: line for line in draft["lines"]}
    assert by_account[c.pk]["penalty"] == "8.00" and by_account[c.pk]["total"] == "88.00"  # the returned check
    assert by_account[d.pk]["owner_name"] == "HUDSON ANNA"  # sold on 2026-10-01: the owner on 2026-09-20
    filed = post(api, "/api/billing/relevy/statements", {"statement_date": "2026-09-20"})
    assert filed.status_code == 201, filed.json()
    statement = filed.json()
    assert statement["pdf"].startswith("/files/relevy-statement/") and statement["total"] == "243.12"
    paid_after_the_statement(scene, staff.clerk)  # $30.00 on 2026-10-15
    relevy = api.get(f"/api/billing/relevy/accounts/{b.pk}/decision", {"on": "2026-09-20", "cutoff": "2026-10-31"})
    assert {x["key"]: x["value"] for x in relevy.json()["amounts"]}["relevied"] == "16.09"
    adopted = post(api, f"/api/billing/relevy/statements/{statement['id']}/adoption",
                   {"resolution_id": scene.resolution.pk, "adopted_on": "2026-11-10"})  # fmt: skip
    assert adopted.status_code == 200, adopted.json()
    body = adopted.json()
    assert (body["status"], body["relevied_total"]) == ("relevied", "213.12")
    assert [(x["stated"], x["relevied"]) for x in body["differences"]] == [("46.09", "16.09")]
    exported = post(api, f"/api/billing/relevy/statements/{statement['id']}/exports", {})
    assert exported.status_code == 201 and exported.json()["total"] == "213.12"
    text = api.get(exported.json()["file"]).content.decode()
    assert len(text.splitlines()) == 4
    settled = post(api, f"/api/billing/relevy/exports/{exported.json()['id']}/settlements",
                   {"received_on": timezone.localdate().isoformat(), "file_text": text})  # fmt: skip
    assert settled.status_code == 201 and settled.json()["differences"] == []
    assert Decimal(settled.json()["total"]) == Decimal("213.12")


def test_refusals_are_422_naming_the_field_and_the_rule(api: Any, staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    assert api.get("/api/billing/relevy/draft", {"on": "2099-09-20"}).status_code == 422
    assert post(api, "/api/billing/relevy/statements/999/adoption",
                {"resolution_id": scene.resolution.pk, "adopted_on": "2026-11-10"}).status_code == 404  # fmt: skip
    statement = post(api, "/api/billing/relevy/statements", {"statement_date": "2026-09-20"}).json()
    earlier = post(api, "/api/billing/relevy/statements", {"statement_date": "2026-09-19"})
    assert earlier.status_code == 422
    assert "statement_date: The statement of 2026-09-20 is filed" in earlier.json()["detail"]
    early = post(api, f"/api/billing/relevy/statements/{statement['id']}/adoption",
                 {"resolution_id": scene.resolution.pk, "adopted_on": "2026-10-15"})  # fmt: skip
    assert early.status_code == 422 and early.json()["detail"].startswith("adopted_on: The counter takes payments")
    not_relevied = post(api, f"/api/billing/relevy/statements/{statement['id']}/exports", {})
    assert not_relevied.status_code == 422 and "not relevied" in not_relevied.json()["detail"]
    money = post(api, "/api/billing/relevy/exports/1/settlements", {"received_on": "2026-12-04", "lines": [
        {"print_key": "108.1-1-1", "amount": 43.03}]})  # fmt: skip
    assert money.status_code in (404, 422)


def test_a_board_member_reads_and_is_refused_the_rest(client_as: Any, staff: Any) -> None:
    year_end(staff.clerk, staff.superintendent)
    board = client_as("board member")
    assert board.get("/api/billing/relevy/draft", {"on": "2026-09-20"}).status_code == 200
    assert post(board, "/api/billing/relevy/statements", {"statement_date": "2026-09-20"}).status_code == 403
