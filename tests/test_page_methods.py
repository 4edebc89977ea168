"""A page answers PUT and DELETE with 405 (it once answered 200 with the page); GET, POST and the API's own
methods are unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_a_detail_page_refuses_put_and_delete_with_405(client_as: Any, method: str) -> None:
    parcel = f.parcel("103.11-5-11")
    client = client_as("administrator")
    for url in (reverse("registry:parcel_detail", args=[parcel.pk]), reverse("core:dashboard")):
        response = getattr(client, method)(url)
        assert response.status_code == 405, url
        assert set(response["Allow"].split(", ")) == {"GET", "HEAD", "POST"}
    assert parcel.__class__.objects.filter(pk=parcel.pk).exists()


def test_get_still_reads_the_page_and_the_api_keeps_its_methods(client_as: Any) -> None:
    parcel = f.parcel("103.11-5-11")
    client = client_as("clerk")
    assert client.get(reverse("registry:parcel_detail", args=[parcel.pk])).status_code == 200
    assert client.delete(f"/api/parcels/{parcel.pk}").status_code == 405  # ninja: no DELETE operation there
