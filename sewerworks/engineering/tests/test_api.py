"""Sewer extensions over the API: a revision uploaded and reviewed, its findings placed; refusals."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.engineering.tests.conftest import design_bytes

pytestmark = pytest.mark.django_db


def test_a_revision_uploaded_through_the_api_is_reviewed_and_its_findings_placed(client_as: Any, project: Any) -> None:
    clerk = client_as("clerk")
    made = clerk.post(f"/api/engineering/projects/{project.pk}/revisions",
                      {"file": SimpleUploadedFile("k.geojson", design_bytes("known_violations.geojson"))})  # fmt: skip
    assert made.status_code == 201, made.content
    assert made.json()["outcome"] == "fails" and made.json()["failing"] == 4
    findings = clerk.get(f"/api/engineering/revisions/{made.json()['id']}/findings").json()
    assert {(f["element"], f["requirement"]) for f in findings if f["severity"] == "fails"} == {
        ("C1", "manhole-spacing"), ("C2", "manhole-at-alignment-change"), ("C3", "minimum-slope"),
        ("C4", "concrete-encasement")}  # fmt: skip
    listed = clerk.get(f"/api/engineering/projects/{project.pk}").json()
    assert listed["latest_revision"]["number"] == 1
    assert listed["missing_approvals"] == ["town_engineer", "nys_doh", "town_board"]
    elements = clerk.get(f"/api/engineering/revisions/{made.json()['id']}/elements").json()
    assert {e["name"] for e in elements if e["kind"] == "pipe"} == {"C1", "C2", "C3", "C4"}


def test_refusals_name_the_section_and_line_404_and_403(client_as: Any, project: Any) -> None:
    clerk = client_as("clerk")
    bad = clerk.post(f"/api/engineering/projects/{project.pk}/revisions",
                     {"file": SimpleUploadedFile("x.inp", b"[CONDUITS]\nC1\n")})  # fmt: skip
    assert bad.status_code == 422
    assert "[CONDUITS], line 2: a conduit needs at least 7 fields, found 1" in bad.json()["detail"]
    assert clerk.get("/api/engineering/projects/999999").status_code == 404
    board = client_as("board member")
    refused = board.post(f"/api/engineering/projects/{project.pk}/revisions",
                         {"file": SimpleUploadedFile("c.inp", design_bytes("corrected.inp"))})  # fmt: skip
    assert refused.status_code == 403
