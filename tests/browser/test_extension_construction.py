"""An extension built on record, in Chromium (axe-core checks every page): the clerk links the Board's resolution
and records the completion bond it demands, construction starts; the Town Engineer files two daily reports,
stopping the work on the first, and the month's inspection is billed and found on the parcel of record's page;
he plans the exfiltration tests, a section fails, is repaired and passes its retest, and the map colours it; the
contractor's notice for the next section opens its inspection in the field;
the owners' petition of a town extension is counted by I-142 (an owner of two parcels once, co-owners once)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import transaction

from sewerworks.billing.pending.posting import post_at_once
from sewerworks.engineering.actions import (
    do_import_design,
    do_open_project,
    do_record_approval,
    do_review_future_flows,
)
from sewerworks.engineering.models import ExtensionProject
from sewerworks.engineering.tests.conftest import design_bytes, parcel, resolution
from sewerworks.registry.models import Owner, SewerAccount

pytestmark = pytest.mark.django_db(transaction=True)
D = dt.date


def _approved(user: Any) -> ExtensionProject:
    project = do_open_project(name="Orchard Ridge extension", place="Milton", builder="developer",
                              builder_name="Orchard Ridge LLC", acting_user=user, opened_on=D(2026, 9, 28))  # fmt: skip
    do_import_design(data=design_bytes("corrected.inp"), file_name="orchard-r2.inp", project=project, acting_user=user,
                     as_of=D(2026, 10, 1), submitted_on=D(2026, 10, 1))  # fmt: skip
    do_review_future_flows(project=project, reviewed_on=D(2026, 10, 2), acting_user=user, note="40 lots fit.")
    for authority, day in (("town_engineer", 2), ("nys_doh", 3), ("town_board", 6)):
        do_record_approval(project=project, authority=authority, approved_on=D(2026, 10, day), acting_user=user,
                           reference="Res. 77" if authority == "town_board" else "")  # fmt: skip
    project.refresh_from_db()
    project.parcel = parcel("108.1-1-1", 629000, 1019000, Owner.objects.create(name="Orchard Ridge LLC"))
    project.save()
    SewerAccount.objects.create(parcel=project.parcel, account_number="MAR-9001", opened_on=D(2020, 1, 1))
    return project


def _town(user: Any) -> ExtensionProject:
    town = do_open_project(name="Lattintown Road extension", builder="town", acting_user=user, opened_on=D(2026, 11, 1))
    do_import_design(data=design_bytes("corrected.inp"), file_name="lattintown.inp", project=town, acting_user=user,
                     as_of=D(2026, 11, 1))  # fmt: skip
    anna, bea, carl, dan = (Owner.objects.create(name=n) for n in ("Anna Ames", "Bea Cross", "Carl Cross", "Dan Doyle"))
    parcel("108.2-1-1", 630100, 1020050, anna)
    parcel("108.2-1-2", 630300, 1020020, anna)
    parcel("108.2-1-3", 630500, 1019850, bea, carl)
    parcel("108.2-1-4", 630700, 1020100, dan)
    return town


def _fill(page: Any, values: dict[str, str]) -> None:
    for label, value in values.items():
        page.get_by_label(label).fill(value)


def test_an_extension_built_on_record_from_resolution_to_retest_with_the_bill_and_the_petition(
    page: Any, login: Any, shot: Any
) -> None:
    user = login("clerk", "town engineer")
    project, town = _approved(user), _town(user)
    resolution()  # Resolution 2026-77, adopted 2026-10-05
    page.goto(f"/engineering/projects/{project.pk}/construction/")
    page.get_by_label("Board resolution").select_option(label="Resolution 2026-77 (2026-10-05): Approves the Orchard "
                                                        "Ridge sewer extension")  # fmt: skip
    page.get_by_label("The resolution demands a guaranty security").check()
    page.get_by_role("button", name="Link the resolution").click()
    page.get_by_role("button", name="Start construction").click()
    assert "demands a guaranty security (§118-35)" in page.locator("form[aria-labelledby='start-h']").inner_text()
    page.get_by_label("Security", exact=True).select_option("completion_bond")
    _fill(page, {"Amount ($)": "150000.00", "Issuer (surety or bank)": "Hudson Surety Co.",
                 "Bond or check number": "CB-2026-118", "Received on": "2026-10-09", "Expires on": "2027-10-09"})
    page.get_by_role("button", name="Record the security").click()
    _fill(page, {"Contractor": "Kiernan Excavating", "Construction started on": "2026-10-12"})
    page.get_by_role("button", name="Start construction").click()
    assert page.locator("#project-status").get_attribute("data-status") == "under_construction"
    assert "Resolution 2026-77" in page.locator("#linked-resolution").inner_text()

    _fill(page, {"Date": "2026-10-13", "Weather": "Clear, 55 °F", "Crew": "Foreman, 2 operators, 3 laborers",
                 "Inspection hours": "8", "From station (ft)": "0", "To station (ft)": "80", "Trench width (in)": "38"})
    page.get_by_label("Pipe laid").select_option("C1")
    page.get_by_role("button", name="File the report").click()
    page.locator("tr[data-date='2026-10-13'] summary").click()
    page.get_by_label("Why the work stops").fill("Trench walls unsupported below 5 ft: no trench box on site.")
    page.get_by_role("button", name="Stop the work").click()
    assert "Work is stopped" in page.locator("#open-stop-work").inner_text()
    _fill(page, {"Date": "2026-10-14", "Weather": "Showers", "Crew": "Foreman", "Inspection hours": "4",
                 "From station (ft)": "80", "To station (ft)": "120"})
    page.get_by_label("Pipe laid").select_option("C1")
    page.get_by_role("button", name="File the report").click()
    assert "Work is stopped on 2026-10-14" in page.locator("form[aria-labelledby='report-h']").inner_text()
    _fill(page, {"From station (ft)": "", "To station (ft)": "", "Notes": "Crew standing by."})
    page.get_by_label("Pipe laid").select_option("")
    page.get_by_role("button", name="File the report").click()
    assert page.locator("#daily-reports tr[data-date]").count() == 2
    shot("extension-construction-stopped")
    _fill(page, {"Lifted on": "2026-10-15", "Why the work may go on": "Trench box on site and in use."})
    page.get_by_role("button", name="Lift the order").click()
    assert page.locator("#open-stop-work").count() == 0

    page.get_by_label("Month", exact=True).fill("2026-10")
    page.get_by_role("button", name="Bill the month").click()
    assert "$1,140.00" in page.locator("#inspection-months tr[data-month='2026-10']").inner_text()  # 12 h × $95
    shot("extension-construction")
    with transaction.atomic():  # as the sweep runs it (PostgreSQL refuses its row locks outside a transaction)
        post_at_once(D(2026, 11, 1), run="browser-night-sweep")  # the night's sweep posts it, a bill of its own
    page.goto(f"/registry/parcels/{project.parcel_id}/")
    assert "On the ledger 2026-11-01" in page.locator("tr[data-month='2026-10']").inner_text()
    assert "Town Engineer's inspection of Orchard Ridge extension, October 2026" in page.locator("#ledger-h").locator(
        "xpath=..").inner_text()  # fmt: skip
    shot("extension-bill-on-parcel")

    page.goto(f"/engineering/projects/{project.pk}/tests/")
    page.get_by_role("button", name="Plan the tests").click()
    assert page.locator("tr.section-row").count() == 12
    test = {"Tested on": "2026-11-10", "Filled before measuring (h)": "24", "Head above the crown (ft)": "5",
            "Test period (h)": "2", "Water added (gal)": "2"}  # fmt: skip
    page.locator("#test-section").select_option(label="C1 section 1 (100.00 ft, MH-1)")
    _fill(page, test)
    page.get_by_role("button", name="Record the test").click()
    first = page.locator("tr.section-row[data-run='C1'][data-number='1']")
    assert first.get_attribute("data-result") == "failed"
    page.wait_for_selector("#design-map[data-loaded='true']")
    assert page.locator("#design-map path[data-element='C1 section 1']").get_attribute("data-status") == "failed"
    shot("extension-tests-failed")
    page.locator("#repair-section").select_option(label="C1 section 1 (100.00 ft, MH-1)")
    _fill(page, {"Repaired on": "2026-11-11", "What was repaired or replaced": "Joint at 40 ft resealed."})
    page.get_by_role("button", name="Record the repair").click()
    page.locator("#test-section").select_option(label="C1 section 1 (100.00 ft, MH-1)")
    _fill(page, {**test, "Tested on": "2026-11-12", "Water added (gal)": "1.5"})
    page.get_by_role("button", name="Record the test").click()
    assert first.get_attribute("data-result") == "passed"
    assert "after repair of 2026-11-11" in first.inner_text()
    page.wait_for_selector("#design-map[data-loaded='true']")
    assert page.locator("#design-map path[data-element='C1 section 1']").get_attribute("data-status") == "passed"
    assert page.locator("#design-map path[data-element='C1 section 1']").get_attribute("stroke") == "#146c2e"
    # the contractor's notice for the next section opens its inspection in the field, shown waiting
    page.locator("#notice-section").select_option(label="C1 section 2 (100.00 ft)")
    _fill(page, {"Notice received on": "2026-11-13", "Notice given by": "Kiernan Excavating"})
    page.get_by_role("button", name="Record the notice").click()
    second = page.locator("tr.section-row[data-run='C1'][data-number='2']")
    assert "Noticed 2026-11-13 by Kiernan Excavating: inspection waiting" in second.inner_text()
    page.wait_for_selector("#design-map[data-loaded='true']")
    shot("extension-tests")

    page.goto(f"/engineering/projects/{town.pk}/petition/")
    for tax_map, signer in (("108.2-1-1", "Anna Ames"), ("108.2-1-2", "Anna Ames"), ("108.2-1-3", "Carl Cross"),
                            ("108.2-1-4", "Zed Zee")):  # fmt: skip
        _fill(page, {"Parcel (tax map number)": tax_map, "Signed by": signer, "Signed on": "2026-11-15"})
        page.get_by_role("button", name="Record the signature").click()
    count = page.locator("#petition-count")
    assert (count.get_attribute("data-signed"), count.get_attribute("data-total")) == ("2", "3")
    assert count.get_attribute("data-majority") == "true"
    anna = page.locator("tr.owner-row[data-owners='Anna Ames']")  # two parcels, one owner of record
    assert "108.2-1-1, 108.2-1-2" in anna.inner_text() and anna.get_attribute("data-signed") == "true"
    crosses = page.locator("tr.owner-row[data-owners='Bea Cross & Carl Cross']")  # co-owners, one owner
    assert crosses.get_attribute("data-signed") == "true"
    assert "Zed Zee for 108.2-1-4" in page.locator("#unmatched").inner_text()
    shot("extension-petition")
