"""A contract user from the owner's petition to the Town Board's approval (§118-29.1), on the screens: the
clerk finds the lot 0.8 ft from the boundary marked eligible on its parcel page, records the owner's petition,
records the Board's decision (a decision dated before the petition is refused at its field), and reads the
legal fees and the assessment share left pending for billing; a board member reads the agreement and is
offered no decision form (the Board decides by resolution). axe-core checks every page."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from playwright.sync_api import expect

from sewerworks.contracts.actions import do_screen_now
from sewerworks.contracts.models import ContractAgreement
from sewerworks.contracts.tests.conftest import point_west, west_lot
from sewerworks.core.models import BoardResolution, PendingCharge
from sewerworks.registry.models import Lateral, Parcel, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def eligible_lot(make_user: Any) -> Parcel:
    area = f.area()
    parcel = Parcel.objects.create(
        tax_map_number="109.1-1-1", street_number="9", street_name="Bingham Rd",
        polygon=west_lot(0.8, y=200.0), discharge_point=point_west(150, y=250.0),
    )  # fmt: skip
    far = Parcel.objects.create(
        tax_map_number="109.1-1-2", street_number="11", street_name="Bingham Rd", polygon=west_lot(150, y=400.0)
    )
    Lateral.objects.create(parcel=parcel, main=f.main(area), installed_on=dt.date(2026, 5, 1))
    for p, number in ((parcel, "MAR-C00001"), (far, "MAR-C00002")):
        SewerAccount.objects.create(account_number=number, parcel=p)
    BoardResolution.objects.create(
        instrument="Resolution 2026-41", adopted_on=dt.date(2026, 4, 13), effective_on=dt.date(2026, 4, 13),
        title="Contract user agreement, 9 Bingham Road (§118-29.1)",
    )  # fmt: skip
    do_screen_now(as_of=dt.date(2026, 3, 1), acting_user=make_user("superintendent"))
    return parcel


def test_the_clerk_records_a_petition_and_the_boards_approval_and_the_fees_wait_for_billing(
    page: Any, login: Any, shot: Any, eligible_lot: Parcel
) -> None:
    login("clerk")
    far = Parcel.objects.get(tax_map_number="109.1-1-2")
    page.goto(f"/registry/parcels/{far.pk}/")
    assert page.get_by_role("link", name="Record the owner's petition").count() == 0  # 150 ft away: not eligible

    page.goto(f"/registry/parcels/{eligible_lot.pk}/")
    shot("contract-parcel-eligible")
    page.get_by_role("link", name="Record the owner's petition").click()
    page.get_by_label("Sewer account").select_option(label="MAR-C00001")
    page.get_by_label("Petitioner (owner)").fill("HUDSON ORCHARDS LLC")
    page.get_by_label("Petitioned on").fill("2026-03-02")
    shot("contract-petition-form")
    page.get_by_role("button").filter(has_text="Record").click()
    page.wait_for_load_state()
    agreement = ContractAgreement.objects.get(parcel=eligible_lot)
    assert page.url.endswith(f"/contracts/agreements/{agreement.pk}/")
    expect(page.get_by_text("Petition recorded, with the eligibility of its day.")).to_be_visible()
    expect(page.get_by_text("not decided yet")).to_be_visible()

    page.get_by_label("The Town Board").select_option("approve")
    page.get_by_label("By resolution").select_option(index=1)
    page.get_by_label("Decided on").fill("2026-03-01")  # the day before the petition
    page.get_by_label("Town's legal fees ($)").fill("1250.00")
    page.get_by_label("Share of the construction assessment ($)").fill("8400.00")
    page.get_by_role("button", name="Record the decision").click()
    page.wait_for_load_state()
    expect(page.get_by_role("alert").filter(has_text="Before the petition (2026-03-02).")).to_be_visible()
    shot("contract-decision-refused-date")
    agreement.refresh_from_db()
    assert agreement.status == "petitioned" and not PendingCharge.objects.exists()

    page.get_by_label("Decided on").fill("2026-04-13")
    page.get_by_role("button", name="Record the decision").click()
    page.wait_for_load_state()
    expect(page.get_by_text("The Town Board's decision is recorded.")).to_be_visible()
    expect(
        page.get_by_text("Approved by the Town Board: Resolution 2026-41 (2026-04-13), decided 2026-04-13")
    ).to_be_visible()
    charges = page.locator("li").filter(has_text="pending")
    assert charges.filter(has_text="$1,250.00").count() == 1 and charges.filter(has_text="$8,400.00").count() == 1
    assert page.get_by_role("button", name="Record the decision").count() == 0  # the Board decides once
    shot("contract-agreement-approved")
    assert SewerAccount.objects.get(account_number="MAR-C00001").contract_user
    assert sorted(c.amount for c in PendingCharge.objects.filter(program="contracts")) == [1250, 8400]


def test_a_board_member_reads_the_agreement_and_is_offered_no_decision_form(
    page: Any, login: Any, shot: Any, eligible_lot: Parcel, make_user: Any
) -> None:
    from sewerworks.contracts.actions import do_petition

    clerk = make_user("clerk")
    account = SewerAccount.objects.get(account_number="MAR-C00001")
    agreement = do_petition(
        parcel=eligible_lot, account=account, petitioner="HUDSON ORCHARDS LLC",
        petitioned_on=dt.date(2026, 3, 2), acting_user=clerk,
    )  # fmt: skip
    login("board member")
    page.goto(f"/contracts/agreements/{agreement.pk}/")
    expect(page.get_by_text("HUDSON ORCHARDS LLC, petitioned 2026-03-02")).to_be_visible()
    assert page.get_by_role("button", name="Record the decision").count() == 0
    shot("contract-agreement-board-member")
    response = page.request.post(f"/contracts/agreements/{agreement.pk}/", form={"decision": "approve"})
    assert response.status == 403
