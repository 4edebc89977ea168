"""Public accounts: sign-up by e-mail with a verification link caught by a real local SMTP server, the same answer
for an address already registered (the mail says so), a link expired, reused or forged, password reset, sign-in
failures counted per account and per address in the audit trail, a mail server that is down (the mail waits
and goes later; sign-up still answers), and a form without its CSRF token."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import signing
from django.test import Client, override_settings

from sewerworks.core.mail.outbox import send_now
from sewerworks.core.models import AuditEvent, OutgoingMail
from sewerworks.public.actions.accounts import VERIFY_SALT
from sewerworks.public.models import PublicAccount

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery 9"


def _link(mail: Any) -> str:
    found = re.search(r"https?://[^/\s]+(/public/\S+)", mail.get_content())
    assert found, mail.get_content()
    return found.group(1)


def test_sign_up_verify_by_the_mail_and_sign_in(db: Any, client: Any, smtp: Any) -> None:
    response = client.post("/public/signup/", {"email": "Owner@Example.org", "password": PASSWORD})
    assert response.status_code == 200 and "Check your mail" in response.content.decode()
    account = PublicAccount.objects.get(email="owner@example.org")
    assert not account.verified and not account.user.groups.exists() and not account.user.is_staff
    assert account.user.username != account.email  # the staff's sign-in page never lets it in
    assert send_now() == (1, 0)
    link = _link(smtp.to("owner@example.org")[0])
    assert client.get(link).status_code == 302  # confirmed and signed in
    assert PublicAccount.objects.get(pk=account.pk).verified
    again = client.get(link)
    assert again.status_code == 400 and "already used" in again.content.decode()
    client.logout()
    assert client.post("/login/", {"username": "owner@example.org", "password": PASSWORD}).status_code != 302
    signed = client.post("/public/signin/", {"email": "owner@example.org", "password": PASSWORD})
    assert signed.status_code == 302 and signed["Location"] == "/public/me/"


def test_an_address_already_registered_gets_the_same_answer_and_a_mail_saying_so(world: Any, client: Any,
                                                                                  smtp: Any) -> None:  # fmt: skip
    new = client.post("/public/signup/", {"email": "new@example.org", "password": PASSWORD}).content.decode()
    known = client.post("/public/signup/", {"email": "ann@example.org", "password": PASSWORD}).content.decode()
    assert new.replace("new@example.org", "X") == known.replace("ann@example.org", "X")
    assert PublicAccount.objects.filter(email="ann@example.org").count() == 1
    send_now()
    (mail,) = smtp.to("ann@example.org")
    assert "already has an account: no second one was opened" in mail.get_content()


def test_a_link_expired_or_forged_does_not_work(world: Any, client: Any, settings: Any) -> None:
    account = PublicAccount.objects.create(user=world.ann.user.__class__.objects.create_user("public-x"),
                                           email="x@example.org")  # fmt: skip
    token = signing.dumps({"a": account.pk, "e": account.email}, salt=VERIFY_SALT, compress=True)
    forged = client.get(f"/public/verify/{token[:-2]}xx/")
    assert forged.status_code == 400 and "not valid" in forged.content.decode()
    settings.SEWERWORKS_VERIFY_HOURS = -1  # the link is older than its life
    expired = client.get(f"/public/verify/{token}/")
    assert expired.status_code == 400 and "expired" in expired.content.decode()
    assert not PublicAccount.objects.get(pk=account.pk).verified


def test_a_password_reset_by_mail_works_once(world: Any, client: Any, smtp: Any) -> None:
    answer = client.post("/public/reset/", {"email": "ann@example.org"}).content.decode()
    unknown = client.post("/public/reset/", {"email": "nobody@example.org"}).content.decode()
    assert answer.replace("ann@example.org", "X") == unknown.replace("nobody@example.org", "X")
    send_now()
    assert smtp.to("nobody@example.org") == []
    link = _link(smtp.to("ann@example.org")[0])
    assert client.post(link, {"password": "short"}).status_code == 400
    assert client.post(link, {"password": "a brand new passphrase 7"}).status_code == 302
    assert client.get(link).status_code == 400  # used
    client.logout()
    assert client.post("/public/signin/", {"email": "ann@example.org",
                                           "password": "a brand new passphrase 7"}).status_code == 302  # fmt: skip


@override_settings(SEWERWORKS_PUBLIC_ACCOUNT_FAILURES=3, SEWERWORKS_PUBLIC_ADDRESS_FAILURES=5)
def test_wrong_passwords_are_counted_per_account_and_per_address(world: Any, client: Any) -> None:
    def sign_in(email: str, password: str, address: str = "192.0.2.1") -> str:
        data = {"email": email, "password": password}
        return Client(REMOTE_ADDR=address).post("/public/signin/", data).content.decode()

    for _ in range(3):
        assert "did not match" in sign_in("ann@example.org", "wrong")
    assert "did not match" in sign_in("ann@example.org", "a long passphrase 1", "192.0.2.2")  # Ann's is locked
    assert AuditEvent.objects.filter(action="public sign-in locked", subject="public ann@example.org").count() == 1
    assert "did not match" in sign_in("nobody@example.org", "wrong")  # no account: the same words
    assert "did not match" in sign_in("bob@example.org", "wrong")
    paused = sign_in("bob@example.org", "a long passphrase 1")  # five failures from 192.0.2.1
    assert "paused" in paused
    ok = Client(REMOTE_ADDR="192.0.2.3").post("/public/signin/", {"email": "bob@example.org",
                                                                  "password": "a long passphrase 1"})  # fmt: skip
    assert ok.status_code == 302  # another address is not affected


def test_a_mail_server_that_is_down_keeps_the_mail_and_sign_up_still_answers(
    db: Any, client: Any, settings: Any, smtp: Any
) -> None:
    settings.EMAIL_PORT = 1  # nothing listens there
    response = client.post("/public/signup/", {"email": "late@example.org", "password": PASSWORD})
    assert response.status_code == 200 and "Check your mail" in response.content.decode()
    assert send_now() == (0, 1)
    mail = OutgoingMail.objects.get(to="late@example.org")
    assert mail.status == "retrying" and mail.attempts == 1 and mail.last_error
    OutgoingMail.objects.filter(pk=mail.pk).update(next_try_at=mail.created_at)  # its next try has come
    settings.EMAIL_PORT = smtp.port  # the server is back
    assert send_now() == (1, 0)
    assert OutgoingMail.objects.get(pk=mail.pk).status == "sent" and len(smtp.to("late@example.org")) == 1


def test_a_form_without_its_csrf_token_is_refused(world: Any) -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/public/signup/", {"email": "c@example.org", "password": PASSWORD}).status_code == 403
    strict.force_login(world.ann.user)
    assert strict.post("/public/me/link/", {"account_number": "MAR-000002", "access_code": "x"}).status_code == 403
    assert not PublicAccount.objects.filter(email="c@example.org").exists()
