"""Staff enter the program's records by hand from the industrial users' pages: each form calls its action,
a refusal comes back on the field it names, success returns to the user's page; the buttons show only to the
roles that may act, and a role that may not is refused even when it posts."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from sewerworks.core.models import BoardResolution
from sewerworks.enforcement.models import Deadline
from sewerworks.pretreatment.models import Exceedance, IndustrialUser, Result, Sample
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db
D = dt.date


def _sample(point_pk: int, *rows: dict[str, str], sample_id: str = "HVL-1", **over: str) -> dict[str, str]:
    """The sample form's POST: a 24-hour composite ending 2026-03-02 08:00 and its result rows."""
    data = {"point": str(point_pk), "sample_id": sample_id, "lab": "Hudson Valley Labs", "kind": "composite",
            "started_at": "2026-03-01T08:00", "ended_at": "2026-03-02T08:00", "flow_gal": "",
            "r-TOTAL_FORMS": "6", "r-INITIAL_FORMS": "0", "r-MIN_NUM_FORMS": "0", "r-MAX_NUM_FORMS": "40"}  # fmt: skip
    for n in range(6):
        data[f"r-{n}-unit"] = "mg/L"
    for n, row in enumerate(rows):
        data.update({f"r-{n}-{k}": v for k, v in row.items()})
    data.update(over)
    return data


def test_the_town_engineer_registers_an_industrial_user_from_the_list(client_as: Any) -> None:
    parcel = f.parcel("108.12-3-61", street_number="44", street_name="Western Ave")
    building = f.building(parcel, use="industrial", name="Orchard Cider Works")
    f.account_with_meter(parcel, "MAR-000777")
    client = client_as("town engineer")
    assert "Register an industrial user" in client.get("/pretreatment/").content.decode()
    form = {"building": building.pk, "activity": "Cider pressing", "account_number": "MAR-000777",
            "average_daily_flow": "4200"}  # fmt: skip
    response = client.post("/pretreatment/users/new/", form, follow=True)
    user = IndustrialUser.objects.get()
    assert response.redirect_chain[-1][0] == f"/pretreatment/users/{user.pk}/"
    assert "Orchard Cider Works registered as an industrial user." in response.content.decode()
    assert (user.account.account_number, user.average_daily_flow) == ("MAR-000777", Decimal(4200))
    assert user.history.first().history_user == client.user


def test_an_unknown_account_is_named_at_its_field(client_as: Any) -> None:
    building = f.building(f.parcel(), use="industrial", name="Orchard Cider Works")
    form = {"building": building.pk, "activity": "Cider pressing", "account_number": "MAR-404"}
    page = client_as("superintendent").post("/pretreatment/users/new/", form).content.decode()
    assert "No sewer account MAR-404 is recorded." in page
    assert not IndustrialUser.objects.exists()


def test_a_clerk_sees_no_register_button_and_is_refused(client_as: Any) -> None:
    client = client_as("clerk")
    assert "Register an industrial user" not in client.get("/pretreatment/").content.decode()
    assert client.get("/pretreatment/users/new/").status_code == 403
    assert client.post("/pretreatment/users/new/", {}).status_code == 403


def test_a_control_manhole_needs_the_day_the_town_engineer_required_it(client_as: Any, shop: Any) -> None:
    client = client_as("town engineer")
    url = f"/pretreatment/users/{shop.pk}/sampling-points/new/"
    form = {"code": "cm-2", "kind": "control_manhole", "location": "North wall"}
    page = client.post(url, form).content.decode()
    assert "The Town Engineer requires a control manhole: say when (§118-41)." in page
    response = client.post(url, {**form, "required_on": "2021-05-03"})
    assert response.status_code == 302
    assert shop.points.get().code == "CM-2"


def test_the_superintendent_records_a_special_agreement_under_a_board_resolution(
    client_as: Any, shop: Any, staff: Any
) -> None:
    resolution = BoardResolution.objects.create(instrument="Resolution 2025-31", adopted_on=D(2025, 6, 10),
                                                title="Special agreement: Hudson Precision, BOD")  # fmt: skip
    url = f"/pretreatment/users/{shop.pk}/agreements/new/"
    assert client_as("town engineer").get(url).status_code == 403
    client = client_as("superintendent")
    form = {"resolution": resolution.pk, "parameter": "bod", "limit": "450", "starts_on": "2025-06-01",
            "terms": "Surcharge per §118-52."}  # fmt: skip
    assert "Before Resolution 2025-31 approved it (2025-06-10)." in client.post(url, form).content.decode()
    assert client.post(url, {**form, "starts_on": "2025-07-01"}).status_code == 302
    assert shop.agreements.get().limit == Decimal(450)


