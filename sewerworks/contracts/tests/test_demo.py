"""The demo's contract users: the registry's lots outside the boundaries keep their meaning, the three long
lots show the other outcomes, the screen runs with no mismatch, and a petition awaits the Town Board."""

from __future__ import annotations

import pytest

from sewerworks.contracts import demo
from sewerworks.contracts.models import Candidate, ContractAgreement, ScreenRun
from sewerworks.registry import demo as registry_demo

pytestmark = pytest.mark.django_db


def test_the_demo_screens_its_district_and_every_outcome_is_there() -> None:
    registry_demo.build(seed=118, parcels=registry_demo.DISTRICT_PARCELS, write=lambda _: None)
    said: list[str] = []
    demo.build(seed=118, parcels=registry_demo.DISTRICT_PARCELS, write=said.append)
    outcome = dict(Candidate.objects.values_list("parcel__tax_map_number", "outcome"))
    for section in ("103", "108"):  # the gaps of registry/demo/layout.py: 0.4, 0.8, 1.6, 150, 390, 410 ft
        assert [outcome[f"{section}.90-1-{k}"] for k in range(1, 7)] == ["eligible"] * 2 + ["not-adjoining"] * 4
    assert [outcome[f"108.91-1-{k}"] for k in (1, 2, 3)] == ["eligible-under-118-29.1", "too-far", "cannot-judge"]
    screen = ScreenRun.objects.get(scope="all")
    assert screen.mismatches == [] and screen.sample == screen.parcels_read
    assert ContractAgreement.objects.get().status == "petitioned"
    assert "awaits the Town Board" in said[0]
