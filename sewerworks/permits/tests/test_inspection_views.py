"""The screens: the permit page records the plumber's notice, the inspection page issues its checklist and takes
the result with photographs; a refusal is shown on the page with nothing written; the list shows every program's."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.inspections.models import Inspection
from sewerworks.permits.tests.inspecting import PLUMBER

pytestmark = pytest.mark.django_db


def _form(inspection: Inspection, result: str, **answers: str) -> dict[str, Any]:
    data: dict[str, Any] = {"result": result, "inspected_on": "2026-04-07", "notes": "", "caption": ""}
    for item in inspection.checklist:
        if not item.get("follows"):
            data[f"answer-{item['key']}"] = answers.get(item["key"], "yes")
    return data


def test_the_notice_from_the_permit_page_and_the_result_from_the_inspection_page(client_as: Any, permit: Any,
                                                                                 settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    client = client_as("clerk", "inspector")
    page = client.get(f"/permits/{permit.pk}/")
    assert page.status_code == 200 and "Record a notice asking for an inspection" in page.content.decode()
    posted = client.post(f"/permits/{permit.pk}/inspection-requests/",
                         {"kind": "trench", "requested_on": "2026-04-06", **PLUMBER})
    assert posted.status_code == 302, posted.content.decode()[:2000]
    inspection = Inspection.objects.get()
    page = client.get(f"/inspections/{inspection.pk}/").content.decode()
    assert "The trench is open: it was not filled before this inspection." in page and "Record the result" in page
    bad = client.post(f"/inspections/{inspection.pk}/result/",
                      {**_form(inspection, "passed"), "photos": [SimpleUploadedFile("p.jpg", b"not a photo")]})
    assert bad.status_code == 200 and "judged by its content" in bad.content.decode()
    inspection.refresh_from_db()
    assert inspection.is_open
    photo = SimpleUploadedFile("p.png", b"\x89PNG\r\n\x1a\n" + b"0" * 32)
    done = client.post(f"/inspections/{inspection.pk}/result/", {**_form(inspection, "passed"), "photos": [photo]})
    assert done.status_code == 302
    inspection.refresh_from_db()
    assert inspection.result == "passed" and inspection.photos.count() == 1
    page = client.get(f"/permits/{permit.pk}/").content.decode()
    assert "Inspected" in page and "The trench passed" in page
    listing = client.get("/inspections/").content.decode()
    assert "Trench" in listing and permit.number in listing


def test_a_board_member_sees_but_records_nothing(client_as: Any, trench: Any) -> None:
    board = client_as("board member")
    page = board.get(f"/inspections/{trench.pk}/").content.decode()
    assert "Record the result" not in page
    assert board.post(f"/inspections/{trench.pk}/result/", _form(trench, "passed")).status_code in (200, 403)
    trench.refresh_from_db()
    assert trench.is_open
