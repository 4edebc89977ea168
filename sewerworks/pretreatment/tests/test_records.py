"""The program's records: one industrial user per building (§118-37), control manholes (§118-41, 42),
special agreements tied to their resolution (§118-43, I-71), no construction of preliminary treatment before
its approvals (§118-40), SPDES permits (§118-28), and visits by those §118-45 admits."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sewerworks.core.models import BoardResolution
from sewerworks.pretreatment.actions import (
    do_add_sampling_point,
    do_decide_review,
    do_record_cooling_water_permit,
    do_record_preliminary_treatment,
    do_record_results,
    do_record_special_agreement,
    do_record_visit,
    do_register_industrial_user,
)
from sewerworks.pretreatment.models import EngineerReview
from sewerworks.pretreatment.tests.conftest import composite
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


def test_one_industrial_user_per_building(shop: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="already has an industrial user"):
        do_register_industrial_user(building=shop.building, activity="x", acting_user=staff.engineer)


def test_only_an_industrial_building_has_an_industrial_user(staff: Any) -> None:
    home = f.building(f.parcel("108.1-1-1", improvement_area=f.area()), use="residential")
    with pytest.raises(ValidationError, match="not industrial"):
        do_register_industrial_user(building=home, activity="x", acting_user=staff.engineer)


def test_a_control_manhole_is_one_the_town_engineer_required(shop: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="§118-41"):
        do_add_sampling_point(user=shop, code="cm-2", kind="control_manhole", location="x", acting_user=staff.engineer)
    point = do_add_sampling_point(user=shop, code="mh-17", kind="public_manhole", location="Western Ave MH 17",
                                  acting_user=staff.engineer)  # fmt: skip
    assert str(point) == "MH-17 (public manhole)"


def _resolution() -> BoardResolution:
    return BoardResolution.objects.create(instrument="Resolution 2026-07", adopted_on=D(2026, 2, 9),
                                          effective_on=D(2026, 2, 9), title="Cider works BOD agreement")  # fmt: skip


def test_a_special_agreement_applies_for_its_dates_and_starts_no_earlier_than_its_resolution(
    shop: Any, manhole: Any, staff: Any
) -> None:
    resolution = _resolution()
    with pytest.raises(ValidationError, match="Before Resolution 2026-07 approved it"):
        do_record_special_agreement(user=shop, resolution=resolution, parameter="bod", limit=Decimal(900),
                                    starts_on=D(2026, 1, 1), acting_user=staff.superintendent)  # fmt: skip
    agreement = do_record_special_agreement(user=shop, resolution=resolution, parameter="bod", limit=Decimal(900),
                                            starts_on=D(2026, 3, 1), acting_user=staff.superintendent)  # fmt: skip
    assert agreement.in_force_on(D(2026, 3, 1)) and not agreement.in_force_on(D(2026, 2, 28))
    with pytest.raises(ValidationError, match="Overlaps"):
        do_record_special_agreement(user=shop, resolution=resolution, parameter="bod", limit=Decimal(700),
                                    starts_on=D(2026, 4, 1), acting_user=staff.superintendent)  # fmt: skip
    rows = [composite(manhole, D(2026, 2, 20), "bod", "800"), composite(manhole, D(2026, 3, 5), "bod", "800")]
    do_record_results(rows, acting_user=staff.clerk)
    review = EngineerReview.objects.get()
    assert [t["day"] for t in review.triggers] == ["2026-02-20"]  # March 5 is under the agreement


def test_no_construction_of_preliminary_treatment_before_both_approvals(shop: Any, staff: Any) -> None:
    with pytest.raises(ValidationError, match="Water Resources Commission and NYSDEC"):
        do_record_preliminary_treatment(user=shop, description="pH neutralization", plans_submitted_on=D(2026, 1, 5),
                                        town_engineer_approved_on=D(2026, 2, 1), construction_started_on=D(2026, 3, 1),
                                        acting_user=staff.engineer)  # fmt: skip
    done = do_record_preliminary_treatment(
        user=shop, description="pH neutralization", plans_submitted_on=D(2026, 1, 5),
        town_engineer_approved_on=D(2026, 2, 1), state_approved_on=D(2026, 2, 20),
        construction_started_on=D(2026, 3, 1), acting_user=staff.engineer,
    )  # fmt: skip
    assert done.approved and done.history.count() == 1


def test_a_spdes_permit_for_cooling_water(shop: Any, staff: Any) -> None:
    permit = do_record_cooling_water_permit(
        user=shop, spdes_number="NY0271234", town_engineer_approved_on=D(2025, 5, 1), issued_on=D(2025, 6, 1),
        expires_on=D(2030, 5, 31), outfall="Lattintown Creek", acting_user=staff.engineer,
    )  # fmt: skip
    assert str(permit) == "SPDES NY0271234"
    with pytest.raises(PermissionDenied):
        do_record_cooling_water_permit(user=shop, spdes_number="NY1", town_engineer_approved_on=D(2025, 5, 1),
                                       issued_on=D(2025, 6, 1), expires_on=D(2030, 5, 31), outfall="x",
                                       acting_user=staff.clerk)  # fmt: skip


def test_a_visit_needs_credentials_and_a_reason_and_keeps_the_whole_checklist(shop: Any, staff: Any) -> None:
    kw = {"user": shop, "visited_on": D(2026, 3, 4), "visitor": "R. Alvarez", "agency": "nysdec",
          "acting_user": staff.inspector}  # fmt: skip
    with pytest.raises(ValidationError, match="proper credentials"):
        do_record_visit(**kw, credentials=" ", reason="Annual", checklist={})
    with pytest.raises(ValidationError, match="Not an item"):
        do_record_visit(**kw, credentials="DEC badge 4471", reason="Annual", checklist={"x": "seen"})
    visit = do_record_visit(**kw, credentials="DEC badge 4471", reason="Annual inspection",
                            checklist={"corrosive": "seen", "118-3": "not_seen"})  # fmt: skip
    assert visit.seen == ["corrosive"]
    assert visit.checklist["flammable"] == "not_checked" and len(visit.checklist) == 12


def test_only_the_town_engineer_decides_a_review_and_with_reasons(manhole: Any, staff: Any) -> None:
    do_record_results([composite(manhole, D(2026, 3, 3), "bod", "420")], acting_user=staff.clerk)
    review = EngineerReview.objects.get()
    with pytest.raises(PermissionDenied):
        do_decide_review(review, status="surcharge", reasoning="x", acting_user=staff.superintendent)
    with pytest.raises(ValidationError, match="reasons"):
        do_decide_review(review, status="surcharge", reasoning=" ", acting_user=staff.engineer)
    decided = do_decide_review(review, status="surcharge", reasoning="Strength billed under §118-52.",
                               acting_user=staff.engineer, decided_on=D(2026, 3, 20))  # fmt: skip
    assert (decided.status, decided.decided_by) == ("surcharge", staff.engineer)
    with pytest.raises(ValidationError, match="allowed: none"):
        do_decide_review(decided, status="approved", reasoning="x", acting_user=staff.engineer)
