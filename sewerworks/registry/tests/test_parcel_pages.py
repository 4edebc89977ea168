"""The clerk's parcel page: search finds it, the map shows it, history says who changed what."""

from __future__ import annotations

import datetime as dt

import pytest

from sewerworks.registry.models import MeterRead, Parcel, SewerMain
from sewerworks.registry.search import search
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def district():
    a = f.area()
    p = f.parcel(improvement_area=a)
    f.owned(p)
    f.building(p, name="Smith house", dwelling_units=1)
    meter = f.account_with_meter(p)
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 6, 30), reading=123456)
    f.main(a)
    other = f.parcel("108.12-3-46", street_number="14", street_name="King St", improvement_area=a, dx=300)
    f.owned(other, name="HUDSON VALLEY FOODS LLC")
    return p


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("108.12-3-45", "parcel"),
        ("108.12-3-4", "parcel"),
        ("12 main", "parcel"),
        ("main st", "parcel"),
        ("smith", "owner"),
        ("SMITH JO", "owner"),
        ("mar-0001", "account"),
        ("wm1234", "meter"),
    ],
)
def test_one_search_box_finds_a_parcel_by_each_kind_of_key(district, query: str, kind: str) -> None:
    hits = search(query)
    assert any(h.kind == kind and h.parcel_id == district.pk for h in hits), hits


def test_search_finds_a_part_of_an_address_and_nothing_for_strangers(district) -> None:
    assert [h.detail for h in search("ain st")] == ["12 Main St"]  # a substring (three characters or more)
    assert search("zzyzx") == []
    assert search("") == []
    assert [h.label for h in search("hudson")] == ["HUDSON VALLEY FOODS LLC"]


def test_the_search_page_goes_straight_to_a_single_hit(client_as, district) -> None:
    client = client_as("clerk")
    response = client.get("/registry/search/", {"q": "108.12-3-45"})
    assert response.status_code == 302 and response["Location"] == f"/registry/parcels/{district.pk}/"
    many = client.get("/registry/search/", {"q": "108.12"})
    assert b"108.12-3-46" in many.content and b"108.12-3-45" in many.content
    partial = client.get("/registry/search/", {"q": "108.12"}, HTTP_HX_REQUEST="true")
    assert b"<html" not in partial.content


def test_the_parcel_page_shows_owner_building_meter_and_timeline(client_as, district) -> None:
    page = client_as("clerk").get(f"/registry/parcels/{district.pk}/")
    text = page.content.decode()
    assert page.status_code == 200
    for expected in (
        "108.12-3-45",
        "12 Main St",
        "Hamlet of Marlborough",
        "SMITH JOHN",
        "Smith house",
        "Connected",
        "WM12345678",
        "123456",
        "MAR-000123",
        "became owner",
        "Edit parcel",
    ):
        assert expected in text, expected


def test_a_board_member_sees_the_page_without_edit_controls(client_as, district) -> None:
    client = client_as("board member")
    page = client.get(f"/registry/parcels/{district.pk}/")
    assert page.status_code == 200 and b"Edit parcel" not in page.content
    assert client.get(f"/registry/parcels/{district.pk}/edit/").status_code == 403
    assert client.post(f"/registry/parcels/{district.pk}/edit/", {"street_number": "99"}).status_code == 403


def test_the_map_data_is_lonlat_geojson_near_the_hamlet(client_as, district) -> None:
    data = client_as("inspector").get(f"/registry/parcels/{district.pk}/map.json").json()
    layers = {feat["properties"]["layer"] for feat in data["features"]}
    assert layers == {"area", "parcel", "discharge", "main", "neighbour"}
    lon, lat = data["features"][2]["geometry"]["coordinates"]
    assert -75 < lon < -73 and 40.5 < lat < 42.5


