"""A parcel's page opens the §118-5 connection deadlines with the parcel's facts filled in: the Notice to
Connect served, the connection and the septic tank still in use; the Decision then gives the 90-day
abandonment deadline the records imply."""

from __future__ import annotations

from datetime import date as D
from typing import Any

import pytest
from django.test import Client

from sewerworks.enforcement.actions import do_record_connection
from sewerworks.enforcement.determination_facts import connection_facts
from sewerworks.enforcement.tests.test_connection_program import serve_notice_to_connect

pytestmark = pytest.mark.django_db


def test_a_parcel_s_records_give_the_facts_of_its_connection_deadlines(septic_house: Any, staff: Any) -> None:
    parcel_id = septic_house.parcel_id
    assert connection_facts(parcel_id) == {
        "notice_served_on": None, "connected_on": None, "abandoned_on": None, "has_private_system": True,
    }  # fmt: skip
    serve_notice_to_connect(septic_house, staff, served_on=D(2026, 1, 1))
    do_record_connection(building=septic_house, connected_on=D(2026, 3, 5), acting_user=staff.inspector)
    assert connection_facts(parcel_id) == {
        "notice_served_on": "2026-01-01", "connected_on": "2026-03-05", "abandoned_on": None,
        "has_private_system": True,
    }  # fmt: skip


def test_the_parcel_page_offers_the_topic_and_it_opens_filled_in(septic_house: Any, staff: Any) -> None:
    client = Client()
    client.force_login(staff.clerk)
    serve_notice_to_connect(septic_house, staff, served_on=D(2026, 1, 1))
    do_record_connection(building=septic_house, connected_on=D(2026, 3, 5), acting_user=staff.inspector)
    parcel_id = septic_house.parcel_id
    assert f'href="/determinations/parcel/{parcel_id}/"' in client.get(f"/registry/parcels/{parcel_id}/").text
    offered = client.get(f"/determinations/parcel/{parcel_id}/")
    assert "7 Dubois Rd" in offered.text
    assert f'href="/determinations/connection-deadlines/?parcel={parcel_id}"' in offered.text
    opened = client.get(f"/determinations/connection-deadlines/?parcel={parcel_id}")
    assert 'value="2026-03-05"' in opened.text and "Filled in from the Notice to Connect" in opened.text
    answered = client.post(
        "/determinations/connection-deadlines/",
        {
            "notice_served_on": "2026-01-01",
            "connected_on": "2026-03-05",
            "has_private_system": "on",
            "as_of": "2026-03-10",
        },  # fmt: skip
    )
    assert [(d.key, d.due) for d in answered.context["decision"].deadlines if d.key == "abandon"] == [
        ("abandon", D(2026, 6, 3))
    ]
    assert client.get("/determinations/parcel/999999/").status_code == 404
