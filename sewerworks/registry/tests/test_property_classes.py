"""A parcel's land-use class is shown by its New York property class name, never as a bare code."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from sewerworks.registry.property_classes import property_class_label, property_class_name, property_classes
from sewerworks.registry.tests import factories as f


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("210", "One family year-round residence"),
        ("220", "Two family year-round residence"),
        ("311", "Residential vacant land"),
        ("421", "Restaurants"),
        ("457", "Small retail"),  # checked against the state's list of codes: present though rarely used
        ("320", "Rural (vacant land)"),
        ("853", "Sewage treatment and water pollution control"),
        ("213", "One family year-round residence (division 210)"),  # a subdivision not listed: its division
        ("299", "Residential (category 200)"),  # nor its division: its category
        ("", ""),
        ("21", "not a New York property class code ('21')"),
        ("0X1", "not a New York property class code ('0X1')"),
        ("000", "not a New York property class code"),
    ],
)
def test_a_code_is_named_by_the_state_table(code: str, name: str) -> None:
    assert property_class_name(code) == name


def test_the_table_has_every_category_and_the_label_joins_code_and_name() -> None:
    table = property_classes()
    assert all(f"{c}00" in table for c in range(1, 10))
    assert property_class_label("210") == "210 One family year-round residence"


@pytest.mark.django_db
def test_the_parcel_page_list_and_api_name_the_class(client_as: Any) -> None:
    parcel = f.parcel("103.11-5-11", land_use_class="210")
    client = client_as("clerk")
    page = client.get(reverse("registry:parcel_detail", args=[parcel.pk])).content.decode()
    assert "One family year-round residence" in page
    listing = client.get(reverse("registry:parcel_list")).content.decode()
    assert "210 One family year-round residence" in listing
    body = client.get(f"/api/parcels/{parcel.pk}").json()
    assert (body["land_use_class"], body["land_use_class_name"]) == ("210", "One family year-round residence")
