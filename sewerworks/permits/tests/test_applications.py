"""Applications: entered by staff, reviewed on every save, the §118-15 fee at filing, plans checked by content."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.core.models import PendingCharge
from sewerworks.permits.actions import do_attach_document, do_file_application, do_record_fee, do_update_design
from sewerworks.permits.tests.conftest import FILED, GOOD_SEWER

pytestmark = pytest.mark.django_db


def test_a_flat_four_inch_sewer_is_reviewed_as_it_is_entered_and_fails_section_118_20(application: Any) -> None:
    assert application.review_outcome == "fails"
    (decision,) = application.review["decisions"]
    assert decision["topic"] == "building-sewer"
    slope = next(f for f in decision["findings"] if f["requirement"] == "slope")
    assert slope["severity"] == "fails" and slope["section"] == "118-20"


def test_correcting_the_design_re_runs_the_review_and_keeps_history(application: Any, staff: Any) -> None:
    corrected = do_update_design(application, design={"building-sewer": GOOD_SEWER}, acting_user=staff.clerk)
    assert corrected.review_outcome == "complies"
    assert corrected.history.count() == 2
    assert corrected.history.first().history_user == staff.clerk


def test_the_other_topics_join_the_review_and_bad_facts_name_their_field(application: Any, staff: Any) -> None:
    design = {
        "building-sewer": GOOD_SEWER,
        "lateral-connection": {
            "connection_at_property_line": True,
            "lateral_exists": True,
            "connection_method_approved": True,
        },
        "building-drain-lift": {"drain_too_low_for_gravity": "perhaps"},
    }
    permit = do_update_design(application, design=design, acting_user=staff.clerk)
    assert permit.review_outcome == "incomplete"
    assert permit.review["errors"]["building-drain-lift"][0]["loc"] == ["drain_too_low_for_gravity"]
    assert {d["topic"] for d in permit.review["decisions"]} == {"building-sewer", "lateral-connection"}


def test_a_building_sewer_design_is_required(house_lot: Any, staff: Any) -> None:
    permit = do_file_application(
        kind="building_sewer",
        permit_class="class_1",
        parcel=house_lot,
        applicant="Ana Rivera",
        filed_on=FILED,
        acting_user=staff.clerk,
    )
    assert permit.review_outcome == "incomplete" and permit.review["missing"] == ["building-sewer"]


def test_a_class_2_application_describes_its_wastewater(house_lot: Any, staff: Any) -> None:
    with pytest.raises(ValidationError) as refused:
        do_file_application(
            kind="building_sewer",
            permit_class="class_2",
            parcel=house_lot,
            applicant="Hudson Foods",
            filed_on=FILED,
            activity="Fruit packing",
            acting_user=staff.clerk,
        )
    assert set(refused.value.message_dict) == {"constituents", "characteristics"}


def test_a_board_member_enters_no_application(house_lot: Any, staff: Any) -> None:
    with pytest.raises(PermissionDenied):
        do_file_application(kind="opening", parcel=house_lot, applicant="X", filed_on=FILED, acting_user=staff.board)


def test_the_class_fee_paid_at_filing_is_kept_as_a_pending_charge(application: Any, staff: Any) -> None:
    payment = do_record_fee(
        application,
        amount=Decimal("100.00"),
        receipt_number="R-1",
        method="cash",
        paid_on=FILED,
        acting_user=staff.clerk,
    )
    charge = PendingCharge.objects.get(source_key=f"permits.permit_fee:{application.pk}")
    assert charge.amount == Decimal("100.00") and charge.section == "118-15" and charge.kind == "permit_fee"
    assert "receipt R-1" in charge.description and payment.received_by == staff.clerk


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"amount": Decimal("99.99")}, "amount"),
        ({"paid_on": FILED.replace(day=3)}, "paid_on"),
        ({"receipt_number": " "}, "receipt_number"),
        ({"method": "barter"}, "method"),
    ],
)
def test_a_wrong_fee_is_refused_naming_the_field(
    application: Any, staff: Any, changes: dict[str, Any], field: str
) -> None:
    values = {"amount": Decimal("100.00"), "receipt_number": "R-1", "method": "cash", "paid_on": FILED, **changes}
    with pytest.raises(ValidationError) as refused:
        do_record_fee(application, acting_user=staff.clerk, **values)
    assert field in refused.value.message_dict


def test_only_the_clerks_office_takes_the_fee(application: Any, staff: Any) -> None:
    with pytest.raises(PermissionDenied, match="Town Clerk"):
        do_record_fee(
            application,
            amount=Decimal("100.00"),
            receipt_number="R-1",
            method="cash",
            paid_on=FILED,
            acting_user=staff.superintendent,
        )


def test_plans_are_accepted_by_content_not_by_name(application: Any, staff: Any) -> None:
    plans = SimpleUploadedFile("site-plan.pdf", b"%PDF-1.4\n% plans\n", content_type="application/pdf")
    attached = do_attach_document(application, file=plans, kind="plans", acting_user=staff.clerk)
    assert attached.content_type == "application/pdf" and attached.file.name.endswith(".pdf")
    fake = SimpleUploadedFile("plans.pdf", b"MZ\x90\x00 not a pdf", content_type="application/pdf")
    with pytest.raises(ValidationError, match="judged by its content"):
        do_attach_document(application, file=fake, kind="plans", acting_user=staff.clerk)
