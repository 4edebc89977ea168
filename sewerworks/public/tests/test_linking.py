"""Linking a parcel (I-160): the account number and the access code printed on the bill, a confirmed address,
wrong codes counted per account number and per address with one message that never says whether the account
exists; and the link ends when the parcel changes hands (I-161)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction
from django.test import override_settings

from sewerworks.billing.documents.context import printed_code, sheets
from sewerworks.core.models import AuditEvent
from sewerworks.public.actions.links import NO_MATCH
from sewerworks.public.models import LinkKind, PublicLink
from sewerworks.public.signals import PublicAccountHoldsNoRole
from sewerworks.public.tests.conftest import make_public
from sewerworks.registry.actions import do_transfer_ownership
from sewerworks.registry.models import Owner, Ownership, SewerAccount

pytestmark = pytest.mark.django_db


def _link(client: Any, number: str, code: str) -> Any:
    return client.post("/public/me/link/", {"account_number": number, "access_code": code}, follow=True)


def test_an_owner_links_a_parcel_with_the_code_on_its_bill_and_reads_what_is_owed(world: Any, client: Any) -> None:
    account = SewerAccount.objects.get(pk=world.ann.account.pk)
    printed = next(s for s in sheets([world.ann.bill], world.period) if s["bill"].pk == world.ann.bill.pk)
    assert printed["access_code"] == printed_code(account.access_code)  # on the bill, in groups of four
    assert account.account_number not in account.access_code and len(account.access_code) == 10

    carol = make_public("carol@example.org")  # Ann's co-owner, with the paper bill in hand
    client.force_login(carol.user)
    response = _link(client, " mar-000001 ", printed["access_code"].lower())
    assert response.redirect_chain[-1][0] == f"/public/parcels/{world.ann.parcel.public_id}/"
    page = response.content.decode()
    assert "Linked: 10 Dubois Rd." in page
    assert "$12.00" in page and "Overdue" in page and "(§118-53)" in page  # what is overdue and why
    assert "Notice to Connect" in page and "§118-5" in page  # the notice served, its section in words
    assert "public sewer" in page.lower()  # availability, with its duty
    link = PublicLink.objects.get(person=carol)
    assert (link.kind, link.object_id, link.since, link.granted_by_id) == (
        LinkKind.PARCEL_OWNER, world.ann.parcel.pk, dt.date(2010, 5, 1), carol.user.pk)
    assert AuditEvent.objects.filter(action="public link granted", actor=carol.user).count() == 1
    bill = client.get(f"/public/bills/{world.ann.bill.public_id}/")
    assert bill.status_code == 200 and bill["Content-Type"] == "application/pdf"
    assert _link(client, "MAR-000001", printed["access_code"]).status_code == 200  # again: the same link
    assert PublicLink.objects.filter(person=carol).count() == 1


def test_a_wrong_code_is_counted_and_the_answer_never_says_whether_the_account_exists(
    world: Any, client: Any
) -> None:
    carol = make_public("carol@example.org")
    client.force_login(carol.user)
    exists = _link(client, "MAR-000001", "0000-0000-00").content.decode()
    absent = _link(client, "MAR-999999", "0000-0000-00").content.decode()
    assert NO_MATCH.replace("'", "&#x27;") in exists and NO_MATCH.replace("'", "&#x27;") in absent
    assert AuditEvent.objects.filter(action="public link code wrong").count() == 2
    for _ in range(4):  # five wrong codes for one account number within 15 minutes pause it (I-160)
        _link(client, "MAR-000001", "1111-1111-11")
    right = printed_code(SewerAccount.objects.get(pk=world.ann.account.pk).access_code)
    paused = _link(client, "MAR-000001", right).content.decode()
    assert "Too many wrong codes for this account number" in paused
    assert not PublicLink.objects.filter(person=carol).exists()
    for _ in range(5):  # a number no account has is paused the same way
        _link(client, "MAR-999999", "2222")
    assert "Too many wrong codes for this account number" in _link(client, "MAR-999999", "2222").content.decode()


@override_settings(SEWERWORKS_PUBLIC_ADDRESS_FAILURES=3)
def test_wrong_codes_from_one_address_pause_linking_from_it(world: Any, client: Any) -> None:
    carol = make_public("carol@example.org")
    client.force_login(carol.user)
    for n in range(3):
        _link(client, f"MAR-00000{n + 3}", "0")
    right = printed_code(SewerAccount.objects.get(pk=world.bob.account.pk).access_code)
    assert "Too many wrong codes from your address" in _link(client, "MAR-000002", right).content.decode()
    assert not PublicLink.objects.filter(person=carol).exists()


def test_an_unconfirmed_address_links_nothing(world: Any, client: Any) -> None:
    dan = make_public("dan@example.org", verified=False)
    client.force_login(dan.user)
    right = printed_code(SewerAccount.objects.get(pk=world.ann.account.pk).access_code)
    assert "Confirm your e-mail address first" in _link(client, "MAR-000001", right).content.decode()
    assert not PublicLink.objects.filter(person=dan).exists()


def test_a_transfer_ends_the_old_owners_link_and_replaces_the_code(world: Any, client: Any) -> None:
    old_code = SewerAccount.objects.get(pk=world.ann.account.pk).access_code
    buyer = Owner.objects.create(name="NEW OWNER", mailing_address="1 Elm St", city="Milton", postal_code="12547")
    do_transfer_ownership(world.ann.parcel, buyer, dt.date(2026, 11, 20), acting_user=world.staff.clerk)
    link = PublicLink.objects.get(pk=world.ann.link.pk)
    assert link.revoked_at is not None and "changed hands on 2026-11-20 (I-161)" in link.revoked_why
    assert PublicLink.objects.get(pk=world.bob.link.pk).revoked_at is None  # Bob's parcel did not change hands
    new_code = SewerAccount.objects.get(pk=world.ann.account.pk).access_code
    assert new_code != old_code
    client.force_login(world.ann.user)
    assert client.get(f"/public/parcels/{world.ann.parcel.public_id}/").status_code == 404
    assert client.get(f"/public/bills/{world.ann.bill.public_id}/").status_code == 404
    assert NO_MATCH[:40] in _link(client, "MAR-000001", old_code).content.decode()  # the old bill's code
    # the buyer links with the next bill's code and sees from the day the ownership began (I-164)
    erin = make_public("erin@example.org")
    client.force_login(erin.user)
    _link(client, "MAR-000001", new_code)
    assert PublicLink.objects.get(person=erin, revoked_at__isnull=True).since == dt.date(2026, 11, 20)
    page = client.get(f"/public/parcels/{world.ann.parcel.public_id}/").content.decode()
    assert "Owed from before your ownership" in page and "$12.00" in page and "Sept. 30, 2026<div" not in page


def test_the_roll_import_that_writes_a_new_owner_ends_the_links_too(world: Any) -> None:
    from sewerworks.core.records.bulk import announce_written

    buyer = Owner.objects.create(name="ROLL BUYER", mailing_address="2 Elm St", city="Milton", postal_code="12547")
    Ownership.objects.filter(parcel=world.bob.parcel).update(end=dt.date(2026, 10, 31))
    rows = Ownership.objects.bulk_create([Ownership(parcel=world.bob.parcel, owner=buyer, start=dt.date(2026, 11, 1))])
    announce_written(Ownership, [rows[0].pk])
    assert PublicLink.objects.get(pk=world.bob.link.pk).revoked_at is not None
    assert PublicLink.objects.get(pk=world.ann.link.pk).revoked_at is None


def test_a_public_account_holds_no_role_ever(world: Any) -> None:
    clerk_group = Group.objects.get_or_create(name="clerk")[0]
    with pytest.raises(PublicAccountHoldsNoRole), transaction.atomic():
        world.ann.user.groups.add(clerk_group)
    assert not world.ann.user.groups.exists()
    world.ann.user.is_staff = True
    with pytest.raises(ValidationError), transaction.atomic():
        world.ann.user.save()
    with pytest.raises(PublicAccountHoldsNoRole), transaction.atomic():
        clerk_group.user_set.add(world.bob.user)  # from the role's side too
    assert not clerk_group.user_set.filter(pk__in=[world.ann.user.pk, world.bob.user.pk]).exists()


def test_a_user_with_a_role_cannot_be_given_a_public_account_and_the_fence_reads_them_as_staff(
    world: Any, client: Any
) -> None:
    from django.contrib.auth import get_user_model

    from sewerworks.public.models import PublicAccount

    clerk = get_user_model().objects.create_user(username="carol", password="x")
    clerk.groups.add(Group.objects.get_or_create(name="clerk")[0])
    with pytest.raises(PublicAccountHoldsNoRole), transaction.atomic():
        PublicAccount.objects.create(user=clerk, email="carol@example.org")
    client.force_login(clerk)
    assert client.get("/registry/").status_code == 200  # staff: not fenced


def test_the_owners_download_is_the_bill_as_mailed_without_a_mailing_number(world: Any, client: Any) -> None:
    """Issue 37: the sheet the mailing prints (fpdf2), for this bill alone: its number, its account, the amount and
    the payment stub, and no "Mailing no." (that belongs to a batch)."""
    import io

    from pypdf import PdfReader

    carol = make_public("carol@example.org")
    client.force_login(carol.user)
    printed = next(s for s in sheets([world.ann.bill], world.period) if s["bill"].pk == world.ann.bill.pk)
    _link(client, "MAR-000001", printed["access_code"])
    response = client.get(f"/public/bills/{world.ann.bill.public_id}/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    text = " ".join(p.extract_text() for p in reader.pages)
    assert reader.metadata is not None and reader.metadata.creator == "sewerworks"
    assert "MAR-000001" in text and printed["number"] in text and "RETURN WITH YOUR PAYMENT" in text.upper()
    assert "Mailing no." not in text
