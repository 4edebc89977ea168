"""The clerk opens a Class 2 permit whose industrial user was typed before the link existed, sees the text as
first entered, links the pretreatment program's user of the parcel and follows the link to its page; axe-core
checks every page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps import apps
from playwright.sync_api import expect

from sewerworks.permits.actions import do_file_application
from sewerworks.permits.models import Permit
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_clerk_links_a_class_2_permit_to_its_industrial_user(page, login, shot, make_user) -> None:
    lot = f.parcel(improvement_area=f.area(), street_number="40", street_name="Western Ave")
    plant = f.building(lot, use="industrial", name="Orchard cider press")
    engineer = make_user("town engineer")
    users = apps.get_model("pretreatment", "IndustrialUser")  # the pretreatment program's record, read by name
    user = users.objects.create(building=plant, activity="Cider pressing", registered_on=dt.date(2026, 1, 5),
                                registered_by=engineer)  # fmt: skip
    clerk = login("clerk")
    permit = do_file_application(kind="building_sewer", permit_class="class_2", parcel=lot, building=plant,
                                 applicant="Orchard Cider Co", filed_on=dt.date(2026, 3, 2), acting_user=clerk,
                                 constituents="Fruit sugars", characteristics="9,000 gal/day",
                                 activity="Cider pressing")  # fmt: skip
    Permit.objects.filter(pk=permit.pk).update(industrial_user_legacy="ORCHARD CIDER CO LLC")
    page.goto(f"/permits/{permit.pk}/")
    expect(page.locator("#industrial-user")).to_have_text("Not linked")
    expect(page.get_by_text("ORCHARD CIDER CO LLC")).to_be_visible()
    shot("permit-industrial-user-unlinked")

    page.get_by_label("Industrial user (pretreatment program)").select_option(str(user.pk))
    page.get_by_role("button", name="Link the industrial user").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Industrial user linked.")).to_be_visible()
    expect(page.locator("#industrial-user")).to_contain_text("Orchard cider press (pretreatment program)")
    shot("permit-industrial-user-linked")
    page.locator("#industrial-user").get_by_role("link", name="Orchard cider press").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/pretreatment/users/{user.pk}/")