def test_the_map_shows_the_lots_of_the_same_block_nearby_and_no_others(client_as, district) -> None:
    a = district.improvement_area
    f.parcel("108.12-3-5", street_number="2", street_name="King St", improvement_area=a, dx=-200)  # same block
    f.parcel("108.12-3-47", street_number="30", street_name="King St", improvement_area=a, dx=900)  # 800 ft off
    f.parcel("108.12-4-1", street_number="1", street_name="Elm St", improvement_area=a, dy=300)  # next block
    f.parcel("108.12-30-1", street_number="3", street_name="Elm St", improvement_area=a, dy=-200)  # block 30
    data = client_as("clerk").get(f"/registry/parcels/{district.pk}/map.json").json()
    shown = sorted(
        feat["properties"]["name"].split()[0] for feat in data["features"] if feat["properties"]["layer"] == "neighbour"
    )
    assert shown == ["108.12-3-46", "108.12-3-5"]


def test_an_edit_is_saved_through_the_action_and_shows_in_history(client_as, district) -> None:
    client = client_as("clerk")
    form = client.get(f"/registry/parcels/{district.pk}/edit/")
    assert form.status_code == 200
    response = client.post(
        f"/registry/parcels/{district.pk}/edit/",
        {
            "tax_map_number": "108.12-3-45",
            "street_number": "12A",
            "street_name": "Main St",
            "improvement_area": district.improvement_area_id,
            "land_use_class": "210",
            "polygon": district.polygon,
            "discharge_point": district.discharge_point,
            "reason": "Deed correction",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Parcel.objects.get(pk=district.pk).street_number == "12A"
    history = client.get(f"/registry/parcels/{district.pk}/history/").content.decode()
    assert "Deed correction" in history and client.user.username in history
    assert "12 → 12A" in history.replace("&gt;", ">").replace("&rarr;", "→")


def test_a_bad_polygon_is_a_field_error_and_changes_nothing(client_as, district) -> None:
    client = client_as("clerk")
    response = client.post(
        f"/registry/parcels/{district.pk}/edit/",
        {
            "tax_map_number": "108.12-3-45",
            "street_number": "12",
            "street_name": "Main St",
            "polygon": "POLYGON ((0 0, 10 10, 10 0, 0 10, 0 0))",
            "discharge_point": "",
        },
    )
    assert response.status_code == 200
    assert Parcel.objects.get(pk=district.pk).polygon == district.polygon


def test_a_main_within_100_ft_of_the_boundary_makes_a_public_sewer_available(district) -> None:
    from sewerworks.registry.availability import sewer_available

    # the main runs along y = Y0 + 90; the parcel's south edge is at Y0 + 100: 10 ft away
    result = sewer_available(district)
    assert result.available and 9.9 < result.distance_ft < 10.1 and result.section == "118-5"


@pytest.mark.parametrize(("south_edge_offset", "available"), [(99.9, True), (100.0, True), (100.1, False)])
def test_availability_on_both_sides_of_100_ft(south_edge_offset: float, available: bool) -> None:
    from sewerworks.registry.availability import sewer_available

    a = f.area()
    f.main(a, y=f.Y0 + 90)
    p = f.parcel(improvement_area=a, dy=90 + south_edge_offset)
    result = sewer_available(p)
    assert result.available is available
    assert result.section == ("118-5" if available else "118-7")


def test_a_main_moved_or_added_after_a_parcel_page_is_seen_by_the_next_one() -> None:
    """The mains' index is kept between pages (issue 19) but built again as soon as a main changes."""
    from sewerworks.registry.availability import sewer_available

    a = f.area()
    m = f.main(a, y=f.Y0 + 90)
    p = f.parcel(improvement_area=a, dy=90 + 50)  # 50 ft from the main
    assert sewer_available(p).available and sewer_available(p).main_id == m.pk
    SewerMain.objects.filter(pk=m.pk).update(path=f"LINESTRING ({f.X0} {f.Y0 - 500}, {f.X0 + 4000} {f.Y0 - 500})")
    assert not sewer_available(p).available  # moved 590 ft away: a private system is permitted (§118-7)
    nearer = f.main(a, identifier="M-2", y=f.Y0 + 100)
    assert sewer_available(p).main_id == nearer.pk
