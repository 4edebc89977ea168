"""A building sewer permit walked through its field inspections in the order Chapter 118 sets (§§118-25, 26): the
plumber's notice, a trench found filled and the order to re-excavate, the passed re-inspection, the applicant's
notice, the connection refused for want of a meter, the Water Superintendent's certification, the passed
connection; then the parcel shows the connection, the connect deadline met and the duties it opened for a
restaurant with no meter. axe-core checks every page; the screenshots are looked at."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from sewerworks.billing.models import ConnectionCharge
from sewerworks.enforcement.actions import do_issue_notice, do_record_service
from sewerworks.enforcement.models import Deadline
from sewerworks.permits.actions import do_file_application, do_move_permit, do_record_fee
from sewerworks.permits.models import Permit
from sewerworks.registry.actions import do_save_meter
from sewerworks.registry.models import Connection, PrivateSystem, SewerAccount
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)
D = dt.date
SEWER = {"diameter_in": 4, "slope_in_per_ft": "0.25", "material": "pvc_sdr35"}
LATERAL = {
    "connection_at_property_line": True,
    "lateral_exists": True,
    "connection_method_approved": True,
    "curb_cut_required": True,
}


@pytest.fixture
def diner(make_user):
    """A diner open since 1985 on a septic tank, served a Notice to Connect; its permit in construction; its
    commercial account billed on the class estimate, with no meter (§118-52)."""
    clerk, supt = make_user("clerk"), make_user("superintendent")
    area = f.area()
    f.main(area)
    lot = f.parcel(improvement_area=area, street_number="21", street_name="King St")
    f.owned(lot, name="KOSTAS NIKOS")
    diner = f.building(
        lot, use="food_service", name="King Street Diner", seats=48, established_on=D(1985, 6, 1), connected_on=None
    )
    PrivateSystem.objects.create(parcel=lot, building=diner, kind="septic_tank")
    notice = do_issue_notice(
        kind="notice_to_connect",
        parcel=lot,
        facts="A public sewer is available.",
        acting_user=clerk,
        issued_on=D(2026, 6, 1),
    )
    do_record_service(
        notice, method="certified_mail", served_on=D(2026, 6, 2), served_by_name="USPS", acting_user=clerk
    )
    SewerAccount.objects.create(
        account_number="MAR-0421", parcel=lot, user_class="commercial", metered=False, opened_on=D(2026, 6, 15)
    )
    permit = do_file_application(
        kind="building_sewer",
        permit_class="class_1",
        parcel=lot,
        building=diner,
        applicant="Nikos Kostas",
        filed_on=D(2026, 9, 1),
        acting_user=clerk,
        design={"building-sewer": SEWER, "lateral-connection": LATERAL},
    )
    do_record_fee(
        permit,
        amount=Decimal("100.00"),
        receipt_number="R-0901",
        method="check",
        paid_on=D(2026, 9, 1),
        acting_user=clerk,
    )
    for step in ("under_review", "approved"):
        do_move_permit(permit, to=step, acting_user=supt, occurred_on=D(2026, 9, 8))
    do_move_permit(permit, to="in_construction", acting_user=make_user("inspector"), occurred_on=D(2026, 10, 26))
    return permit


def _notice(page, kind: str, on: str, who: str, address: str = "") -> None:
    page.get_by_label("Inspection", exact=True).select_option(kind)
    page.get_by_label("Notice received on").fill(on)
    page.get_by_label("Notice given by").fill(who)
    page.get_by_label("Their mailing address").fill(address)
    page.get_by_role("button", name="Record the notice").click()
    page.wait_for_load_state()


def _open_latest(page, permit: Permit, kind: str) -> None:
    page.goto(f"/permits/{permit.pk}/")
    page.get_by_role("link", name=kind).last.click()
    page.wait_for_load_state()


def _pass(page, on: str) -> None:
    """Every item satisfied, the result "passed" on ``on``, recorded."""
    for select in page.locator("select[name^='answer-']").all():
        select.select_option("yes")
    page.get_by_label("Result", exact=True).select_option("passed")
    page.get_by_label("Inspected on").fill(on)
    page.get_by_role("button", name="Record the result").click()
    page.wait_for_load_state()


def test_a_permit_walked_from_the_plumbers_notice_to_the_connection_and_its_duties(
    page, login, shot, diner, make_user
) -> None:
    login("clerk", "inspector", "superintendent")
    page.goto(f"/permits/{diner.pk}/")
    _notice(page, "trench", "2026-11-02", "Hudson Valley Plumbing", "9 Dock Rd\nMilton, NY 12547")
    expect(page.get_by_text("Notice recorded: the inspection is requested")).to_be_visible()
    shot("inspections-trench-requested")

    _open_latest(page, diner, "Trench")
    expect(
        page.get_by_role("cell", name="The trench is open: it was not filled before this inspection.", exact=True)
    ).to_be_visible()
    for select in page.locator("select[name^='answer-']").all():
        select.select_option("yes")
    page.get_by_label("§ 118-26: The trench is open: it was not filled before this inspection.").select_option("no")
    page.get_by_label("Result", exact=True).select_option("failed")
    page.get_by_label("Inspected on").fill("2026-11-03")
    page.get_by_label("Notes").fill("Backfilled to grade before the inspection.")
    shot("inspections-trench-form")
    page.get_by_role("button", name="Record the result").click()
    page.wait_for_load_state()
    expect(page.get_by_text("re-excavate by 2026-11-10 (I-131)")).to_be_visible()
    shot("inspections-trench-filled")
    page.goto(f"/permits/{diner.pk}/")
    expect(page.get_by_role("status").filter(has_text="Re-excavate the trench of")).to_contain_text("2026-11-10")
    shot("inspections-permit-reexcavation-due")

    _notice(page, "trench", "2026-11-05", "Hudson Valley Plumbing", "9 Dock Rd\nMilton, NY 12547")
    _open_latest(page, diner, "Trench")
    expect(page.get_by_text("It repeats the")).to_be_visible()
    _pass(page, "2026-11-06")
    expect(page.get_by_text("The order to re-excavate is met.")).to_be_visible()
    assert Deadline.objects.get(kind="reexcavate").status == "met"

    page.goto(f"/permits/{diner.pk}/")
    expect(page.get_by_text("Inspected", exact=True).first).to_be_visible()
    _notice(page, "connection", "2026-11-09", "Nikos Kostas")
    expect(page.get_by_role("status").filter(has_text="The connection waits for")).to_contain_text("No meter")
    shot("inspections-ready-for-connection")
    _open_latest(page, diner, "Connection")
    _pass(page, "2026-11-12")
    expect(page.get_by_role("alert").filter(has_text="No meter is recorded as installed")).to_be_visible()
    shot("inspections-connection-refused-no-meter")
    assert Connection.objects.get(building=diner.building).status == "notified"

    account = SewerAccount.objects.get(parcel=diner.parcel)
    # the Water District installs the meter; the clerk records it (the registry's own screen, not this walk)
    do_save_meter(
        None, {"serial": "WM-0421", "account": account, "installed_on": D(2026, 11, 10)}, acting_user=make_user("clerk")
    )
    page.get_by_role("button", name="Sign out").click()
    login("water superintendent")
    page.goto(f"/registry/parcels/{diner.parcel_id}/")
    page.get_by_role("link", name="Certify meter WM-0421").click()
    page.get_by_label("Day certified").fill("2026-11-11")
    page.get_by_role("button", name="Certify the meter").click()
    expect(page.get_by_text("Meter WM-0421 certified on 2026-11-11 (§118-25).")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()

    login("inspector")
    _open_latest(page, diner, "Connection")
    _pass(page, "2026-11-12")
    expect(page.get_by_text("King Street Diner connected on 2026-11-12 (§118-25)")).to_be_visible()
    # the §118-54 charge billed in the connection's transaction, by the Board's schedule for its diameter (I-123)
    charge = ConnectionCharge.objects.get(parcel=diner.parcel)
    expect(page.get_by_text(f"Connection charge {charge.number} of ${charge.amount:,} billed")).to_be_visible()
    shot("inspections-connection-passed")

    page.goto(f"/registry/parcels/{diner.parcel_id}/")
    expect(page.get_by_text("Connected on 2026-11-12")).to_be_visible()
    for text in (
        "Deadline met: Connect",
        "Deadline set: Clean, abandon and fill",
        "Deadline set: Install a grease interceptor",
        "Deadline set: Install a water meter",
    ):
        expect(page.get_by_text(text).first).to_be_visible()
    shot("inspections-parcel-after-connection")
    kinds = {d.kind: d for d in Deadline.objects.filter(parcel=diner.parcel)}
    assert kinds["connect"].status == "met" and kinds["connect"].met_on == D(2026, 11, 12)
    assert kinds["abandon"].status == "open" and kinds["abandon"].due_on == D(2027, 2, 10)
    assert kinds["install_interceptor"].status == "open" and kinds["install_meter"].status == "open"
    diner.refresh_from_db()
    assert diner.status == "connected"
