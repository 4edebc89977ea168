"""The registration API: any program registers a kind of record as a subject of inspections, with its kinds, its
checklist and its order, and the mechanism takes it with no change here. The stand-in below is what "Extension
construction on record" will register for its exfiltration test sections (§118-34)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.inspections import subjects
from sewerworks.inspections.actions import do_record_result, do_request_inspection
from sewerworks.inspections.choices import Result
from sewerworks.inspections.listing import listed
from sewerworks.inspections.subjects import InspectionKind, InspectionSubject, Issued, register_subject
from sewerworks.inspections.tests.conftest import D
from sewerworks.registry.models import SewerMain
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
EXFILTRATION = InspectionKind(
    "exfiltration",
    "Exfiltration test",
    "118-34",
    "inspections.pass_trench",
    "The contractor's notice that the section is filled for its test",
)


@pytest.fixture
def section_subject(monkeypatch: Any) -> type[InspectionSubject]:
    """A test section of a sewer extension, registered as a later program would (the registry is restored)."""
    monkeypatch.setattr(subjects, "_SUBJECTS", dict(subjects._SUBJECTS))

    @register_subject
    class TestSection(InspectionSubject):
        name = "test-section"
        model = SewerMain
        kinds = (EXFILTRATION,)
        seen: list[str] = []

        def label(self, subject: Any) -> str:
            return f"Section {subject.identifier}"

        def closed(self, subject: Any) -> str:
            return "The extension was accepted." if subject.identifier == "M-closed" else ""

        def checklist(self, subject: Any, kind: InspectionKind, on: Any, acting_user: Any) -> Issued:
            return Issued(
                items=[
                    {
                        "key": "leakage",
                        "section": "118-34",
                        "kind": "measured",
                        "text": "Leakage within the allowance",
                        "design": "2.456",
                        "unit": "gal",
                    }
                ]
            )

        def on_request(self, subject: Any, inspection: Any, acting_user: Any) -> None:
            if inspection.requested_on < D(2026, 1, 1):
                raise ValidationError({"requested_on": "The section was laid in 2026."})

        def on_result(self, subject: Any, inspection: Any, acting_user: Any, extra: Mapping[str, Any]) -> str:
            TestSection.seen.append(inspection.result)
            return f"Section {subject.identifier}: {inspection.result}."

    return TestSection


def test_a_later_program_registers_its_subject_and_the_mechanism_takes_it(section_subject: Any, staff: Any) -> None:
    main = f.main(f.area("milton", "Milton"), identifier="M-7")
    asked = do_request_inspection(
        main, kind="exfiltration", requested_on=D(2026, 5, 4), requested_by="Acme Sewer Co", acting_user=staff.clerk
    )
    assert asked.checklist[0]["key"] == "leakage" and asked.requester == "staff" and asked.parcel is None
    done = do_record_result(
        asked,
        result=Result.PASSED,
        inspected_on=D(2026, 5, 5),
        acting_user=staff.engineer,
        answers={"leakage": {"answer": "yes", "measured": "2.1"}},
    )
    assert done.summary == "Section M-7: passed." and section_subject.seen == ["passed"]
    assert done.answers["leakage"] == {"answer": "yes", "measured": "2.1", "note": ""}
    rows = listed(staff.clerk)
    assert rows[0].what == "Exfiltration test" and rows[0].subject == "Section M-7"


def test_its_own_order_and_its_own_permission_hold(section_subject: Any, staff: Any) -> None:
    main = f.main(f.area(), identifier="M-8")
    with pytest.raises(ValidationError, match="laid in 2026"):
        do_request_inspection(
            main, kind="exfiltration", requested_on=D(2025, 12, 1), requested_by="Acme", acting_user=staff.clerk
        )
    asked = do_request_inspection(
        main, kind="exfiltration", requested_on=D(2026, 5, 4), requested_by="Acme", acting_user=staff.clerk
    )
    with pytest.raises(PermissionDenied):
        do_record_result(
            asked,
            result="passed",
            inspected_on=D(2026, 5, 5),
            acting_user=staff.superintendent,
            answers={"leakage": "yes"},
        )
    with pytest.raises(ValidationError, match="takes no 'trench' inspection"):
        do_request_inspection(
            main, kind="trench", requested_on=D(2026, 5, 4), requested_by="Acme", acting_user=staff.clerk
        )


def test_a_closed_subject_takes_no_request(section_subject: Any, staff: Any) -> None:
    main = f.main(f.area(), identifier="M-closed")
    with pytest.raises(ValidationError, match="accepted"):
        do_request_inspection(
            main, kind="exfiltration", requested_on=D(2026, 5, 4), requested_by="Acme", acting_user=staff.clerk
        )


def test_an_unregistered_record_is_no_subject(staff: Any, lot: Any) -> None:
    with pytest.raises(ValidationError, match="No program takes inspections of a Parcel"):
        do_request_inspection(lot, kind="trench", requested_on=D(2026, 5, 4), requested_by="A", acting_user=staff.clerk)


def test_a_registration_needs_kinds_and_one_name_per_model(monkeypatch: Any) -> None:
    monkeypatch.setattr(subjects, "_SUBJECTS", dict(subjects._SUBJECTS))

    class NoKinds(InspectionSubject):
        name, model = "nothing", SewerMain

    with pytest.raises(ValueError, match="at least one kind"):
        register_subject(NoKinds)

    class Again(InspectionSubject):
        name, model, kinds = "again", subjects.subjects()[0].model, (EXFILTRATION,)

    with pytest.raises(ValueError, match="already registered as 'permit'"):
        register_subject(Again)
