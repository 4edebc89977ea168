"""A contract user's agreement (§118-29.1): the owner petitions with the eligibility of the day; the Town
Board approves it by resolution; the town's legal fees and the share of the construction assessment are
left as pending charges for billing; and the account is then billed as a user inside the area whose main
its lateral joins (its revenue area)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.billing.actions import do_open_period
from sewerworks.billing.engine.run import run_drafts
from sewerworks.billing.models import Bill
from sewerworks.contracts.actions import do_decide_agreement, do_petition
from sewerworks.core.models import BoardResolution, PendingCharge
from sewerworks.registry.models import Lateral, MeterRead, SewerAccount, WaterMeter
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db

PETITIONED = dt.date(2026, 3, 2)
ADOPTED = dt.date(2026, 4, 13)


@pytest.fixture
def staff(make_user: Any) -> Any:
    class Staff:
        clerk = make_user("clerk")
        board = make_user("board member")

    return Staff


@pytest.fixture
def resolution(db: Any) -> BoardResolution:
    return BoardResolution.objects.create(
        instrument="Resolution 2026-41", adopted_on=ADOPTED, effective_on=ADOPTED,
        title="Contract user agreement, 9 Bingham Road (§118-29.1)",
    )  # fmt: skip


def _account(parcel: Any) -> SewerAccount:
    account = SewerAccount.objects.create(account_number="MAR-C00001", parcel=parcel)
    meter = WaterMeter.objects.create(serial="WM-C1", account=account, dials=6, installed_on=dt.date(2015, 3, 1))
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 3, 31), reading=10_000)
    MeterRead.objects.create(meter=meter, read_on=dt.date(2026, 9, 30), reading=18_000)
    return account


@pytest.fixture
def petitioned(lot: Any, area: Any, staff: Any) -> Any:
    parcel = lot(gap=0.8, discharge=150)
    Lateral.objects.create(parcel=parcel, main=f.main(area), installed_on=dt.date(2026, 5, 1))
    return do_petition(
        parcel=parcel, account=_account(parcel), petitioner="HUDSON ORCHARDS LLC", petitioned_on=PETITIONED,
        acting_user=staff.clerk,
    )  # fmt: skip


def _approve(agreement: Any, resolution: Any, staff: Any, **kw: Any) -> Any:
    values = {"legal_fees": "1250.00", "assessment_share": "8400.00", **kw}
    return do_decide_agreement(
        agreement, approve=True, resolution=resolution, decided_on=ADOPTED, acting_user=staff.clerk, **values
    )


def test_a_petition_keeps_the_eligibility_decision_of_its_day(petitioned: Any) -> None:
    decision = petitioned.eligibility
    assert (decision.topic, decision.outcome, decision.as_of) == ("contract-user-eligibility", "eligible", PETITIONED)
    assert petitioned.status == "petitioned"


def test_a_lot_1_6_ft_from_the_boundary_may_not_petition(lot: Any, staff: Any) -> None:
    parcel = lot(gap=1.6, discharge=50)
    with pytest.raises(ValidationError, match="does not adjoin"):
        do_petition(parcel=parcel, account=_account(parcel), petitioner="X", petitioned_on=PETITIONED,
                    acting_user=staff.clerk)  # fmt: skip


def test_approval_leaves_the_legal_fees_and_assessment_share_pending_and_makes_a_contract_user(
    petitioned: Any, resolution: Any, staff: Any, area: Any
) -> None:
    agreement = _approve(petitioned, resolution, staff)
    assert (agreement.status, agreement.revenue_area, agreement.resolution) == ("approved", area, resolution)
    charges = {c.kind: c for c in PendingCharge.objects.filter(program="contracts")}
    assert {k: c.amount for k, c in charges.items()} == {
        "legal_fees": Decimal("1250.00"), "assessment_share": Decimal("8400.00")
    }  # fmt: skip
    fees = charges["legal_fees"]
    assert (fees.section, fees.account, fees.incurred_on, fees.billed_on) == (
        "118-29.1",
        agreement.account,
        ADOPTED,
        None,
    )
    assert "Resolution 2026-41" in fees.description
    account = SewerAccount.objects.get(pk=agreement.account_id)
    assert account.contract_user and account.history.first().history_change_reason.startswith("Contract user by")


def test_the_contract_user_is_billed_in_the_period_of_its_laterals_area_and_not_the_other(
    petitioned: Any, resolution: Any, staff: Any, area: Any
) -> None:
    milton = f.area("milton", "Hamlet of Milton")
    _approve(petitioned, resolution, staff)
    marlborough_period = do_open_period(dt.date(2026, 9, 30), area=area, acting_user=staff.clerk)
    milton_period = do_open_period(dt.date(2026, 9, 30), area=milton, acting_user=staff.clerk)
    run_drafts(marlborough_period, acting_user=staff.clerk)
    run_drafts(milton_period, acting_user=staff.clerk)
    bill = Bill.objects.get(account=petitioned.account)
    assert bill.period == marlborough_period and "contract" in bill.flag_list
    assert bill.total == Decimal("24.00")  # 8,000 gallons at the rate of a user inside the area


def test_before_approval_a_period_of_the_area_does_not_bill_the_petitioner(
    petitioned: Any, staff: Any, area: Any
) -> None:
    period = do_open_period(dt.date(2026, 9, 30), area=area, acting_user=staff.clerk)
    run_drafts(period, acting_user=staff.clerk)
    assert not Bill.objects.filter(account=petitioned.account).exists()


def test_approval_needs_the_lateral_that_names_the_revenue_area(lot: Any, staff: Any, resolution: Any) -> None:
    parcel = lot(gap=0.5, discharge=20)
    agreement = do_petition(parcel=parcel, account=_account(parcel), petitioner="Y", petitioned_on=PETITIONED,
                            acting_user=staff.clerk)  # fmt: skip
    with pytest.raises(ValidationError) as raised:
        _approve(agreement, resolution, staff)
    assert "revenue_area" in raised.value.message_dict
    assert not PendingCharge.objects.exists()


def test_a_refusal_charges_nothing_and_the_account_stays_outside(petitioned: Any, resolution: Any, staff: Any) -> None:
    refused = do_decide_agreement(
        petitioned, approve=False, resolution=resolution, decided_on=ADOPTED, acting_user=staff.clerk
    )
    assert refused.status == "refused" and not PendingCharge.objects.exists()
    assert not SewerAccount.objects.get(pk=petitioned.account_id).contract_user


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"legal_fees": "-1"}, "legal_fees"),
        ({"assessment_share": "12.345"}, "assessment_share"),
        ({"legal_fees": "lots"}, "legal_fees"),
    ],
)
def test_bad_amounts_are_refused_naming_the_field(
    petitioned: Any, resolution: Any, staff: Any, change: dict[str, str], field: str
) -> None:
    with pytest.raises(ValidationError) as raised:
        _approve(petitioned, resolution, staff, **change)
    assert field in raised.value.message_dict


def test_the_board_decides_once_and_not_before_its_resolution(petitioned: Any, resolution: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="adopted after"):
        do_decide_agreement(petitioned, approve=True, resolution=resolution, decided_on=ADOPTED - dt.timedelta(1),
                            acting_user=staff.clerk, legal_fees="1", assessment_share="1")  # fmt: skip
    _approve(petitioned, resolution, staff)
    with pytest.raises(ValidationError, match="already decided"):
        _approve(petitioned, resolution, staff)


def test_a_board_member_records_no_decision_here(petitioned: Any, resolution: Any, staff: Any) -> None:
    with pytest.raises(PermissionDenied):
        do_decide_agreement(petitioned, approve=True, resolution=resolution, decided_on=ADOPTED,
                            acting_user=staff.board, legal_fees="1", assessment_share="1")  # fmt: skip


def test_the_boards_decision_is_dated_the_day_it_was_made_not_the_day_it_was_entered(
    petitioned: Any, resolution: Any, staff: Any
) -> None:
    """I-114: the history row of the decision carries the decision's day beside the day it was recorded."""
    from django.utils import timezone

    refused = do_decide_agreement(
        petitioned, approve=False, resolution=resolution, decided_on=ADOPTED, acting_user=staff.clerk
    )
    row = refused.history.get(status="refused")
    assert timezone.localdate(row.event_at) == ADOPTED
    assert timezone.localdate(row.history_date) == timezone.localdate()
