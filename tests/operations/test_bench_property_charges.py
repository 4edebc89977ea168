"""The benchmarks of issue 32 at a size a test can hold: the capital charge's export against its floor (the floor's
file is the product's byte for byte, and both add up to the charges: ``benchmarks/capital_export.py``), and the
search letter timed through the clerk's request (``benchmarks/search_letter_timing.py``)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from benchmarks import capital_export
from benchmarks.search_letter_timing import HEADER, measure_letters
from sewerworks.billing.capital.run import do_run_capital_charge
from sewerworks.enforcement.models import Violation
from sewerworks.registry.models import AssessedValue, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def year(make_user: Any) -> tuple[int, Any]:
    """Five charged parcels in two areas, a contract-free year; one parcel without a taxable value (an issue)."""
    clerk = make_user("clerk")
    marlborough, milton = f.area(), f.area("milton", "Hamlet of Milton")
    values = (("108.7-1-1", marlborough, "185400.00"), ("108.7-1-3", marlborough, "1000.00"),
              ("108.7-1-3.1-A", marlborough, "4.27"), ("109.1-2-3", milton, "100010.00"),
              ("109.1-2-4", milton, "77777.77"), ("109.1-2-5", milton, None))  # fmt: skip
    for i, (tmn, area, value) in enumerate(values):
        parcel = f.parcel(tmn, improvement_area=area, dx=100 + 120 * i)
        taxable = Decimal(value) if value else None
        value = taxable or Decimal(5000)
        AssessedValue.objects.create(parcel=parcel, roll_year=2026, value=value, taxable_value=taxable)
    do_run_capital_charge(2027, acting_user=clerk)
    return 2027, clerk


def test_the_floor_writes_the_products_file_and_both_add_up_to_the_charges(
    year: tuple[int, Any], tmp_path: Path
) -> None:
    tax_year, clerk = year
    assert capital_export.leave_out_open_issues(tax_year, clerk) == 1  # the parcel with no taxable value
    for form in capital_export.FORMS:
        _, product_rows = capital_export.product_export(tax_year, form, tmp_path, clerk)
        _, floor_rows = capital_export.floor_export(tax_year, form, tmp_path)
        assert product_rows == floor_rows == (5 if form == "parcels" else 2)
        check = capital_export.check(tax_year, form, tmp_path)
        assert (check.rows, check.cents, check.mismatches) == (5, 43476 + 235 + 1 + 31253 + 24306, 0)
        assert (tmp_path / f"product-{form}.csv").read_bytes() == (tmp_path / f"floor-{form}.csv").read_bytes()


def test_a_file_unlike_the_floors_or_short_of_a_charge_is_counted_as_a_mismatch(
    year: tuple[int, Any], tmp_path: Path
) -> None:
    tax_year, clerk = year
    capital_export.leave_out_open_issues(tax_year, clerk)
    capital_export.product_export(tax_year, "parcels", tmp_path, clerk)
    capital_export.floor_export(tax_year, "parcels", tmp_path)
    product = tmp_path / "product-parcels.csv"
    product.write_bytes(b"".join(product.read_bytes().splitlines(keepends=True)[:-1]))  # the last parcel lost
    check = capital_export.check(tax_year, "parcels", tmp_path)
    assert (check.rows, check.lines_unlike_floor) == (4, 1) and check.mismatches == 3  # rows, cents, a line


def test_the_letter_is_timed_through_the_clerks_request_with_its_queries(
    make_user: Any, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path
    clerk = make_user("clerk")
    parcel = f.parcel("108.7-1-1", improvement_area=f.area())
    f.owned(parcel, "ROE JANE")
    SewerAccount.objects.create(account_number="MAR-000701", parcel=parcel)
    Violation.objects.create(parcel=parcel, section="118-28", discovered_on=dt.date(2026, 11, 12),
                             how_discovered="inspection", description="Sump pump to the sewer",
                             created_by=clerk)  # fmt: skip
    (figures,) = measure_letters([("a parcel", parcel)], clerk, dt.date(2026, 12, 1), runs=2)
    assert len(figures.request_ms) == len(figures.pdf_ms) == len(figures.page_ms) == len(figures.cpu_ms) == 2
    assert figures.queries > 5 and figures.lines == 1 and figures.owed == "0.00"  # the open violation
    assert parcel.search_letters.count() == 4  # the warm-up, the counted request and two timed: each kept
    assert figures.row().startswith("a parcel") and "queries" in HEADER
