"""The grease screens: the list with its search and filters, the establishment page with the fill chart and
its limit lines, the inspection form that serves the notice, the pump-out form with its receipt, the
dashboard panel and the parcel page section."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.grease.actions import do_record_inspection
from sewerworks.grease.models import PumpOut
from sewerworks.grease.tests.conftest import at

pytestmark = pytest.mark.django_db


def test_the_inspector_records_85_percent_and_is_shown_the_notice_and_its_hours(client_as: Any, trap: Any) -> None:
    client = client_as("inspector")
    url = f"/grease/establishments/{trap.establishment_id}/inspections/new/"
    form = client.get(url).content.decode()
    assert 'name="solids_depth_in"' in form and 'name="grease_retained_lb"' not in form
    response = client.post(url, {"inspected_on": "2026-03-06", "inspected_time": "10:00", "grease_depth_in": "10",
                                 "solids_depth_in": "30.8", "adequately_performing": "yes",
                                 "log_made_available": "on"})  # fmt: skip
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Pump-out due: written notice open" in page and "NOV-2026-0001" in page
    assert "served 2026-03-06 10:00 EST" in page
    assert "2026-03-09 11:00 EDT" in page  # 72 elapsed hours from the inspection, across the change to EDT
    assert "85.00%" in page


def test_a_bad_measurement_is_named_on_the_form(client_as: Any, trap: Any) -> None:
    client = client_as("inspector")
    url = f"/grease/establishments/{trap.establishment_id}/inspections/new/"
    response = client.post(url, {"inspected_on": "2026-03-06", "inspected_time": "10:00", "grease_depth_in": "10",
                                 "adequately_performing": "yes"})  # fmt: skip
    assert response.status_code == 200
    assert "solids_depth_in" in response.content.decode()


def test_the_establishment_page_draws_the_fill_with_its_80_and_100_percent_lines(client_as, trap, staff) -> None:
    for day, solids in ((2, "20"), (3, "30")):
        do_record_inspection(interceptor=trap, inspected_at=at(2026, day, 1, 9), grease_depth_in=Decimal(0),
                             solids_depth_in=Decimal(solids), adequately_performing=True,
                             acting_user=staff.inspector)  # fmt: skip
    page = client_as("board member").get(f"/grease/establishments/{trap.establishment_id}/").content.decode()
    assert "<svg" in page and "Pump-out due, 80%" in page and "Capacity, 100%" in page
    assert "62.5" in page and "41.66" in page  # the data as a table beside the chart


def test_the_clerk_enters_a_pump_out_with_its_receipt(client_as, trap, hauler, receipt_pdf) -> None:
    client = client_as("clerk")
    url = f"/grease/establishments/{trap.establishment_id}/pump-outs/new/"
    response = client.post(url, {"pumped_on": "2026-03-07", "hauler": hauler.pk, "volume_gal": "1650",
                                 "disposal_facility": "Kingston WWTP", "nysdec_approved_disposal": "on",
                                 "receipt": receipt_pdf, "receipt_service_date": "2026-03-07",
                                 "receipt_volume_gal": "1650"})  # fmt: skip
    assert response.status_code == 302
    kept = PumpOut.objects.get()
    assert kept.has_receipt and kept.receipt_service_date == dt.date(2026, 3, 7)
    download = client.get(f"/files/grease-receipt/{kept.pk}/")
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"


def test_the_list_finds_by_name_and_filters_open_orders(client_as, trap, staff) -> None:
    client = client_as("clerk")
    assert "Ship Lantern Grill" in client.get("/grease/?q=lantern").content.decode()
    assert "Ship Lantern Grill" not in client.get("/grease/?q=pizzeria").content.decode()
    assert "Ship Lantern Grill" not in client.get("/grease/?show=order").content.decode()
    do_record_inspection(interceptor=trap, inspected_at=at(2026, 3, 6, 10), grease_depth_in=Decimal(20),
                         solids_depth_in=Decimal(28), adequately_performing=False,
                         acting_user=staff.inspector)  # fmt: skip
    assert "Ship Lantern Grill" in client.get("/grease/?show=order").content.decode()


def test_the_dashboard_and_the_parcel_page_show_the_program(client_as, trap, staff) -> None:
    do_record_inspection(interceptor=trap, inspected_at=at(2026, 3, 6, 10), grease_depth_in=Decimal(20),
                         solids_depth_in=Decimal(28), adequately_performing=False,
                         acting_user=staff.inspector)  # fmt: skip
    client = client_as("superintendent")
    dashboard = client.get("/").content.decode()
    assert "Grease program (§118-38)" in dashboard and "1 open 72-hour order" in dashboard
    assert ">Grease</a>" in dashboard
    parcel = client.get(f"/registry/parcels/{trap.establishment.building.parcel_id}/").content.decode()
    assert "Grease interceptors (§118-38)" in parcel and "72-hour order open" in parcel


def test_the_inspection_report_is_a_pdf_with_the_order_and_its_hours(client_as, trap, staff) -> None:
    found = do_record_inspection(interceptor=trap, inspected_at=at(2026, 3, 6, 10), grease_depth_in=Decimal(20),
                                 solids_depth_in=Decimal(28), adequately_performing=False,
                                 acting_user=staff.inspector)  # fmt: skip
    response = client_as("board member").get(f"/grease/inspections/{found.pk}/report.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
