"""The search box finds a part of a name or address, a tax map number without its separators, an account
and a meter, ranked exact, then prefix, then substring; from the trigram index of either database (SQLite
FTS5, PostgreSQL pg_trgm), kept in step with records written by SQL. On SQLite and PostgreSQL (PG_PATHS)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from sewerworks.registry.demo.rural import _inserter, _next_id
from sewerworks.registry.models import Owner, Ownership, Parcel
from sewerworks.registry.search import search
from sewerworks.registry.search_backends import backend, install
from sewerworks.registry.search_forms import tax_map_compact_form
from sewerworks.registry.tests import factories as f


@pytest.fixture
def roll(db: Any) -> dict[str, Any]:
    main_st = f.parcel("108.12-3-45", street_number="68", street_name="Main St")
    look_alike = f.parcel("108.1-23-45", street_number="12", street_name="Old Oak Rd", dx=300)
    other = f.parcel("108.12-3-46", street_number="70", street_name="North Rd", dx=600)
    return {
        "main_st": main_st,
        "look_alike": look_alike,
        "other": other,
        "evans": f.owned(main_st, "EVANS ROBERT"),
        "stevans": f.owned(look_alike, "STEVANS MARY"),
        "evanson": f.owned(other, "EVANSON JOHN"),
    }


def owners(typed: str) -> list[str]:
    return [h.label for h in search(typed) if h.kind == "owner"]


def test_a_partial_word_in_the_middle_of_a_name_finds_the_owner(roll: dict[str, Any]) -> None:
    assert owners("vans") == ["EVANS ROBERT", "EVANSON JOHN", "STEVANS MARY"]
    assert owners("robert") == ["EVANS ROBERT"]  # the given name, after the surname on the roll


@pytest.mark.parametrize("typed", ["Robert Evans", "Evans, Robert", "EVANS ROBERT", "robert evans"])
def test_an_owner_typed_either_way_round_comes_first(roll: dict[str, Any], typed: str) -> None:
    first = search(typed)[0]
    assert (first.kind, first.label, first.parcel_id) == ("owner", "EVANS ROBERT", roll["main_st"].pk)


def test_the_exact_name_then_names_starting_with_it_then_names_containing_it(roll: dict[str, Any]) -> None:
    Ownership.objects.create(parcel=roll["other"], owner=Owner.objects.create(name="EVANS"), start="2012-01-01")
    assert owners("evans") == ["EVANS", "EVANS ROBERT", "EVANSON JOHN", "STEVANS MARY"]


def test_one_or_two_characters_take_the_prefix_path_only(roll: dict[str, Any]) -> None:
    """A trigram index cannot look up "ev": names starting with it are found, "STEVANS" is not."""
    assert owners("ev") == ["EVANS ROBERT", "EVANSON JOHN"]


@pytest.mark.parametrize("typed", ["oak", "Oak Rd", "old oak road", "OLD OAK RD."])
def test_a_part_of_an_address_finds_the_parcel(roll: dict[str, Any], typed: str) -> None:
    assert roll["look_alike"].pk in [h.parcel_id for h in search(typed)]


@pytest.mark.parametrize("typed", ["68 Main Street", "68 main st", "main street", "8 main st"])
def test_an_address_with_its_suffix_either_way_is_found(roll: dict[str, Any], typed: str) -> None:
    assert roll["main_st"].pk in [h.parcel_id for h in search(typed) if h.kind == "parcel"]


def test_a_full_address_comes_before_the_owner_who_lives_there(roll: dict[str, Any]) -> None:
    assert (search("68 Main Street")[0].kind, search("68 Main Street")[0].parcel_id) == ("parcel", roll["main_st"].pk)


@pytest.mark.parametrize("typed", ["108.12-3-45", "108123 45", "10812345", "108.12 3 45", "108-12-3-45"])
def test_a_tax_map_number_with_or_without_its_separators_is_found(roll: dict[str, Any], typed: str) -> None:
    """The digits alone cannot say where section, block and lot divide: 108.1-23-45 has the same digits."""
    found = [h.label for h in search(typed) if h.kind == "parcel"]
    assert found[:1] == ["108.12-3-45"] or set(found[:2]) == {"108.12-3-45", "108.1-23-45"}
    assert "108.12-3-46" not in found


def test_the_tax_map_number_typed_with_its_separators_comes_before_its_look_alike(roll: dict[str, Any]) -> None:
    assert [h.label for h in search("108.12-3-45") if h.kind == "parcel"][:2] == ["108.12-3-45", "108.1-23-45"]


def test_a_compact_tax_map_prefix_finds_every_parcel_starting_with_those_digits(roll: dict[str, Any]) -> None:
    assert {h.label for h in search("1081234")} >= {"108.12-3-45", "108.1-23-45", "108.12-3-46"}


def test_what_is_read_as_a_tax_map_number_without_separators() -> None:
    assert tax_map_compact_form("108.12-3-45") == "10812345"
    assert tax_map_compact_form(" 108123 45 ") == "10812345"
    assert tax_map_compact_form("108/12/3/45") == "10812345"
    assert tax_map_compact_form("1081") == "1081"  # four digits: enough
    assert tax_map_compact_form("108") is None  # three: a house number as likely as a section
    assert tax_map_compact_form("68 Main St") is None
    assert tax_map_compact_form("MAR-0001") is None


def test_an_account_and_a_meter_are_found_exactly_first(roll: dict[str, Any]) -> None:
    f.account_with_meter(roll["main_st"], number="MAR-000123", serial="WM12345678")
    f.account_with_meter(roll["other"], number="MAR-0001234", serial="WM123456789")
    assert [(h.kind, h.label) for h in search("MAR-000123")][:2] == [
        ("account", "MAR-000123"),
        ("account", "MAR-0001234"),
    ]
    assert [(h.kind, h.label) for h in search("wm12345678")][:2] == [("meter", "WM12345678"), ("meter", "WM123456789")]


def test_records_written_by_bulk_sql_are_found_by_a_part_of_their_name(db: Any) -> None:
    """The demo's rural roll and the imports write with executemany, no save(): the index keeps up."""
    parcel_id, owner_id = _next_id(Parcel), _next_id(Owner)
    with connection.cursor() as cursor:
        columns = [
            "id",
            "tax_map_number",
            "tax_map_sort",
            "street_number",
            "street_name",
            "address_search",
            "street_search",
        ]
        _inserter(Parcel, columns)(
            cursor,
            [
                (
                    parcel_id,
                    "201.05-3-7",
                    "00000201.00000005-00000003-00000007",
                    "4",
                    "Lattintown Rd",
                    "4 lattintown rd",
                    "lattintown rd",
                )
            ],  # fmt: skip
        )
        _inserter(Owner, ["id", "name", "name_search"])(cursor, [(owner_id, "QUACKENBUSH ELLA", "quackenbush ella")])
        _inserter(Ownership, ["parcel_id", "owner_id", "start"])(cursor, [(parcel_id, owner_id, "2020-01-01")])
    assert owners("kenbush") == ["QUACKENBUSH ELLA"]
    assert [h.parcel_id for h in search("attintown")] == [parcel_id]
    assert [h.label for h in search("201053")] == ["201.05-3-7"]
    Owner.objects.filter(pk=owner_id).update(name="QUACKENBOS ELLA", name_search="quackenbos ella")  # SQL UPDATE
    assert owners("kenbush") == [] and owners("kenbos") == ["QUACKENBOS ELLA"]
    Ownership.objects.filter(owner_id=owner_id).delete()
    Owner.objects.filter(pk=owner_id).delete()
    assert backend().owners_containing(["kenbos"], 20) == []


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL keeps its trigram indexes by itself")
def test_a_migration_that_drops_the_triggers_gets_them_back_with_the_index_rebuilt(roll: dict[str, Any]) -> None:
    """SQLite drops a table's triggers when a migration remakes the table; after every migrate they are
    put back and the index is filled again from the records."""
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER registry_owner_fts_insert")
        cursor.execute("DELETE FROM registry_owner_fts")
    Owner.objects.create(name="VANDERMARK ANN")
    install(connection)
    assert sorted(backend().owners_containing(["vans", "ndermar"], 20)) == sorted(
        [roll["evans"].pk, roll["stevans"].pk, roll["evanson"].pk, Owner.objects.get(name="VANDERMARK ANN").pk]
    )


