"""A person signs in and applies §118-34 to an exfiltration test from the determinations screen."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_engineer_signs_in_and_runs_the_exfiltration_example(page, login, shot) -> None:
    login("town engineer")
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    shot("dashboard")
    page.get_by_role("link", name="Determinations").click()
    page.get_by_label("Topic", exact=True).select_option("exfiltration-test")
    page.get_by_label("Facts (JSON)").fill(
        json.dumps(
            {
                "pipe_diameter_in": 10,
                "section_length_ft": 80,
                "manholes": [48],
                "test_hours": 3,
                "filled_hours": 24,
                "head_ft_above_crown": 5,
            }
        )
    )
    page.get_by_role("button", name="Determine").click()
    page.wait_for_load_state()
    expect(page.get_by_text("2.456").first).to_be_visible()
    expect(page.get_by_text("§ 118-34").first).to_be_visible()
    shot("determination-exfiltration")
