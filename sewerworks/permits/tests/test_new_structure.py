"""§118-36 on the building permit referral: the design form asks the new-development topic's facts (before,
only the API took them) and the review shows its decision, flagging a new structure inside the improvement
with no approved method of waste disposal."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from sewerworks.permits.forms import DesignForm
from sewerworks.permits.review import review_design
from sewerworks.permits.tests.test_forms import BASE

pytestmark = pytest.mark.django_db
HOUSE = {"d-new_structure": "on", "d-within_improvement": "on", "d-requires_sanitary_facilities": "on"}


def _form(**more: str) -> DesignForm:
    form = DesignForm({**BASE, **HOUSE, **{f"d-{k}": v for k, v in more.items()}}, prefix="d")
    assert form.is_valid(), form.errors
    return form


def _decision(**more: str) -> dict[str, Any]:
    review = review_design("building_sewer", _form(**more).design(), dt.date(2026, 12, 1))
    return next(d for d in review.as_json()["decisions"] if d["topic"] == "new-development")


def test_the_form_gives_the_new_development_facts_and_a_house_with_no_method_gets_no_building_permit() -> None:
    assert _form(proposed_method="none").design()["new-development"] == {
        "within_improvement": True, "requires_sanitary_facilities": True, "method_approved": False,
        "part_of_new_development": False, "development_sewers_approved": False, "proposed_method": "none"}  # fmt: skip
    assert _decision(proposed_method="none")["outcome"] == "building-permit-withheld"
    assert _decision(proposed_method="public_sewer", method_approved="on")["outcome"] == "building-permit-may-issue"
    assert _decision(proposed_method="public_sewer")["outcome"] == "needs-review"


def test_a_septic_system_100_ft_from_a_main_is_refused_and_101_ft_is_suitable() -> None:
    near = _decision(proposed_method="private_system", method_approved="on", distance_to_public_sewer_ft="100")
    far = _decision(proposed_method="private_system", method_approved="on", distance_to_public_sewer_ft="101")
    assert (near["outcome"], far["outcome"]) == ("building-permit-withheld", "building-permit-may-issue")


def test_no_new_structure_no_section_118_36_and_a_corrected_design_keeps_the_answers() -> None:
    plain = DesignForm(BASE, prefix="d")
    assert plain.is_valid() and "new-development" not in plain.design()
    initial = DesignForm.initial_from(_form(proposed_method="private_system").design())
    assert initial["new_structure"] is True and initial["proposed_method"] == "private_system"


def test_the_review_beside_the_form_flags_a_new_structure_with_no_approved_method(client_as: Any) -> None:
    clerk = client_as("clerk")
    page = clerk.post("/permits/new/review/", {**BASE, **HOUSE, "d-proposed_method": "none",
                                               "filed_on": "2026-12-01"}).content.decode()  # fmt: skip
    assert 'id="new-development-flag" data-outcome="building-permit-withheld"' in page
    assert "§ 118-36: no building permit may issue." in page
    form = clerk.get("/permits/new/").content.decode()
    assert "the building permit referral (§ 118-36)" in form and 'name="d-proposed_method"' in form
