"""The Town Engineer's inspection billed month by month to who builds the extension (§118-31, I-141): hours ×
the rate in force each day, a bill of its own on the parcel of record, posted at once to its account."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.models import LedgerEntry
from sewerworks.billing.pending.posting import post_at_once
from sewerworks.core.charges import CHARGE_KINDS
from sewerworks.core.models import ParameterOverride
from sewerworks.engineering.actions import do_bill_inspection_month, do_file_daily_report, do_open_project
from sewerworks.engineering.tests.conftest import D, resolution

pytestmark = pytest.mark.django_db
OCTOBER, NOVEMBER = D(2026, 10, 1), D(2026, 11, 1)


def _days(project: Any, user: Any, *hours: tuple[Any, str]) -> None:
    for day, spent in hours:
        do_file_daily_report(project=project, report_date=day, weather="Overcast", crew="Foreman, 4 laborers",
                             hours=spent, acting_user=user)  # fmt: skip


def test_octobers_hours_at_95_dollars_are_a_bill_of_their_own_on_the_parcel_of_record(
    building: Any, staff: Any
) -> None:
    _days(building, staff.engineer, (D(2026, 10, 13), "8"), (D(2026, 10, 14), "7.5"), (D(2026, 11, 2), "6"))
    billed = do_bill_inspection_month(project=building, month=OCTOBER, acting_user=staff.clerk,
                                      billed_on=D(2026, 11, 2))  # fmt: skip
    assert (billed.hours, billed.amount) == (Decimal("15.50"), Decimal("1472.50"))
    assert billed.working == "15.50 h at $95.00/h = $1,472.50"
    charge = billed.charge
    assert (charge.kind, charge.section, charge.parcel, charge.amount) == (
        "extension_inspection", "118-31", building.parcel, Decimal("1472.50"))  # fmt: skip
    assert charge.incurred_on == D(2026, 10, 31)
    assert CHARGE_KINDS["extension_inspection"].rides_on_next_bill is False
    posted, left = post_at_once(D(2026, 11, 3), run="test")
    assert (posted, left) == (1, 0)
    entry = LedgerEntry.objects.get(source_key=f"pending:{charge.pk}")
    assert (entry.amount, entry.section, entry.bill_id) == (Decimal("1472.50"), "118-31", None)  # a bill of its own


def test_each_days_hours_are_billed_at_the_rate_in_force_that_day(building: Any, staff: Any) -> None:
    raised = resolution("Resolution 2026-80", adopted=D(2026, 10, 1))
    ParameterOverride.objects.create(resolution=raised, key="engineering.inspection_hourly_rate",
                                     effective=D(2026, 10, 14), value="110.00", section="118-31")  # fmt: skip
    _days(building, staff.engineer, (D(2026, 10, 13), "8"), (D(2026, 10, 14), "7.5"))
    billed = do_bill_inspection_month(project=building, month=OCTOBER, acting_user=staff.clerk)
    assert billed.amount == Decimal("1585.00")  # 8 h × $95 + 7.5 h × $110
    assert billed.working == "8.00 h at $95.00/h; 7.50 h at $110.00/h = $1,585.00"


def test_a_month_is_billed_once_after_it_ends_and_its_days_are_closed(building: Any, staff: Any) -> None:
    _days(building, staff.engineer, (D(2026, 10, 13), "8"))
    with pytest.raises(ValidationError, match="has not ended"):
        do_bill_inspection_month(project=building, month=OCTOBER, acting_user=staff.clerk, billed_on=D(2026, 10, 31))
    do_bill_inspection_month(project=building, month=OCTOBER, acting_user=staff.clerk, billed_on=D(2026, 11, 1))
    with pytest.raises(ValidationError, match="was billed on 2026-11-01"):
        do_bill_inspection_month(project=building, month=OCTOBER, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="a day of a billed month cannot be added"):
        _days(building, staff.engineer, (D(2026, 10, 20), "4"))
    with pytest.raises(ValidationError, match="No inspection hours"):
        do_bill_inspection_month(project=building, month=D(2026, 9, 1), acting_user=staff.clerk)
    with pytest.raises(PermissionDenied):
        do_bill_inspection_month(project=building, month=NOVEMBER, acting_user=staff.engineer)


def test_a_town_built_extension_is_not_billed(staff: Any) -> None:
    town = do_open_project(name="Church Street", builder="town", acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="not billed to anyone"):
        do_bill_inspection_month(project=town, month=OCTOBER, acting_user=staff.clerk)
