"""The pages anyone may read without signing in, under /public/: Chapter 118, a design checked against it, whether a
public sewer is available to a property (the roll's facts only, I-162), the fees in force; each limited per
client address. The staff's pages stay behind their sign-in."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_the_availability_lookup_answers_by_address_without_owner_names(world: Any, client: Any) -> None:
    page = client.get("/public/availability/", {"q": "10 dubois"}).content.decode()
    assert "10 Dubois Rd" in page and "108.1-1-1" in page
    assert "public sewer" in page.lower() and "ft" in page  # the distance to the main and the limit (I-46)
    assert "ANN OWNER" not in page and "12542" not in page  # no owner's name nor mailing address
    assert "Lattintown" not in page
    short = client.get("/public/availability/", {"q": "du"}).content.decode()
    assert "10 Dubois Rd" not in short  # fewer than three characters find nothing: no listing of the roll
    street = client.get("/public/availability/", {"q": "lattintown"}).content.decode()
    assert "20 Lattintown Rd" in street and "BOB OWNER" not in street


def test_the_ordinance_the_check_and_the_fees_are_open_to_anyone(db: Any, client: Any) -> None:
    chapter = client.get("/public/ordinance/")
    assert chapter.status_code == 200 and "118-53" in chapter.content.decode()
    section = client.get("/public/ordinance/118-53/")
    assert section.status_code == 200 and "Interest and penalties" in section.content.decode()
    assert "I-163" in section.content.decode()  # how the department reads it, in plain words
    assert client.get("/public/ordinance/118-999/").status_code == 404
    fees = client.get("/public/fees/").content.decode()
    assert "$" in fees and "118-53" in fees
    assert client.get("/public/check/").status_code == 200
    form = client.get("/public/check/late-penalty/", {"example": "0"})
    assert form.status_code == 200
    bad = client.post("/public/check/late-penalty/", {})
    assert bad.status_code == 400 and "see the fields marked" in bad.content.decode()
    assert client.get("/public/check/no-such-topic/").status_code == 404


def test_the_staff_pages_stay_behind_their_sign_in(db: Any, client: Any) -> None:
    response = client.get("/billing/")
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert client.get("/api/parcels").status_code == 401
    assert client.get("/public/api/parcels").status_code == 401
    me = client.get("/public/me/")
    assert me.status_code == 302 and me["Location"].startswith("/public/signin/")


@override_settings(SEWERWORKS_PUBLIC_PAGES_PER_MINUTE=3)
def test_pages_without_sign_in_are_limited_per_address(db: Any, client: Any) -> None:
    assert [client.get("/public/fees/").status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get("/public/ordinance/")
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    other = client.get("/public/fees/", REMOTE_ADDR="192.0.2.9")
    assert other.status_code == 200  # another address is not affected
