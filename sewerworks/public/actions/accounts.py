"""A person's account: sign-up, the verification link, signing in, a new password, paperless bills.

Sign-up answers the same whether the address is new or already registered, and signs no one in (that would
tell the two apart): the mail says which it was. A verification link is signed with the site's key, names the
account and its address, lasts ``SEWERWORKS_VERIFY_HOURS`` and works once (a verified account's link is
"already used"). Password reset links are Django's (they stop working once the password changes).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from sewerworks.core.mail.outbox import queue_mail
from sewerworks.core.models import AuditEvent
from sewerworks.public import mail
from sewerworks.public.access import ACCOUNT_LOCK, SIGN_IN, client_address
from sewerworks.public.models import PublicAccount

VERIFY_SALT = "sewerworks.public.verify"
SIGN_UP, VERIFIED, SIGNED_IN = "public sign-up", "public e-mail verified", "public sign-in"
WRONG = "The e-mail address and password did not match. Please try again."


class AccountRefused(Exception):
    """What a person tried was refused; the message says why in words they can act on."""


def normalise_email(text: str) -> str:
    email = (text or "").strip().lower()
    try:
        validate_email(email)
    except ValidationError as exc:
        raise ValidationError({"email": "Enter a valid e-mail address."}) from exc
    return email


def _subject(email: str) -> str:
    return f"public {email}"[:200]


def do_sign_up(email: str, password: str, *, request: Any = None) -> PublicAccount | None:
    """Open an account for ``email`` (unverified) and mail its verification link; for an address already
    registered, mail that instead and change nothing. Returns the new account (None when already registered):
    the caller answers the same either way."""
    email = normalise_email(email)
    validate_password(password)
    with transaction.atomic():
        existing = PublicAccount.objects.filter(email=email).first()
        if existing is not None:
            make_password(password)  # the same work as a new account's, so the answer takes as long
            subject, body = mail.already_registered(mail.site(reverse("public:signin")),
                                                    mail.site(reverse("public:reset")))  # fmt: skip
            queue_mail(email, subject, body, kind="already-registered")
            AuditEvent.objects.create(action=SIGN_UP, subject=_subject(email),
                                      detail={"address": client_address(request), "already": True})  # fmt: skip
            return None
        user = get_user_model().objects.create_user(username=f"public-{secrets.token_hex(12)}", email=email,
                                                    password=password)  # fmt: skip
        account = PublicAccount.objects.create(user=user, email=email)
        AuditEvent.objects.create(action=SIGN_UP, actor=user, subject=_subject(email),
                                  detail={"address": client_address(request)})  # fmt: skip
        send_verification(account)
    return account


def verification_link(account: PublicAccount) -> str:
    token = signing.dumps({"a": account.pk, "e": account.email}, salt=VERIFY_SALT, compress=True)
    return mail.site(reverse("public:verify", args=[token]))


def send_verification(account: PublicAccount) -> None:
    """Mail the account's verification link (again: an earlier one still works until it expires)."""
    if account.verified:
        raise AccountRefused("Your e-mail address is already confirmed.")
    subject, body = mail.verify_new(verification_link(account))
    queue_mail(account.email, subject, body, kind="verify")


def do_verify_email(token: str) -> PublicAccount:
    """Confirm the address a verification link names. Refused: a link that is not ours, expired, or already
    used (the account is verified), or whose account's address has changed since."""
    try:
        data = signing.loads(token, salt=VERIFY_SALT, max_age=3600 * _hours())
    except signing.SignatureExpired as exc:
        raise AccountRefused("This link has expired. Sign in and ask for a new one.") from exc
    except signing.BadSignature as exc:
        raise AccountRefused("This link is not valid. Copy the whole link from the mail.") from exc
    with transaction.atomic():
        account = PublicAccount.objects.select_for_update().filter(pk=data.get("a"), email=data.get("e")).first()
        if account is None:
            raise AccountRefused("This link is not valid. Copy the whole link from the mail.")
        if account.verified:
            raise AccountRefused("This link was already used: your e-mail address is confirmed. Please sign in.")
        account.verified_at = timezone.now()
        account.save(update_fields=["verified_at"])
        AuditEvent.objects.create(action=VERIFIED, actor=account.user, subject=_subject(account.email))
    return account


