"""What billing claims of §118-52 in the ordinance browser, through the bill run a clerk starts from the period's
page: the $10 minimum on the first 5,000 gallons, the per-gallon rate above them, the defective meter's average
of its last two good bills, the class estimate outside the Water District; and the meter an unmetered user must
install, found by the daily sweep."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.test import override_settings

from sewerworks.billing.models import Bill, BillingPeriod
from sewerworks.core.models import Job
from sewerworks.enforcement.actions import do_sweep
from sewerworks.enforcement.models import Deadline

pytestmark = pytest.mark.django_db
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def _good_bills(account: Any, totals: tuple[str, str]) -> None:
    """Two semiannual bills posted while the meter worked (autumn 2025, spring 2026)."""
    for (start, end), total in zip(
        ((dt.date(2025, 4, 1), dt.date(2025, 9, 30)), (dt.date(2025, 10, 1), dt.date(2026, 3, 31))), totals, strict=True
    ):
        period = BillingPeriod.objects.create(
            start=start, end=end, reads_from=end, reads_until=end, bill_date=end, due_date=end, status="posted"
        )
        Bill.objects.create(account=account, parcel=account.parcel, period=period, status="posted", basis="reads",
                            total=Decimal(total), topic="user-charge", run="old",
                            created_at=dt.datetime.now(dt.UTC))  # fmt: skip


@override_settings(TASKS=IMMEDIATE)
def test_the_bill_run_charges_the_minimum_the_rate_the_defective_average_and_the_estimate(
    client_as: Any, make_account: Any, autumn: Any, django_capture_on_commit_callbacks: Any
) -> None:
    small = make_account(meters=[(1_000, 3_000)])  # 2,000 gallons: the $10 minimum
    eight = make_account(meters=[(1_000, 9_000)])  # 8,000 gallons at $0.003: $15.00 + $9.00
    broken = make_account(meters=[{"start": 1_000, "end": None, "defective_since": dt.date(2026, 5, 2)}])
    _good_bills(broken, ("36.20", "41.90"))
    outside = make_account(user_class="commercial", metered=False, in_water_district=False)
    client = client_as("clerk")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"/billing/periods/{autumn.pk}/run/").status_code == 302
    job = Job.objects.get(kind="bill_run")
    assert job.status == Job.Status.SUCCEEDED, job.message
    totals = {b.account_id: (b.total, b.basis) for b in Bill.objects.filter(period=autumn)}
    assert totals[small.pk] == (Decimal("10.00"), "reads")
    assert totals[eight.pk] == (Decimal("24.00"), "reads")
    assert totals[broken.pk] == (Decimal("39.05"), "defective")
    assert totals[outside.pk][1] == "estimate" and totals[outside.pk][0] > 0
    page = client.get(f"/billing/bills/{Bill.objects.get(period=autumn, account=broken).pk}/").content.decode()
    assert "118-52" in page and "I-26" in page


def test_the_sweep_gives_an_unmetered_user_outside_the_district_a_deadline_to_install_a_meter(
    make_account: Any, staff: Any
) -> None:
    well = make_account(metered=False, in_water_district=False)
    town = make_account(metered=False)  # residential, on district water: no meter is asked of it
    do_sweep(dt.date(2026, 10, 1), acting_user=staff.superintendent)
    asked = Deadline.objects.filter(kind="install_meter")
    assert [d.subject_id for d in asked] == [well.pk] and town.pk != well.pk
    assert asked.get().section == "118-52"
