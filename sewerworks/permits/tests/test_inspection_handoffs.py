"""The other hand-offs: the lateral's rock and curb cut fees, a charge of their own (§118-24, I-133); the opening
permit's trench, its restoration following it (§118-27, I-131); the order to re-excavate, printed for the plumber."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from pypdf import PdfReader

from sewerworks.core.charges import CHARGE_KINDS
from sewerworks.core.models import BoardResolution, PendingCharge
from sewerworks.enforcement.documents.render import notice_pdf
from sewerworks.enforcement.models import Deadline, Notice
from sewerworks.inspections.actions import do_record_result, do_request_inspection
from sewerworks.permits.actions import do_file_application, do_grant_opening_permit, do_move_permit
from sewerworks.permits.tests.conftest import GOOD_SEWER
from sewerworks.permits.tests.inspecting import PLUMBER, all_yes, permit_in_construction, ready_for_connection
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date
NEW_LATERAL = {
    "connection_at_property_line": True,
    "lateral_exists": False,
    "lateral_builder": "sewer_department",
    "connection_method_approved": True,
    "rock_cut_required": True,
    "curb_cut_required": True,
}


def test_a_passed_lateral_charges_its_rock_and_curb_cut_fees_as_a_bill_of_their_own(house_lot: Any, staff: Any) -> None:
    permit = permit_in_construction(house_lot, staff, {"building-sewer": GOOD_SEWER, "lateral-connection": NEW_LATERAL})
    lateral = do_request_inspection(
        permit, kind="lateral", requested_on=D(2026, 4, 1), requested_by="Sewer crew", acting_user=staff.clerk
    )
    assert {"lateral-builder", "rock-cut", "curb-cut"} <= {i["key"] for i in lateral.checklist}
    with pytest.raises(PermissionDenied, match="only the Sewer Department"):  # the Sewer Department's to inspect
        do_record_result(
            lateral, result="passed", inspected_on=D(2026, 4, 2), answers=all_yes(lateral), acting_user=staff.engineer
        )
    done = do_record_result(
        lateral, result="passed", inspected_on=D(2026, 4, 2), answers=all_yes(lateral), acting_user=staff.superintendent
    )
    charge = PendingCharge.objects.get(kind="lateral_cut_fee")
    assert charge.amount == Decimal("225.00") and charge.section == "118-24" and charge.incurred_on == D(2026, 4, 2)
    assert "$225.00 charged, a bill of its own (§118-24, I-133)" in done.summary
    assert CHARGE_KINDS["lateral_cut_fee"].rides_on_next_bill is False


def test_a_connection_waits_for_the_lateral_it_joins(house_lot: Any, staff: Any, make_user: Any) -> None:
    from sewerworks.registry.actions import do_certify_meter

    permit = permit_in_construction(house_lot, staff, {"building-sewer": GOOD_SEWER, "lateral-connection": NEW_LATERAL})
    asked = ready_for_connection(permit, staff)
    do_certify_meter(f.account_with_meter(house_lot), D(2026, 4, 8), acting_user=make_user("water superintendent"))
    with pytest.raises(ValidationError, match="lateral to the property line has no passed inspection"):
        do_record_result(
            asked,
            result="passed",
            inspected_on=D(2026, 4, 9),
            answers=all_yes(asked),
            acting_user=staff.inspector,
            extra={"building_name": "House", "building_use": "residential"},
        )


def test_a_lateral_is_asked_for_only_where_the_design_has_none(house_lot: Any, staff: Any) -> None:
    permit = permit_in_construction(house_lot, staff)
    with pytest.raises(ValidationError, match="there is none to construct"):
        do_request_inspection(
            permit, kind="lateral", requested_on=D(2026, 4, 1), requested_by="Crew", acting_user=staff.clerk
        )


def test_an_opening_permits_trench_passes_once_granted_and_its_restoration_closes_it(
    house_lot: Any, staff: Any
) -> None:
    opening = do_file_application(
        kind="opening", parcel=house_lot, applicant="Ulster Excavating", filed_on=D(2026, 3, 2), acting_user=staff.clerk
    )
    with pytest.raises(ValidationError, match="granted by the Town Board"):
        do_request_inspection(opening, kind="trench", requested_on=D(2026, 3, 3), acting_user=staff.clerk, **PLUMBER)
    resolution = BoardResolution.objects.create(
        instrument="Resolution 2026-40", adopted_on=D(2026, 3, 10), title="Opening permit"
    )
    do_grant_opening_permit(opening, resolution=resolution, acting_user=staff.clerk)
    with pytest.raises(ValidationError, match="takes no connection inspection"):
        do_request_inspection(
            opening, kind="connection", requested_on=D(2026, 3, 16), requested_by="A", acting_user=staff.clerk
        )
    trench = do_request_inspection(
        opening, kind="trench", requested_on=D(2026, 3, 16), acting_user=staff.clerk, **PLUMBER
    )
    assert "diameter" not in {i["key"] for i in trench.checklist}
    do_record_result(
        trench, result="passed", inspected_on=D(2026, 3, 17), answers=all_yes(trench), acting_user=staff.engineer
    )
    restore = Deadline.objects.get(kind="restore")
    assert restore.due_on == D(2026, 4, 16) and restore.section == "118-27"
    opening.refresh_from_db()
    assert opening.status == "granted"
    with pytest.raises(ValidationError, match="restored"):
        do_move_permit(opening, to="closed", acting_user=staff.inspector)


def test_the_order_to_re_excavate_is_printed_for_the_plumber_with_its_day(house_lot: Any, staff: Any) -> None:
    permit = permit_in_construction(house_lot, staff)
    trench = do_request_inspection(
        permit, kind="trench", requested_on=D(2026, 4, 6), acting_user=staff.clerk, **PLUMBER
    )
    do_record_result(
        trench, result="failed", inspected_on=D(2026, 4, 7), answers={"trench-open": "no"}, acting_user=staff.inspector
    )
    order = Notice.objects.get(kind="reexcavation_order")
    text = " ".join((p.extract_text() or "") for p in PdfReader(io.BytesIO(notice_pdf(order))).pages)
    text = " ".join(text.split())
    assert "Hudson Valley Plumbing" in text and "9 Dock Rd" in text and order.number in text
    assert "Tuesday, April 14, 2026" in text and "§ 118-26" in text
