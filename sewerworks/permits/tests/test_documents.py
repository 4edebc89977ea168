"""The review letter and the permit on paper, read back with pypdf."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from sewerworks.permits.actions import do_move_permit, do_update_design
from sewerworks.permits.documents import permit_pdf, review_letter_pdf
from sewerworks.permits.tests.conftest import GOOD_SEWER

pytestmark = pytest.mark.django_db


def _text(data: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(data)).pages)


def test_the_review_letter_lists_what_must_change_with_its_section(paid: Any) -> None:
    text = _text(review_letter_pdf(paid))
    assert "must change" in text
    assert "§ 118-20" in text and "1/16" not in text and "0.0625 in/ft" in text
    assert "may be approved" not in text


def test_the_approved_permit_prints_its_findings_fee_citations_and_the_owners_indemnity(paid: Any, staff: Any) -> None:
    do_update_design(paid, design={"building-sewer": GOOD_SEWER}, acting_user=staff.clerk)
    do_move_permit(paid, to="under_review", acting_user=staff.superintendent)
    do_move_permit(paid, to="approved", acting_user=staff.superintendent)
    paid.refresh_from_db()
    text = _text(permit_pdf(paid))
    assert "BUILDING SEWER PERMIT" in text and paid.number in text
    assert "Class 1 (residential and commercial)" in text
    assert "receipt R-2026-0311" in text
    assert "indemnify the town" in text
    assert "§ 118-20" in text and "Not issued" not in text


def test_a_permit_not_yet_approved_says_so_on_its_face(paid: Any) -> None:
    assert "Not issued: this permit is submitted" in _text(permit_pdf(paid))