def test_no_construction_of_preliminary_treatment_before_the_approvals(client_as: Any, shop: Any) -> None:
    client = client_as("town engineer")
    url = f"/pretreatment/users/{shop.pk}/treatment/new/"
    form = {"description": "pH neutralization", "plans_submitted_on": "2025-01-10",
            "town_engineer_approved_on": "2025-02-01", "construction_started_on": "2025-03-01"}  # fmt: skip
    page = client.post(url, form).content.decode()
    assert "No construction before the written approval of the Water Resources Commission and NYSDEC" in page
    assert client.post(url, {**form, "state_approved_on": "2025-02-20"}).status_code == 302
    assert shop.treatments.get().approved


def test_a_spdes_permit_expires_after_it_is_issued(client_as: Any, shop: Any) -> None:
    client = client_as("superintendent")
    url = f"/pretreatment/users/{shop.pk}/cooling-water-permits/new/"
    form = {"spdes_number": "NY0012345", "town_engineer_approved_on": "2024-03-01", "issued_on": "2024-04-01",
            "expires_on": "2024-04-01", "outfall": "Lattintown Creek"}  # fmt: skip
    assert "A permit expires after it is issued." in client.post(url, form).content.decode()
    assert client.post(url, {**form, "expires_on": "2029-03-31"}).status_code == 302
    assert shop.spdes_permits.get().spdes_number == "NY0012345"


def test_an_inspector_records_a_visit_and_its_checklist_is_stored(client_as: Any, shop: Any) -> None:
    client = client_as("inspector")
    page = client.get(f"/pretreatment/users/{shop.pk}/").content.decode()
    assert "Record a visit" in page and "Add a sampling point" not in page and "Enter a sample" not in page
    form = {"visited_on": "2026-02-11", "visitor": "R. Alvarez", "agency": "town", "credentials": "Town ID 114",
            "reason": "Sampling at CM-1", "check_corrosive": "seen", "check_heat": "not_seen",
            "check_118-2": "not_checked"}  # fmt: skip
    form |= {f"check_{k}": "not_checked" for k in ("118-3", "solidifying_grease", "flammable", "noxious_gas",
             "garbage", "obstructing_solids", "radioactive", "slug", "clear_water")}  # fmt: skip
    response = client.post(f"/pretreatment/users/{shop.pk}/visits/new/", form, follow=True)
    assert "Inspection visit recorded." in response.content.decode()
    visit = shop.visits.get()
    assert visit.checklist["corrosive"] == "seen" and visit.checklist["heat"] == "not_seen"
    assert visit.seen == ["corrosive"] and len(visit.checklist) == 12
    assert "seen: corrosive" in response.content.decode()


def test_a_visit_without_credentials_is_refused_at_the_field(client_as: Any, shop: Any) -> None:
    page = client_as("inspector").post(f"/pretreatment/users/{shop.pk}/visits/new/", {
        "visited_on": "2026-02-11", "visitor": "R. Alvarez", "agency": "town", "credentials": "",
        "reason": "Sampling"}).content.decode()  # fmt: skip
    assert 'id="id_credentials"' in page and "This field is required." in page
    assert not shop.visits.exists()


def test_a_result_entered_by_hand_above_the_limit_opens_the_exceedance_and_its_deadline(
    client_as: Any, shop: Any, manhole: Any
) -> None:
    client = client_as("clerk")
    data = _sample(manhole.pk, {"parameter": "copper", "result": "1710", "unit": "ug/L", "detection_limit": "2",
                                "method": "EPA 200.7"})  # fmt: skip
    response = client.post(f"/pretreatment/users/{shop.pk}/samples/new/", data, follow=True)
    page = response.content.decode()
    assert "Sample entered: 1 result(s); 2 limits exceeded." in page  # the 24-hour and the 30-day limits
    assert "Copper, 24-hour average: 1.71 mg/L exceeds the limit of 1.6 mg/L." in page
    found = Exceedance.objects.get(basis="24_hour")
    assert (found.row, found.value, found.limit, found.day) == ("Copper", Decimal("1.71"), Decimal("1.6"),
                                                                D(2026, 3, 2))  # fmt: skip
    assert Exceedance.objects.get(basis="30_day").limit == Decimal("0.8")
    deadline = Deadline.objects.get(section="118-47")
    assert deadline.title == f"Serve the notice of violation of §118-37 on {shop}"


