"""The capital charge exported for the town's tax statement (§118-51; I-28, I-122) in the relevy's column-map family:
per parcel and per levy code, read back to the cent; nothing written while a parcel is unresolved (a tax map number
the print-key layout cannot take is recorded as an issue of the year); a parcel left out is not in the file; the
same file each time."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from sewerworks.billing.capital.export import do_export_capital_charge, layout
from sewerworks.billing.capital.run import do_exclude_capital_issue, do_run_capital_charge, open_issues
from sewerworks.billing.models import CapitalChargeIssue
from sewerworks.core.models import AuditEvent
from sewerworks.registry.models import AssessedValue, ImprovementArea
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def year(staff: Any) -> int:
    marlborough, milton = f.area(), f.area("milton", "Hamlet of Milton")
    for tmn, area, value in (("108.7-1-1", marlborough, "185400.00"), ("108.7-1-3", marlborough, "1000.00"),
                             ("109.1-2-3", milton, "100010.00")):  # fmt: skip
        parcel = f.parcel(tmn, improvement_area=area)
        AssessedValue.objects.create(parcel=parcel, roll_year=2026, value=Decimal(value), taxable_value=Decimal(value))
    do_run_capital_charge(2027, acting_user=staff.clerk)
    return 2027


def test_per_parcel_and_per_levy_code_read_back_to_the_cent(year: int, staff: Any) -> None:
    name, text = do_export_capital_charge(year, "parcels", acting_user=staff.clerk)
    assert name == "capital-charge-2027-parcels.csv"
    rows = layout("parcels").read(text)
    got = {r["print_key"]: (r["levy_code"], r["amount"]) for r in rows}
    assert got == {"108.7-1-1": ("SD001", Decimal("434.76")), "108.7-1-3": ("SD001", Decimal("2.35")),
                   "109.1-2-3": ("SD002", Decimal("312.53"))}  # fmt: skip
    assert rows[0]["sbl"] == "1080070001001000" and rows[0]["swis"] == "513400"  # section-block-lot, zero-filled
    _, levy = do_export_capital_charge(year, "levy", acting_user=staff.clerk)
    totals = {r["levy_code"]: (r["parcels"], r["amount"]) for r in layout("levy").read(levy)}
    assert totals == {"SD001": (2, Decimal("437.11")), "SD002": (1, Decimal("312.53"))}
    assert do_export_capital_charge(year, "parcels", acting_user=staff.clerk)[1] == text  # the same file again
    assert AuditEvent.objects.filter(action="do_export_capital_charge").count() == 3


def test_a_tax_map_number_the_county_cannot_take_stops_the_export_until_it_is_left_out(year: int, staff: Any) -> None:
    odd = f.parcel("LOT 7 HUDSON RIDGE", improvement_area=ImprovementArea.objects.get(code="marlborough"))
    AssessedValue.objects.create(parcel=odd, roll_year=2026, value=Decimal("5000"), taxable_value=Decimal("5000"))
    do_run_capital_charge(year, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="1 parcel.*LOT 7 HUDSON RIDGE.*print-key"):
        do_export_capital_charge(year, "parcels", acting_user=staff.clerk)
    issue = open_issues(year).get()
    assert issue.problem == CapitalChargeIssue.Problem.NO_PRINT_KEY
    do_exclude_capital_issue(issue, reason="Lot not yet on the county's tax map", acting_user=staff.clerk)
    rows = layout("parcels").read(do_export_capital_charge(year, "parcels", acting_user=staff.clerk)[1])
    assert [r["print_key"] for r in rows] == ["108.7-1-1", "108.7-1-3", "109.1-2-3"]


def test_only_a_number_the_print_key_cannot_take_is_an_issue_whatever_the_database_sets_aside(
    year: int, staff: Any
) -> None:
    """The database sets aside plain section-block-lot numbers; the rest are tried by ``print_key`` itself: one
    with spaces around it and a suffix still goes to the county, a four-digit section does not."""
    area = ImprovementArea.objects.get(code="marlborough")
    for tmn in (" 108.7-1-4.2-A ", "1080-1-5"):
        parcel = f.parcel(tmn, improvement_area=area)
        AssessedValue.objects.create(parcel=parcel, roll_year=2026, value=Decimal(5000), taxable_value=Decimal(5000))
    do_run_capital_charge(year, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="1 parcel.*1080-1-5"):
        do_export_capital_charge(year, "levy", acting_user=staff.clerk)
    do_exclude_capital_issue(open_issues(year).get(), reason="Not on the county's map", acting_user=staff.clerk)
    rows = layout("parcels").read(do_export_capital_charge(year, "parcels", acting_user=staff.clerk)[1])
    assert ("108.7-1-4.2-A", "1080070001004002A") in [(r["print_key"], r["sbl"]) for r in rows]


def test_an_unknown_form_and_the_wrong_role_are_refused(year: int, staff: Any) -> None:
    with pytest.raises(ValidationError, match="not an export form"):
        do_export_capital_charge(year, "roll", acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_export_capital_charge(year, "parcels", acting_user=staff.inspector)


def test_the_clerk_downloads_the_export_from_the_years_page(year: int, client_as: Any) -> None:
    clerk = client_as("clerk")
    page = clerk.get(reverse("billing:capital_year", args=[year])).content.decode()
    assert reverse("billing:capital_export", args=[year]) in page
    response = clerk.post(reverse("billing:capital_export", args=[year]), {"form": "levy"})
    assert response.status_code == 200 and 'filename="capital-charge-2027-levy.csv"' in response["Content-Disposition"]
    assert "SD002" in b"".join(response.streaming_content).decode()  # streamed from a temporary file
    refused = client_as("inspector").post(reverse("billing:capital_export", args=[year]), {"form": "levy"})
    assert refused.status_code == 403
