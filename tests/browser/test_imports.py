"""A clerk imports the assessor's roll: the preview names the bad row, "Import all" is refused, the valid
rows go in and the reject file holds the bad one with its error."""

from __future__ import annotations

from pathlib import Path

import pytest

from sewerworks.registry.models import Parcel
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)

HEADER = ("tax_map_number,street_number,street_name,hamlet,land_use_class,roll_year,assessed_value,owner_name,"
          "owner_mailing_address,owner_city,owner_state,owner_postal_code")
ROLL = "\n".join([
    HEADER,
    "108.12-3-45,12,Main St,marlborough,210,2026,245000,SMITH JOHN,12 Main St,Marlborough,NY,12542",
    "108.12-3-46,14,Main St,marlborough,210,2026,not-a-number,DOE JANE,14 Main St,Marlborough,NY,12542",
    "108.12-3-47,16,Main St,marlborough,210,2026,198500,ROE RICHARD,16 Main St,Marlborough,NY,12542",
]) + "\n"


def test_a_clerk_previews_a_roll_with_a_bad_row_and_imports_the_valid_rows(page, login, shot, tmp_path: Path) -> None:
    f.area()
    roll = tmp_path / "roll-2026.csv"
    roll.write_text(ROLL, encoding="utf-8")
    login("clerk")
    page.goto("/registry/")
    page.get_by_role("link", name="Import the assessor's roll").click()
    page.get_by_label("Assessor's roll (CSV)").set_input_files(str(roll))
    page.get_by_role("button", name="Upload and preview").click()
    page.wait_for_load_state()
    error_row = page.get_by_role("row").filter(has_text="assessed_value")
    assert error_row.count() == 1 and "is not a number of dollars" in error_row.inner_text()
    assert error_row.get_by_role("cell").first.inner_text().strip() == "3"  # the file's row, header = row 1
    assert page.get_by_role("button", name="Import all").is_disabled()
    shot("import-preview")
    assert not Parcel.objects.exists()  # a preview writes nothing
    page.get_by_role("button", name="Import valid rows only").click()
    page.wait_for_load_state()
    shot("import-result")
    assert set(Parcel.objects.values_list("tax_map_number", flat=True)) == {"108.12-3-45", "108.12-3-47"}
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the reject file").click()
    rejected = Path(download.value.path()).read_text(encoding="utf-8")
    assert "108.12-3-46" in rejected and "108.12-3-45" not in rejected and "assessed_value" in rejected
