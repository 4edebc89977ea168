"""The screens: the user's page with its exceedances, citations and a chart per substance with its limit
lines and table; the exceedance list; the review queue and the Town Engineer's decision; the import."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.pretreatment.actions import do_record_results
from sewerworks.pretreatment.models import EngineerReview, Result
from sewerworks.pretreatment.tests.conftest import composite

pytestmark = pytest.mark.django_db
D = dt.date
SAMPLE = Path(__file__).resolve().parents[3] / "docs" / "samples" / "lab-results-sample.csv"


@pytest.fixture
def copper(manhole: Any, staff: Any) -> Any:
    rows = [
        composite(manhole, D(2026, 3, 2), "copper", "1710", "ug/L"),
        composite(manhole, D(2026, 3, 9), "bod", "340"),
    ]
    return do_record_results(rows, acting_user=staff.clerk)


def test_the_user_page_shows_the_exceedance_its_row_and_citation_and_the_chart(
    client_as: Any, shop: Any, copper: Any
) -> None:
    page = client_as("board member").get(f"/pretreatment/users/{shop.pk}/").content.decode()
    assert "Copper, 24-hour average: 1.71 mg/L exceeds the limit of 1.6 mg/L." in page
    assert "§ 118-37" in page
    assert "<svg" in page and "24-hour limit (§118-37)" in page and "30-day limit (§118-37)" in page
    assert "30-day average (mg/L)" in page and "<td class=\"num text-end\">1.71</td>" in page  # the table


def test_the_exceedance_list_and_the_dashboard_panel(client_as: Any, copper: Any) -> None:
    client = client_as("clerk")
    assert "Copper" in client.get("/pretreatment/exceedances/").content.decode()
    assert "open review" in client.get("/").content.decode()


def test_the_town_engineer_decides_from_the_queue(client_as: Any, copper: Any) -> None:
    review = EngineerReview.objects.get()
    assert client_as("superintendent").get(f"/pretreatment/reviews/{review.pk}/decide/").status_code == 403
    client = client_as("town engineer")
    assert "BOD (five-day) 340 mg/L" in client.get("/pretreatment/reviews/").content.decode()
    decision = {"status": "preliminary_treatment", "reasoning": "Equalization tank."}
    response = client.post(f"/pretreatment/reviews/{review.pk}/decide/", decision)
    assert response.status_code == 302
    review.refresh_from_db()
    assert review.status == "preliminary_treatment"


def test_the_lab_import_is_one_screen_with_the_preview_first_and_says_what_exceeded(
    client_as: Any, manhole: Any
) -> None:
    """The Pretreatment screen's "Import lab results" leads to the import framework's screens for the lab kind:
    upload, preview (nothing written), import; the result says whether anything exceeded (issue 38)."""
    client = client_as("clerk")
    assert client_as("board member").get("/pretreatment/results/").status_code == 403
    client = client_as("clerk")
    home = "/registry/import/pretreatment-results/"
    moved = client.get("/pretreatment/results/")
    assert moved.status_code == 302 and moved["Location"] == f"{home}?next=%2Fpretreatment%2F"
    assert client.get(moved["Location"]).status_code == 200
    upload = SimpleUploadedFile("lab.csv", SAMPLE.read_bytes(), content_type="text/csv")
    assert client.post(home, {"file": upload})["Location"] == f"{home}preview/"
    preview = client.get(f"{home}preview/").content.decode()
    assert "lab.csv" in preview and not Result.objects.exists()  # the preview writes nothing
    done = client.post(f"{home}commit/", {"mode": "all"}, follow=True).content.decode()
    assert Result.objects.count() == 7
    assert "2 limits exceeded" in done and "1 violation opened" in done


def test_the_violation_the_exceedance_opened_shows_on_enforcement_s_page(client_as: Any, copper: Any) -> None:
    from sewerworks.enforcement.models import Violation

    violation = Violation.objects.get()
    page = client_as("superintendent").get(f"/enforcement/violations/{violation.pk}/")
    assert page.status_code == 200
    assert "Copper, 24-hour average: 1.71 mg/L exceeds the limit of 1.6 mg/L." in page.content.decode()
