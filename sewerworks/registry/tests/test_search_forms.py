"""The search box finds what people type: "68 Main Street" and "68 main st", "North Rd" and "N Road",
"Robert Evans" and "Evans, Robert"; the exact match first. On SQLite and PostgreSQL (PG_PATHS)."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.registry.models import Owner, Ownership
from sewerworks.registry.search import search
from sewerworks.registry.search_forms import address_forms, name_forms, tax_map_forms
from sewerworks.registry.tests import factories as f


def test_suffixes_and_directions_are_tried_in_both_spellings() -> None:
    assert address_forms("68 Main Street") == ["68 main street", "68 main st"]
    assert address_forms("68 main st") == ["68 main st", "68 main street"]
    assert set(address_forms("12 North Rd")) == {"12 north rd", "12 north road", "12 n rd", "12 n road"}
    assert address_forms("") == []


def test_a_name_is_tried_surname_first_unless_typed_with_a_comma() -> None:
    assert name_forms("Robert Evans") == ["robert evans", "evans robert"]
    assert name_forms("Evans, Robert") == ["evans robert"]
    assert name_forms("Evans") == ["evans"]


@pytest.fixture
def roll(db: Any) -> dict[str, Any]:
    area = f.area()
    main_st = f.parcel("103.11-5-11", street_number="68", street_name="Main St", improvement_area=area)
    main_street = f.parcel("103.11-5-12", street_number="70", street_name="Main Street", improvement_area=area)
    north = f.parcel("103.11-5-13", street_number="12", street_name="North Rd", improvement_area=area, dx=300)
    evans = Owner.objects.create(name="EVANS ROBERT", mailing_address="68 Main St", city="Marlborough")
    Ownership.objects.create(parcel=main_st, owner=evans, start="2010-05-01")
    return {"main_st": main_st, "main_street": main_street, "north": north}


@pytest.mark.parametrize("typed", ["68 Main Street", "68 main st", "68 MAIN ST."])
def test_an_address_is_found_however_the_suffix_is_typed(roll: dict[str, Any], typed: str) -> None:
    hits = search(typed)
    assert hits and hits[0].parcel_id == roll["main_st"].pk


def test_a_street_spelled_out_on_the_roll_is_found_by_its_abbreviation(roll: dict[str, Any]) -> None:
    assert [h.parcel_id for h in search("70 main st")][:1] == [roll["main_street"].pk]
    assert roll["north"].pk in [h.parcel_id for h in search("12 N Road")]


@pytest.mark.parametrize("typed", ["Robert Evans", "Evans, Robert", "evans rob"])
def test_an_owner_is_found_first_name_first_or_surname_first(roll: dict[str, Any], typed: str) -> None:
    owners = [h for h in search(typed) if h.kind == "owner"]
    assert owners and owners[0].label == "EVANS ROBERT" and owners[0].parcel_id == roll["main_st"].pk


def test_the_exact_match_comes_first(db: Any) -> None:
    """Typed "70 main st": "70 Main St Ext" starts with it as typed, "70 Main Street" is it exactly."""
    f.parcel("103.11-5-20", street_number="70", street_name="Main St Ext")
    f.parcel("103.11-5-21", street_number="70", street_name="Main Street", dx=300)
    assert [h.detail for h in search("70 main st")] == ["70 Main Street", "70 Main St Ext"]


def test_a_tax_map_number_typed_with_spaces_or_slashes_is_read_with_dashes() -> None:
    assert tax_map_forms("103.11 5 11") == ["103.11 5 11", "103.11-5-11"]
    assert tax_map_forms("103.11/5/11") == ["103.11/5/11", "103.11-5-11"]
    assert tax_map_forms("103.11-5-11") == ["103.11-5-11"]
    assert tax_map_forms("68 Main St") == ["68 Main St"]


@pytest.mark.parametrize("typed", ["103.11-5-11", "103.11 5 11", "103.11/5/11"])
def test_a_parcel_is_found_by_its_tax_map_number_with_or_without_dashes(roll: dict[str, Any], typed: str) -> None:
    assert search(typed)[0].parcel_id == roll["main_st"].pk
