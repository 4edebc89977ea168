"""The owners' petition for an extension the town builds (§118-30, I-142, I-46): benefiting parcels within 100 ft
of the proposed mains, signers matched to owners of record, each owner counted once, co-owners as one."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from sewerworks.engineering.actions import (
    do_import_design,
    do_open_project,
    do_record_signature,
    do_record_warrant,
)
from sewerworks.engineering.petition import count
from sewerworks.engineering.tests.conftest import D, design_bytes, parcel, resolution
from sewerworks.registry.models import Owner

pytestmark = pytest.mark.django_db
ON = D(2026, 11, 20)


@pytest.fixture
def street(staff: Any) -> Any:
    """A town extension whose proposed mains run east along y = 1,020,000 from x = 630,000 to 631,050; Anna Ames
    owns two parcels beside it, Bea and Carl Cross one together, Dan Doyle one exactly 100 ft away, Eve Egan
    one 101 ft away; one parcel has no owner on record."""
    project = do_open_project(name="Lattintown Road extension", builder="town", acting_user=staff.clerk)
    do_import_design(data=design_bytes("corrected.inp"), file_name="lattintown.inp", project=project,
                     acting_user=staff.clerk, as_of=D(2026, 11, 1))  # fmt: skip
    anna, bea, carl, dan, eve = (Owner.objects.create(name=n) for n in
                                 ("Anna Ames", "Bea Cross", "Carl Cross", "Dan Doyle", "Eve Egan"))  # fmt: skip
    project.lots = {
        "A1": parcel("108.2-1-1", 630100, 1020050, anna), "A2": parcel("108.2-1-2", 630300, 1020020, anna),
        "BC": parcel("108.2-1-3", 630500, 1019850, bea, carl), "D": parcel("108.2-1-4", 630700, 1020100, dan),
        "E": parcel("108.2-1-5", 630900, 1020101, eve), "none": parcel("108.2-1-6", 630200, 1019900),
    }  # fmt: skip
    return project


def _sign(project: Any, staff: Any, lot: str, name: str) -> Any:
    return do_record_signature(project=project, parcel=project.lots[lot], signer=name, signed_on=D(2026, 11, 15),
                               acting_user=staff.clerk)  # fmt: skip


def test_benefiting_parcels_lie_within_100_ft_of_the_proposed_mains_and_101_ft_is_too_far(street: Any) -> None:
    tally = count(street, ON)
    assert {b.parcel.tax_map_number for b in tally.benefits} == {
        "108.2-1-1", "108.2-1-2", "108.2-1-3", "108.2-1-4", "108.2-1-6"}  # fmt: skip
    assert {b.parcel.tax_map_number: b.distance_ft for b in tally.benefits}["108.2-1-4"] == 100
    assert [p.tax_map_number for p in tally.no_owner] == ["108.2-1-6"]


def test_an_owner_of_two_parcels_counts_once_and_co_owners_are_one_owner_signed_by_either(
    street: Any, staff: Any
) -> None:
    tally = count(street, ON)
    assert [o.names for o in tally.owners] == [["Anna Ames"], ["Bea Cross", "Carl Cross"], ["Dan Doyle"]]
    assert (tally.signed, tally.total, tally.majority) == (0, 3, False)
    _sign(street, staff, "A1", "Anna Ames")
    _sign(street, staff, "A2", "ANNA  AMES")  # her second parcel: still one owner of record
    assert (count(street, ON).signed, count(street, ON).majority) == (1, False)
    _sign(street, staff, "BC", "Carl Cross")  # one co-owner signs for both
    tally = count(street, ON)
    assert (tally.signed, tally.total, tally.majority) == (2, 3, True)
    assert [s.signer for s in tally.owners[1].signed_by] == ["Carl Cross"]


def test_a_signer_who_is_not_an_owner_of_record_is_listed_not_counted(street: Any, staff: Any) -> None:
    tenant = _sign(street, staff, "D", "Zed Zee")
    assert tenant.owner is None
    tally = count(street, ON)
    assert (tally.signed, tally.unmatched) == (0, [tenant])
    assert count(street, D(2026, 11, 14)).unmatched == []  # not yet signed that day


def test_a_signature_for_a_parcel_that_does_not_benefit_or_twice_is_refused(street: Any, staff: Any) -> None:
    with pytest.raises(ValidationError) as refused:
        _sign(street, staff, "E", "Eve Egan")
    assert "108.2-1-5 does not benefit: no proposed main of the extension lies within 100 ft" in str(refused.value)
    _sign(street, staff, "A1", "Anna Ames")
    with pytest.raises(ValidationError, match="has signed for 108.2-1-1 already"):
        _sign(street, staff, "A1", "Anna Ames")


def test_the_boards_decision_that_it_warrants_its_cost_is_recorded_against_a_resolution(street: Any,
                                                                                       staff: Any) -> None:  # fmt: skip
    adopted = resolution("Resolution 2026-95", adopted=D(2026, 11, 24))
    with pytest.raises(ValidationError, match="adopted after 2026-11-23"):
        do_record_warrant(project=street, resolution=adopted, decided_on=D(2026, 11, 23), acting_user=staff.clerk)
    decided = do_record_warrant(project=street, resolution=adopted, decided_on=D(2026, 11, 24),
                                acting_user=staff.clerk)  # fmt: skip
    assert (decided.warrant_resolution, decided.warranted_on) == (adopted, D(2026, 11, 24))


def test_a_developers_extension_has_no_owners_petition(project: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="proposes an extension the town builds"):
        do_record_warrant(project=project, resolution=resolution(), decided_on=D(2026, 11, 1), acting_user=staff.clerk)
