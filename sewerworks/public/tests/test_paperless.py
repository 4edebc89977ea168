"""Paperless bills (I-163): posting a period mails each owner who chose them exactly one mail, through a real
local SMTP server, with a link to each bill on their page and no PDF; no one else gets one; the run marks the
bills, and the paper mailing leaves them out."""

from __future__ import annotations

from typing import Any

import pytest

from sewerworks.billing.documents.order import printable
from sewerworks.billing.models import Bill
from sewerworks.core.mail.outbox import send_now
from sewerworks.core.models import AuditEvent, OutgoingMail
from sewerworks.public.models import PublicAccount
from sewerworks.public.paperless import EMAILED, send_paperless_bills
from sewerworks.public.tests.conftest import build_world, make_public, post_period

pytestmark = pytest.mark.django_db


def test_posting_mails_each_paperless_owner_once_a_link_and_no_pdf_and_marks_the_run(
    staff: Any, smtp: Any, client: Any
) -> None:
    w = build_world(staff, post=False)
    client.force_login(w.ann.user)  # Ann chooses paperless bills on her page; Bob does not
    client.post("/public/me/paperless/", {"paperless": "on"})
    unconfirmed = make_public("carol@example.org", verified=False)  # paperless but never confirmed: no mail
    PublicAccount.objects.filter(pk=unconfirmed.pk).update(paperless=True)
    ended = make_public("dave@example.org")  # paperless, his link to Bob's parcel ended: no mail
    PublicAccount.objects.filter(pk=ended.pk).update(paperless=True)
    w.bob.link.pk = None
    w.bob.link.person, w.bob.link.revoked_at = ended, w.bob.link.granted_at
    w.bob.link.save()

    post_period(w.period, staff)
    assert send_now() == (1, 0)

    assert [m["To"] for m in smtp.messages] == ["ann@example.org"]
    mail = smtp.messages[0]
    assert not mail.is_multipart() and mail.get_content_type() == "text/plain"  # a link, no PDF attached
    body = mail.get_content()
    ann_bill = Bill.objects.get(pk=w.ann.bill.pk)
    assert f"/public/bills/{ann_bill.public_id}/" in body and "$12.00" in body
    assert "Your sewer bill for April 1, 2026 to September 30, 2026" in mail["Subject"]

    assert ann_bill.emailed_at is not None and Bill.objects.get(pk=w.bob.bill.pk).emailed_at is None
    w.period.refresh_from_db()
    assert list(printable(w.period).values_list("pk", flat=True)) == [w.bob.bill.pk]  # Ann's is not printed
    run = AuditEvent.objects.get(action=EMAILED)
    assert (run.rows, run.detail["mails"]) == (1, 1)

    # the link in the mail opens the bill once Ann signs in
    link = next(line.strip() for line in body.splitlines() if "/public/bills/" in line)
    assert client.get(link.split("8000", 1)[-1]).status_code == 200

    # a posting resumed sends nothing twice
    assert send_paperless_bills(w.period) == 0
    assert send_now() == (0, 0) and len(smtp.messages) == 1
    assert OutgoingMail.objects.filter(kind="paperless-bill").count() == 1


def test_an_owner_chooses_paperless_only_with_a_confirmed_address(world: Any, client: Any) -> None:
    unconfirmed = make_public("erin@example.org", verified=False)
    client.force_login(unconfirmed.user)
    response = client.post("/public/me/paperless/", {"paperless": "on"}, follow=True)
    assert "Confirm your e-mail address first" in response.content.decode()
    assert not PublicAccount.objects.get(pk=unconfirmed.pk).paperless

    client.force_login(world.ann.user)
    response = client.post("/public/me/paperless/", {"paperless": "on"}, follow=True)
    assert "Your bills come by e-mail from the next one." in response.content.decode()
    assert PublicAccount.objects.get(pk=world.ann.public.pk).paperless
    client.post("/public/me/paperless/", {})
    assert not PublicAccount.objects.get(pk=world.ann.public.pk).paperless
