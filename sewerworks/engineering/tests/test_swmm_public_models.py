"""What 44 public EPA SWMM 5 models (the pyswmm and swmmio test and example files) showed of the design import,
each defect reproduced here by a small file of our own (I-143): streets and ditches are not sewers, a
storm-water model is named as one, outfalls and storage units are not called manholes, a refusal names the
upload's field and every problem, and one bad conduit is refused once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.engineering.actions import DesignUnreadable, do_import_design
from sewerworks.engineering.designs.review import review_design
from sewerworks.engineering.designs.swmm import read_swmm
from sewerworks.ordinance.parameters import load_jurisdiction

DAY = dt.date(2026, 12, 1)

# J1 -> J2 a 450-ft 8-inch sewer; J2 -> O1 a 500-ft street; J2 -> S1 a 420-ft trapezoidal ditch.
STREETS = b"""[OPTIONS]
FLOW_UNITS CFS
[JUNCTIONS]
J1  100  8
J2  98   8
[OUTFALLS]
O1  90  FREE
[STORAGE]
S1  95  10  FUNCTIONAL 1000 0 0 0 0
[CONDUITS]
C1       J1  J2  450  0.013  0  0  0  0
Street1  J2  O1  500  0.016  0  0  0  0
Ditch1   J2  S1  420  0.030  0  0  0  0
[XSECTIONS]
C1       CIRCULAR     0.6667  0  0  0  1
Street1  STREET       FullStreet
Ditch1   TRAPEZOIDAL  3  5  5  5  1
"""

RAIN = b"""[RAINGAGES]
RG1  INTENSITY  0:15  1.0  TIMESERIES  TS1
[SUBCATCHMENTS]
SC1  RG1  J1  10  50  500  0.5  0
SC2  RG1  J1  12  50  500  0.5  0
[SUBAREAS]
SC1  0.01  0.1  0.05  0.05  25  OUTLET
"""


def _review(data: bytes) -> list[Any]:
    design = read_swmm(data)
    assert design.errors == []
    return review_design(design, load_jurisdiction().at(DAY), DAY)


def test_a_street_and_a_ditch_are_not_sewers_but_review_items_and_the_sewer_still_fails_at_450_ft() -> None:
    placed = _review(STREETS)
    failing = {(p.element_kind, p.element, p.finding.requirement) for p in placed if p.finding.severity == "fails"}
    assert failing == {("pipe", "C1", "manhole-spacing")}
    open_channels = {(p.element_kind, p.element) for p in placed if p.finding.requirement == "not-closed-conduit"}
    assert open_channels == {("channel", "Street1"), ("channel", "Ditch1")}
    item = next(p.finding for p in placed if p.element == "Street1")
    assert item.severity == "discretion" and item.decided_by == "Town Engineer"
    assert "street cross-section open at the top" in item.sentence and "I-143" in item.interpretations
    others = [p for p in placed if p.element in ("Street1", "Ditch1") and p.finding.requirement != "not-closed-conduit"]
    assert others == []


def test_a_model_with_rain_gages_and_subcatchments_is_said_to_look_like_a_storm_water_model() -> None:
    placed = _review(STREETS + RAIN)
    storm = [p for p in placed if p.finding.requirement == "storm-water-model"]
    assert len(storm) == 1 and storm[0].element_kind == "design"
    assert "1 rain gage and 2 subcatchments: it looks like a storm-water model" in storm[0].finding.sentence
    named = {p.element for p in placed if p.finding.requirement == "unreviewed-section"}
    assert not named & {"[RAINGAGES]", "[SUBCATCHMENTS]", "[SUBAREAS]"}  # said once, as the storm-water item
    assert not [p for p in _review(STREETS) if p.finding.requirement == "storm-water-model"]


def test_outfalls_and_storage_units_are_called_what_they_are_not_manholes() -> None:
    data = STREETS.replace(b"Street1  STREET       FullStreet", b"Street1  CIRCULAR  0.6667  0  0  0  1")
    placed = _review(data)
    storage = next(p for p in placed if p.finding.requirement == "storage-node")
    assert (storage.element_kind, storage.element) == ("storage", "S1")
    spacing = next(p.finding for p in placed if p.element == "Street1" and p.finding.requirement == "manhole-spacing")
    assert "between manhole J2 and outfall O1" in spacing.sentence
    assert "manholes J2 and O1" not in spacing.sentence


def test_one_bad_conduit_is_refused_once_without_follow_on_cross_section_or_vertex_errors() -> None:
    data = STREETS.replace(b"C1       J1  J2", b"C1       J1  J9") + b"[VERTICES]\nC1  10  10\n"
    design = read_swmm(data)
    assert [str(e) for e in design.errors] == ["[CONDUITS], line 11: no node named 'J9'"]


def test_an_unknown_coordinate_system_is_the_uploads_crs_field_not_a_command_line_word() -> None:
    design = read_swmm(STREETS, crs="EPSG:999999")
    assert [e.section for e in design.errors] == ["crs"]


@pytest.mark.django_db
def test_a_refusal_names_the_file_and_every_problem_in_the_action_and_the_api(client_as: Any, project: Any,
                                                                           staff: Any) -> None:  # fmt: skip
    bad = b"[JUNCTIONS]\n" + b"".join(b"J%d high 8\n" % n for n in range(6))
    with pytest.raises(DesignUnreadable) as refused:
        do_import_design(data=bad, file_name="six.inp", project=project, acting_user=staff.clerk)
    messages = refused.value.message_dict["file"]
    assert messages[0] == "six.inp cannot be read: 6 problems."
    assert len(messages) == 7 and "[JUNCTIONS], line 7:" in messages[-1]
    answer = client_as("clerk").post(f"/api/engineering/projects/{project.pk}/revisions",
                                     {"file": SimpleUploadedFile("six.inp", bad)})  # fmt: skip
    assert answer.status_code == 422
    detail = answer.json()["detail"]
    assert all(f"[JUNCTIONS], line {n}:" in detail for n in range(2, 8)) and "more)" not in detail
    crs = client_as("clerk").post(f"/api/engineering/projects/{project.pk}/revisions",
                                  {"file": SimpleUploadedFile("s.inp", STREETS), "crs": "EPSG:999999"})  # fmt: skip
    assert crs.status_code == 422 and crs.json()["detail"].startswith("crs: s.inp cannot be read: crs:")
    assert "--crs" not in crs.json()["detail"]


@pytest.mark.django_db
def test_a_refused_upload_keeps_the_projects_list_and_names_the_file(client_as: Any, project: Any) -> None:
    response = client_as("clerk").post("/engineering/designs/new/",
                                       {"file": SimpleUploadedFile("broken.inp", b"[JUNCTIONS]\nJ1 1\n")})  # fmt: skip
    page = response.content.decode()
    assert response.status_code == 422
    assert "No extension projects." not in page and project.name in page
    assert "broken.inp cannot be read: [JUNCTIONS], line 2: a node needs at least 3 fields, found 2" in page


@pytest.mark.django_db
def test_an_imported_street_is_an_open_channel_element_drawn_for_review_not_failing(client_as: Any, project: Any,
                                                                                   staff: Any) -> None:  # fmt: skip
    coordinates = b"[COORDINATES]\nJ1 0 0\nJ2 450 0\nO1 950 0\nS1 450 420\n"
    revision = do_import_design(data=STREETS + coordinates, file_name="streets.inp", project=project,
                                acting_user=staff.clerk)  # fmt: skip
    kinds = dict(revision.elements.values_list("name", "kind"))
    assert (kinds["Street1"], kinds["Ditch1"], kinds["O1"], kinds["S1"], kinds["C1"]) == (
        "channel", "channel", "outfall", "storage", "pipe")  # fmt: skip
    features = client_as("clerk").get(f"/engineering/revisions/{revision.pk}/map.json").json()["features"]
    status = {f["properties"]["name"]: (f["properties"]["layer"], f["properties"]["status"]) for f in features}
    assert status["Street1"] == ("channel", "review") and status["C1"] == ("pipe", "fails")
