"""The year end in the browser (§118-53): the Town Clerk drafts the statement of unpaid sewer rents and files it,
prints the notices before relevy as one PDF (read back with pypdf), records the Board's adoption (the relevy),
writes the county's export, downloads it and reads it back through its column map (each row the parcel's
RELEVY_TRANSFER entries to the cent), records the county's settlement of that same file (no difference), and a
counter payment toward a relevied bill is refused with the reason and where to pay. axe-core checks every screen."""

from __future__ import annotations

import io
import re
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from pypdf import PdfReader

from sewerworks.billing.models import LedgerEntry, Payment, TaxRollExport, UnpaidStatement
from sewerworks.billing.taxroll.export import print_key
from sewerworks.billing.taxroll.settlement import layout_of
from sewerworks.billing.tests.relevy_scenario import OWNERS, RELEVIED, paid_after_the_statement, year_end

pytestmark = pytest.mark.django_db(transaction=True)
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def _download(page: Any, link: Any) -> bytes:
    """The file behind ``link``, fetched in the clerk's session (as the browser's download would)."""
    got = page.request.get(link.get_attribute("href"))
    assert got.ok
    return got.body()


def test_the_clerk_files_the_board_adopts_the_export_reads_back_and_the_county_settles(
    page: Any, login: Any, shot: Any, make_user: Any, settings: Any, tmp_path: Any
) -> None:
    settings.TASKS = IMMEDIATE  # the notices' job runs while the screen waits
    clerk = login("clerk")
    scene = year_end(clerk, make_user("superintendent"))

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Year end").click()
    page.wait_for_load_state()
    page.get_by_label("Statement date").fill("2026-09-20")
    page.get_by_role("button", name="Draft the statement").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Amount chargeable $243.12.")).to_be_visible()
    left_off = page.get_by_role("table").filter(has_text="Left off the statement, and why")
    expect(left_off).to_contain_text("not past its penalty date, 2026-10-01 (I-25)")
    shot("relevy-draft")
    page.get_by_role("button", name="File this statement with the Town Board").click()
    page.wait_for_url("**/billing/relevy/*/")
    statement = UnpaidStatement.objects.get()
    expect(page.locator("#statement-status")).to_have_text("Filed with the Town Board")
    expect(page.get_by_role("table").filter(has_text="HUDSON ANNA")).to_be_visible()  # owner on 2026-09-20
    shot("relevy-filed")

    page.get_by_role("button", name="Print the notices as one PDF").click()
    page.wait_for_load_state()
    notices = page.get_by_role("link", name=re.compile("^Download the notices"))
    expect(notices).to_be_visible()
    pdf = PdfReader(io.BytesIO(_download(page, notices)))
    text = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    assert len(pdf.pages) == 4 and all(OWNERS[k] in text for k in "ABCD") and "LEE SAM" not in text
    assert "$43.03" in text and "October 31, 2026" in text
    shot("relevy-notices")

    paid_after_the_statement(scene, clerk)  # B pays $30.00 on 2026-10-15, before the cut-off
    page.get_by_label("Adopted by (recorded resolution)").select_option(value=str(scene.resolution.pk))
    page.get_by_label("Adopted on").fill("2026-11-10")
    page.get_by_role("button", name="Record the adoption and relevy").click()
    page.wait_for_load_state()
    expect(page.locator("#relevied")).to_contain_text("$213.12 relevied to the 2027 tax roll")
    expect(page.get_by_role("region", name="Relevied against the statement")).to_contain_text("$16.09")
    shot("relevy-adopted")

    page.get_by_role("link", name="The county's export and settlement").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Write the export").click()
    page.wait_for_load_state()
    export = TaxRollExport.objects.get()
    data = _download(page, page.get_by_role("link", name=f"Download export {export.pk}"))
    rows = layout_of(export).read(data.decode("utf-8-sig"))  # read back through its column map
    assert len(rows) == 4 and export.layout.name == "relevy-illustrative"
    for row in rows:
        account = next(a for a in scene.accounts.values() if print_key(a.parcel.tax_map_number)[0] == row["print_key"])  # type: ignore[index]
        moved = LedgerEntry.objects.filter(parcel=account.parcel, kind="relevy_transfer")
        assert (
            row["amount"]
            == -sum((e.amount for e in moved), Decimal(0))
            == RELEVIED[next(k for k, a in scene.accounts.items() if a == account)]
        )
    shot("relevy-export")
    (tmp_path / "county.txt").write_bytes(data)
    settle = page.locator("form").filter(has_text=f"The county's settlement of export {export.pk}")
    settle.get_by_label("Received on").fill(timezone.localdate().isoformat())  # on or after the export's day
    settle.get_by_label("The county's file").set_input_files(str(tmp_path / "county.txt"))
    settle.get_by_role("button", name=f"Record the settlement of export {export.pk}").click()
    page.wait_for_load_state()
    expect(page.locator("li.settlement")).to_contain_text("$213.12 credited")
    expect(page.locator("li.settlement")).to_contain_text("reconciled with no difference")
    shot("relevy-settled")

    account = scene.accounts["A"]
    page.goto(f"/billing/counter/accounts/{account.pk}/")
    expect(page.get_by_text("$43.03 relevied to the 2027 tax roll")).to_be_visible()
    page.get_by_label(re.compile(r"^Amount \(\$\)")).fill("43.03")
    page.get_by_label("Received on").fill("2026-11-12")
    page.get_by_role("button", name=re.compile("^Take the payment")).click()
    page.wait_for_load_state()
    expect(page.get_by_text(re.compile("relevied to the 2027 tax roll on 2026-11-10: it is paid with the Town and "
                                       "County taxes, to the Receiver of Taxes"))).to_be_visible()  # fmt: skip
    assert not Payment.objects.filter(account=account, received_on="2026-11-12").exists()
    shot("relevy-counter-refused")
    assert statement.pk == UnpaidStatement.objects.get(status="relevied").pk
