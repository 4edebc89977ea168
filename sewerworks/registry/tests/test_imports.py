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

from sewerworks.core.models import AuditEvent, Job
from sewerworks.registry.geometry import from_lonlat
from sewerworks.registry.imports import views as import_views
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