def _hours() -> int:
    from django.conf import settings

    return int(settings.SEWERWORKS_VERIFY_HOURS)


def sign_in(request: Any, email: str, password: str) -> PublicAccount:
    """Check a person's e-mail and password, counting failures per address (``access.SIGN_IN``) and per account
    (``access.ACCOUNT_LOCK``); refused with one message that never says which was wrong, or that an address
    has an account. The caller signs the user in."""
    address = client_address(request)
    email = (email or "").strip().lower()[:254]
    until = SIGN_IN.refused_until(address)
    if until is not None:
        SIGN_IN.refuse(address, email=email)
        raise AccountRefused(f"Too many failed sign-ins from your address: signing in from it is paused until "
                             f"{timezone.localtime(until):%H:%M}. Other computers are not affected.")  # fmt: skip
    if ACCOUNT_LOCK.locked_until(_subject(email)) is not None:
        ACCOUNT_LOCK.refuse(_subject(email), address=address)
        raise AccountRefused(WRONG)
    account = PublicAccount.objects.select_related("user").filter(email=email).first()
    if account is None or not account.user.is_active or not account.user.check_password(password):
        if account is None:
            make_password(password)  # as long as a wrong password of an account that exists
        ACCOUNT_LOCK.fail(_subject(email), address=address)
        SIGN_IN.note_failure(address)
        raise AccountRefused(WRONG)
    AuditEvent.objects.create(action=SIGNED_IN, actor=account.user, subject=_subject(email),
                              detail={"address": address})  # fmt: skip
    return account


def do_request_password_reset(email: str, *, request: Any = None) -> None:
    """Mail a reset link to the account of ``email``; nothing (and the same answer) when there is none."""
    try:
        email = normalise_email(email)
    except ValidationError:
        return
    account = PublicAccount.objects.select_related("user").filter(email=email).first()
    AuditEvent.objects.create(action="public password reset asked", subject=_subject(email),
                              detail={"address": client_address(request), "account": account is not None})  # fmt: skip
    if account is None:
        return
    uid = urlsafe_base64_encode(force_bytes(account.user.pk))
    link = mail.site(reverse("public:reset_confirm", args=[uid, default_token_generator.make_token(account.user)]))
    subject, body = mail.password_reset(link)
    queue_mail(email, subject, body, kind="reset")


def reset_user(uidb64: str, token: str) -> Any:
    """The public account's user a reset link names, if the link is valid; else AccountRefused."""
    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
    except (ValueError, TypeError, UnicodeDecodeError) as exc:
        raise AccountRefused("This link is not valid, has expired or was already used. Ask for a new one.") from exc
    account = PublicAccount.objects.select_related("user").filter(user_id=pk).first()
    if account is None or not default_token_generator.check_token(account.user, token):
        raise AccountRefused("This link is not valid, has expired or was already used. Ask for a new one.")
    return account.user


def do_reset_password(uidb64: str, token: str, password: str) -> PublicAccount:
    """Set a new password through a reset link (which then stops working). Following the link proves the
    address too, so an unverified account is verified by it."""
    user = reset_user(uidb64, token)
    validate_password(password, user)
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])
        account = PublicAccount.objects.select_for_update().get(user=user)
        if not account.verified:
            account.verified_at = timezone.now()
            account.save(update_fields=["verified_at"])
        AuditEvent.objects.create(action="public password reset", actor=user, subject=_subject(account.email))
    return account


def do_set_paperless(account: PublicAccount, paperless: bool, *, acting_user: Any) -> PublicAccount:
    """The person's choice of paperless bills (I-163): only their own, and only with a confirmed address."""
    if acting_user is None or acting_user.pk != account.user_id:
        raise AccountRefused("Only the account's owner chooses how their bills come.")
    if paperless and not account.verified:
        raise AccountRefused("Confirm your e-mail address first: paperless bills go to it.")
    with transaction.atomic():
        PublicAccount.objects.filter(pk=account.pk).update(paperless=paperless)
        AuditEvent.objects.create(action="public paperless bills", actor=acting_user, subject=_subject(account.email),
                                  detail={"paperless": paperless})  # fmt: skip
    account.paperless = paperless
    return account
