"""A meter change on the screen and through the API (registry.meters.do_replace_meter, §118-52, I-60): the
clerk, the Superintendent or the Water Superintendent records the old meter's final read and the new
meter's initial read in one step; other roles are refused; a bad value is named by its field, and nothing
is recorded then."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from sewerworks.core.models import AuditEvent
from sewerworks.registry.models import MeterRead, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db

D = dt.date


@pytest.fixture
def meter(db: Any) -> WaterMeter:
    meter = f.account_with_meter(f.parcel())
    MeterRead.objects.create(meter=meter, read_on=D(2026, 3, 31), reading=10_000)
    return meter


def _form(**changes: Any) -> dict[str, Any]:
    data = {
        "replaced_on": "2026-06-15",
        "final_reading": "14000",
        "new_serial": " wm-new-1 ",
        "initial_reading": "500",
        "source": "manual",
        "reason": "Register stuck",
    }
    return {**data, **changes}


def _api(client: Any, meter: WaterMeter, **changes: Any) -> Any:
    body = {"new_serial": "WM-NEW-2", "replaced_on": "2026-06-15", "final_reading": 14_000, "initial_reading": 500}
    return client.post(
        f"/api/water-meters/{meter.pk}/replace", json.dumps({**body, **changes}), content_type="application/json"
    )


def test_the_parcel_page_offers_the_change_to_a_clerk_and_the_clerk_records_it(client_as: Any, meter: Any) -> None:
    client = client_as("clerk")
    page = client.get(f"/registry/parcels/{meter.account.parcel_id}/").content.decode()
    assert f"/registry/meters/{meter.pk}/replace/" in page
    form = client.get(f"/registry/meters/{meter.pk}/replace/")
    assert form.status_code == 200 and "Final read of the old meter" in form.content.decode()
    done = client.post(f"/registry/meters/{meter.pk}/replace/", _form())
    assert done.status_code == 302 and done.url == f"/registry/parcels/{meter.account.parcel_id}/"
    meter.refresh_from_db()
    new = WaterMeter.objects.get(serial="WM-NEW-1")
    assert (meter.removed_on, new.installed_on, new.account_id) == (D(2026, 6, 15), D(2026, 6, 15), meter.account_id)
    assert list(
        MeterRead.objects.filter(read_on=D(2026, 6, 15)).order_by("reading").values_list("reading", "meter")
    ) == [(500, new.pk), (14_000, meter.pk)]
    assert AuditEvent.objects.get(action="do_replace_meter").actor == client.user
    after = client.get(f"/registry/parcels/{meter.account.parcel_id}/").content.decode()
    assert "removed 2026-06-15" in after and f"/registry/meters/{new.pk}/replace/" in after


def test_a_final_read_below_the_last_one_is_named_on_the_form_and_nothing_is_recorded(
    client_as: Any, meter: Any
) -> None:
    """10,000 → 9,000 on a 6-dial register would be a rollover of 999,000 gallons: not plausible (I-48)."""
    response = _form(final_reading="9000")
    page = client_as("superintendent").post(f"/registry/meters/{meter.pk}/replace/", response)
    assert page.status_code == 200
    assert "id_final_reading" in page.content.decode() and "invalid-feedback" in page.content.decode()
    assert page.context["form"].errors["final_reading"]
    assert not WaterMeter.objects.filter(serial="WM-NEW-1").exists()
    assert MeterRead.objects.count() == 1


def test_a_day_in_the_future_is_refused_by_the_form(client_as: Any, meter: Any) -> None:
    tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    page = client_as("water superintendent").post(f"/registry/meters/{meter.pk}/replace/", _form(replaced_on=tomorrow))
    assert "replaced_on" in page.context["form"].errors
    assert MeterRead.objects.count() == 1


@pytest.mark.parametrize("role", ["inspector", "board member", "town engineer", "building inspector"])
def test_other_roles_neither_see_the_link_nor_open_the_form(client_as: Any, meter: Any, role: str) -> None:
    client = client_as(role)
    page = client.get(f"/registry/parcels/{meter.account.parcel_id}/").content.decode()
    assert "/replace/" not in page
    assert client.get(f"/registry/meters/{meter.pk}/replace/").status_code == 403
    assert client.post(f"/registry/meters/{meter.pk}/replace/", _form()).status_code == 403
    assert WaterMeter.objects.count() == 1


def test_the_api_replaces_the_meter_and_answers_with_both_meters_and_reads(client_as: Any, meter: Any) -> None:
    response = _api(client_as("water superintendent"), meter)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["old"]["removed_on"] == "2026-06-15" and body["new"]["serial"] == "WM-NEW-2"
    assert (body["final_read"]["reading"], body["final_read"]["meter_id"]) == (14_000, meter.pk)
    assert (body["initial_read"]["reading"], body["initial_read"]["meter_serial"]) == (500, "WM-NEW-2")
    assert body["audit_event_id"] == AuditEvent.objects.get(action="do_replace_meter").pk


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"final_reading": 9_000}, "final_reading"),
        ({"replaced_on": "2026-03-30"}, "replaced_on"),  # the meter has a read after it
        ({"source": "estimate"}, "source"),
        ({"new_serial": "   "}, "new_serial"),
        ({"new_serial": "WM\u0000NUL"}, "new_serial"),  # PostgreSQL stores no NUL character
        ({"reason": "stuck\u0000"}, "reason"),
    ],
)
def test_the_api_names_the_refused_field_and_records_nothing(
    client_as: Any, meter: Any, changes: dict[str, Any], field: str
) -> None:
    response = _api(client_as("clerk"), meter, **changes)
    assert response.status_code == 422, response.content
    assert any(e["loc"][-1] == field for e in response.json()["detail"]), response.json()
    assert WaterMeter.objects.count() == 1 and MeterRead.objects.count() == 1


def test_a_meter_already_removed_cannot_be_replaced_again(client_as: Any, meter: Any) -> None:
    client = client_as("clerk")
    assert _api(client, meter).status_code == 201
    again = _api(client, meter, new_serial="WM-NEW-3")
    assert again.status_code == 422 and "already removed" in json.dumps(again.json())


def test_the_api_refuses_a_board_member_and_answers_404_for_no_such_meter(client_as: Any, meter: Any) -> None:
    refused = _api(client_as("board member"), meter)
    assert refused.status_code == 403 and "registry.replace_watermeter" in refused.json()["detail"]
    meter.pk = 999_999
    assert _api(client_as("clerk"), meter).status_code == 404
    assert WaterMeter.objects.count() == 1
