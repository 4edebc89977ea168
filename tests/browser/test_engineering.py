"""The Town Engineer imports a design with known violations, reads its failing findings in the table and on
the map (through the drawn layer's data attributes), shows a finding's element, then submits the corrected
revision and reads what it fixed; axe-core checks every page."""

from __future__ import annotations

from pathlib import Path

import pytest

from sewerworks.engineering.models import ExtensionProject

pytestmark = pytest.mark.django_db(transaction=True)
DATA = Path(__file__).parents[2] / "sewerworks" / "engineering" / "tests" / "data"


def test_a_design_imported_shows_its_failing_findings_in_the_table_and_on_the_map(page, login, shot) -> None:
    login("town engineer")
    page.goto("/engineering/")
    shot("engineering-list")
    page.get_by_label("Design file").set_input_files(str(DATA / "known_violations.geojson"))
    page.get_by_role("button", name="Import and review").click()
    page.wait_for_load_state()
    project = ExtensionProject.objects.get()
    assert page.url.endswith(f"/engineering/projects/{project.pk}/")
    page.wait_for_selector("#design-map[data-loaded='true']")
    assert page.locator("#review-outcome").get_attribute("data-outcome") == "fails"

    failing_rows = page.locator("tr.finding[data-severity='fails']")
    rows = {(failing_rows.nth(i).get_attribute("data-element"), failing_rows.nth(i).get_attribute("data-requirement"))
            for i in range(failing_rows.count())}  # fmt: skip
    assert rows == {("C1", "manhole-spacing"), ("C2", "manhole-at-alignment-change"), ("C3", "minimum-slope"),
                    ("C4", "concrete-encasement")}  # fmt: skip

    drawn = page.locator("#design-map path[data-kind='pipe'][data-status='fails']")
    on_map = {(drawn.nth(i).get_attribute("data-element"), drawn.nth(i).get_attribute("data-requirements"))
              for i in range(drawn.count())}  # fmt: skip
    assert on_map == {("C1", "manhole-spacing"), ("C2", "manhole-at-alignment-change"), ("C3", "minimum-slope"),
                      ("C4", "concrete-encasement")}  # fmt: skip
    assert page.locator("#design-map path[data-kind='manhole']").count() == 5
    assert page.locator("#design-map path[data-element='C4']").get_attribute("stroke") == "#b00020"
    shot("engineering-project-fails")

    page.locator("button.show-element[data-element='C3']").first.click()
    assert page.locator("#design-map").get_attribute("data-selected") == "C3"
    assert page.locator("tr.finding.selected").first.get_attribute("data-element") == "C3"
    shot("engineering-finding-shown")

    page.get_by_label("Design file").set_input_files(str(DATA / "corrected.inp"))
    page.get_by_label("What this revision changes").fill("C1 shortened, C2 straightened, C3 relaid.")
    page.get_by_role("button", name="Import and review").click()
    page.wait_for_load_state()
    page.wait_for_selector("#design-map[data-loaded='true']")
    assert page.locator("#design-map path[data-status='fails']").count() == 0
    history = page.locator("#revision-history li[data-revision='2']")
    text = history.inner_text()
    assert (
        "Fixed: C1 manhole-spacing; C2 manhole-at-alignment-change; C3 minimum-slope; C4 concrete-encasement." in text
    )
    assert project.revisions.get(number=2).note == "C1 shortened, C2 straightened, C3 relaid."
    assert "C1 shortened, C2 straightened, C3 relaid." in text
    shot("engineering-revision-2")
