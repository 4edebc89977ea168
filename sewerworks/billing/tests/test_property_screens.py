"""The screens of the charges that run with the property: a refused diameter is named on its field and nothing
written; the clerk bills, prints and takes a payment toward a connection charge; writes a search letter;
records a sale; runs the capital charge and leaves out a parcel; an inspector changes nothing."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse

from sewerworks.billing.models import CapitalCharge, CapitalChargeIssue, ConnectionCharge, Payment, Sale, SearchLetter
from sewerworks.registry.models import AssessedValue, MeterRead, Owner, Ownership, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def parcel(area: Any) -> Any:
    p = f.parcel("108.9-1-1", improvement_area=area)
    Ownership.objects.create(parcel=p, owner=Owner.objects.create(name="SMITH JOHN"), start=dt.date(2001, 1, 1))
    account = SewerAccount.objects.create(account_number="MAR-000901", parcel=p)
    meter = WaterMeter.objects.create(serial="WM-9", account=account, dials=6, installed_on=dt.date(2015, 1, 1))
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 9, 30), reading=40_000)
    AssessedValue.objects.create(parcel=p, roll_year=2026, value=Decimal("200000"), taxable_value=Decimal("200000"))
    return p


def test_the_clerk_bills_prints_and_takes_a_payment_toward_a_connection_charge(parcel: Any, client_as: Any) -> None:
    clerk = client_as("clerk")
    url = reverse("billing:connection_new", args=[parcel.pk])
    refused = clerk.post(url, {"diameter_in": "3", "offered_on": "2026-11-20"})
    assert refused.status_code == 200 and "four inches as the minimum" in refused.content.decode()
    assert not ConnectionCharge.objects.exists()
    done = clerk.post(url, {"diameter_in": "4", "offered_on": "2026-11-20"}, follow=True)
    charge = ConnectionCharge.objects.get()
    assert done.redirect_chain[-1][0] == reverse("billing:connection_charge", args=[charge.pk])
    assert "$1,500.00" in done.content.decode()
    pdf = clerk.get(reverse("billing:connection_charge_pdf", args=[charge.pk]))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    paid = clerk.post(
        reverse("billing:connection_charge", args=[charge.pk]),
        {
            "amount": "1500.00",
            "method": "cash",
            "reference": "",
            "payer": "",
            "received_on": "2026-11-21",
            "receipt_number": "R-100",
        },
    )
    payment = Payment.objects.get(receipt_number="R-100")
    assert paid.status_code == 302 and paid["Location"] == reverse("billing:receipt", args=[payment.pk])
    receipt = clerk.get(paid["Location"]).content.decode()
    assert f"connection charge {charge.number}" in receipt


def test_an_inspector_may_read_but_not_bill_nor_take_a_payment(parcel: Any, client_as: Any) -> None:
    inspector = client_as("inspector")
    assert inspector.post(reverse("billing:connection_new", args=[parcel.pk]), {"diameter_in": "4"}).status_code == 403
    assert inspector.post(reverse("billing:record_sale", args=[parcel.pk]), {}).status_code == 403
    assert inspector.post(reverse("billing:search_letter", args=[parcel.pk]), {"requested_by": "x"}).status_code == 403
    assert inspector.get(reverse("billing:search_letter", args=[parcel.pk])).status_code == 200
    assert not SearchLetter.objects.exists() and not ConnectionCharge.objects.exists()


def test_the_clerk_writes_a_search_letter_and_downloads_it(parcel: Any, client_as: Any) -> None:
    clerk = client_as("clerk")
    url = reverse("billing:search_letter", args=[parcel.pk])
    assert clerk.post(url, {"as_of": "2026-12-01", "requested_by": ""}).status_code == 200
    assert clerk.post(url, {"as_of": "2026-12-01", "requested_by": "Hudson & Vale LLP"}).status_code == 302
    letter = SearchLetter.objects.get()
    page = clerk.get(url).content.decode()
    assert letter.number in page and "Hudson &amp; Vale LLP" in page
    download = clerk.get(f"/files/search-letter/{letter.pk}/")
    assert download.status_code == 200 and b"".join(download.streaming_content).startswith(b"%PDF")


def test_the_clerk_records_a_sale_and_a_bad_final_read_is_named_on_its_field(parcel: Any, client_as: Any) -> None:
    clerk = client_as("clerk")
    url = reverse("billing:record_sale", args=[parcel.pk])
    form = {"buyer": "DOE ALEX", "buyer_mailing_address": "9 Oak St", "sold_on": "2026-11-16", "final_reading": "100"}
    refused = clerk.post(url, form)
    assert refused.status_code == 200 and "§118-52" in refused.content.decode()
    assert not Sale.objects.exists() and not Owner.objects.filter(name="DOE ALEX").exists()
    done = clerk.post(url, {**form, "final_reading": "41000"})
    sale = Sale.objects.get()
    assert done["Location"] == reverse("billing:sale", args=[sale.pk])
    assert "DOE ALEX" in clerk.get(done["Location"]).content.decode()


def test_the_clerk_runs_the_capital_charge_and_leaves_out_a_parcel(parcel: Any, area: Any, client_as: Any) -> None:
    f.parcel("108.9-1-2", improvement_area=area)  # no value on the roll: named, not charged
    assert client_as("inspector").post(reverse("billing:capital"), {"tax_year": "2027"}).status_code == 403
    clerk = client_as("clerk")  # the same test client, signed in again
    done = clerk.post(reverse("billing:capital"), {"tax_year": "2027"})
    assert done["Location"] == reverse("billing:capital_year", args=[2027])
    assert CapitalCharge.objects.get().amount == Decimal("469.00")  # 200,000 × 2.345 / 1,000
    page = clerk.get(done["Location"]).content.decode()
    assert "$469.00" in page and "108.9-1-2" in page and "No value on the roll year" in page
    issue = CapitalChargeIssue.objects.get()
    clerk.post(reverse("billing:capital_exclude", args=[issue.pk]), {"reason": "Town park: no building"})
    assert CapitalChargeIssue.objects.get().excluded_reason == "Town park: no building"


def test_the_parcel_page_offers_the_search_letter_the_connection_charge_and_the_sale(
    parcel: Any, client_as: Any
) -> None:
    page = client_as("clerk").get(reverse("registry:parcel_detail", args=[parcel.pk])).content.decode()
    for url in ("search_letter", "connection_new", "record_sale"):
        assert reverse(f"billing:{url}", args=[parcel.pk]) in page
    board = client_as("board member").get(reverse("registry:parcel_detail", args=[parcel.pk])).content.decode()
    assert reverse("billing:search_letter", args=[parcel.pk]) in board
    assert reverse("billing:connection_new", args=[parcel.pk]) not in board


def test_the_installation_charge_is_billed_with_the_connection_charge(parcel: Any, client_as: Any) -> None:
    """§118-54: the lateral is covered by the charge (I-12); feet the town built under its contract add the
    Board's installation rate (zero in the packaged values, I-123), shown on the bill."""
    clerk = client_as("clerk")
    url = reverse("billing:connection_new", args=[parcel.pk])
    clerk.post(url, {"diameter_in": "4", "offered_on": "2026-11-20", "installed_by_town_ft": "60"})
    charge = ConnectionCharge.objects.get()
    assert charge.installed_by_town_ft == Decimal("60.00") and charge.amount == Decimal("1500.00")
    rows = charge.decision.decision["amounts"][0]["breakdown"]
    assert [r["item"] for r in rows][1].startswith("installation charge") and rows[1]["amount"] == "0.00"
