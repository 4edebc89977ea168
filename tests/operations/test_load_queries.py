"""The pages of ``make load``'s mix (issue 19) read what they show in a bounded number of queries, whatever
the district's size: a page that reads one record per row listed (an N+1) fails here before it fails under
load. Measured on the demo district (registry, enforcement and grease programs); the bounds leave room for a
panel or a section more, not for a query per row."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.enforcement import demo as enforcement_demo
from sewerworks.grease import demo as grease_demo
from sewerworks.registry import demo as registry_demo
from sewerworks.registry.models import Parcel

pytestmark = pytest.mark.django_db


@pytest.fixture
def district() -> None:
    for demo in (registry_demo, enforcement_demo, grease_demo):
        demo.build(seed=118, parcels=300, write=lambda _: None)


def test_the_dashboard_is_a_bounded_number_of_queries(
    district: None, client_as: Any, django_assert_max_num_queries: Any
) -> None:
    client = client_as("superintendent")
    client.get("/")  # the parameters in force, merged once per process
    with django_assert_max_num_queries(70):  # 162 before issue 19: the grease panel read each establishment
        assert client.get("/").status_code == 200


def test_a_parcel_page_is_a_bounded_number_of_queries(
    district: None, client_as: Any, django_assert_max_num_queries: Any
) -> None:
    client = client_as("clerk")
    busiest = max(Parcel.objects.all()[:300], key=lambda p: p.buildings.count())
    for parcel in (busiest, Parcel.objects.order_by("pk").first()):
        with django_assert_max_num_queries(50):
            assert client.get(f"/registry/parcels/{parcel.pk}/").status_code == 200


def test_search_is_a_bounded_number_of_queries(
    district: None, client_as: Any, django_assert_max_num_queries: Any
) -> None:
    client = client_as("clerk")
    for q in ("Main", "a", "MAR-0001", "1"):
        with django_assert_max_num_queries(16):
            assert client.get("/registry/search/", {"q": q}).status_code == 200
