"""A hauler's manifest imported through the shared framework: a bad row is named with its field and rule;
all-or-none writes nothing then; "valid rows only" enters the good rows and writes a reject file."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied

from sewerworks.core.imports.runner import do_import
from sewerworks.enforcement.models import Violation
from sewerworks.grease.models import PumpOut

pytestmark = pytest.mark.django_db
HEADER = "manifest_number,hauler_license,service_date,tax_map_number,volume_gal,disposal_facility,nysdec_approved\n"


def manifest(*rows: str) -> bytes:
    return (HEADER + "".join(r + "\n" for r in rows)).encode()


GOOD = "M-100,3A-118,2026-03-07,108.12-3-45,1650,Kingston WWTP,yes"
BAD = "M-101,3A-118,2026-03-08,999.99-9-99,1,Kingston WWTP,maybe"


def test_a_manifest_enters_its_pump_outs(trap: Any, hauler: Any, staff: Any) -> None:
    result = do_import("grease-manifest", acting_user=staff.clerk, data=manifest(GOOD), file_name="m.csv")
    assert result.committed and result.counts == {"new": 1}
    entry = PumpOut.objects.get()
    assert (entry.manifest_number, entry.volume_gal, entry.nysdec_approved_disposal) == ("M-100", 1650, True)


def test_a_bad_row_is_named_and_all_or_none_writes_nothing(trap: Any, hauler: Any, staff: Any) -> None:
    result = do_import("grease-manifest", acting_user=staff.clerk, data=manifest(GOOD, BAD), file_name="m.csv")
    assert not result.committed and not PumpOut.objects.exists()
    said = [str(e) for e in result.errors]
    assert "Row 3, nysdec_approved: 'maybe' is not yes or no" in said
    assert "Row 3, tax_map_number: no food service establishment is registered on parcel '999.99-9-99'" in said


def test_valid_rows_only_enters_the_good_ones_and_writes_a_reject_file(trap: Any, hauler: Any, staff: Any) -> None:
    result = do_import("grease-manifest", acting_user=staff.clerk, data=manifest(GOOD, BAD), file_name="m.csv",
                       valid_rows_only=True)  # fmt: skip
    assert result.committed and PumpOut.objects.count() == 1 and result.reject_file
    rejected = list(csv.reader(io.StringIO((Path(settings.MEDIA_ROOT) / result.reject_file).read_text())))
    assert rejected[0][-2:] == ["row", "error"] and rejected[1][0] == "M-101" and rejected[1][-2] == "3"


def test_the_same_manifest_again_is_refused_row_by_row(trap: Any, hauler: Any, staff: Any) -> None:
    do_import("grease-manifest", acting_user=staff.clerk, data=manifest(GOOD), file_name="m.csv")
    again = do_import("grease-manifest", acting_user=staff.clerk, data=manifest(GOOD), file_name="m.csv")
    assert not again.committed and "already in the log" in str(again.errors[0])
    assert PumpOut.objects.count() == 1


def test_a_manifest_pump_out_corrects_the_80_percent_notice(trap: Any, hauler: Any, staff: Any) -> None:
    from decimal import Decimal

    from sewerworks.grease.actions import do_record_inspection
    from sewerworks.grease.tests.conftest import at

    do_record_inspection(interceptor=trap, inspected_at=at(2026, 3, 6, 9), grease_depth_in=Decimal(10),
                         solids_depth_in=Decimal(30), adequately_performing=True,
                         acting_user=staff.inspector)  # fmt: skip
    do_import("grease-manifest", acting_user=staff.clerk, data=manifest(GOOD), file_name="m.csv")
    assert Violation.objects.get().status == "corrected"


def test_an_inspector_may_not_import_a_manifest(trap: Any, hauler: Any, staff: Any) -> None:
    with pytest.raises(PermissionDenied):
        do_import("grease-manifest", acting_user=staff.inspector, data=manifest(GOOD), file_name="m.csv")


def test_the_upload_screen_names_the_bad_row_and_offers_the_reject_file(client_as: Any, trap: Any, hauler: Any) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_as("clerk")
    upload = SimpleUploadedFile("m.csv", manifest(GOOD, BAD), content_type="text/csv")
    page = client.post("/grease/manifests/", {"file": upload, "valid_rows_only": "on"}).content.decode()
    assert "1 pump-out entered" in page and "Row 3, nysdec_approved" in page
    link = page.split('href="/grease/manifests/')[1].split('"')[0]
    download = client.get(f"/grease/manifests/{link}")
    assert download.status_code == 200 and b"M-101" in b"".join(download.streaming_content)
    assert client_as("inspector").get("/grease/manifests/").status_code == 403
