"""The Town Engineer fills the exfiltration-test form field by field (no JSON), is told which fact is
missing, completes it, reads the Decision (outcome, the leakage allowed with its citation) and follows the
citation to the ordinance browser; axe-core on every page."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_exfiltration_form_decides_and_its_citation_opens_the_ordinance(page, login, shot) -> None:
    login("town engineer")
    page.goto("/determinations/")
    page.get_by_role("link", name="Exfiltration test").first.click()
    page.wait_for_load_state()
    page.get_by_label("Pipe diameter (in)").fill("10")
    page.get_by_label("Section length (ft)").fill("80")
    page.get_by_label("Manholes").fill("48,")
    page.get_by_label("Test hours").fill("3")
    page.get_by_label("Filled hours").fill("24")
    page.get_by_label("Measured leakage (gallons)").fill("2.5")
    page.get_by_role("button", name="Determine").click()
    page.wait_for_load_state()
    assert "Some facts are missing" in page.get_by_role("alert").inner_text()
    assert "Field required" in page.locator("#f-head_ft_above_crown ~ .invalid-feedback").inner_text()
    shot("determination-missing-fact")
    page.get_by_label("Head above crown (ft)").fill("5")
    page.get_by_label("As of").fill("2026-05-01")
    page.get_by_role("button", name="Determine").click()
    page.wait_for_load_state()
    decision = page.locator("section[aria-label^='Decision']")
    assert "FAIL" in decision.inner_text().upper()
    assert "2.456" in decision.inner_text()
    shot("determination-decision")
    decision.locator("a.citation").first.click()
    page.wait_for_load_state()
    assert "/ordinance/118-34/" in page.url
    assert "§ 118-34" in page.locator("h1").inner_text() or "118-34" in page.locator("h1").inner_text()
    shot("determination-citation")
