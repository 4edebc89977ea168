"""The set-based screen of §118-29.1 over the parcel layer: each parcel outside the area within 600 ft of
its boundary becomes a candidate with the topic's outcome, on both sides of 1 ft, 200 ft and 400 ft and of
the dates of the two local laws, and the screen agrees with the per-parcel topic."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from sewerworks.contracts.models import Candidate
from sewerworks.contracts.screen import engine, reference
from sewerworks.contracts.screen.run import limits_on
from sewerworks.contracts.tests.conftest import AS_OF, point_west, west_lot
from sewerworks.registry.models import Parcel
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


def _screen(as_of: dt.date = AS_OF, chunk: int = engine.CHUNK) -> engine.ScreenTotals:
    _, limits = limits_on(as_of)
    return engine.screen(limits=limits, run="test", chunk=chunk)


def _outcome(parcel: Parcel) -> str:
    return Candidate.objects.get(parcel=parcel).outcome


def test_a_lot_0_8_ft_from_the_boundary_adjoins_and_one_1_6_ft_away_does_not(lot: Any) -> None:
    near, far = lot(gap=0.8, discharge=50), lot(gap=1.6, discharge=50)
    _screen()
    assert (_outcome(near), _outcome(far)) == ("eligible", "not-adjoining")
    assert Candidate.objects.get(parcel=near).boundary_gap_ft == Decimal("0.80")


def test_discharges_at_200_200_01_400_and_400_01_ft(lot: Any) -> None:
    lots = {d: lot(gap=0.8, discharge=d) for d in (200, 200.01, 400, 400.01)}
    _screen()
    outcomes = {d: _outcome(p) for d, p in lots.items()}
    assert outcomes == {
        200: "eligible", 200.01: "eligible-under-118-29.1", 400: "eligible-under-118-29.1", 400.01: "too-far"
    }  # fmt: skip
    assert Candidate.objects.get(parcel=lots[200.01]).discharge_distance_ft == Decimal("200.01")


def test_an_adjoining_lot_without_a_discharge_point_cannot_be_judged(lot: Any) -> None:
    p = lot(gap=0.4)
    _screen()
    c = Candidate.objects.get(parcel=p)
    assert (c.outcome, c.discharge_distance_ft) == ("cannot-judge", None)


def test_as_of_2000_07_23_a_300_ft_discharge_is_too_far_and_from_2000_07_24_eligible(lot: Any) -> None:
    p = lot(gap=0.8, discharge=300)
    _screen(dt.date(2000, 7, 23))
    assert _outcome(p) == "too-far"
    _screen(dt.date(2000, 7, 24))
    assert _outcome(p) == "eligible-under-118-29.1"


def test_before_1996_04_22_the_screen_refuses_the_law_was_not_in_force(area: Any) -> None:
    with pytest.raises(ValidationError, match="no contract users on 1996-04-21"):
        limits_on(dt.date(1996, 4, 21))


def test_lots_up_to_600_ft_out_are_candidates_and_lots_inside_or_farther_are_not(lot: Any, area: Any) -> None:
    edge, beyond = lot(gap=600, discharge=650), lot(gap=600.01, discharge=650)
    inside = f.parcel("108.1-1-1", improvement_area=area)
    totals = _screen()
    assert _outcome(edge) == "not-adjoining"
    assert not Candidate.objects.filter(parcel__in=[beyond, inside]).exists()
    assert totals.parcels_read == 2 and totals.candidates == 1


def test_the_nearer_of_two_areas_is_measured(lot: Any, area: Any) -> None:
    milton = f.area("milton", "Hamlet of Milton")
    milton.boundary = f.square(f.X0 - 4400.5, f.Y0, 3000)  # its east side 1,400.5 ft west of the other's west side
    milton.save()
    p = lot(gap=1000, discharge=1200)  # spans 1,100 to 1,000 ft west: 300.5 ft from Milton, 1,000 ft from the other
    _screen()
    c = Candidate.objects.get(parcel=p)
    assert (c.area, c.boundary_gap_ft, c.discharge_distance_ft) == (milton, Decimal("300.50"), Decimal("200.50"))


def test_chunks_give_the_same_candidates_and_a_rescreen_clears_stale_rows(lot: Any, area: Any) -> None:
    parcels = [lot(gap=g, discharge=d) for g, d in ((0.5, 10), (3, 10), (0.9, 250), (0.2, 401), (20, None))]
    _screen(chunk=2)
    small = sorted(Candidate.objects.values_list("parcel_id", "outcome", "boundary_gap_ft", "discharge_distance_ft"))
    _screen()
    assert (
        sorted(Candidate.objects.values_list("parcel_id", "outcome", "boundary_gap_ft", "discharge_distance_ft"))
        == small
    )
    Parcel.objects.filter(pk=parcels[0].pk).update(improvement_area=area)  # now inside
    Parcel.objects.filter(pk=parcels[-1].pk).update(polygon="")  # polygon withdrawn
    _screen(chunk=2)
    assert not Candidate.objects.filter(parcel_id__in=[parcels[0].pk, parcels[-1].pk]).exists()
    assert Candidate.objects.count() == 3


def test_the_screen_agrees_with_the_per_parcel_topic_on_random_lots(area: Any) -> None:
    rng = random.Random(15)
    for n in range(300):
        gap = rng.choice([0, 0.5, 1, 1.004, 1.005, 1.01, 2, 50, 599.99, 600, 600.01, 700]) + rng.random() * rng.choice(
            [0, 0.01]
        )
        discharge = rng.choice([None, 0, 199.995, 200, 200.005, 200.01, 399.99, 400, 400.004, 400.005, 400.01, 900])
        Parcel.objects.create(
            tax_map_number=f"200.1-1-{n}",
            polygon=west_lot(gap, y=150.0 * (n % 26)),  # overlapping lots are screened alike
            discharge_point="" if discharge is None else point_west(discharge, y=150.0 * (n % 26) + 20),
        )
    view, limits = limits_on(AS_OF)
    totals = engine.screen(limits=limits, run="r", chunk=64)
    assert totals.parcels_read == 300
    assert reference.mismatches(reference.sample_ids(1, 10_000), view, limits) == []
    assert set(totals.counts) >= {"eligible", "eligible-under-118-29.1", "too-far", "not-adjoining", "cannot-judge"}, (
        totals.counts
    )


def test_a_changed_stored_candidate_is_reported_as_a_mismatch(lot: Any) -> None:
    p = lot(gap=0.8, discharge=150)
    view, limits = limits_on(AS_OF)
    engine.screen(limits=limits, run="r")
    Candidate.objects.filter(parcel=p).update(outcome="too-far")
    [mismatch] = reference.mismatches([p.pk], view, limits)
    assert mismatch["parcel"] == p.pk and "eligible" in mismatch["topic"] and "too-far" in mismatch["screen"]
