"""Enforcement's money becomes pending charges for billing: a §118-47 charge to the violator when it is
recorded, a §118-5 fine when it is posted (on correction, or earlier by the Superintendent: I-21). A court
fine is paid to the court (I-22) and is never one.

The I-21 example: connected 2026-02-28, abandonment due 2026-05-29, notified of the violation 2026-06-01,
corrected 2026-07-15 → 44 days → 30 × $10 + 14 × $25 = $650.00.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Sum

from sewerworks.core.charges import do_mark_charge_billed
from sewerworks.core.models import PendingCharge
from sewerworks.enforcement.actions import (
    do_issue_notice,
    do_post_fine,
    do_record_abandonment,
    do_record_charge,
    do_record_connection,
    do_record_correction,
    do_record_court_fine,
    do_record_service,
    do_sweep,
)
from sewerworks.enforcement.choices import NoticeKind
from sewerworks.enforcement.models import AbandonmentFine, Violation, ViolatorCharge
from sewerworks.registry.models import SewerAccount

D = dt.date
pytestmark = pytest.mark.django_db


@pytest.fixture
def violation(septic_house: Any, staff: Any) -> Violation:
    """The septic tank at 7 Dubois Rd not abandoned in time; the notification of violation served June 1."""
    SewerAccount.objects.create(account_number="MAR-000007", parcel=septic_house.parcel)
    do_record_connection(building=septic_house, connected_on=D(2026, 2, 28), acting_user=staff.inspector)
    do_sweep(D(2026, 5, 30))
    violation = Violation.objects.get()
    nov = do_issue_notice(kind=NoticeKind.NOTICE_OF_VIOLATION, parcel=violation.parcel, violation=violation,
                          facts="The septic tank was not abandoned.", correction_days=30, issued_on=D(2026, 6, 1),
                          acting_user=staff.clerk)
    do_record_service(nov, method="personal_delivery", served_on=D(2026, 6, 1), served_by_name="S. Super",
                      acting_user=staff.superintendent)
    return violation


def abandon(violation: Violation, staff: Any, on: dt.date) -> None:
    do_record_abandonment(private_system=violation.parcel.private_systems.get(), abandoned_on=on,
                          acting_user=staff.inspector)


def test_the_fine_of_650_posted_on_correction_is_one_pending_charge_against_the_parcel(violation, staff) -> None:
    abandon(violation, staff, D(2026, 7, 15))
    fine = AbandonmentFine.objects.get()
    [charge] = PendingCharge.objects.all()
    assert (fine.amount, fine.posted_on, fine.pending_charge) == (Decimal("650.00"), D(2026, 7, 15), charge)
    assert (charge.amount, charge.section, charge.kind, charge.program) == (
        Decimal("650.00"), "118-5", "abandonment_fine", "connection")
    assert (charge.parcel, charge.account.account_number) == (violation.parcel, "MAR-000007")
    assert (charge.incurred_on, charge.source_key, charge.pending) == (
        D(2026, 7, 15), f"enforcement.abandonment_fine:{fine.pk}", True)
    assert "44 days" in charge.description and charge.created_by == staff.inspector


def test_posting_it_again_changes_nothing(violation, staff) -> None:
    abandon(violation, staff, D(2026, 7, 15))
    do_record_correction(violation, corrected_on=D(2026, 7, 20), acting_user=staff.superintendent)
    with pytest.raises(ValidationError, match="already posted on 2026-07-15"):
        do_post_fine(AbandonmentFine.objects.get(), posted_on=D(2026, 7, 20), acting_user=staff.superintendent)
    assert PendingCharge.objects.aggregate(n=Sum("amount")) == {"n": Decimal("650.00")}
    assert PendingCharge.objects.count() == 1 and AbandonmentFine.objects.get().amount == Decimal("650.00")


def test_the_superintendent_posts_the_fine_to_date_and_a_later_correction_leaves_it(violation, staff) -> None:
    fine = AbandonmentFine.objects.get()
    with pytest.raises(PermissionDenied):
        do_post_fine(fine, posted_on=D(2026, 7, 2), acting_user=staff.clerk)
    do_post_fine(fine, posted_on=D(2026, 7, 2), acting_user=staff.superintendent)  # day 31: 300 + 25
    assert PendingCharge.objects.get().amount == Decimal("325.00")
    abandon(violation, staff, D(2026, 7, 15))
    fine.refresh_from_db()
    assert (fine.amount, fine.corrected_on, fine.posted_on) == (Decimal("325.00"), D(2026, 7, 15), D(2026, 7, 2))
    assert [c.amount for c in PendingCharge.objects.all()] == [Decimal("325.00")]


@pytest.mark.parametrize(("posted_on", "refusal"), [
    (D(2026, 5, 31), "before the notification was served"),
    (D(2026, 6, 1), "nothing to post"),
])
def test_a_fine_that_has_accrued_nothing_is_not_posted(violation, staff, posted_on, refusal) -> None:
    with pytest.raises(ValidationError, match=refusal):
        do_post_fine(AbandonmentFine.objects.get(), posted_on=posted_on, acting_user=staff.superintendent)
    assert not PendingCharge.objects.exists() and AbandonmentFine.objects.get().posted_on is None


def test_corrected_on_the_day_of_notification_there_is_no_fine_to_post(violation, staff) -> None:
    abandon(violation, staff, D(2026, 6, 1))
    fine = AbandonmentFine.objects.get()
    assert (fine.amount, fine.posted_on, fine.pending_charge) == (Decimal("0.00"), None, None)
    assert not PendingCharge.objects.exists()


def test_a_charge_to_the_violator_is_a_pending_charge_until_billing_posts_it(violation, staff) -> None:
    charge = do_record_charge(violation, description="Pumping the abandoned tank", amount=Decimal("412.50"),
                              incurred_on=D(2026, 6, 10), acting_user=staff.clerk)
    pending = charge.pending_charge
    assert (pending.amount, pending.section, pending.kind, pending.description) == (
        Decimal("412.50"), "118-5", "violator_charge", "Pumping the abandoned tank")
    assert pending.source_key == f"enforcement.violator_charge:{charge.pk}" and charge.billed_on is None
    do_mark_charge_billed(pending, billed_on=D(2026, 7, 1), billing_reference="BILL-2026-1-000007",
                          acting_user=staff.clerk)
    charge.refresh_from_db()
    assert charge.billed_on == D(2026, 7, 1)
    assert not ViolatorCharge.objects.filter(pending_charge__billed_on__isnull=True).exists()


def test_a_charge_in_floating_point_is_refused_and_nothing_is_stored(violation, staff) -> None:
    with pytest.raises(ValidationError) as refused:
        do_record_charge(violation, description="Jetting", amount=412.5, incurred_on=D(2026, 6, 10),
                         acting_user=staff.clerk)
    assert "never a float" in " ".join(refused.value.message_dict["amount"])
    assert not ViolatorCharge.objects.exists() and not PendingCharge.objects.exists()


def test_a_charge_to_a_parcel_with_two_open_accounts_leaves_the_account_to_billing(violation, staff) -> None:
    SewerAccount.objects.create(account_number="MAR-000008", parcel=violation.parcel)
    charge = do_record_charge(violation, description="Jetting", amount=Decimal("10.00"), incurred_on=D(2026, 6, 10),
                              acting_user=staff.clerk)
    assert charge.pending_charge.account is None


def test_a_court_fine_is_paid_to_the_court_and_never_billed(violation, staff) -> None:
    fine = do_record_court_fine(violation, imposed_on=D(2026, 8, 3), amount=Decimal("250.00"), acting_user=staff.clerk)
    assert fine.amount == Decimal("250.00") and not PendingCharge.objects.exists()


def test_the_fine_and_the_charges_on_a_parcel_add_up_in_sql_to_the_cent(violation, staff) -> None:
    for n in range(10):
        do_record_charge(violation, description=f"Postage {n}", amount=Decimal("0.10"), incurred_on=D(2026, 6, 2),
                         acting_user=staff.clerk)
        do_record_charge(violation, description=f"Copies {n}", amount=Decimal("0.20"), incurred_on=D(2026, 6, 2),
                         acting_user=staff.clerk)
    abandon(violation, staff, D(2026, 7, 15))
    total = PendingCharge.objects.filter(parcel=violation.parcel, billed_on=None).aggregate(t=Sum("amount"))["t"]
    assert total == Decimal("653.00")
    assert ViolatorCharge.objects.aggregate(t=Sum("amount"))["t"] == Decimal("3.00")


def test_the_superintendent_posts_the_fine_over_the_api_once(violation, staff, client) -> None:
    path = f"/api/violations/{violation.pk}/fine-posting"
    client.force_login(staff.clerk)
    assert client.post(path, {"posted_on": "2026-07-02"}, content_type="application/json").status_code == 403
    client.force_login(staff.superintendent)
    posted = client.post(path, {"posted_on": "2026-07-02"}, content_type="application/json")
    assert posted.status_code == 200, posted.content
    fine = posted.json()["fine_to_date"]
    assert (fine["amount"], fine["posted_on"]) == ("325.00", "2026-07-02")
    again = client.post(path, {"posted_on": "2026-07-03"}, content_type="application/json")
    assert again.status_code == 422 and again.json()["detail"][0]["loc"][-1] == "posted_on"
    assert [c["amount"] for c in client.get("/api/pending-charges?pending=true").json()["items"]] == ["325.00"]


def test_the_clerk_enters_a_charge_in_dollars_with_commas_on_the_violation_page(violation, staff, client) -> None:
    from django.urls import reverse

    client.force_login(staff.clerk)
    url = reverse("enforcement:record_charge", args=[violation.pk])
    body = {"description": "Excavating the tank", "amount": "$1,412.50", "incurred_on": "2026-06-10"}
    assert client.post(url, body).status_code == 302
    assert PendingCharge.objects.get().amount == Decimal("1412.50")
    page = client.get(reverse("enforcement:violation_detail", args=[violation.pk])).content.decode()
    assert "Excavating the tank: $1,412.50" in page and "awaiting billing" in page
    refused = client.post(url, {**body, "amount": "12.345"})
    assert refused.status_code == 200 and "fraction of a cent" in refused.content.decode()
    assert PendingCharge.objects.count() == 1
