"""The engineering screens: the design on the map, the findings with their citations, the revision history."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.engineering.actions import do_import_design
from sewerworks.engineering.models import ExtensionProject
from sewerworks.engineering.tests.conftest import design_bytes

pytestmark = pytest.mark.django_db


def _upload(name: str, data: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data if data is not None else design_bytes(name))


def test_an_uploaded_design_opens_a_project_whose_page_lists_its_failing_findings_with_citations(
    client_as: Any,
) -> None:
    client = client_as("clerk")
    response = client.post("/engineering/designs/new/", {"file": _upload("known_violations.geojson")})
    project = ExtensionProject.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/engineering/projects/{project.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert 'data-outcome="fails"' in page
    assert 'data-element="C4" data-requirement="concrete-encasement" data-severity="fails"' in page
    assert "§ 118-32 · I-39" in page
    assert "Revision 1</a>, submitted" in page


def test_the_map_json_marks_each_element_with_its_status_and_failing_requirements(client_as: Any, staff: Any) -> None:
    revision = do_import_design(data=design_bytes("known_violations.geojson"), file_name="k.geojson",
                                acting_user=staff.clerk)  # fmt: skip
    data = client_as("board member").get(f"/engineering/revisions/{revision.pk}/map.json").json()
    status = {(f["properties"]["layer"], f["properties"]["name"]): f["properties"] for f in data["features"]}
    assert status[("pipe", "C3")]["status"] == "fails"
    assert status[("pipe", "C3")]["requirements"] == "minimum-slope"
    assert status[("pipe", "C1")]["requirements"] == "manhole-spacing"
    assert status[("manhole", "MH-1")]["status"] == "complies"
    lon, lat = data["features"][0]["geometry"]["coordinates"]
    assert -74.5 < lon < -73.5 and 41 < lat < 42.5


def test_the_revision_history_says_what_a_revision_fixed(client_as: Any, project: Any, staff: Any) -> None:
    do_import_design(data=design_bytes("known_violations.inp"), file_name="a.inp", project=project,
                     acting_user=staff.clerk)  # fmt: skip
    do_import_design(data=design_bytes("corrected.inp"), file_name="b.inp", project=project, acting_user=staff.clerk,
                     note="C1 shortened to 400 ft; C2 straightened; C3 laid at 0.5%.")  # fmt: skip
    page = client_as("clerk").get(f"/engineering/projects/{project.pk}/").content.decode()
    assert ('Fixed: <span class="fixed">C1 manhole-spacing</span>; <span class="fixed">C2 manhole-at-alignment-change'
            '</span>; <span class="fixed">C3 minimum-slope</span>.') in page  # fmt: skip
    assert "C1 shortened to 400 ft" in page
    earlier = client_as("clerk").get(f"/engineering/projects/{project.pk}/?revision=1").content.decode()
    assert 'data-outcome="fails"' in earlier


def test_an_unreadable_upload_is_refused_with_422_naming_section_and_line(client_as: Any, project: Any) -> None:
    response = client_as("clerk").post(f"/engineering/projects/{project.pk}/designs/new/",
                                       {"file": _upload("bad.inp", b"[JUNCTIONS]\nJ1 1\n")})  # fmt: skip
    assert response.status_code == 422
    assert "[JUNCTIONS], line 2: a node needs at least 3 fields, found 2" in response.content.decode()
    assert project.revisions.count() == 0


def test_a_board_member_may_not_upload_and_a_clerk_may_not_approve(client_as: Any, project: Any, staff: Any) -> None:
    assert (
        client_as("board member").post("/engineering/designs/new/", {"file": _upload("corrected.inp")}).status_code
        == 403
    )
    do_import_design(data=design_bytes("corrected.inp"), file_name="b.inp", project=project, acting_user=staff.clerk)
    today = dt.date.today().isoformat()
    approve = {"approval-authority": "town_engineer", "approval-approved_on": today}
    response = client_as("clerk").post(f"/engineering/projects/{project.pk}/approvals/new/", approve)
    assert response.status_code == 403
    assert project.approvals.count() == 0


def test_the_engineering_panel_and_navigation_entry_are_on_the_dashboard(
    client_as: Any, project: Any, staff: Any
) -> None:
    do_import_design(data=design_bytes("known_violations.inp"), file_name="a.inp", project=project,
                     acting_user=staff.clerk)  # fmt: skip
    page = client_as("town engineer").get("/").content.decode()
    assert "Sewer extensions (§118-29 – 33)" in page
    assert "Orchard Ridge extension</a>: revision 1, 3 failing findings" in page
    assert 'href="/engineering/"' in page


def test_the_town_engineer_reviews_future_flows_and_approves_through_the_page(
    client_as: Any, project: Any, staff: Any
) -> None:
    do_import_design(data=design_bytes("corrected.inp"), file_name="b.inp", project=project, acting_user=staff.clerk)
    engineer = client_as("town engineer")
    today = dt.date.today().isoformat()
    url = f"/engineering/projects/{project.pk}/"
    engineer.post(f"{url}future-flows/", {"flows-reviewed_on": today, "flows-note": "Allows for 40 lots."})
    engineer.post(f"{url}approvals/new/", {"approval-authority": "town_engineer", "approval-approved_on": today})
    project.refresh_from_db()
    assert project.future_flows_note == "Allows for 40 lots."
    assert list(project.approvals.values_list("authority", flat=True)) == ["town_engineer"]
