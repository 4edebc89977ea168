"""A Notice to Connect on a parcel whose buildings are all connected asks for nothing (§118-5): the parcel
page and the notice form say so before the clerk issues one; a parcel with a building still on its septic
tank gets no warning."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse

from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
WARNING = "already connected to the public sewer"


@pytest.fixture
def parcel(db: Any) -> Any:
    area = f.area()
    f.main(area)
    return f.parcel("103.11-5-11", improvement_area=area, street_number="68", street_name="Main St")


def test_a_connected_parcel_warns_beside_issue_a_notice_to_connect(parcel: Any, client_as: Any) -> None:
    f.building(parcel, connected_on=dt.date(2026, 3, 2), name="House")
    html = client_as("clerk").get(reverse("registry:parcel_detail", args=[parcel.pk])).content.decode()
    assert "Issue a Notice to Connect" in html
    assert "Its only building is already connected to the public sewer (the last on March 2, 2026)" in html
    assert 'aria-describedby="action-warning-' in html


def test_the_notice_form_warns_on_a_connected_parcel(parcel: Any, client_as: Any) -> None:
    f.building(parcel, connected_on=dt.date(2001, 6, 1), name="Shop")
    f.building(parcel, connected_on=dt.date(2026, 3, 2), name="House")
    url = reverse("enforcement:issue_notice", args=[parcel.pk]) + "?kind=notice_to_connect"
    html = client_as("clerk").get(url).content.decode()
    assert "Check before issuing:</strong> All 2 buildings are already connected" in html


def test_a_building_still_unsewered_means_no_warning(parcel: Any, client_as: Any) -> None:
    f.building(parcel, connected_on=dt.date(2001, 6, 1), name="Shop")
    f.building(parcel, connected_on=None, name="House")
    client = client_as("clerk")
    assert WARNING not in client.get(reverse("registry:parcel_detail", args=[parcel.pk])).content.decode()
    url = reverse("enforcement:issue_notice", args=[parcel.pk]) + "?kind=notice_to_connect"
    assert WARNING not in client.get(url).content.decode()
