"""A Class 2 permit's industrial user is the pretreatment program's record of it (I-172): the migration links the
text typed before only when it equals one user's name or number exactly (trimmed, case-folded), keeps the rest
for the clerk, who links it from the permit's page; an application names the user on its own parcel."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.apps import apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from sewerworks.permits.actions import do_file_application
from sewerworks.permits.models import Permit
from sewerworks.permits.tests.conftest import FILED, GOOD_SEWER
from sewerworks.registry.tests import factories as f

BEFORE = [("permits", "0004_fill_event_dates"), ("pretreatment", "0003_fill_event_dates")]
CLASS_2 = {"constituents": "Fruit sugars", "characteristics": "18,000 gal/day", "activity": "Juice pressing"}


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def _user_on(building: Any, engineer: Any) -> Any:
    """The pretreatment program's industrial user on ``building`` (its model read by name: no program imports
    another)."""
    model = apps.get_model("pretreatment", "IndustrialUser")
    return model.objects.create(building=building, activity="Pressing", registered_on=dt.date(2026, 1, 5),
                                registered_by=engineer)  # fmt: skip


@pytest.fixture
def press(house_lot: Any, staff: Any) -> tuple[Any, Any]:
    """The cider press on the house lot and its industrial user in the pretreatment program."""
    plant = f.building(house_lot, use="industrial", name="Cider press")
    return plant, _user_on(plant, staff.engineer)


@pytest.mark.django_db(transaction=True)
def test_the_migration_links_exact_names_and_numbers_and_keeps_the_rest_as_written() -> None:
    try:
        old = _migrate(BEFORE)
        clerk = old.get_model("auth", "User").objects.create(username="clerk")
        parcel = old.get_model("registry", "Parcel").objects.create(tax_map_number="108.12-3-45")
        Building = old.get_model("registry", "Building")
        plant, shop, twin_a, twin_b = (
            Building.objects.create(parcel=parcel, use="industrial", name=name)
            for name in ("Hudson Valley Foods juice pressing plant", "Marlborough Precision Machining", "Mill",
                         "Mill")  # fmt: skip
        )
        User = old.get_model("pretreatment", "IndustrialUser")
        users = {b.pk: User.objects.create(building=b, activity="x", registered_on=dt.date(2026, 1, 5),
                                           registered_by=clerk) for b in (plant, shop, twin_a, twin_b)}  # fmt: skip
        machining = users[shop.pk]
        Permit = old.get_model("permits", "Permit")
        typed = {
            "name": "  hudson valley FOODS juice pressing plant ",
            "number": f" {machining.pk} ",
            "likeness": "HUDSON VALLEY FOODS LLC",
            "ambiguous": "mill",
        }
        made = {key: Permit.objects.create(kind="building_sewer", permit_class="class_2", parcel=parcel,
                                           applicant=key, filed_on=FILED, entered_by=clerk,
                                           industrial_user=text).pk for key, text in typed.items()}  # fmt: skip

        new = _migrate([("permits", "0005_permit_industrial_user_link"), ("pretreatment", "0003_fill_event_dates")])
        after = {p.applicant: p for p in new.get_model("permits", "Permit").objects.all()}
        assert after["name"].industrial_user.building_id == plant.pk and after["name"].industrial_user_legacy == ""
        assert after["number"].industrial_user_id == machining.pk and after["number"].industrial_user_legacy == ""
        assert after["likeness"].industrial_user_id is None
        assert after["likeness"].industrial_user_legacy == "HUDSON VALLEY FOODS LLC"
        assert (after["ambiguous"].industrial_user_id, after["ambiguous"].industrial_user_legacy) == (None, "mill")

        back = _migrate(BEFORE)
        texts = dict(back.get_model("permits", "Permit").objects.values_list("pk", "industrial_user"))
        assert texts[made["name"]] == "Hudson Valley Foods juice pressing plant"
        assert texts[made["likeness"]] == "HUDSON VALLEY FOODS LLC"
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_a_class_2_application_names_the_user_on_its_parcel_and_no_other(
    house_lot: Any, staff: Any, press: Any
) -> None:
    plant, user = press
    permit = do_file_application(kind="building_sewer", permit_class="class_2", parcel=house_lot, building=plant,
                                 applicant="Cider Co", filed_on=FILED, design={"building-sewer": GOOD_SEWER},
                                 industrial_user=user, acting_user=staff.clerk, **CLASS_2)  # fmt: skip
    assert permit.industrial_user == user and permit.industrial_user_legacy == ""
    elsewhere = _user_on(f.building(f.parcel("108.12-3-46"), use="industrial", name="Far"), staff.engineer)
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="is not on parcel"):
        do_file_application(kind="building_sewer", permit_class="class_2", parcel=house_lot, applicant="Cider Co",
                            filed_on=FILED, industrial_user=elsewhere, acting_user=staff.clerk, **CLASS_2)  # fmt: skip
    with pytest.raises(ValidationError, match="Only a Class 2 permit names an industrial user"):
        do_file_application(kind="building_sewer", permit_class="class_1", parcel=house_lot, applicant="Ana",
                            filed_on=FILED, industrial_user=user, acting_user=staff.clerk)  # fmt: skip


@pytest.mark.django_db
def test_the_clerk_sees_the_text_first_entered_and_links_the_user_from_the_permits_page(
    client_as: Any, house_lot: Any, staff: Any, press: Any
) -> None:
    plant, user = press
    permit = do_file_application(kind="building_sewer", permit_class="class_2", parcel=house_lot, building=plant,
                                 applicant="Cider Co", filed_on=FILED, acting_user=staff.clerk, **CLASS_2)  # fmt: skip
    Permit.objects.filter(pk=permit.pk).update(industrial_user_legacy="CIDER CO LLC")
    assert client_as("board member").post(f"/permits/{permit.pk}/industrial-user/",
                                          {"industrial_user": user.pk}).status_code == 403  # fmt: skip
    client = client_as("clerk")
    page = client.get(f"/permits/{permit.pk}/").content.decode()
    assert "<q>CIDER CO LLC</q>" in page and "Link the industrial user" in page
    done = client.post(f"/permits/{permit.pk}/industrial-user/", {"industrial_user": user.pk}, follow=True)
    page = done.content.decode()
    assert "Industrial user linked." in page and f'<a href="/pretreatment/users/{user.pk}/">Cider press</a>' in page
    assert "CIDER CO LLC" not in page.split("History")[0] and "Link the industrial user" not in page
    permit.refresh_from_db()
    assert permit.industrial_user == user and permit.history.first().history_change_reason.endswith("(I-172)")


@pytest.mark.django_db
def test_the_api_files_a_class_2_application_with_the_users_id_and_refuses_another_parcels(
    client_as: Any, house_lot: Any, staff: Any, press: Any
) -> None:
    _, user = press
    far = _user_on(f.building(f.parcel("108.12-3-46"), use="industrial", name="Far"), staff.engineer)
    body = {"kind": "building_sewer", "permit_class": "class_2", "parcel_id": house_lot.pk, "applicant": "Cider Co",
            "filed_on": FILED.isoformat(), **CLASS_2}  # fmt: skip
    client = client_as("clerk")
    made = client.post("/api/permits", {**body, "industrial_user_id": user.pk}, content_type="application/json")
    assert made.status_code == 201 and made.json()["industrial_user_id"] == user.pk
    refused = client.post("/api/permits", {**body, "industrial_user_id": far.pk}, content_type="application/json")
    assert refused.status_code == 422 and "industrial_user" in refused.content.decode()
    unknown = client.post("/api/permits", {**body, "industrial_user_id": 999999}, content_type="application/json")
    assert unknown.status_code == 404
