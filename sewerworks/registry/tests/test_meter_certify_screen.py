"""The Water Superintendent certifies a meter from the parcel page (§118-25: "Prior to connection, the Water
Superintendent or assistant shall certify that the meter is installed and working properly"): the form records
the day and who certified; a day before the installation (I-49) or still to come (I-50) is refused on its
field and nothing is recorded; no other role is offered the form or may post it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from sewerworks.core.web.dashboard import work_for
from sewerworks.registry.models import WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def meter(db: Any) -> WaterMeter:
    return f.account_with_meter(f.parcel())  # installed 2015-03-01, not certified


def test_the_water_superintendent_is_offered_the_form_and_certifies_the_meter(client_as: Any, meter: Any) -> None:
    client = client_as("water superintendent")
    page = client.get(reverse("registry:parcel_detail", args=[meter.account.parcel_id])).content.decode()
    url = reverse("registry:meter_certify", args=[meter.pk])
    assert f'href="{url}"' in page and "Certify meter WM12345678" in page
    response = client.post(url, {"certified_on": "2015-03-02"})
    assert response.status_code == 302
    meter.refresh_from_db()
    assert meter.certified_on == dt.date(2015, 3, 2) and meter.certified_by == client.user.username
    assert meter.history.first().history_change_reason == "Certified (§118-25)"
    shown = client.get(response.url).content.decode()
    assert "certified 2015-03-02" in shown and "Certify meter WM12345678" not in shown


def test_the_installation_day_itself_is_accepted_and_the_day_before_is_refused_naming_the_rule(
    client_as: Any, meter: Any
) -> None:
    client = client_as("water superintendent")
    url = reverse("registry:meter_certify", args=[meter.pk])
    refused = client.post(url, {"certified_on": "2015-02-28"})
    assert (
        refused.status_code == 200 and "must be installed before it is certified (§118-25)" in refused.content.decode()
    )
    meter.refresh_from_db()
    assert meter.certified_on is None
    assert client.post(url, {"certified_on": "2015-03-01"}).status_code == 302


def test_a_day_still_to_come_is_refused_on_its_field(client_as: Any, meter: Any) -> None:
    client = client_as("water superintendent")
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    refused = client.post(reverse("registry:meter_certify", args=[meter.pk]), {"certified_on": tomorrow.isoformat()})
    assert refused.status_code == 200 and "cannot be dated in the future" in refused.content.decode()
    meter.refresh_from_db()
    assert meter.certified_on is None


@pytest.mark.parametrize("role", ["clerk", "superintendent", "inspector", "board member"])
def test_no_other_role_is_offered_the_form_or_may_post_it(client_as: Any, meter: Any, role: str) -> None:
    client = client_as(role)
    page = client.get(reverse("registry:parcel_detail", args=[meter.account.parcel_id])).content.decode()
    assert "Certify meter" not in page
    assert (
        client.post(reverse("registry:meter_certify", args=[meter.pk]), {"certified_on": "2015-03-02"}).status_code
        == 403
    )
    meter.refresh_from_db()
    assert meter.certified_on is None


def test_the_water_superintendents_work_list_leads_to_the_form(make_user: Any, meter: Any) -> None:
    user = make_user("water superintendent")
    grouped = work_for(user) or {}
    items = [i for group in grouped.values() for i in group if i.title == "Certify meter WM12345678"]
    assert [i.url for i in items] == [reverse("registry:meter_certify", args=[meter.pk])]


@pytest.mark.parametrize("typed", ["", "not a date", "2015-02-30"])
def test_a_day_that_is_missing_or_not_a_date_is_refused_on_the_form_and_nothing_is_recorded(
    client_as: Any, meter: Any, typed: str
) -> None:
    client = client_as("water superintendent")
    refused = client.post(reverse("registry:meter_certify", args=[meter.pk]), {"certified_on": typed})
    page = refused.content.decode()
    assert refused.status_code == 200 and ("This field is required." in page or "Enter a valid date." in page)
    meter.refresh_from_db()
    assert meter.certified_on is None
