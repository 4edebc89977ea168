"""The engineer's lab file, walked as a new user would (issue 38): the Superintendent previews the laboratory's
file and imports it (the result says what exceeded); the Town Engineer finds the lead non-detect whose detection
limit is above the limit on the review list with its reason (I-72, I-180), and zinc's chart with its 30-day
average drawn and the exceedance days ringed; the notice of violation, once served, reads in plain words with
the sampling point, the samples, the laboratory and the date to correct by. axe-core checks every screen."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from sewerworks.enforcement.models import Violation
from sewerworks.pretreatment.models import EngineerReview, Result
from tests.browser.test_billing_counter import _open_pdf, _text
from tests.browser.test_pretreatment import HEADER, shop  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db(transaction=True)
LAB = "Hudson Valley Labs"
FILE = (
    f"Z20,CM-1,2026-11-19T08:00,2026-11-20T08:00,composite,zinc,2.0,,,mg/L,EPA 200.7,{LAB}\n"
    f"Z20,CM-1,2026-11-19T08:00,2026-11-20T08:00,composite,lead,500,<,500,ug/L,EPA 200.8,{LAB}\n"
    f"Z27,CM-1,2026-11-26T08:00,2026-11-27T08:00,composite,zinc,2.0,,,mg/L,EPA 200.7,{LAB}\n"
)


def _sign_in_as(page: Any, login: Any, *roles: str) -> Any:
    if page.get_by_role("button", name="Sign out").count():
        page.get_by_role("button", name="Sign out").click()
        page.wait_for_load_state()
    return login(*roles)


def test_the_engineers_lab_file(page: Any, login: Any, shot: Any, shop: Any, tmp_path: Path) -> None:  # noqa: F811
    superintendent = _sign_in_as(page, login, "superintendent")
    lab = tmp_path / "hvl-2026-11.csv"
    lab.write_text(HEADER + FILE)
    page.goto("/pretreatment/")
    page.get_by_role("link", name="Import lab results").click()
    page.wait_for_load_state()
    page.get_by_label("Lab results (CSV)").set_input_files(str(lab))
    page.get_by_role("button", name="Upload and preview").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Nothing has been written yet.")).to_be_visible()
    assert not Result.objects.exists()
    shot("lab-file-1-preview")
    page.get_by_role("button", name="Import all").click()
    page.wait_for_load_state()
    expect(page.get_by_text("limits exceeded (§118-37)").first).to_be_visible()
    shot("lab-file-2-imported")
    assert Result.objects.count() == 3 and EngineerReview.objects.count() == 1

    _sign_in_as(page, login, "town engineer")
    page.goto("/pretreatment/reviews/")
    nondetect = page.get_by_text("2026-11-20: Lead, 24-hour average: not detected, but the detection limit 0.5 mg/L is "
                                 "above the limit of 0.4 mg/L: the result cannot show compliance.")  # fmt: skip
    expect(nondetect).to_be_visible()
    shot("lab-file-3-review-list")

    page.goto(f"/pretreatment/users/{shop.pk}/")
    zinc = page.locator("section", has=page.get_by_role("figure").filter(has_text="Zinc at CM-1"))
    figure = page.get_by_role("figure").filter(has_text="Zinc at CM-1")
    expect(figure.locator("path.chart-average")).to_have_count(1)
    expect(figure.locator("g.chart-flags circle")).to_have_count(2)
    assert "Dashed line: 30-day average (mg/L)" in figure.inner_text()
    figure.scroll_into_view_if_needed()
    shot("lab-file-4-zinc-chart")
    assert zinc.count() >= 1

    from sewerworks.enforcement.actions import do_issue_notice, do_record_service

    violation = Violation.objects.get()
    notice = do_issue_notice(kind="notice_of_violation", parcel=violation.parcel, facts=violation.description,
                             violation=violation, correction_days=30, issued_on=dt.date(2026, 12, 1),
                             acting_user=superintendent)  # fmt: skip
    do_record_service(notice, method="posting", served_on=dt.date(2026, 12, 1), served_by_name="A. Clerk",
                      acting_user=superintendent)  # fmt: skip
    _sign_in_as(page, login, "superintendent")
    page.goto(f"/enforcement/notices/{notice.pk}/")
    shot("lab-file-5-notice")
    text = _text(_open_pdf(page, page.get_by_role("link", name="Printable notice (PDF)"), tmp_path / "nov.pdf"))
    assert "sampling point CM-1 (the control manhole, Rear lot)" in text
    assert "Z20" in text and "Z27" in text and LAB in text
    assert "Correct the violation by the end of Thursday, December 31, 2026" in text
    assert "before the date above" not in text and ".;" not in text
    assert superintendent.username not in text.split("Questions:")[0]
