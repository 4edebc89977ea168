"""Evidence files: stored under a name of our own with the extension of their real type, and read back
only through ``/files/evidence/<pk>/`` by a user who may view enforcement records.

Any role may read a violation's evidence; a user with no role is refused (403), a visitor not signed in
is sent to the login page, and nothing serves ``/media/`` (a file's storage path opens nothing).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sewerworks.core.attachments.files import attachment_url
from sewerworks.enforcement.actions import do_add_evidence, do_open_violation
from sewerworks.enforcement.models import Evidence, Violation

pytestmark = pytest.mark.django_db

PDF_BYTES = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n"
PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Any) -> Any:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def violation(septic_house: Any, staff: Any) -> Violation:
    return do_open_violation(
        parcel=septic_house.parcel,
        section="118-36",
        description="Roof leader connected to the sanitary sewer.",
        discovered_on=dt.date(2026, 11, 2),
        acting_user=staff.inspector,
    )


@pytest.fixture
def evidence(violation: Violation, staff: Any) -> Evidence:
    upload = SimpleUploadedFile("poly.html", PDF_BYTES, content_type="text/html")
    return do_add_evidence(violation, file=upload, description="Dye test report", acting_user=staff.inspector)


def test_a_pdf_uploaded_as_poly_html_is_stored_as_pdf_under_a_random_name(evidence: Evidence) -> None:
    folder, name = evidence.file.name.rsplit("/", 1)
    assert folder == f"evidence/{evidence.violation_id}"
    assert name.endswith(".pdf") and "poly" not in name and len(name) == 32 + len(".pdf")
    assert evidence.content_type == "application/pdf"


def test_a_png_named_dot_dot_slash_stays_in_its_folder(violation: Violation, staff: Any) -> None:
    upload = SimpleUploadedFile("../../settings.py", PNG_BYTES)
    evidence = do_add_evidence(violation, file=upload, acting_user=staff.inspector)
    assert evidence.file.name.startswith(f"evidence/{violation.pk}/") and evidence.file.name.endswith(".png")
    assert ".." not in evidence.file.name
    assert evidence.description == "settings.py"  # the given name, kept for display only


def test_an_html_page_is_refused_whatever_its_name(violation: Violation, staff: Any) -> None:
    upload = SimpleUploadedFile("photo.jpg", b"<html><script>alert(1)</script>", content_type="image/jpeg")
    with pytest.raises(ValidationError) as refused:
        do_add_evidence(violation, file=upload, acting_user=staff.inspector)
    assert "judged by its content" in str(refused.value.message_dict["file"])
    assert not Evidence.objects.exists()


@pytest.mark.parametrize("role", ["inspector", "clerk", "board member", "water superintendent"])
def test_a_role_that_may_view_enforcement_downloads_the_file(client_as: Any, evidence: Evidence, role: str) -> None:
    response = client_as(role).get(attachment_url("evidence", evidence.pk))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == PDF_BYTES
    assert response["Content-Type"] == "application/pdf"
    expected_name = f"violation-{evidence.violation_id}-evidence-{evidence.pk}.pdf"
    assert response["Content-Disposition"] == f'attachment; filename="{expected_name}"'
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in response["Content-Security-Policy"]


def test_a_user_with_no_role_is_refused(client_as: Any, evidence: Evidence) -> None:
    assert client_as().get(attachment_url("evidence", evidence.pk)).status_code == 403


def test_a_visitor_not_signed_in_is_sent_to_the_login_page(client: Any, evidence: Evidence) -> None:
    response = client.get(attachment_url("evidence", evidence.pk))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_an_unknown_record_or_kind_is_not_found(client_as: Any, evidence: Evidence) -> None:
    client = client_as("administrator")
    assert client.get(attachment_url("evidence", evidence.pk + 1000)).status_code == 404
    assert client.get(reverse("core:attachment", args=["payroll", evidence.pk])).status_code == 404


def test_a_file_missing_from_storage_is_not_found(client_as: Any, evidence: Evidence) -> None:
    evidence.file.storage.delete(evidence.file.name)
    assert client_as("clerk").get(attachment_url("evidence", evidence.pk)).status_code == 404


def test_nothing_serves_the_media_folder_even_to_an_administrator(client_as: Any, evidence: Evidence) -> None:
    client = client_as("administrator")
    assert evidence.file.storage.exists(evidence.file.name)
    assert client.get("/" + "media/" + evidence.file.name).status_code == 404
    assert client.get(evidence.file.url).status_code == 404


def test_the_violation_page_links_the_evidence_through_the_checked_view(client_as: Any, evidence: Evidence) -> None:
    page = client_as("board member").get(reverse("enforcement:violation_detail", args=[evidence.violation_id]))
    html = page.content.decode()
    assert f'href="{attachment_url("evidence", evidence.pk)}"' in html and "/media/" not in html
    assert "Dye test report" in html
