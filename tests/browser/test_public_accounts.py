"""An owner, on a phone (390 px) and at a desk (1280 px): signs up, confirms the address by the mail a real local
SMTP server caught, links the parcel with the account number and the code printed on the bill, reads what is
owed and why, downloads the bill; after the parcel changes hands the link is gone. axe-core checks every page;
the screenshots are looked at."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from sewerworks.billing.documents.context import printed_code
from sewerworks.core.mail.outbox import send_now
from sewerworks.public.tests.conftest import Catcher, build_world, smtp, staff
from sewerworks.registry.actions import do_transfer_ownership
from sewerworks.registry.models import Owner, SewerAccount

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["smtp", "staff"]  # the public side's fixtures: a local SMTP server, the staff


@pytest.mark.parametrize("width", [390, 1280])
def test_an_owner_signs_up_verifies_links_with_the_bills_code_and_downloads_the_bill(
    page: Any, shot: Any, staff: Any, smtp: Catcher, settings: Any, live_server: Any, width: int
) -> None:
    world = build_world(staff)
    settings.SEWERWORKS_SITE_URL = live_server.url
    page.set_viewport_size({"width": width, "height": 900})
    email = f"owner{width}@example.org"

    page.goto("/public/")
    shot(f"public-{width}-1-home")
    page.goto("/public/signup/")
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill("a long passphrase 42")
    page.get_by_role("button", name="Open the account").click()
    expect(page.get_by_role("heading", name="Check your mail")).to_be_visible()
    shot(f"public-{width}-2-check-your-mail")

    assert send_now() == (1, 0)
    (mail,) = smtp.to(email)
    link = re.search(r"(https?://\S+/public/verify/\S+)", mail.get_content())
    assert link is not None
    page.goto(link.group(1))
    expect(page.get_by_role("heading", name="My parcels")).to_be_visible()
    shot(f"public-{width}-3-my-parcels")

    account = SewerAccount.objects.get(pk=world.ann.account.pk)
    page.get_by_label("Account number").fill(account.account_number)
    page.get_by_label("Access code").fill(printed_code(account.access_code))
    page.get_by_role("button", name="Link the parcel").click()
    expect(page.get_by_role("heading", name="10 Dubois Rd")).to_be_visible()
    expect(page.get_by_text("Linked: 10 Dubois Rd.")).to_be_visible()
    expect(page.locator("#balance")).to_have_text("$12.00")
    expect(page.get_by_text("(§118-53)").first).to_be_visible()
    shot(f"public-{width}-4-parcel")

    href = page.get_by_role("link", name=re.compile("PDF")).first.get_attribute("href")
    pdf = page.request.get(href)
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf" and pdf.body()[:5] == b"%PDF-"

    buyer = Owner.objects.create(name="NEW OWNER", mailing_address="1 Elm St", city="Milton", postal_code="12547")
    do_transfer_ownership(world.ann.parcel, buyer, dt.date(2026, 11, 20), acting_user=staff.clerk)
    assert page.request.get(href).status == 404
    page.goto("/public/me/")
    expect(page.get_by_text("No parcel is linked to your account yet.")).to_be_visible()
    shot(f"public-{width}-5-after-the-transfer")
