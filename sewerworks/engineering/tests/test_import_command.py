"""``sewerworks import_design``: exit 0 when read whatever the findings, 2 when unreadable; --json findings."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sewerworks.engineering.models import ExtensionProject
from sewerworks.engineering.tests.conftest import DATA

pytestmark = pytest.mark.django_db


def test_json_prints_one_flat_object_per_finding_and_a_new_project_is_opened(staff: Any) -> None:
    out = io.StringIO()
    call_command("import_design", str(DATA / "known_violations.geojson"), "--as-user", staff.clerk.username,
                 "--json", stdout=out)  # fmt: skip
    findings = json.loads(out.getvalue())
    assert all(set(f) == {"element", "requirement", "severity", "section", "sentence"} for f in findings)
    failing = sorted((f["element"], f["requirement"], f["section"]) for f in findings if f["severity"] == "fails")
    assert failing == [
        ("C1", "manhole-spacing", "§118-33"),
        ("C2", "manhole-at-alignment-change", "§118-33"),
        ("C3", "minimum-slope", "§118-29"),
        ("C4", "concrete-encasement", "§118-32"),
    ]
    assert ExtensionProject.objects.get().name == "known_violations"


def test_a_second_file_for_a_named_project_is_its_next_revision(project: Any, staff: Any) -> None:
    for name in ("known_violations.inp", "corrected.inp"):
        call_command("import_design", str(DATA / name), "--project", project.name, "--as-user",
                     staff.clerk.username, stdout=io.StringIO())  # fmt: skip
    assert list(project.revisions.values_list("number", "failing")) == [(1, 3), (2, 0)]


def test_the_plain_report_lists_what_fails_and_what_needs_review(project: Any, staff: Any) -> None:
    out = io.StringIO()
    call_command("import_design", str(DATA / "known_violations.inp"), "--project", str(project.pk),
                 "--as-user", staff.engineer.username, stdout=out)  # fmt: skip
    text = out.getvalue()
    assert text.startswith("Orchard Ridge extension revision 1: Fails (3 failing, 3 for the Town Engineer)")
    assert "C1           Fails         §118-33 manhole-spacing: 420 ft of pipe between manholes MH-1 and MH-2" in text


def test_an_unreadable_file_exits_2_naming_section_and_line(tmp_path: Any, staff: Any) -> None:
    bad = tmp_path / "bad.inp"
    bad.write_bytes(b"[OPTIONS]\nFLOW_UNITS CFS\n[CONDUITS]\nC1 J1\n")
    with pytest.raises(CommandError) as refused:
        call_command("import_design", str(bad), "--as-user", staff.clerk.username, stderr=io.StringIO())
    assert refused.value.returncode == 2
    assert "[CONDUITS], line 4: a conduit needs at least 7 fields, found 2" in str(refused.value)
    assert ExtensionProject.objects.count() == 0


def test_the_crs_stated_at_upload_places_a_swmm_design(staff: Any, tmp_path: Any) -> None:
    text = (DATA / "corrected.inp").read_text().split("[COORDINATES]")[0]
    text += "[COORDINATES]\nMH-1 -73.99 41.64\nMH-2 -73.99 41.641\nMH-3 -73.99 41.642\nMH-4 -73.99 41.643\n"
    text += "OUT-1 -73.99 41.644\n"
    path = tmp_path / "wgs84.inp"
    path.write_text(text)
    call_command("import_design", str(path), "--crs", "EPSG:4326", "--as-user", staff.clerk.username,
                 stdout=io.StringIO())  # fmt: skip
    revision = ExtensionProject.objects.get().latest_revision()
    assert revision is not None and revision.crs == "EPSG:4326"
    assert revision.elements.get(name="MH-1").geometry.startswith("POINT (631517.85")
