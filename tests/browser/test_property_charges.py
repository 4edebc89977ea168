"""The charges that run with the property, in Chromium: the clerk runs the capital charge of tax year 2027 and reads
its totals per area to the cent (a half cent rounded up) and downloads the county's files per levy code and per
parcel; bills a 6-inch connection charge from the parcel page and
sees its bill; writes a search letter for a parcel with a connection charge left, a charge not yet billed and an
open violation, and reads the PDF back. Every page is screenshot and checked with axe-core."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from sewerworks.billing.models import ConnectionCharge, SearchLetter
from sewerworks.core.charges import add_pending_charge
from sewerworks.enforcement.models import Violation
from sewerworks.registry.models import AssessedValue, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)
D = dt.date


def _parcel(tmn: str, area: Any, taxable: str, **kw: Any) -> Any:
    parcel = f.parcel(tmn, improvement_area=area, **kw)
    f.owned(parcel, f"OWNER {tmn}")  # with a roll row of 2026, its taxable value set below
    AssessedValue.objects.update_or_create(
        parcel=parcel, roll_year=2026, defaults={"value": Decimal(taxable), "taxable_value": Decimal(taxable)}
    )
    return parcel


def test_the_clerk_runs_the_capital_charge_bills_a_connection_and_writes_a_search_letter(
    page: Any, login: Any, shot: Any, make_user: Any, settings: Any, tmp_path: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path
    marlborough, milton = f.area(), f.area("milton", "Hamlet of Milton")
    king = _parcel("108.7-1-1", marlborough, "185400.00", street_number="44", street_name="King St")
    _parcel("108.7-1-2", milton, "100010.00")
    _parcel("108.7-1-3", marlborough, "1000.00")
    SewerAccount.objects.create(account_number="MAR-000701", parcel=king)
    officer = make_user("code enforcement officer")
    add_pending_charge(source_key="enforcement.violator_charge:9", parcel=king, amount=Decimal("85.00"),
                       section="118-47", description="Cost of the dye test", program="enforcement",
                       kind="violator_charge", incurred_on=D(2026, 11, 10), acting_user=officer)  # fmt: skip
    Violation.objects.create(parcel=king, section="118-28", discovered_on=D(2026, 11, 12), how_discovered="inspection",
                             description="Sump pump discharging to the sanitary sewer", created_by=officer)  # fmt: skip

    login("clerk")
    page.get_by_role("link", name="Billing").first.click()
    page.goto("/billing/capital/")
    expect(page.get_by_role("heading", name="Capital cost amortization charge")).to_be_visible()
    page.get_by_label("Tax year").fill("2027")
    shot("capital-charge-run")
    page.get_by_role("button", name="Run it").click()
    page.wait_for_load_state()
    expect(page.get_by_text("$437.11")).to_be_visible()  # 434.76 + 2.35 (a half cent up) in Marlborough
    expect(page.get_by_text("$312.53")).to_be_visible()
    expect(page.get_by_text("$749.64")).to_be_visible()
    shot("capital-charge-year")
    # the county's files: per levy code, the amount each levy raises, to the cent (§118-51)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export per levy code (CSV)").click()
    levy = download.value.path().read_text(encoding="utf-8-sig")
    assert "437.11" in levy and "312.53" in levy, levy
    with page.expect_download() as download:
        page.get_by_role("button", name="Export per parcel (CSV)").click()
    per_parcel = download.value.path().read_text(encoding="utf-8-sig")
    rows = [line for line in per_parcel.splitlines() if line]
    assert rows[0].startswith("SWIS") and "PRINT KEY" in rows[0] and len(rows) == 4, per_parcel  # three parcels
    assert all(row.endswith("2027") for row in rows[1:]), per_parcel

    page.goto(f"/registry/parcels/{king.pk}/")
    page.get_by_role("link", name="Bill a connection charge").click()
    page.wait_for_load_state()
    page.get_by_label("Building sewer diameter (inches)").fill("6")
    page.get_by_label("Bill offered on").fill("2026-11-20")
    shot("connection-charge-new")
    page.get_by_role("button", name="Bill the connection charge").click()
    page.wait_for_load_state()
    charge = ConnectionCharge.objects.get(parcel=king)
    expect(page.get_by_role("heading", name=charge.number)).to_be_visible()
    expect(page.locator("main")).to_contain_text("$2,250.00")
    expect(page.locator("main")).to_contain_text("2026-12-20")
    shot("connection-charge-bill")

    page.goto(f"/registry/parcels/{king.pk}/")
    page.get_by_role("link", name="Search letter").click()
    page.wait_for_load_state()
    page.get_by_label("As of").fill("2026-12-01")
    page.get_by_label("Requested by").fill("Hudson & Vale LLP")
    page.get_by_role("button", name="Write the letter").click()
    page.wait_for_load_state()
    letter = SearchLetter.objects.get(parcel=king)
    shot("search-letter-written")
    with letter.file.open("rb") as pdf:
        text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.read())).pages)
    for words in (letter.number, "108.7-1-1", "OWNER 108.7-1-1", "Hudson & Vale LLP", charge.number, "$2,250.00",
                  "Cost of the dye test", "§ 118-28", "Sump pump", "$2,335.00"):  # fmt: skip
        assert words in text, words