def test_a_page_full_of_names_starting_with_the_text_leaves_no_room_for_those_containing_it(db: Any) -> None:
    """Twenty owners named KING... fill the page; "SPEAKING ANN" (containing "king") would rank after them."""
    for n in range(20):
        f.owned(f.parcel(f"108.12-4-{n + 1}", dx=100 * n), f"KING {chr(65 + n)}")
    f.owned(f.parcel("108.12-5-1", dx=2500), "SPEAKING ANN")
    assert owners("king") == [f"KING {chr(65 + n)}" for n in range(20)]
    assert owners("peaking") == ["SPEAKING ANN"]


def test_the_demo_bulk_load_rebuilds_the_index_once_and_its_rural_owners_are_found(db: Any) -> None:
    """The large demo drops the index before its executemany load and builds it once after."""
    from sewerworks.registry import demo

    demo.build(parcels=demo.DISTRICT_PARCELS + 20, write=lambda _: None)
    last = Owner.objects.order_by("-pk").first()
    assert last is not None and Ownership.objects.filter(owner=last, end__isnull=True).exists()
    middle = last.name_search[1:-1]
    assert last.name in owners(middle) or len(owners(middle)) == 20
    rural = Parcel.objects.order_by("-pk").first()
    assert rural is not None and rural.pk in [h.parcel_id for h in search(rural.address_search)]
    assert rural.pk in backend().parcels_with_compact_tax_map(
        rural.tax_map_number.replace("-", "").replace(".", ""), 20
    )
