"""A Class 1 building sewer application from entry, with a design that fails §118-20, through the review letter,
a corrected design and approval, reading the permit PDF back; axe-core checks every page."""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from sewerworks.permits.models import Permit
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)


def _text(data: bytes) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def house_lot():
    lot = f.parcel(improvement_area=f.area(), street_number="14", street_name="Western Ave")
    f.owned(lot, name="RIVERA ANA")
    return lot


def test_a_class_1_application_from_a_failing_design_to_the_approved_permit(page, login, shot, house_lot) -> None:
    login("clerk", "superintendent")
    page.goto("/permits/new/")
    page.get_by_label("Kind of permit").select_option("building_sewer")
    page.get_by_label("Class (building sewer permits)").select_option("class_1")
    page.get_by_label("Tax map number of the property").fill(house_lot.tax_map_number)
    page.get_by_label("Applicant", exact=True).fill("Ana Rivera")
    page.get_by_label("Building sewer diameter (in)").fill("4")
    page.get_by_label("Slope (inches of fall per foot)").fill("0.0625")
    page.get_by_label("Pipe material").select_option("pvc_sdr35")
    review = page.locator("#review")
    review.get_by_text("The design does not comply.").wait_for()
    assert "118-20" in review.inner_text()
    shot("permits-application-failing-review")
    page.get_by_role("button", name="File the application").click()
    page.wait_for_load_state()
    permit = Permit.objects.get()
    assert page.url.endswith(f"/permits/{permit.pk}/")
    shot("permits-permit-submitted")

    page.get_by_label("Receipt number").fill("R-2026-0042")
    page.get_by_label("Method").select_option("check")
    page.get_by_role("button", name="Record the fee").click()
    page.wait_for_load_state()
    page.locator("form:has(input[name=to][value=under_review]) button").click()
    page.wait_for_load_state()
    permit.refresh_from_db()
    assert permit.status == "under_review"
    expect(page.get_by_text("Before approval:")).to_be_visible()
    shot("permits-under-review")

    letter = _text(page.request.get(f"/permits/{permit.pk}/review.pdf").body())
    assert "must change" in letter and "§ 118-20" in letter and "0.0625 in/ft" in letter

    page.get_by_role("link", name="Correct the design").click()
    page.wait_for_load_state()
    page.get_by_label("Slope (inches of fall per foot)").fill("0.25")
    page.locator("#review").get_by_text("The design complies.").wait_for()
    shot("permits-corrected-design")
    page.get_by_role("button", name="Save the corrected design").click()
    page.wait_for_load_state()
    page.locator("form:has(input[name=to][value=approved]) button").click()
    page.wait_for_load_state()
    permit.refresh_from_db()
    assert permit.status == "approved" and permit.review_outcome == "complies"
    shot("permits-approved")

    printed = _text(page.request.get(f"/permits/{permit.pk}/permit.pdf").body())
    assert "BUILDING SEWER PERMIT" in printed and permit.number in printed
    assert "receipt R-2026-0042" in printed and "indemnify the town" in printed and "Not issued" not in printed