def test_the_same_result_imported_opens_the_same_exceedance(manhole: Any, staff: Any, tmp_path: Path) -> None:
    lab = tmp_path / "lab.csv"
    lab.write_text("sample_id,sampling_point,start,end,sample_type,parameter,result,qualifier,detection_limit,unit,"
                   "method,lab\nHVL-1,CM-1,2026-03-01T08:00,2026-03-02T08:00,composite,copper,1710,,2,ug/L,"
                   "EPA 200.7,Hudson Valley Labs\n")  # fmt: skip
    call_command("import_results", str(lab), as_user=staff.clerk.username)
    found = Exceedance.objects.get(basis="24_hour")
    assert (found.row, found.value, found.limit, found.day) == ("Copper", Decimal("1.71"), Decimal("1.6"),
                                                                D(2026, 3, 2))  # fmt: skip
    assert Exceedance.objects.get(basis="30_day").limit == Decimal("0.8")
    assert Deadline.objects.get(section="118-47").title.startswith("Serve the notice of violation of §118-37")


def test_a_hand_entered_result_is_checked_by_the_import_s_rules_at_its_row(
    client_as: Any, shop: Any, manhole: Any
) -> None:
    client = client_as("superintendent")
    url = f"/pretreatment/users/{shop.pk}/samples/new/"
    rows = ({"parameter": "copper", "result": "0.5"}, {"parameter": "temperature", "result": "20"})
    page = client.post(url, _sample(manhole.pk, *rows)).content.decode()
    assert "Temperature is not measured in mg/L" in page
    page = client.post(url, _sample(manhole.pk, rows[0], ended_at="2026-02-28T08:00")).content.decode()
    assert "ends before it starts" in page
    assert "Enter at least one result." in client.post(url, _sample(manhole.pk)).content.decode()
    assert not Result.objects.exists()
    assert client.post(url, _sample(manhole.pk, rows[0])).status_code == 302
    page = client.post(url, _sample(manhole.pk, {"parameter": "zinc", "result": "0.2"})).content.decode()
    assert "sample HVL-1 (Hudson Valley Labs) is already entered" in page
    assert Sample.objects.count() == 1


def test_a_non_detect_counts_as_zero(client_as: Any, shop: Any, manhole: Any) -> None:
    row = {"parameter": "cadmium", "result": "5", "qualifier": "<", "detection_limit": "5", "unit": "ug/L"}
    assert (
        client_as("clerk").post(f"/pretreatment/users/{shop.pk}/samples/new/", _sample(manhole.pk, row)).status_code
        == 302
    )
    result = Result.objects.get()
    assert (result.value, result.shown) == (Decimal(0), "<5 ug/L")


def test_a_sample_needs_a_sampling_point_first(client_as: Any, shop: Any) -> None:
    client = client_as("clerk")
    assert "Enter a sample" not in client.get(f"/pretreatment/users/{shop.pk}/").content.decode()
    response = client.get(f"/pretreatment/users/{shop.pk}/samples/new/", follow=True)
    assert "Add a sampling point first" in response.content.decode()


def test_a_board_member_sees_no_entry_button_and_is_refused(client_as: Any, shop: Any, manhole: Any) -> None:
    client = client_as("board member")
    page = client.get(f"/pretreatment/users/{shop.pk}/").content.decode()
    assert "Enter a sample" not in page and "Record a visit" not in page
    for path in ("samples", "visits", "agreements", "treatment", "cooling-water-permits", "sampling-points"):
        assert client.get(f"/pretreatment/users/{shop.pk}/{path}/new/").status_code == 403, path
    assert client.post(f"/pretreatment/users/{shop.pk}/samples/new/", _sample(manhole.pk)).status_code == 403
