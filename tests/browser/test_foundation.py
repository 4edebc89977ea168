"""A person signs in and applies §118-34 to an exfiltration test from the determinations screen."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_engineer_signs_in_and_runs_the_exfiltration_example(page, login, shot) -> None:
    login("town engineer")
    assert page.get_by_role("heading", name="Dashboard").is_visible()
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
    assert page.get_by_text("2.456").first.is_visible()
    assert page.get_by_text("§ 118-34").first.is_visible()
    shot("determination-exfiltration")
