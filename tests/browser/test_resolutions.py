"""The clerk records a Town Board resolution that moves the availability distance (I-46) from a day still
to come: the determination changes from that day and not before, and names the resolution; the ordinance
browser names it too; a float for money is refused on the form, naming the key, and nothing is stored.
Every page is screenshot and checked with axe-core."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sewerworks.core.models import BoardResolution, ParameterOverride

pytestmark = pytest.mark.django_db(transaction=True)

DISTANCE = "connection.sewer_available_distance"
RATE = "connection.abandonment_fine.first_period_rate"
FACTS = {"use": "other", "distance_to_public_sewer_ft": 120}  # 120 ft from the nearest main


def _determine(page, as_of: dt.date) -> str:
    page.get_by_label("Topic", exact=True).select_option("private-system")
    page.get_by_label("As of").fill(as_of.isoformat())
    page.get_by_label("Facts (JSON)").fill(json.dumps(FACTS))
    page.get_by_role("button", name="Determine").click()
    page.wait_for_load_state()
    return page.locator("section[aria-label^='Decision']").inner_text()


def _record(page, instrument: str, adopted: dt.date, effective: dt.date, values: str) -> None:
    page.goto("/resolutions/")
    page.get_by_role("link", name="Record a resolution").click()
    page.wait_for_load_state()
    page.get_by_label("Resolution or local law").fill(instrument)
    page.get_by_label("Adopted on").fill(adopted.isoformat())
    page.get_by_label("Effective from").fill(effective.isoformat())
    page.get_by_label("Title", exact=True).fill("Availability of the public sewer")
    page.get_by_label("Values it sets").fill(values)
    page.get_by_role("button", name="Record the resolution").click()
    page.wait_for_load_state()


def test_a_clerk_records_a_resolution_a_determination_follows_it_from_its_date(page, login, shot) -> None:
    today = timezone.localdate()
    adopted, effective = today, today + dt.timedelta(days=200)
    instrument = f"Resolution {today.year}-14"
    set_by = f"set by {instrument} of {adopted.isoformat()}"
    login("clerk")
    page.get_by_role("link", name="Resolutions").click()
    page.wait_for_load_state()
    expect(page.get_by_text("No resolution recorded yet")).to_be_visible()
    shot("resolutions-empty")

    _record(page, instrument, adopted, effective, f"{DISTANCE} = 150")
    expect(page.get_by_role("heading", name=f"{instrument}: Availability of the public sewer")).to_be_visible()
    row = page.locator("tbody tr", has_text=DISTANCE)
    assert "100 ft" in row.inner_text() and "150 ft" in row.inner_text()
    assert effective.isoformat() in row.inner_text()
    shot("resolution-recorded")

    page.get_by_role("link", name="Determinations").click()
    page.wait_for_load_state()
    before = _determine(page, effective - dt.timedelta(days=1))
    assert "PERMITTED" in before.upper() and set_by not in before and "100 ft" in before
    shot("determination-before-the-resolution")
    after = _determine(page, effective)
    assert "MUST-CONNECT-AND-ABANDON" in after.upper() and set_by in after and "150 ft" in after
    shot("determination-from-the-resolution")

    page.get_by_role("link", name="Ordinance").click()
    page.get_by_role("link", name="118-5", exact=False).first.click()
    page.wait_for_load_state()
    link = page.get_by_role("link", name=set_by.capitalize())
    expect(link).to_be_visible()
    shot("ordinance-browser-names-the-resolution")
    link.click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name=f"{instrument}: Availability of the public sewer")).to_be_visible()


def test_a_float_for_money_is_refused_on_the_form_naming_the_key_and_nothing_is_stored(page, login, shot) -> None:
    today = timezone.localdate()
    login("clerk")
    _record(page, f"Resolution {today.year}-15", today, today + dt.timedelta(days=30), f"{RATE} = 12.50")
    error = page.locator("#id_values-errors")
    assert f"Line 1: {RATE}" in error.inner_text() and "float money" in error.inner_text()
    assert page.get_by_label("Values it sets").input_value() == f"{RATE} = 12.50"  # kept for correction
    shot("resolution-float-money-refused")
    page.get_by_label("Values it sets").fill('connection.no_such_rate = "12.50"')
    page.get_by_role("button", name="Record the resolution").click()
    page.wait_for_load_state()
    assert "Line 1: connection.no_such_rate: no such parameter" in page.locator("#id_values-errors").inner_text()
    assert not BoardResolution.objects.exists() and not ParameterOverride.objects.exists()
