"""Importing the assessor's roll (CSV) and parcel polygons (GeoJSON): previews, all-or-none commits,
valid-rows-only commits with reject files, and who may do it."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import CommandError, call_command

from sewerworks.core.imports.kinds import get_kind
from sewerworks.core.jobs.queue import INTERACTIVE
from sewerworks.core.models import AuditEvent, Job
from sewerworks.registry.geometry import from_lonlat
from sewerworks.registry.imports.actions import do_import_polygons, do_import_roll, preview_roll
from sewerworks.registry.imports.common import TAX_MAP_NUMBER_RE
from sewerworks.registry.imports.roll import COLUMNS, parse_money
from sewerworks.registry.models import AssessedValue, ImprovementArea, Owner, Ownership, Parcel

MARLBOROUGH = "POLYGON ((630000 1000000, 645000 1000000, 645000 1015000, 630000 1015000, 630000 1000000))"
MILTON = "POLYGON ((630000 1015000, 645000 1015000, 645000 1030000, 630000 1030000, 630000 1015000))"


@pytest.fixture(autouse=True)
def _scratch(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VAR_DIR = tmp_path / "var"


@pytest.fixture
def areas(db):
    return {
        "marlborough": ImprovementArea.objects.create(code="marlborough", name="Hamlet of Marlborough",
                                                      boundary=MARLBOROUGH),
        "milton": ImprovementArea.objects.create(code="milton", name="Hamlet of Milton", boundary=MILTON),
    }


@pytest.fixture
def clerk(make_user):
    return make_user("clerk")


def row(tmn: str, **overrides: str) -> dict[str, str]:
    values = {
        "tax_map_number": tmn, "street_number": "21", "street_name": "Western Avenue", "hamlet": "marlborough",
        "land_use_class": "210", "roll_year": "2025", "assessed_value": "$185,000.00", "owner_name": "Jane Roe",
        "owner_mailing_address": "21 Western Ave", "owner_city": "Marlboro", "owner_state": "NY",
        "owner_postal_code": "12542",
    }
    values.update(overrides)
    return values


def roll(*rows: dict[str, str], bom: bool = False) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS)
    writer.writeheader()
    writer.writerows(rows)
    return (("\ufeff" if bom else "") + out.getvalue()).encode("utf-8")


def import_roll(user, *rows, **kwargs):
    return do_import_roll(acting_user=user, data=roll(*rows), file_name="roll.csv", **kwargs)


BAD_ROWS = [  # each with the row number it has in the file (header = row 1), the field and a word of the rule
    (row("", street_number="1"), 3, "tax_map_number", "missing"),
    (row("108.12/3/45"), 4, "tax_map_number", "section.block-lot"),
    (row("108.12-3-9"), 5, "tax_map_number", "more than once"),
    (row("108.12-3-9", owner_name="Someone Else"), 6, "tax_map_number", "more than once"),
    (row("108.12-3-10", hamlet="Newburgh"), 7, "hamlet", "not a Sewer Improvement Area"),
    (row("108.12-3-11", assessed_value="about 100k"), 8, "assessed_value", "not a number"),
    (row("108.12-3-12", assessed_value="-5"), 9, "assessed_value", "negative"),
    (row("108.12-3-13", roll_year="25"), 10, "roll_year", "four-digit"),
    (row("108.12-3-14", owner_name=""), 11, "owner_name", "missing"),
    (row("108.12-3-15", assessed_value="1e5"), 12, "assessed_value", "not a number"),
]


# --- the rules of a row ----------------------------------------------------------------------------

@pytest.mark.parametrize("tmn", ["108.12-3-45", "108-3-45", "108.12-3-45.1", "1-1-1"])
def test_a_tax_map_number_is_section_block_lot(tmn):
    assert TAX_MAP_NUMBER_RE.match(tmn)


@pytest.mark.parametrize("tmn", ["108.12-3", "108.12/3/45", "108.12-3-45-1", "A108-3-45", "108.-3-45", ""])
def test_anything_else_is_not_a_tax_map_number(tmn):
    assert not TAX_MAP_NUMBER_RE.match(tmn)


@pytest.mark.parametrize("text,value", [
    ("$1,234.00", Decimal("1234.00")), ("0", Decimal("0.00")), ("0.01", Decimal("0.01")),
    (" 185000 ", Decimal("185000.00")), ("$ 12,500.5", Decimal("12500.50")),
])
def test_an_assessed_value_is_dollars_with_optional_dollar_sign_and_commas(text, value):
    assert parse_money(text) == (value, "")


@pytest.mark.parametrize("text,why", [
    ("-0.01", "negative"), ("1e5", "not a number"), ("NaN", "not a number"), ("inf", "not a number"),
    ("12.345", "fractions of a cent"), ("", "missing"), ("12,34.5.6", "not a number"),
    ("1000000000000", "larger"),
])
def test_an_assessed_value_is_refused_when_it_is_not_plain_dollars_and_cents(text, why):
    value, message = parse_money(text)
    assert value is None and why in message


# --- the roll, all rows or none ---------------------------------------------------------------------

def test_a_roll_with_bad_rows_names_each_row_and_field_and_imports_nothing(areas, clerk):
    good = row("108.12-3-1")
    result = import_roll(clerk, good, *(r for r, *_ in BAD_ROWS))
    assert not result.committed
    found = {(e.row, e.field) for e in result.errors}
    for _, number, field, word in BAD_ROWS:
        assert (number, field) in found
        assert any(word in e.message for e in result.errors if (e.row, e.field) == (number, field))
    assert result.rejected == len(BAD_ROWS)
    assert Parcel.objects.count() == Owner.objects.count() == AssessedValue.objects.count() == 0
    assert AuditEvent.objects.count() == 0


def test_valid_rows_only_imports_the_good_rows_and_rejects_exactly_the_bad_ones(areas, clerk):
    goods = [row("108.12-3-1"), row("108.12-3-2", hamlet="Hamlet of Milton", street_number="5")]
    result = import_roll(clerk, *goods, *(r for r, *_ in BAD_ROWS), valid_rows_only=True)
    assert result.committed and result.new == 2 and result.rejected == len(BAD_ROWS)
    assert set(Parcel.objects.values_list("tax_map_number", flat=True)) == {"108.12-3-1", "108.12-3-2"}
    assert Parcel.objects.get(tax_map_number="108.12-3-2").improvement_area == areas["milton"]
    from django.conf import settings

    text = (settings.MEDIA_ROOT / result.reject_file).read_bytes().decode("utf-8-sig")
    rejected = list(csv.DictReader(io.StringIO(text)))
    assert [int(r["row"]) for r in rejected] == [n + 1 for _, n, *_ in BAD_ROWS]  # one more good row first
    for line, (original, _, field, word) in zip(rejected, BAD_ROWS, strict=True):
        assert all(line[c] == original[c] for c in COLUMNS)
        assert field in line["error"] and word in line["error"]


def test_a_corrected_reject_file_can_be_imported_as_it_is(areas, clerk):
    result = import_roll(clerk, row("108.12-3-1"), row("108.12-3-2", roll_year="2O25"), valid_rows_only=True)
    from django.conf import settings

    text = (settings.MEDIA_ROOT / result.reject_file).read_text(encoding="utf-8-sig").replace("2O25", "2025")
    again = do_import_roll(acting_user=clerk, data=text.encode(), file_name="rejects.csv")
    assert again.committed and again.new == 1 and not again.errors


def test_the_roll_may_have_a_byte_order_mark_and_its_columns_in_any_order(areas, clerk):
    data = roll(row("108.12-3-1"), bom=True)
    assert do_import_roll(acting_user=clerk, data=data, file_name="r.csv").new == 1
    out = io.StringIO()
    csv.writer(out).writerows([list(reversed(r)) for r in csv.reader(io.StringIO(data.decode("utf-8-sig")))])
    assert preview_roll(acting_user=clerk, data=out.getvalue().encode(), file_name="r.csv").unchanged == 1


def test_a_file_that_is_not_utf8_or_lacks_a_column_is_refused_as_a_whole(areas, clerk):
    latin1 = roll(row("108.12-3-1", owner_name="José Núñez")).decode().encode("latin-1")
    result = do_import_roll(acting_user=clerk, data=latin1, file_name="r.csv", valid_rows_only=True)
    assert not result.committed and result.errors[0].row is None and "UTF-8" in result.errors[0].message
    no_owner = b"tax_map_number,street_number\n108.12-3-1,21\n"
    result = do_import_roll(acting_user=clerk, data=no_owner, file_name="r.csv", valid_rows_only=True)
    assert result.errors[0].row == 1 and "owner_name" in result.errors[0].message
    assert Parcel.objects.count() == 0


def test_hamlet_is_the_area_code_or_name_in_any_case_or_blank_or_outside(areas, clerk):
    import_roll(clerk, row("1-1-1", hamlet="MARLBOROUGH"), row("1-1-2", hamlet="hamlet of milton"),
                row("1-1-3", hamlet=""), row("1-1-4", hamlet="Outside"))
    got = dict(Parcel.objects.values_list("tax_map_number", "improvement_area__code"))
    assert got == {"1-1-1": "marlborough", "1-1-2": "milton", "1-1-3": None, "1-1-4": None}


# --- what an import changes --------------------------------------------------------------------------

def test_the_preview_counts_new_updated_and_unchanged_parcels_and_writes_nothing(areas, clerk):
    import_roll(clerk, row("1-1-1"), row("1-1-2"))
    preview = preview_roll(acting_user=clerk, file_name="r.csv",
                           data=roll(row("1-1-1"), row("1-1-2", street_name="Main Street"), row("1-1-3")))
    assert (preview.new, preview.updated, preview.unchanged) == (1, 1, 1)
    assert Parcel.objects.count() == 2 and Parcel.objects.get(tax_map_number="1-1-2").street_name == "Western Avenue"


def test_re_importing_the_same_roll_changes_nothing(areas, clerk):
    rows = [row("1-1-1"), row("1-1-2", owner_name="John Doe", owner_mailing_address="PO Box 7")]
    first = import_roll(clerk, *rows, as_of=date(2025, 1, 10))
    second = import_roll(clerk, *rows, as_of=date(2025, 3, 1))
    assert (first.new, second.new, second.updated, second.unchanged) == (2, 0, 0, 2)
    assert AssessedValue.objects.count() == 2 and Ownership.objects.count() == 2 and Owner.objects.count() == 2
    assert not Ownership.objects.filter(end__isnull=False).exists()


def test_an_existing_parcel_is_brought_up_to_date_and_its_assessed_value_upserted(areas, clerk):
    import_roll(clerk, row("1-1-1", assessed_value="100000"))
    result = import_roll(clerk, row("1-1-1", street_number="23", hamlet="milton", land_use_class="220",
                                    assessed_value="110000"))
    parcel = Parcel.objects.get()
    assert result.updated == 1
    assert (parcel.address, parcel.improvement_area, parcel.land_use_class) == ("23 Western Avenue",
                                                                                areas["milton"], "220")
    assert parcel.address_search == "23 western avenue"
    assert list(parcel.assessments.values_list("roll_year", "value")) == [(2025, Decimal("110000.00"))]
    import_roll(clerk, row("1-1-1", street_number="23", hamlet="milton", land_use_class="220", roll_year="2026",
                           assessed_value="120000"))
    assert list(parcel.assessments.values_list("roll_year", "value")) == [
        (2026, Decimal("120000.00")), (2025, Decimal("110000.00"))]


def test_a_new_owner_ends_the_old_ownership_the_day_before_the_import(areas, clerk):
    import_roll(clerk, row("1-1-1", owner_name="Jane Roe"), as_of=date(2025, 1, 10))
    result = import_roll(clerk, row("1-1-1", owner_name="Richard Miles", owner_mailing_address="9 Dock Rd"),
                         as_of=date(2025, 6, 1))
    assert result.updated == 1
    old, new = Ownership.objects.order_by("start")
    assert (old.owner.name, old.start, old.end) == ("Jane Roe", date(2025, 1, 10), date(2025, 5, 31))
    assert (new.owner.name, new.start, new.end) == ("Richard Miles", date(2025, 6, 1), None)


def test_the_same_owner_at_a_new_address_keeps_the_ownership(areas, clerk):
    import_roll(clerk, row("1-1-1"), as_of=date(2025, 1, 10))
    import_roll(clerk, row("1-1-1", owner_name="JANE ROE", owner_mailing_address="PO Box 12"), as_of=date(2025, 6, 1))
    assert Ownership.objects.count() == 1 and Owner.objects.get().mailing_address == "PO Box 12"


def test_a_second_import_the_same_day_corrects_the_owner_instead_of_ending_an_ownership_before_it_began(areas, clerk):
    import_roll(clerk, row("1-1-1", owner_name="Jane Roe"), as_of=date(2025, 6, 1))
    import_roll(clerk, row("1-1-1", owner_name="Jane Doe"), as_of=date(2025, 6, 1))
    link = Ownership.objects.get()
    assert (link.owner.name, link.start, link.end) == ("Jane Doe", date(2025, 6, 1), None)


def test_one_owner_of_several_parcels_is_one_owner(areas, clerk):
    import_roll(clerk, row("1-1-1"), row("1-1-2"), row("1-1-3", owner_name="John Doe"))
    assert Owner.objects.count() == 2 and Owner.objects.get(name="Jane Roe").parcels.count() == 2


def test_each_import_writes_one_audit_event_and_keeps_history(areas, clerk):
    result = import_roll(clerk, row("1-1-1"), row("1-1-2"))
    event = AuditEvent.objects.get()
    assert (event.action, event.actor, event.run, event.rows) == ("import_roll", clerk, result.run, 2)
    assert event.detail["file_name"] == "roll.csv" and event.detail["new"] == 2
    assert Parcel.history.filter(history_user=clerk).count() == 2
    import_roll(clerk, row("1-1-1"), row("1-1-2"))
    assert AuditEvent.objects.count() == 2 and AuditEvent.objects.first().rows == 0


# --- parcel polygons ----------------------------------------------------------------------------------

SQUARE_FT = [[637000, 1008200], [637100, 1008200], [637100, 1008300], [637000, 1008300], [637000, 1008200]]
BOW_TIE_FT = [[637000, 1008200], [637100, 1008300], [637100, 1008200], [637000, 1008300], [637000, 1008200]]
SQUARE_LONLAT = [[-73.9705, 41.5995], [-73.9695, 41.5995], [-73.9695, 41.6005], [-73.9705, 41.6005],
                 [-73.9705, 41.5995]]


def feature(tmn, ring=None, kind="Polygon", **props):
    geometry = None if ring is None else {"type": kind, "coordinates": [ring] if kind == "Polygon" else [[ring]]}
    return {"type": "Feature", "properties": {"tax_map_number": tmn, **props}, "geometry": geometry}


def collection(*features, crs=None):
    doc = {"type": "FeatureCollection", "features": list(features)}
    if crs:
        doc["crs"] = {"type": "name", "properties": {"name": crs}}
    return json.dumps(doc).encode()


def import_polygons(user, *features, crs=None, **kwargs):
    return do_import_polygons(acting_user=user, data=collection(*features, crs=crs), file_name="p.geojson", **kwargs)


@pytest.fixture
def parcels(areas, clerk):
    import_roll(clerk, row("1-1-1"), row("1-1-2"), row("1-1-3"))
    return {p.tax_map_number: p for p in Parcel.objects.all()}


def test_polygons_in_state_plane_feet_are_stored_as_they_are_with_their_centroid(parcels, clerk):
    result = import_polygons(clerk, feature("1-1-1", SQUARE_FT, discharge_point=[637050, 1008200]))
    parcel = Parcel.objects.get(tax_map_number="1-1-1")
    assert result.committed and result.new == 1
    assert (parcel.centroid_x, parcel.centroid_y) == (637050, 1008250)
    assert parcel.polygon.startswith("POLYGON ((637000 1008200") and parcel.discharge_point == "POINT (637050 1008200)"


@pytest.mark.parametrize("crs", [None, "urn:ogc:def:crs:OGC:1.3:CRS84", "EPSG:4326"])
def test_polygons_in_longitude_latitude_are_converted_to_state_plane_feet(parcels, clerk, crs):
    import_polygons(clerk, feature("1-1-2", SQUARE_LONLAT, discharge_point=[-73.97, 41.5995]), crs=crs)
    parcel = Parcel.objects.get(tax_map_number="1-1-2")
    x, y = from_lonlat(-73.97, 41.60)
    assert abs(parcel.centroid_x - x) < 1 and abs(parcel.centroid_y - y) < 1
    px, py = from_lonlat(-73.97, 41.5995)
    assert parcel.discharge_point == f"POINT ({px} {py})"


def test_a_crs_member_naming_epsg_2260_reads_feet_and_another_crs_is_refused(parcels, clerk):
    ok = import_polygons(clerk, feature("1-1-1", SQUARE_FT), crs="urn:ogc:def:crs:EPSG::2260")
    assert ok.committed
    refused = import_polygons(clerk, feature("1-1-2", SQUARE_FT), crs="EPSG:3857", valid_rows_only=True)
    assert not refused.committed and refused.errors[0].field == "crs" and "EPSG:3857" in refused.errors[0].message


def test_a_bow_tie_polygon_is_refused_with_the_reason(parcels, clerk):
    result = import_polygons(clerk, feature("1-1-1", BOW_TIE_FT))
    assert not result.committed
    (error,) = result.errors
    assert (error.row, error.field) == (1, "geometry") and "Self-intersection" in error.message
    assert not Parcel.objects.get(tax_map_number="1-1-1").polygon


def test_each_kind_of_bad_feature_is_named_by_feature_and_field(parcels, clerk):
    two_parts = {"type": "MultiPolygon", "coordinates": [[SQUARE_FT], [[[p[0] + 500, p[1]] for p in SQUARE_FT]]]}
    features = [
        feature("1-1-1", SQUARE_FT, kind="MultiPolygon"),  # 1: a one-part MultiPolygon is accepted
        feature("9-9-9", SQUARE_FT),  # 2: not in the registry
        {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [SQUARE_FT]}},  # 3
        {"type": "Feature", "properties": {"tax_map_number": "2-2-4"},
         "geometry": {"type": "Point", "coordinates": [637000, 1008200]}},  # 4: wrong type
        {"type": "Feature", "properties": {"tax_map_number": "2-2-5"}, "geometry": two_parts},  # 5
        feature("1-1-3", SQUARE_FT),  # 6: duplicate with 7
        feature("1-1-3", SQUARE_FT),  # 7
        {"type": "Feature", "properties": {"tax_map_number": "2-2-8"},
         "geometry": {"type": "Polygon", "coordinates": []}},  # 8: empty
        feature("2-2-9", None),  # 9: no geometry
        feature("2-2-10", [[0, 0], [1, 1]]),  # 10: cannot be a polygon
        feature("1-1-2", SQUARE_FT, discharge_point="here"),  # 11: a point that is not [x, y]
        feature("2-2-12", [[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]]),  # 12: lon/lat outside New York
    ]
    result = import_polygons(clerk, *features)
    got = {(e.row, e.field) for e in result.errors}
    assert got == {(2, "properties.tax_map_number"), (3, "properties.tax_map_number"), (4, "geometry"),
                   (5, "geometry"), (6, "properties.tax_map_number"), (7, "properties.tax_map_number"),
                   (8, "geometry"), (9, "geometry"), (10, "geometry"), (11, "properties.discharge_point"),
                   (12, "geometry")}
    messages = {e.row: e.message for e in result.errors}
    assert "not a parcel in the registry" in messages[2] and "Point" in messages[4] and "2 parts" in messages[5]
    assert "more than one feature" in messages[6] and "empty" in messages[8] and "eastern New York" in messages[12]
    assert not result.committed and not Parcel.objects.exclude(polygon="").exists()


def test_valid_features_only_and_a_reject_feature_collection_with_the_errors(parcels, clerk):
    result = import_polygons(clerk, feature("1-1-1", SQUARE_FT), feature("1-1-2", BOW_TIE_FT),
                             feature("9-9-9", SQUARE_FT), crs="EPSG:2260", valid_rows_only=True)
    assert result.committed and result.new == 1 and result.rejected == 2
    from django.conf import settings

    rejected = json.loads((settings.MEDIA_ROOT / result.reject_file).read_text())
    assert rejected["type"] == "FeatureCollection" and rejected["crs"]["properties"]["name"] == "EPSG:2260"
    assert [f["properties"]["tax_map_number"] for f in rejected["features"]] == ["1-1-2", "9-9-9"]
    assert "Self-intersection" in rejected["features"][0]["properties"]["error"]
    assert "not a parcel" in rejected["features"][1]["properties"]["error"]
    assert rejected["features"][0]["geometry"]["coordinates"] == [BOW_TIE_FT]


def test_re_importing_the_same_polygons_changes_nothing_and_a_new_one_replaces_the_old(parcels, clerk):
    import_polygons(clerk, feature("1-1-1", SQUARE_LONLAT))
    again = import_polygons(clerk, feature("1-1-1", SQUARE_LONLAT))
    assert (again.new, again.updated, again.unchanged) == (0, 0, 1)
    moved = import_polygons(clerk, feature("1-1-1", SQUARE_FT))
    assert moved.updated == 1 and Parcel.objects.get(tax_map_number="1-1-1").centroid_x == 637050
    assert list(AuditEvent.objects.values_list("action", flat=True)).count("import_polygons") == 3


def test_a_file_that_is_not_a_feature_collection_is_refused_as_a_whole(parcels, clerk):
    for data in (b"{not json", b'{"type": "Feature"}', b"\xff\xfe"):
        result = do_import_polygons(acting_user=clerk, data=data, file_name="p.json", valid_rows_only=True)
        assert not result.committed and result.errors[0].row is None


# --- who may import -----------------------------------------------------------------------------------

@pytest.mark.parametrize("role", ["board member", "inspector", "superintendent"])
def test_only_the_clerk_imports(areas, make_user, role):
    user = make_user(role)
    with pytest.raises(PermissionDenied):
        import_roll(user, row("1-1-1"))
    with pytest.raises(PermissionDenied):
        import_polygons(user, feature("1-1-1", SQUARE_FT))
    assert not Parcel.objects.exists()


@pytest.mark.parametrize("role", ["board member", "inspector"])
def test_the_import_screens_are_forbidden_to_others(areas, client_as, role):
    client = client_as(role)
    for url in ("/registry/import/", "/registry/import/preview/", f"/registry/import/result/?run={'0' * 32}"):
        assert client.get(url).status_code == 403, url
    assert client.post("/registry/import/", {"roll_file": _upload("r.csv", roll(row("1-1-1")))}).status_code == 403
    assert client.post("/registry/import/commit/", {"mode": "all"}).status_code == 403
    assert client.get(f"/registry/import/result/{'0' * 32}/rejects/").status_code == 403


# --- the screens --------------------------------------------------------------------------------------

def _upload(name, data):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data)


def test_upload_preview_and_import_valid_rows_only_with_a_downloadable_reject_file(areas, client_as):
    client = client_as("clerk")
    data = roll(row("1-1-1"), row("1-1-2", assessed_value="-1"))
    response = client.post("/registry/import/", {"roll_file": _upload("roll 2025.csv", data)})
    assert response.status_code == 302 and response["Location"].endswith("/registry/import/preview/")
    preview = client.get("/registry/import/preview/")
    html = preview.content.decode()
    assert "negative" in html and "<td>3</td>" in html and "assessed_value" in html
    assert 'value="all" class="btn btn-primary" disabled' in html
    refused = client.post("/registry/import/commit/", {"mode": "all"}, follow=True)
    assert "Nothing was imported" in refused.content.decode() and not Parcel.objects.exists()
    done = client.post("/registry/import/commit/", {"mode": "valid"})
    assert done.status_code == 302 and "/registry/import/result/?run=" in done["Location"]
    result_page = client.get(done["Location"]).content.decode()
    assert "Imported" in result_page and "Download the reject file" in result_page
    run = AuditEvent.objects.get(action="import_roll").run
    download = client.get(f"/registry/import/result/{run}/rejects/")
    assert download.status_code == 200 and "roll 2025-rejects.csv" in download["Content-Disposition"]
    assert b"negative" in b"".join(download.streaming_content)
    assert Parcel.objects.count() == 1
    assert client.get("/registry/import/preview/").status_code == 302  # the staged upload is gone


def test_a_roll_and_its_polygons_uploaded_together_are_imported_together(areas, client_as):
    client = client_as("clerk")
    client.post("/registry/import/", {"roll_file": _upload("r.csv", roll(row("1-1-1"))),
                                      "polygons_file": _upload("p.geojson", collection(feature("1-1-1", SQUARE_FT)))})
    assert "Parcels given their first polygon" in client.get("/registry/import/preview/").content.decode()
    done = client.post("/registry/import/commit/", {"mode": "all"})
    assert done.status_code == 302
    assert Parcel.objects.get().centroid_x == 637050
    assert sorted(AuditEvent.objects.values_list("action", flat=True)) == ["import_polygons", "import_roll"]


def test_an_oversized_or_wrong_type_upload_is_refused_with_a_clear_message(areas, client_as, settings):
    client = client_as("clerk")
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = 100
    big = client.post("/registry/import/", {"roll_file": _upload("r.csv", roll(row("1-1-1")))})
    assert big.status_code == 400 and "the largest file accepted is 0.0 MB" in big.content.decode()
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = 1024 * 1024
    cases = [
        ("roll_file", "roll.xlsx", b"PK\x03\x04", "must end in .csv"),
        ("roll_file", "roll.csv", b"\xff\xd8\xff\xe0 jpeg", "not UTF-8 text"),
        ("polygons_file", "p.shp", b"\x00\x00\x27\x0a", "must end in .geojson or .json"),
        ("polygons_file", "p.geojson", b"tax_map_number\n1-1-1\n", "not JSON"),
        ("polygons_file", "p.json", b'{"type": "Feature"}', "not a GeoJSON FeatureCollection"),
    ]
    for field, name, data, message in cases:
        response = client.post("/registry/import/", {field: _upload(name, data)})
        assert response.status_code == 400 and message in response.content.decode(), name
    nothing = client.post("/registry/import/", {})
    assert "Choose the roll, the polygons, or both" in nothing.content.decode()


def test_a_large_upload_is_imported_by_a_background_job(areas, client_as, monkeypatch,
                                                         django_capture_on_commit_callbacks):
    monkeypatch.setattr(get_kind("roll"), "job_rows", 1)
    client = client_as("clerk")
    client.post("/registry/import/", {"roll_file": _upload("r.csv", roll(row("1-1-1"), row("1-1-2")))})
    client.get("/registry/import/preview/")
    with django_capture_on_commit_callbacks(execute=False):
        started = client.post("/registry/import/commit/", {"mode": "all"})
    job = Job.objects.get(kind="registry-import")
    assert started["Location"].endswith(f"?job={job.pk}") and not Parcel.objects.exists()
    assert job.priority == INTERACTIVE  # the worker takes an import before any batch queued earlier (issue 30)
    assert "hx-trigger" in client.get(started["Location"]).content.decode()
    from sewerworks.core.imports.tasks import import_upload

    import_upload.call(job_id=job.pk, token=_last_token(), user_id=client.user.pk, valid_rows_only=False,
                       as_of="2025-06-01")
    job.refresh_from_db()
    assert job.status == Job.Status.SUCCEEDED, job.message
    assert Parcel.objects.count() == 2 and Ownership.objects.filter(start=date(2025, 6, 1)).count() == 2
    page = client.get(started["Location"]).content.decode()
    assert "Imported" in page and "hx-trigger" not in page


def _last_token():
    from django.conf import settings

    folders = sorted((settings.VAR_DIR / "import-staging").iterdir(), key=lambda p: p.stat().st_mtime)
    return folders[-1].name


# --- the management commands ---------------------------------------------------------------------------

def test_import_roll_command_exits_2_with_the_row_errors_when_nothing_was_imported(areas, clerk, tmp_path, capsys):
    path = tmp_path / "roll.csv"
    path.write_bytes(roll(row("1-1-1"), row("1-1-2", roll_year="")))
    with pytest.raises(CommandError) as failed:
        call_command("import_roll", str(path), as_user=clerk.username)
    assert failed.value.returncode == 2 and "Row 3, roll_year: is missing" in capsys.readouterr().err
    out = tmp_path / "rejects.csv"
    call_command("import_roll", str(path), as_user=clerk.username, valid_rows_only=True, reject_file=str(out),
                 as_of="2025-06-01")
    assert "Row 3" not in out.read_text(encoding="utf-8-sig").splitlines()[0] and ",3," in out.read_text()
    assert Ownership.objects.get().start == date(2025, 6, 1)


def test_import_polygons_command_and_a_user_who_may_not(parcels, clerk, make_user, tmp_path, capsys):
    path = tmp_path / "p.geojson"
    path.write_bytes(collection(feature("1-1-1", SQUARE_FT)))
    call_command("import_polygons", str(path), as_user=clerk.username)
    assert "1 new" in capsys.readouterr().out
    with pytest.raises(CommandError, match="only the clerk may"):
        call_command("import_polygons", str(path), as_user=make_user("board member").username)
    with pytest.raises(CommandError, match="no active user"):
        call_command("import_polygons", str(path), as_user="nobody")


def test_an_upload_of_exactly_the_largest_size_is_accepted_and_one_byte_more_is_not(areas, client_as, settings):
    client = client_as("clerk")
    data = roll(row("1-1-1"))
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = len(data)
    assert client.post("/registry/import/", {"roll_file": _upload("r.csv", data)}).status_code == 302
    settings.SEWERWORKS_MAX_UPLOAD_BYTES = len(data) - 1
    assert client.post("/registry/import/", {"roll_file": _upload("r.csv", data)}).status_code == 400


def test_an_upload_of_exactly_the_background_threshold_is_imported_while_the_clerk_waits(areas, client_as, monkeypatch):
    monkeypatch.setattr(get_kind("roll"), "job_rows", 2)
    client = client_as("clerk")
    client.post("/registry/import/", {"roll_file": _upload("r.csv", roll(row("1-1-1"), row("1-1-2")))})
    client.get("/registry/import/preview/")
    done = client.post("/registry/import/commit/", {"mode": "all"})
    assert "?run=" in done["Location"] and Parcel.objects.count() == 2 and not Job.objects.exists()
